package main

import (
	"fmt"
	"io"
)

// The subcommands below are being built (CLI issue); until then they say so
// and exit with the usage status.

func notYet(name string, stderr io.Writer) int {
	fmt.Fprintf(stderr, "urlspec %s: not implemented yet\n", name)
	return 2
}

func cmdResolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return notYet("resolve", stderr)
}

func cmdExplain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return notYet("explain", stderr)
}

func cmdEquiv(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return notYet("equiv", stderr)
}

func cmdValid(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return notYet("valid", stderr)
}
