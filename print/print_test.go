package print

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/race"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/resolve"
)

// §Printing: the sigils, the profile per URL, and normalise for printing.
func TestASCII(t *testing.T) {
	tests := []struct {
		in   string
		mode grammar.Mode
		want string
	}{
		{"http://u:p@h:81/a/b?q#f", grammar.Web, "http://u:p@h:81/a/b?q#f"},
		{"http://h/a b/c'd?e'f g#h i`", grammar.Web, "http://h/a%20b/c'd?e%27f%20g#h%20i%60"},
		{"sc://h/a b/c'd?e'f g#h", grammar.Web, "sc://h/a%20b/c'd?e'f%20g#h"},
		{"sc:a b/c^d?e f", grammar.Web, "sc:a b/c^d?e%20f"},
		{"sc:/a^b", grammar.Web, "sc:/a%5Eb"},
		{"sc:x \x01é", grammar.Web, "sc:x %01%C3%A9"},
		{"sc:x ?y", grammar.Web, "sc:x%20?y"},
		{"sc:x  #y", grammar.Web, "sc:x %20#y"},
		{"sc://h/x ?y", grammar.Web, "sc://h/x%20?y"},
		{"sc://ü@[::1]:/", grammar.Web, "sc://%C3%BC@[::1]:/"},
		{"file:///C|/x", grammar.Web, "file:///C|/x"},
		{"file:c:", grammar.Web, "file:/c:"},
		{"sc://%7b/", grammar.Web, "sc://%7b/"},
		{"sc:/.//x", grammar.Web, "sc:/.//x"},
		{"//h", grammar.Generic, "//h"},
		{"a/b", grammar.Generic, "a/b"},
		{"", grammar.Generic, ""},
		{"?", grammar.Generic, "?"},
		{"#", grammar.Generic, "#"},
		{"http://1.2.3.4:0/", grammar.Web, "http://1.2.3.4:0/"},
		{"http://[1:0::]/", grammar.Web, "http://[1::]/"},
	}
	for _, tt := range tests {
		u, err := grammar.Parse(tt.in, tt.mode)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.in, err)
		}
		if got := ASCII(&u); got != tt.want {
			t.Errorf("ASCII(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	// The spec's example: (path-root /)・(dir ε)・(file foo) prints so that it
	// reparses to itself.
	var u model.URL
	u.Set(model.PathRootType, "/")
	u.SetDirs([]string{""})
	u.Set(model.FileType, "foo")
	s := ASCII(&u)
	if s != "/.//foo" {
		t.Errorf("ASCII(%v) = %q", u, s)
	}
	back, err := grammar.Parse(s, grammar.Generic)
	if err != nil {
		t.Fatal(err)
	}
	if back = normalize.Normalize(back); !back.Equal(&u) {
		t.Errorf("reparse of %q = %v, want %v", s, back, u)
	}
}

// Offsets locate the getters' parts.
func TestOffsets(t *testing.T) {
	u, _ := grammar.Parse("http://u:p@h:81/a/b?q#f", grammar.Web)
	s, off := asciiOffsets(&u)
	parts := map[string]string{
		"scheme":   s[:off.SchemeEnd],
		"username": s[off.UsernameStart:off.UsernameEnd],
		"password": s[off.PasswordStart:off.PasswordEnd],
		"host":     s[off.HostStart:off.HostEnd],
		"port":     s[off.PortStart:off.PortEnd],
		"path":     s[off.PathStart:off.PathEnd],
		"query":    s[off.QueryStart:off.FragmentStart],
		"fragment": s[off.FragmentStart:],
	}
	want := map[string]string{"scheme": "http", "username": "u", "password": "p", "host": "h", "port": "81",
		"path": "/a/b", "query": "?q", "fragment": "#f"}
	for k, v := range want {
		if parts[k] != v {
			t.Errorf("%s = %q, want %q", k, parts[k], v)
		}
	}
}

// One allocation: the output string.
func TestASCIIAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector (internal/race)")
	}
	u, _ := grammar.Parse("https://example.com/a/b%20c/d?q=1&r=é#frag", grammar.Web)
	if n := testing.AllocsPerRun(100, func() { _ = ASCII(&u) }); n != 1 {
		t.Errorf("ASCII: %v allocs, want 1", n)
	}
	// Too long for print's stack buffer: its pool's, then one copy.
	long, _ := grammar.Parse("https://example.com/a/b%20c/d?q="+strings.Repeat("é&x=1", 100), grammar.Web)
	if n := testing.AllocsPerRun(100, func() { _ = ASCII(&long) }); n != 1 {
		t.Errorf("ASCII of a long URL: %v allocs, want 1", n)
	}
	if got := WithProfile(&u, encodeprofile.Generic()); got != "https://example.com/a/b%20c/d?q=1&r=%C3%A9#frag" {
		t.Errorf("WithProfile = %q", got)
	}
}

// §Printing: Unicode URL-strings keep non-ASCII, show domains in Unicode and
// still encode controls, non-characters and the profile's characters.
func TestUnicode(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://βόλος.com/é?ü=1#ß", "http://βόλος.com/é?ü=1#ß"},
		{"http://xn--nxasmq6b.com/", "http://βόλοσ.com/"},
		{"http://h/a b\u0085\ufdd0", "http://h/a%20b%C2%85%EF%B7%90"},
		{"sc://ü@ö/π\x01", "sc://ü@ö/π%01"},
		{"http://h/\xff", "http://h/%EF%BF%BD"},
		{"http://1.2.3.4/", "http://1.2.3.4/"},
	}
	for _, tt := range tests {
		u, err := grammar.Parse(tt.in, grammar.Web)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.in, err)
		}
		if got := Unicode(&u); got != tt.want {
			t.Errorf("Unicode(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// Encoded gives the URL that the printed string represents.
func TestEncoded(t *testing.T) {
	for _, tc := range []struct {
		in   string
		mode grammar.Mode
	}{
		{"sc://u s@h/a b/c d?e f#g h", grammar.Web},
		{"a:b/c", grammar.Generic},
		{"/C|/x", grammar.Web},
		{"sc:x ?y", grammar.Web},
		{"//h//x", grammar.File},
	} {
		u, err := grammar.Parse(tc.in, tc.mode)
		if err != nil {
			t.Fatal(err)
		}
		u = normalize.Normalize(u)
		s := ASCII(&u)
		back, err := grammar.Parse(s, tc.mode)
		if err != nil {
			t.Fatalf("reparse %q: %v", s, err)
		}
		back = normalize.Normalize(back)
		want := Encoded(&u)
		want = normalize.Normalize(want)
		if !back.Equal(&want) {
			t.Errorf("%q: printed %q reparses to %v, Encoded gives %v", tc.in, s, back, want)
		}
	}
}

// ResolveSimple gives the pipeline's URL (preprocess, parse, WHATWG-resolve,
// normalise, print) wherever it applies; on the edge cases here and, in the
// root package, on every workload line and WPT input.
func TestResolveSimple(t *testing.T) {
	bases := []string{"https://u:p@www.example.com:8080/a/b/c?q#f", "http://h/", "http://h", "http://h/a/b/", "ftp://h/x",
		"ws://h/a%20b/c", "http://h/\u00e9/x", "http://h/a/b?x", "http://h/a#y", "https://h/a/b/c/d/e", "sc://h/a/b", "file:///a/b",
		"https://h/\u043a\u0430\u0442\u0430\u043b\u043e\u0433/x^y/\u2764\u2764\u2764/abcdefghijklmnop/f\u00e9\u00e9\u00e9\u00e9"}
	refs := []string{"#", "#f", "#f g", "#`", "#f#g", "?", "?q", "?q#f", "?'", "?q r", "?\u00e9", "a", "a/b", "a/", "./a", "../a",
		"../../../../a/b", "./", "../", ".", "..", "a/..", "a/./b", "%2e/a", "%2E%2e/a", ".a/b", "..a", "a:b", "a/b:c", "./a:b",
		"/", "/a/b", "//h/x", "/\\h", "\\a", "a\\b", "a b", "a\tb", " a", "a?b#c#d", "a#b?c", "x?'", "x#`", "\u00e9", "a%2fb",
		"C:/x", "c|/x", "/C:/x", "a//b", "..//a", "http:a", "HTTP:a", "//h", "//h/", "//h?q", "//h#f", "//h/a/b?c#d",
		"//H/", "//h:80/", "//u@h/", "//1.2.3.4/", "//h.0x1/", "//h./x", "//a..b/", "//xn--a/", "//h/./x", "//h/a/../b", "//h//x",
		"//\u00e9/", "//h\\x", "//", "///x", "//h /"}
	took := 0
	for _, bs := range bases {
		base, err := grammar.Parse(bs, grammar.Web)
		if err != nil {
			t.Fatal(err)
		}
		base = normalize.Normalize(base)
		baseHref, baseOffsets := asciiOffsets(&base)
		baseOff := baseOffsets.Compact()
		for _, rs := range refs {
			var off CompactOffsets
			href, ok := ResolveSimple(rs, baseHref, &baseOff, &off)
			if !ok {
				continue
			}
			took++
			s, _ := grammar.Preprocess(rs)
			ref, err := grammar.Parse(s, grammar.ModeForURL(&base, grammar.Web))
			if err != nil {
				t.Errorf("%q against %q: ResolveSimple gives %q, the pipeline fails: %v", rs, bs, href, err)
				continue
			}
			r, _, err := resolve.WHATWGResolve(&ref, &base)
			if err != nil {
				t.Errorf("%q against %q: ResolveSimple gives %q, the pipeline fails: %v", rs, bs, href, err)
				continue
			}
			r = normalize.Normalize(r)
			want, wantOff := asciiOffsets(&r)
			if href != want || off != wantOff.Compact() {
				t.Errorf("%q against %q:\n\tResolveSimple %q %+v\n\tpipeline      %q %+v", rs, bs, href, off, want, wantOff)
			}
		}
	}
	if took < 150 {
		t.Errorf("ResolveSimple applied to only %d cases", took)
	}
	t.Logf("ResolveSimple applied to %d cases", took)
}

func ExampleResolveSimple() {
	base, _ := grammar.Parse("https://example.com/docs/guide/intro.html?x#top", grammar.Web)
	var baseOff CompactOffsets
	baseHref := ASCIIOffsets(&base, &baseOff)
	for _, ref := range []string{"#usage", "?page=2", "../api/index.html", "//other.example/", "//1.2.3.4/x"} {
		var off CompactOffsets
		if href, ok := ResolveSimple(ref, baseHref, &baseOff, &off); ok {
			fmt.Printf("%-18s %s\n", ref, href)
		} else {
			fmt.Printf("%-18s (the full pipeline)\n", ref)
		}
	}
	// Output:
	// #usage             https://example.com/docs/guide/intro.html?x#usage
	// ?page=2            https://example.com/docs/guide/intro.html?page=2
	// ../api/index.html  https://example.com/docs/api/index.html
	// //other.example/   https://other.example/
	// //1.2.3.4/x        (the full pipeline)
}

// ResolveSimple allocates the href and nothing else.
func TestSimpleAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector (internal/race)")
	}
	base, _ := grammar.Parse("https://example.com/a/b/c?d#e", grammar.Web)
	baseHref, baseOffsets := asciiOffsets(&base)
	baseOff := baseOffsets.Compact()
	for _, ref := range []string{"x/y", "../x?y", "#f", "?q", "//h/p/q", "/p"} {
		var off CompactOffsets
		if n := testing.AllocsPerRun(100, func() { ResolveSimple(ref, baseHref, &baseOff, &off) }); n != 1 {
			t.Errorf("ResolveSimple(%q): %v allocs, want 1", ref, n)
		}
	}
}

// Compact and Expand are inverses, flags included.
func TestCompactOffsets(t *testing.T) {
	for _, in := range []string{"http://u:p@h:81/a/b?q#f", "http://u@h/", "file:///x", "a:b", "x://h:1?#", "http://[::1]/"} {
		u, err := grammar.Parse(in, grammar.Web)
		if err != nil {
			t.Fatal(err)
		}
		_, off := asciiOffsets(&u)
		c := off.Compact()
		if got := c.Expand(); got != off {
			t.Errorf("%q: Expand(Compact(%+v)) = %+v", in, off, got)
		}
		if c.Flags&FlagHost != 0 != off.HasHost || c.Flags&FlagPort != 0 != off.HasPort || c.Flags&FlagPassword != 0 != off.HasPassword ||
			c.Flags&FlagCredentials != 0 != off.HasCredentials || c.Flags&FlagAuthority != 0 != off.HasAuthority {
			t.Errorf("%q: flags %b for %+v", in, c.Flags, off)
		}
	}
}

func ExampleOffsets_Compact() {
	u, _ := grammar.Parse("https://user@example.com:8443/a?q#f", grammar.Web)
	var c CompactOffsets
	s := ASCIIOffsets(&u, &c)
	off := c.Expand()
	c = off.Compact()
	fmt.Println(s[c.HostStart:c.HostEnd], s[c.PortStart():c.PortEnd], c.Flags&FlagCredentials != 0, c.Flags&FlagPassword != 0)
	fmt.Println(c.Expand() == off)
	// Output:
	// example.com 8443 true false
	// true
}

func ExampleCompactOffsets_PasswordStart() {
	u, _ := grammar.Parse("https://user:pw@example.com/", grammar.Web)
	var c CompactOffsets
	s := ASCIIOffsets(&u, &c)
	fmt.Println(s[c.PasswordStart():c.PasswordEnd])
	// Output:
	// pw
}

func ExampleCompactOffsets_PortStart() {
	u, _ := grammar.Parse("https://example.com:8443/", grammar.Web)
	var c CompactOffsets
	s := ASCIIOffsets(&u, &c)
	fmt.Println(s[c.PortStart():c.PortEnd])
	// Output:
	// 8443
}

// TestCompactOffsetsSize pins CompactOffsets at 48 bytes, so that an href
// with its offsets is 64 (see the type's doc): a field added to it is a
// decision, not an accident.
func TestCompactOffsetsSize(t *testing.T) {
	if n := unsafe.Sizeof(CompactOffsets{}); n != 48 {
		t.Errorf("CompactOffsets is %d bytes, want 48", n)
	}
}

// TestCompactOffsetsStarts checks the two starts CompactOffsets leaves out
// on inputs with and without credentials, password (empty or not) and port
// (empty, default or not): each span is the password or port the href
// shows, and an absent one is empty where the printer writes nothing.
func TestCompactOffsetsStarts(t *testing.T) {
	for _, c := range []struct{ in, href, password, port string }{
		{"https://h/", "https://h/", "", ""},
		{"https://u@h/", "https://u@h/", "", ""},
		{"https://u:@h/", "https://u@h/", "", ""},
		{"https://u:p@h:1/", "https://u:p@h:1/", "p", "1"},
		{"https://:p@h/", "https://:p@h/", "p", ""},
		{"https://h:/", "https://h/", "", ""},
		{"https://h:443/", "https://h/", "", ""},
		{"foo://u:p@h:0/x", "foo://u:p@h:0/x", "p", "0"},
		{"foo://h:", "foo://h", "", ""},
		{"foo:x", "foo:x", "", ""},
	} {
		u, err := grammar.Parse(c.in, grammar.ModeOf(c.in[:strings.IndexByte(c.in, ':')]))
		if err != nil {
			t.Fatal(c.in, err)
		}
		u = normalize.Normalize(u)
		var o CompactOffsets
		s := ASCIIOffsets(&u, &o)
		p, q := o.PasswordStart(), o.PortStart()
		if s != c.href || s[p:o.PasswordEnd] != c.password || s[q:o.PortEnd] != c.port ||
			o.Flags&FlagPassword != 0 && s[p-1] != ':' || o.Flags&FlagPort != 0 && s[q-1] != ':' {
			t.Errorf("%q -> %q: password %q, port %q; want %q, %q, %q", c.in, s, s[p:o.PasswordEnd], s[q:o.PortEnd], c.href, c.password, c.port)
		}
		if e := o.Expand(); e.PasswordStart != int(p) || e.PortStart != int(q) || e.Compact() != o {
			t.Errorf("%q: Expand %+v does not agree with %+v", c.in, e, o)
		}
	}
}

// asciiOffsets is ASCIIOffsets with the offsets as ints.
func asciiOffsets(u *model.URL) (string, Offsets) {
	var c CompactOffsets
	s := ASCIIOffsets(u, &c)
	return s, c.Expand()
}

// ASCIIOffsets writes where the parts are in the 32-bit form that
// ResolveSimple writes; Expand gives them as ints.
func ExampleASCIIOffsets() {
	u, _ := grammar.Parse("https://example.com:8443/a/b?q#f", grammar.Web)
	var off CompactOffsets
	s := ASCIIOffsets(&u, &off)
	fmt.Println(s)
	fmt.Println(s[off.HostStart:off.HostEnd], s[off.PathStart:off.PathEnd], s[off.QueryStart:off.FragmentStart])
	// Output:
	// https://example.com:8443/a/b?q#f
	// example.com /a/b ?q
}

// AppendASCII writes into a caller's buffer: with room for LenBound bytes
// it does not grow it, and the offsets count from where it starts.
func ExampleAppendASCII() {
	u, _ := grammar.Parse("https://example.com/a b/ü?q=é#f", grammar.Web)
	buf := make([]byte, 0, LenBound(&u))
	var off CompactOffsets
	b := AppendASCII(buf, &u, true, &off) // grammar.Parse's strings are valid UTF-8
	fmt.Println(string(b))
	fmt.Println(string(b[off.PathStart:off.PathEnd]), cap(b) == cap(buf))
	// Output:
	// https://example.com/a%20b/%C3%BC?q=%C3%A9#f
	// /a%20b/%C3%BC true
}

// LenBound bounds the length of the ASCII URL-string, each byte of a value
// counted three times.
func ExampleLenBound() {
	u, _ := grammar.Parse("http://h/é", grammar.Web)
	fmt.Println(len(ASCII(&u)), LenBound(&u) >= len(ASCII(&u)))
	// Output: 15 true
}

// AppendFrom completes an URL-string printed up to where a component
// starts: the base's href up to its query, then a reference's query and
// fragment, is the URL-string of the base with that query and fragment.
func ExampleAppendFrom() {
	base, _ := grammar.Parse("https://example.com/a/b?old#x", grammar.Web)
	var off CompactOffsets
	href := ASCIIOffsets(&base, &off)
	ref, _ := grammar.Parse("?q=é's#top", grammar.Web) // a reference: a query and a fragment
	b := []byte(href[:off.PathEnd])
	off.FragmentStart = -1
	b = AppendFrom(b, 0, &ref, model.QueryType, encodeprofile.For(&base), true, &off)
	fmt.Println(string(b))
	fmt.Println(string(b[off.QueryStart:off.FragmentStart]), string(b[off.FragmentStart:]))
	// Output:
	// https://example.com/a/b?q=%C3%A9%27s#top
	// ?q=%C3%A9%27s #top
}

// AppendFrom prints the components from an order on exactly as AppendASCII
// does: for URLs of every profile that need no printing normalisation, the
// URL-string up to where the order starts followed by AppendFrom is the
// URL-string, with the same offsets, for each order from dir to fragment.
func TestAppendFrom(t *testing.T) {
	inputs := []struct {
		s string
		m grammar.Mode
	}{
		{"https://h/d1/d\u00e9 2/f%41 \u00e9?q=a b'\"<>`{}\u00e9#f a`<>\"\u00e9", grammar.Web},
		{"sc://h/d1/d\u00e9 2/f%41 \u00e9?q=a b'\"<>`{}\u00e9#f a`<>\"\u00e9", grammar.Generic},
		{"sc:/p/q/?'x'#'y'", grammar.Generic},
		{"file:///C:/x/y?%zz\x01#\x7f", grammar.File},
		{"https://h?q", grammar.Web},
		{"https://h#f", grammar.Web},
		{"https://h/", grammar.Web},
		{"https://h/a/b/", grammar.Web},
		{"https://h/a/b/c", grammar.Web},
	}
	for _, in := range inputs {
		u, err := grammar.Parse(in.s, in.m)
		if err != nil {
			t.Fatalf("%q: %v", in.s, err)
		}
		if normalize.NeedsPrintingNormalisation(&u) {
			t.Fatalf("%q needs printing normalisation", in.s)
		}
		var want CompactOffsets
		href := string(AppendASCII(nil, &u, true, &want))
		for _, o := range []model.ComponentType{model.DirType, model.FileType, model.QueryType, model.FragmentType} {
			// Where o starts: after the path-root for the dirs, after the
			// dirs for the file, at the path's end, the query's end.
			var cut int
			got := want
			switch o {
			case model.DirType:
				cut = int(want.PathStart)
				if u.Has(model.DriveType) {
					cut += 1 + len(u.Drive()) // "/C:"
				}
				if u.Has(model.PathRootType) {
					cut++
				}
				got.PathEnd = -1
			case model.FileType:
				cut = int(want.PathEnd)
				if u.Has(model.FileType) {
					cut = int(want.PathEnd) - len(encodeprofile.Encode(u.File(), encodeprofile.For(&u).Set(encodeprofile.File)))
				}
				got.PathEnd = -1
			case model.QueryType:
				cut = int(want.PathEnd)
			case model.FragmentType:
				cut = len(href)
				if want.FragmentStart >= 0 {
					cut = int(want.FragmentStart)
				}
			}
			if o <= model.QueryType {
				got.QueryStart = -1
			}
			got.FragmentStart = -1
			for _, prefix := range []string{"", "xx"} {
				g := got
				b := append([]byte(prefix), href[:cut]...)
				b = AppendFrom(b, len(prefix), &u, o, encodeprofile.For(&u), true, &g)
				if string(b[len(prefix):]) != href || g != want {
					t.Errorf("%q from %v after %q: %q %+v, want %q %+v", in.s, o, prefix, b, g, href, want)
				}
			}
		}
	}
}
