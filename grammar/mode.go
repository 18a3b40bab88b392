package grammar

import (
	"github.com/urlspec/urlspec/model"
)

// Mode is a parser-mode (spec §Parser modes): web, file or generic. The mode
// only changes how scheme-less URL-strings are parsed; an URL-string with a
// scheme selects its own mode. The zero Mode is Web.
type Mode uint8

// The parser modes.
const (
	Web Mode = iota
	File
	Generic
)

var modeNames = [...]string{"web", "file", "generic"}

// String returns "web", "file" or "generic".
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return "invalid-mode"
}

// ParseMode returns the mode named s ("web", "file" or "generic").
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if n == s {
			return Mode(i), nil
		}
	}
	return 0, model.NewError(model.InvalidMode, s, -1, `mode must be "web", "file" or "generic"`)
}

// ModeOf returns the mode selected by a scheme: web for a web-scheme, file
// for a file-scheme, generic otherwise.
func ModeOf(scheme string) Mode {
	switch {
	case model.IsWebScheme(scheme):
		return Web
	case model.IsFileScheme(scheme):
		return File
	}
	return Generic
}

// ModeForURL returns the fallback mode that an URL gives to scheme-less
// input resolved against it: the mode of its scheme, or fallback when it has
// none.
func ModeForURL(u *model.URL, fallback Mode) Mode {
	if u.Has(model.SchemeType) {
		return ModeOf(u.Scheme())
	}
	return fallback
}

// ModeFor implements **parser-mode-for** (spec §Parser modes): web if input
// starts with a web-scheme followed by ':', file for a file-scheme, generic
// for any other scheme-string followed by ':', and fallback otherwise.
func ModeFor(input string, fallback Mode) Mode {
	if n := SchemeLen(input); n > 0 {
		return ModeOf(input[:n])
	}
	return fallback
}

// SchemeLen returns the length of the scheme-string (ALPHA, then ALPHA,
// DIGIT, '+', '-' or '.') at the start of s when it is followed by ':', and
// 0 otherwise: the scheme that parser-mode-for reads.
func SchemeLen(s string) int {
	if s == "" || schemeClass[s[0]] != schemeAlpha {
		return 0
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; schemeClass[c] == 0 {
			if c == ':' {
				return i
			}
			return 0
		}
	}
	return 0
}

// Classes of bytes in a scheme-string.
const (
	schemeAlpha = 1 + iota // ALPHA: may start it
	schemeOther            // DIGIT, '+', '-', '.'
)

var schemeClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		switch {
		case isAlpha(byte(c)):
			t[c] = schemeAlpha
		case isDigit(byte(c)) || c == '+' || c == '-' || c == '.':
			t[c] = schemeOther
		}
	}
	return
}()

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
