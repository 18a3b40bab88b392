package main

import "io"

// laws and claim are being built (laws issue); until then they say so.

func cmdLaws(args []string, stdout, stderr io.Writer) int { return notYet("laws", stderr) }

func cmdClaim(args []string, stdout, stderr io.Writer) int { return notYet("claim", stderr) }
