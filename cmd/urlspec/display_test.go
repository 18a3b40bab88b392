package main

import "testing"

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
		if got := width(c.s); got != c.want {
			t.Errorf("width(%q) = %d, want %d", c.s, got, c.want)
		}
	}
	line, caret := pointAt("http://\U0001F680\u231A/x y", 14)
	if want := "http://\U0001F680\u231A/x y"; line != want {
		t.Fatalf("pointAt line = %q, want %q", line, want)
	}
	// "http://" is 7 columns, the rocket and the watch 2 each, "/x" 2: the
	// byte at offset 14 ('/') is in column 11.
	if want := "           ^"; caret != want {
		t.Errorf("pointAt caret = %q, want %q", caret, want)
	}
}
