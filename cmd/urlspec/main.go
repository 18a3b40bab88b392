// Command urlspec parses, resolves and explains URLs with the urlspec
// library.
//
// Usage:
//
//	urlspec parse INPUT [--base BASE]   the WHATWG result: href, getters, components
//	urlspec batch                       JSON Lines on stdin, one answer a line on stdout
//
// Exit status: 0 success, 1 the URL failed to parse, 2 usage error.
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `urlspec — URLs as the URL specification defines them (WHATWG-exact)

Usage:
  urlspec parse INPUT [--base BASE]   parse INPUT (against BASE) like new URL(INPUT, BASE)
  urlspec batch                       read JSON Lines requests on stdin, answer one a line
  urlspec help                        this text

Examples:
  urlspec parse 'HTTP://EXAMPLE.com:80/a/./b/../c?q#f'
  urlspec parse '../x' --base 'file:///C:/dir/sub/'
  echo '{"op":"whatwg","input":"../x","base":"http://h/a/b"}' | urlspec batch

Exit status: 0 success, 1 the URL failed, 2 usage error.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes the command line args and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "parse":
		return cmdParse(args[1:], stdout, stderr)
	case "resolve":
		return cmdResolve(args[1:], stdin, stdout, stderr)
	case "explain":
		return cmdExplain(args[1:], stdin, stdout, stderr)
	case "equiv":
		return cmdEquiv(args[1:], stdin, stdout, stderr)
	case "valid":
		return cmdValid(args[1:], stdin, stdout, stderr)
	case "laws":
		return cmdLaws(args[1:], stdout, stderr)
	case "claim":
		return cmdClaim(args[1:], stdout, stderr)
	case "batch":
		if len(args) > 1 {
			fmt.Fprintln(stderr, "urlspec batch: takes no arguments; requests come on stdin")
			return 2
		}
		if err := batch(stdin, stdout); err != nil {
			fmt.Fprintln(stderr, "urlspec batch:", err)
			return 1
		}
		return 0
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "urlspec: unknown command %q\n\n%s", args[0], usage)
	return 2
}
