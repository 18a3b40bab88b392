package display

import (
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/urlspec/urlspec/model"
)

// TestWidth checks terminal widths against Unicode's East_Asian_Width
// property: emoji presentation characters added after the first emoji
// blocks (U+1F680 ROCKET, U+1FA70 BALLET SHOES, U+231A WATCH) are wide, and
// a caret after them lands in the right column.
func TestWidth(t *testing.T) {
	for _, c := range []struct {
		s    string
		want int
	}{
		{"a", 1},
		{"\U0001F680", 2},
		{"\U0001FA70", 2},
		{"\u231A", 2},
		{"\u4E2D\u6587", 4},
		{"\uFF21", 2},     // FULLWIDTH LATIN CAPITAL LETTER A
		{"\uFF76", 1},     // HALFWIDTH KATAKANA LETTER KA
		{"e\u0301", 1},    // combining acute accent
		{"\u00e9", 1},     // é
		{"\u2603", 1},     // SNOWMAN (neutral)
		{"\U0001F600", 2}, // GRINNING FACE
	} {
		if got := Width(c.s); got != c.want {
			t.Errorf("width(%q) = %d, want %d", c.s, got, c.want)
		}
	}
	line, caret := PointAt("http://\U0001F680\u231A/x y", 14)
	if want := "http://\U0001F680\u231A/x y"; line != want {
		t.Fatalf("pointAt line = %q, want %q", line, want)
	}
	// "http://" is 7 columns, the rocket and the watch 2 each, "/x" 2: the
	// byte at offset 14 ('/') is in column 11.
	if want := "           ^"; caret != want {
		t.Errorf("pointAt caret = %q, want %q", caret, want)
	}
}

func TestPointAt(t *testing.T) {
	tests := []struct {
		s          string
		off        int
		line, want string
	}{
		{"abc", 1, "abc", " ^"},
		{"abc", 3, "abc", "   ^"},
		{"a\tb", 1, `"a\tb"`, "  ^"},
		{"a\tb", 2, `"a\tb"`, "    ^"},
		{"例え x", 7, "例え x", "     ^"},
		{"a\xffb", 2, `"a\xffb"`, "      ^"},
		{"", 0, `""`, " ^"},
	}
	for _, tt := range tests {
		line, caret := PointAt(tt.s, tt.off)
		if line != tt.line || caret != tt.want {
			t.Errorf("pointAt(%q, %d) = %q, %q; want %q, %q", tt.s, tt.off, line, caret, tt.line, tt.want)
		}
	}
}

func TestPalette(t *testing.T) {
	p := Palette{On: true}
	if got := p.Bad("x"); got != "\x1b[31mx\x1b[0m" {
		t.Errorf("Bad = %q", got)
	}
	if got := (Palette{}).Bad("x"); got != "x" {
		t.Errorf("Bad without colour = %q", got)
	}
}

// RenderValue's shortcut for plain values gives what the structural
// rendering gives.
func TestPlainValueRendersAsIs(t *testing.T) {
	for _, v := range []string{"a", "%2e", "x:y@z", "a/b?c", "-._~!$&'*+,;=", "ε", "a b", "(x)", `"`, "é", "a・b", ""} {
		for _, ty := range []model.ComponentType{model.DirType, model.FileType, model.QueryType, model.FragmentType, model.SchemeType} {
			c := model.Component{Type: ty, Value: v}
			s := Render(c)
			want := s[len("("+ty.String()+" ") : len(s)-1]
			if got := RenderValue(c); got != want {
				t.Errorf("%v %q: renderValue %q, rendering %q", ty, v, got, want)
			}
		}
	}
}

// TestColumns: Columns gives every caret where a per-offset walk (the
// reference below, PointAt's former body) puts it, for quoted inputs, wide
// characters and invalid UTF-8 too, and PointAt draws it there.
func TestColumns(t *testing.T) {
	for _, s := range []string{"", "http://a/", "http://a b/\"q\"", "http://例え.jp/ü?\xff#\t", "a\x00\u0301b"} {
		line, cols := Columns(s)
		for off := 0; off <= len(s)+1; off++ {
			wantLine, wantCaret := pointAtSlow(s, off)
			if line != wantLine || strings.Repeat(" ", cols[min(off, len(s))])+"^" != wantCaret {
				t.Errorf("Columns(%q) at %d: %q column %d, want %q %q", s, off, line, cols[min(off, len(s))], wantLine, wantCaret)
			}
			if l, c := PointAt(s, off); l != wantLine || c != wantCaret {
				t.Errorf("PointAt(%q, %d) = %q %q, want %q %q", s, off, l, c, wantLine, wantCaret)
			}
		}
	}
}

// pointAtSlow walks s once per offset: the reference for Columns.
func pointAtSlow(s string, off int) (line, caret string) {
	quoted := NeedsQuote(s)
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
		col += Width(piece)
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
