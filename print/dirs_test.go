package print

import (
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/model"
)

// The dirs print the same whatever the layout of their spans in the
// model's text (one after the other with '/', with '\' or other bytes
// between, out of order, sharing bytes): each dir percent-encoded, then '/'.
func TestDirsAnyLayout(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	alphabet := []string{"a", "b", "0", "/", "\\", " ", "%", "é", "中", "\xff", "?", "#", "^", ".", "-"}
	clean := []string{"a", "b", "0", "-", "."}
	seps := []string{"/", "/", "/", "/", "/", "/", "\\", "x", "", "//"}
	for _, scheme := range []string{"http", "sc"} {
		for k := 0; k < 5000; k++ {
			nd, letters := rng.Intn(6), alphabet
			if k%4 == 0 {
				nd = rng.Intn(200) // many dirs
				if k%8 == 0 {
					letters = clean
				}
			}
			dirs := make([]string, nd)
			for i := range dirs {
				var b strings.Builder
				for j := rng.Intn(5); j > 0; j-- {
					b.WriteString(letters[rng.Intn(len(letters))])
				}
				dirs[i] = b.String()
			}
			var text strings.Builder
			var spans []uint32
			for _, d := range dirs {
				spans = append(spans, uint32(text.Len()))
				text.WriteString(d)
				spans = append(spans, uint32(text.Len()))
				text.WriteString(seps[rng.Intn(len(seps))])
			}
			var u model.URL
			u.Set(model.SchemeType, scheme)
			u.SetAuthority(model.Authority{})
			u.Set(model.PathRootType, "/")
			u.SetDirSpans(text.String(), spans)
			u.Set(model.FileType, "f")
			set := encodeprofile.For(&u).Set(encodeprofile.Dir)
			want := scheme + "://" + "/"
			for _, d := range dirs {
				want += encodeprofile.Encode(d, set) + "/"
			}
			want += "f"
			got := print(&u, encodeprofile.For(&u), false, false, nil)
			if got != want {
				t.Fatalf("dirs %q in %q %v: got %q, want %q", dirs, text.String(), spans, got, want)
			}
			if !utf8.ValidString(text.String()) || strings.Contains(strings.Join(dirs, ""), "/") {
				continue
			}
			// Valid UTF-8 and no '/' in a dir: AppendASCII's promise may be
			// given, and LenBound holds.
			if n := LenBound(&u); n < len(want) {
				t.Fatalf("dirs %q in %q %v: LenBound %d < %d", dirs, text.String(), spans, n, len(want))
			}
			if got := string(AppendASCII([]byte("x"), &u, true, nil)); got != "x"+want {
				t.Fatalf("dirs %q in %q %v: AppendASCII(parsed) %q, want %q", dirs, text.String(), spans, got, want)
			}
		}
	}
}
