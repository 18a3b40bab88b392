package urlspec

import (
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/shortcut"
	"github.com/urlspec/urlspec/model"
)

// A reference that is a path (with or without a path-root), or starts
// with a query or a fragment (or is empty) is resolved by printing it after the base's
// href up to its order (gotoPrinted), without the base's model. On every base of the
// workloads and WPT (as parsed, and as setters leave them) and references
// with bytes of every kind in the query and fragment, the URL (href and
// offsets) and the error equal the model's way: the base's model made,
// WHATWG resolution, normalisation and printing (parseResolveNormalise),
// with Parse's shortcuts on and off.
func TestGotoPrinted(t *testing.T) {
	var bases []URL
	seen := map[string]bool{}
	add := func(u URL) {
		if !seen[u.href] {
			seen[u.href] = true
			bases = append(bases, u)
		}
	}
	for name, cs := range agreementCases(t) {
		// Every WPT case, and every 50th line of the workloads.
		for k, c := range cs {
			if name != "wpt" && k%50 != 0 {
				continue
			}
			for _, s := range []string{c.input, c.base} {
				if u, err := Parse(s); err == nil {
					add(u)
				}
			}
		}
	}
	n := len(bases)
	for _, u := range bases[:n] {
		// Hrefs that setters make and parsing would not (a file: URL's
		// host "localhost", a drive with '|'), an empty query and fragment.
		for _, set := range []func(URL) (URL, error){
			func(u URL) (URL, error) { return u.WithHostname("localhost") },
			func(u URL) (URL, error) { return u.WithPathname("/C|/x") },
			func(u URL) (URL, error) { return u.WithSearch("?") },
			func(u URL) (URL, error) { return u.WithHash("#") },
		} {
			if v, err := set(u); err == nil {
				add(v)
			}
		}
	}
	refs := []string{"", " ", "\t", "?", "#", "?#", "?q", "#f", "?q#f", " ?q=1 ", "\t#f\n",
		"a", "a/b", "a/b/", "./a", "../a", ".", "..", "./", "../", "...", ".../x", "a//b", "//",
		"../../../../a/b/../c", "a/./b/", "%2e%2E/x", ".%2e/y", "a/%2e%2e", "a/%2E", "x/..", "x/../..",
		"a b/c d?q e#f g", "\u00e9/\u00fc/../\u00f6", "a\\b", "..\\x", ".\\..\\y", "a/\t../b",
		strings.Repeat("../", 20) + "z", strings.Repeat("d/", 300) + strings.Repeat("../", 150) + "f?q#f",
		"C|/x", "c:/x", "a:b", "%zz/\xff\xfe/x?\xc3#\x01",
		"/", "/a", "/a/b/", "/../a", "/./a/../b", "\\a\\b", "/%2e%2E/x", "/a?q#f", "/\u00e9/%zz",
		"/a//b", "/..", "/.", "/a/..", "/C|/x", "\t/a b/ \n", "/.//x", "/..//x",
		"?a b'\"<>`{}|\\^é\x01\x7f%zz%41#c d'\"<>`{}|\\^é\x01\x7f%zz",
		"?\xff\xfe#\xc3", "#\ufeff\u00a0", "?q=%E2%82%AC&x=€#" + strings.Repeat("€", 40),
		"?" + strings.Repeat("a'b", 3000)}
	composed := 0 // bases that gotoPrinted takes for a path reference
	for i := range bases {
		if bases[i].printsBefore(model.DirType) {
			composed++
		}
	}
	for _, sc := range []bool{false, true} {
		old := shortcut.Off
		shortcut.Off = sc
		for i := range bases {
			b := &bases[i]
			for _, r := range refs {
				got, gotErr := b.Resolve(r)
				m, wantErr := parseResolveNormalise(r, b)
				var want URL
				if wantErr == nil {
					want = fromModel(&m)
				}
				if got != want || (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
					t.Errorf("%q against %q (shortcuts off %v): %q %+v, %v; want %q %+v, %v",
						r, b.href, sc, got.href, got.off, gotErr, want.href, want.off, wantErr)
				}
			}
		}
		shortcut.Off = old
	}
	// Both ways of resolving are compared: bases the composition takes and
	// bases it leaves to the model (file: URLs, opaque paths).
	if composed < 5000 || len(bases)-composed < 500 {
		t.Fatalf("%d bases, %d of them composed: too few of either kind", len(bases), composed)
	}
	t.Logf("%d bases, %d composed, %d references", len(bases), composed, len(refs))
}
