package main

import (
	"io"
	"os"

	"github.com/urlspec/urlspec/internal/display"
)

// paletteFor returns the palette for output written to w. Colour is on only
// when w is a terminal (a character device), NO_COLOR is unset or empty
// (https://no-color.org) and TERM is not "dumb"; pipes, files and tests get
// plain text.
func paletteFor(w io.Writer) display.Palette {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return display.Palette{}
	}
	return display.Palette{On: isTerminal(f)}
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
