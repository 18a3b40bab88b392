package grammar

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urlspec/urlspec/internal/race"
)

// preprocessLiteral is §Preprocessing transcribed step by step, without
// regard for allocations: replace invalid UTF-8 bytes by U+FFFD, strip
// leading and trailing c0-space, remove every tab and newline.
func preprocessLiteral(input string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(input); {
		r, n := utf8.DecodeRuneInString(input[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(input[i : i+n])
		}
		i += n
	}
	s := b.String()
	t := strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
	u := strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(t)
	return u, len(t) != len(s) || len(u) != len(t)
}

var preprocessCases = []string{
	"http://a/", "  \x00http://a/ \x1f", "ht\ttp://a\n/\rb", "\t\n", "", "a b", "\xff x \xfe",
	"a\xe2\t\x98\x83b", "\t\xff", "\xff\t", "é\tè", "  HTTPS://WW\tW.A.COM:443/x/..\t/./é%73 ",
	"\xed\xa0\x80", "a\rb\nc\td", "\x80", "\u00a0x\u00a0",
	// More U+FFFDs than the room preprocessSlow leaves for them.
	strings.Repeat("\xffa\t", 30), "é" + strings.Repeat("\xc3", 40) + "x\n",
}

// preprocessPositions puts each byte that matters to the eight-byte scan
// (tab, LF, CR, other bytes below 0x0E, 0x0E, non-ASCII) at every position
// of a longer input.
func preprocessPositions() []string {
	var out []string
	base := "https://example.com/abcdefghij/klmnop"
	for _, c := range []string{"\t", "\n", "\r", "\x01", "\x0d", "\x0e", "\x0f", "\x7f", "\x80", "\xff", "é", "\u20ac"} {
		for i := 1; i < len(base); i++ {
			out = append(out, base[:i]+c+base[i:])
		}
	}
	return out
}

func TestPreprocessLiteral(t *testing.T) {
	for _, in := range append(preprocessCases, preprocessPositions()...) {
		got, removed := Preprocess(in)
		want, wantRemoved := preprocessLiteral(in)
		if got != want || removed != wantRemoved {
			t.Errorf("Preprocess(%q) = %q, %v; the literal transcription gives %q, %v", in, got, removed, want, wantRemoved)
		}
		checkPreprocessInto(t, in, want, wantRemoved)
		checkPreprocessSubstring(t, in, want, wantRemoved)
	}
}

func FuzzPreprocess(f *testing.F) {
	for _, in := range preprocessCases {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, removed := Preprocess(in)
		want, wantRemoved := preprocessLiteral(in)
		if got != want || removed != wantRemoved {
			t.Errorf("Preprocess(%q) = %q, %v; the literal transcription gives %q, %v", in, got, removed, want, wantRemoved)
		}
		checkPreprocessInto(t, in, want, wantRemoved)
		checkPreprocessSubstring(t, in, want, wantRemoved)
	})
}

// checkPreprocessInto checks PreprocessInto with buffers too small, just
// large enough and larger than the result, and large enough for any result
// (three bytes per input byte: the one-pass path).
func checkPreprocessInto(t *testing.T, in, want string, wantRemoved bool) {
	t.Helper()
	for _, size := range []int{0, len(want) / 2, len(want), len(want) + 8, 3 * len(in)} {
		buf := make([]byte, size)
		if got, removed := PreprocessInto(buf, in); got != want || removed != wantRemoved {
			t.Errorf("PreprocessInto(buf[%d], %q) = %q, %v; want %q, %v", size, in, got, removed, want, wantRemoved)
		}
		if got := PreprocessCopy(buf, in); got != want {
			t.Errorf("PreprocessCopy(buf[%d], %q) = %q; want %q", size, in, got, want)
		}
	}
}

// checkPreprocessSubstring checks that PreprocessSubstring succeeds exactly
// when the preprocessed input is the input less its edge c0-spaces, and then
// gives Preprocess's result.
func checkPreprocessSubstring(t *testing.T, in, want string, wantRemoved bool) {
	t.Helper()
	i, j := 0, len(in)
	for i < j && in[i] <= ' ' {
		i++
	}
	for j > i && in[j-1] <= ' ' {
		j--
	}
	got, removed, ok := PreprocessSubstring(in)
	if ok != (want == in[i:j]) || ok && (got != want || removed != wantRemoved) {
		t.Errorf("PreprocessSubstring(%q) = %q, %v, %v; want %q, %v, %v", in, got, removed, ok, want, wantRemoved, want == in[i:j])
	}
}

// PreprocessInto allocates nothing when its buffer has room for the result.
func TestPreprocessIntoAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector (internal/race)")
	}
	var buf [256]byte
	for _, in := range preprocessCases {
		if n := testing.AllocsPerRun(100, func() { PreprocessInto(buf[:], in); PreprocessCopy(buf[:], in) }); n != 0 {
			t.Errorf("PreprocessInto, PreprocessCopy(%q): %v allocs, want 0", in, n)
		}
	}
}

// Preprocess allocates nothing when it only trims, and once otherwise.
func TestPreprocessAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector (internal/race)")
	}
	for in, want := range map[string]float64{
		"https://example.com/":            0,
		"  https://example.com/é \n":      0,
		"https://exa\tmple.com/\n":        1,
		" https://ex\xffample.com/\t":     1,
		"https://ex\xffample.com/a\tb\rc": 1,
		strings.Repeat("\xff", 40):        2, // more than a few U+FFFDs
	} {
		if n := testing.AllocsPerRun(100, func() { Preprocess(in) }); n != want {
			t.Errorf("Preprocess(%q): %v allocs, want %v", in, n, want)
		}
	}
}
