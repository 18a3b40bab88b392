package main

import (
	"io"
	"os"
)

// palette colours the readable output. Colour is on only when stdout is a
// terminal (a character device), NO_COLOR is unset or empty
// (https://no-color.org) and TERM is not "dumb"; pipes, files and tests get
// plain text.
type palette struct{ on bool }

// paletteFor returns the palette for output written to w.
func paletteFor(w io.Writer) palette {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return palette{}
	}
	return palette{on: isTerminal(f)}
}

// isTerminal reports whether v is an *os.File that is a character device
// (a terminal), without a dependency on a terminal package.
func isTerminal(v any) bool {
	f, ok := v.(*os.File)
	if !ok || f == nil {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

const (
	sgrReset  = "\x1b[0m"
	sgrBold   = "\x1b[1m"
	sgrDim    = "\x1b[2m"
	sgrRed    = "\x1b[31m"
	sgrGreen  = "\x1b[32m"
	sgrYellow = "\x1b[33m"
	sgrCyan   = "\x1b[36m"
)

func (p palette) paint(sgr, s string) string {
	if !p.on || s == "" {
		return s
	}
	return sgr + s + sgrReset
}

func (p palette) label(s string) string   { return p.paint(sgrCyan, s) }
func (p palette) heading(s string) string { return p.paint(sgrBold, s) }
func (p palette) good(s string) string    { return p.paint(sgrGreen, s) }
func (p palette) bad(s string) string     { return p.paint(sgrRed, s) }
func (p palette) warn(s string) string    { return p.paint(sgrYellow, s) }
func (p palette) dim(s string) string     { return p.paint(sgrDim, s) }
