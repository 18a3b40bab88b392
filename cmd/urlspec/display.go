package main

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	xwidth "golang.org/x/text/width"

	"github.com/urlspec/urlspec/model"
)

// needsQuote reports whether s would be misread when shown as it is: it is
// empty, starts or ends with a space, or holds a control, a non-printable
// code point or a byte that is not UTF-8.
func needsQuote(s string) bool {
	if s == "" || s[0] == ' ' || s[len(s)-1] == ' ' {
		return true
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || !unicode.IsPrint(r) {
			return true
		}
		i += n
	}
	return false
}

// show returns s as it is, or Go-quoted when needsQuote says so.
func show(s string) string {
	if needsQuote(s) {
		return strconv.Quote(s)
	}
	return s
}

// pointAt renders s for a terminal (Go-quoted when needsQuote says so) and
// a second line with a caret under the character at byte offset off (after
// the end when off = len(s)).
func pointAt(s string, off int) (line, caret string) {
	quoted := needsQuote(s)
	var b strings.Builder
	col, caretCol := 0, -1
	if quoted {
		b.WriteByte('"')
		col++
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if caretCol < 0 && off < i+n {
			caretCol = col
		}
		var piece string
		switch {
		case r == utf8.RuneError && n == 1:
			piece = `\x` + strconv.FormatUint(uint64(s[i])|0x100, 16)[1:]
		case quoted && (r == '"' || r == '\\' || !unicode.IsPrint(r)):
			q := strconv.QuoteRune(r)
			piece = q[1 : len(q)-1]
		default:
			piece = string(r)
		}
		b.WriteString(piece)
		col += width(piece)
		i += n
	}
	if caretCol < 0 {
		caretCol = col
	}
	if quoted {
		b.WriteByte('"')
	}
	return b.String(), strings.Repeat(" ", caretCol) + "^"
}

// width is the number of terminal columns s takes: East Asian Wide and
// Fullwidth code points (Unicode's East_Asian_Width property, from
// golang.org/x/text/width; emoji presentation characters are Wide there)
// count two, combining marks none.
func width(s string) int {
	w := 0
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
		case isWide(r):
			w += 2
		default:
			w++
		}
	}
	return w
}

func isWide(r rune) bool {
	switch xwidth.LookupRune(r).Kind() {
	case xwidth.EastAsianWide, xwidth.EastAsianFullwidth:
		return true
	}
	return false
}

// errorInfo is a failure (Failure true) or a violation of the strict
// grammar (Failure false) as --json prints it.
type errorInfo struct {
	Failure bool   `json:"failure,omitempty"`
	Error   string `json:"error,omitempty"`
	Code    string `json:"code,omitempty"`
	Offset  *int   `json:"offset,omitempty"`
	Reason  string `json:"reason,omitempty"`
}

func errorInfoOf(err error) errorInfo {
	info := errorInfo{Failure: true, Error: err.Error()}
	var e *model.Error
	if errors.As(err, &e) {
		info.Code, info.Reason = string(e.Code), e.Reason
		if e.Offset >= 0 {
			off := e.Offset
			info.Offset = &off
		}
	}
	return info
}

// violationOf is errorInfoOf for a violation of the strict grammar, which is
// not a failure.
func violationOf(err error) errorInfo {
	v := errorInfoOf(err)
	v.Failure = false
	return v
}

// describeError is the one-line readable form of err: "code: reason".
func describeError(err error) string {
	var e *model.Error
	if !errors.As(err, &e) {
		return err.Error()
	}
	if e.Reason == "" {
		return string(e.Code)
	}
	return string(e.Code) + ": " + e.Reason
}

// writeFailure writes err readably: its code and reason and, when it has an
// offset into in, the input with a caret under the offending character.
func (o *output) writeFailure(indent int, label, in string, err error) {
	o.field(indent, label, o.pal.bad(describeError(err)))
	var e *model.Error
	if errors.As(err, &e) && e.Offset >= 0 && e.Offset <= len(in) && e.Input == in {
		line, caret := pointAt(in, e.Offset)
		sp := strings.Repeat(" ", indent+2)
		o.printf("%s%s\n%s%s %s\n", sp, line, sp, o.pal.bad(caret), o.pal.dim("byte "+strconv.Itoa(e.Offset)))
	}
}
