package normalize

import (
	"fmt"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/race"
	"github.com/urlspec/urlspec/model"
)

func parse(t *testing.T, s string, m grammar.Mode) model.URL {
	t.Helper()
	u, err := grammar.Parse(s, m)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return u
}

// §Path Segment Normalisation: dot and dots.
func TestDots(t *testing.T) {
	for _, s := range []string{".", "%2e", "%2E"} {
		if !IsDot(s) || IsDots(s) {
			t.Errorf("%q should be dot", s)
		}
	}
	for _, s := range []string{"..", ".%2e", "%2e.", "%2E%2e", ".%2E", "%2e%2E"} {
		if !IsDots(s) || IsDot(s) {
			t.Errorf("%q should be dots", s)
		}
	}
	for _, s := range []string{"", "...", "%2", "%2f", ". ", "%2e%2", "..%2e", "%%2e"} {
		if IsDot(s) || IsDots(s) {
			t.Errorf("%q should be neither", s)
		}
	}
}

// §Equivalences and Normalisation: each rule, and its trace.
func TestNormalize(t *testing.T) {
	tests := []struct {
		in    string
		mode  grammar.Mode
		want  string
		rules string
	}{
		{"HTTP://h:80/", grammar.Web, "(scheme http)・(authority (host h))・(path-root /)", "scheme-case default-port"},
		{"sc://:@h:/", grammar.Web, "(scheme sc)・(authority (host h))・(path-root /)", "password-empty username-empty port-empty"},
		{"sc://u:@h/", grammar.Web, "(scheme sc)・(authority (username u)・(host h))・(path-root /)", "password-empty"},
		{"sc://:p@h/", grammar.Web, "(scheme sc)・(authority (username ε)・(password p)・(host h))・(path-root /)", ""},
		{"ftp://h:21", grammar.Web, "(scheme ftp)・(authority (host h))", "default-port"},
		{"wss://h:443", grammar.Web, "(scheme wss)・(authority (host h))", "default-port"},
		{"ws://h:443", grammar.Web, "(scheme ws)・(authority (host h)・(port 443))", ""},
		{"sc://h:0", grammar.Web, "(scheme sc)・(authority (host h)・(port 0))", ""},
		{"file://localhost/x", grammar.Web, "(scheme file)・(authority ε)・(path-root /)・(file x)", "file-localhost"},
		{"file://LOCALHOST/x", grammar.Web, "(scheme file)・(authority ε)・(path-root /)・(file x)", "file-localhost"},
		{"sc://localhost/x", grammar.Web, "(scheme sc)・(authority (host localhost))・(path-root /)・(file x)", ""},
		{"file:///C|/x", grammar.Web, "(scheme file)・(authority ε)・(drive C:)・(path-root /)・(file x)", "drive-pipe"},
		{"/a/./b/../c", grammar.Web, "(path-root /)・(dir a)・(file c)", "dot dir-dots"},
		{"/../x", grammar.Web, "(path-root /)・(file x)", "root-dots"},
		{"/..", grammar.Web, "(path-root /)", "root-dots"},
		{"/a/..", grammar.Web, "(path-root /)", "dir-dots"},
		{"/a/.", grammar.Web, "(path-root /)・(dir a)", "dot"},
		{"/a/%2E%2e/b", grammar.Web, "(path-root /)・(file b)", "dir-dots"},
		{"a/../../b", grammar.Generic, "(dir ..)・(file b)", "dir-dots"},
		{"../../b", grammar.Generic, "(dir ..)・(dir ..)・(file b)", ""},
		{"/a//../b", grammar.Web, "(path-root /)・(dir a)・(file b)", "dir-dots"},
		{"file:///C:/../..", grammar.Web, "(scheme file)・(authority ε)・(drive C:)・(path-root /)", "root-dots root-dots"},
		// A drive that becomes the first segment of a file-URL (WHATWG).
		{"file:///a/../C|/..", grammar.Web, "(scheme file)・(authority ε)・(drive C:)・(path-root /)", "dir-dots file-drive root-dots drive-pipe"},
		{"file:///./C:", grammar.Web, "(scheme file)・(authority ε)・(drive C:)", "dot file-drive"},
		{"file:////C:/x", grammar.Web, "(scheme file)・(authority ε)・(path-root /)・(dir ε)・(dir C:)・(file x)", ""},
		{"file:///C:/../D:/..", grammar.Web, "(scheme file)・(authority ε)・(drive C:)・(path-root /)", "root-dots dir-dots"},
		{"sc:///a/../C:/", grammar.Web, "(scheme sc)・(authority ε)・(path-root /)・(dir C:)", "dir-dots"},
		// An opaque path keeps its dot segments (WHATWG; docs/deviations.md).
		{"sc:a/../b/.", grammar.Web, "(scheme sc)・(dir a)・(dir ..)・(dir b)・(file .)", ""},
		{"Sc:.", grammar.Web, "(scheme sc)・(file .)", "scheme-case"},
		// A web- or file-URL without an authority has no opaque path: the
		// path rules apply (docs/deviations.md, row 5).
		{"http:a/../b", grammar.Web, "(scheme http)・(file b)", "dir-dots"},
		{"HTTPS:./a/..", grammar.Web, "(scheme https)", "scheme-case dot dir-dots"},
		{"file:a/./b", grammar.Web, "(scheme file)・(dir a)・(file b)", "dot"},
		{"ws:../x", grammar.Web, "(scheme ws)・(dir ..)・(file x)", ""},
	}
	for _, tt := range tests {
		u := parse(t, tt.in, tt.mode)
		orig := u.Clone()
		n := Normalize(u)
		if got := n.String(); got != tt.want {
			t.Errorf("Normalize(%q) =\n\t%s\nwant\n\t%s", tt.in, got, tt.want)
		}
		if !u.Equal(&orig) {
			t.Errorf("Normalize(%q) modified its argument", tt.in)
		}
		tr, steps := Trace(u)
		if !tr.Equal(&n) {
			t.Errorf("Trace(%q) = %v, Normalize = %v", tt.in, tr, n)
		}
		var names []string
		for i, s := range steps {
			names = append(names, s.Rule.String())
			if i > 0 && !steps[i-1].After.Equal(&s.Before) {
				t.Errorf("Trace(%q): step %d starts from %v, previous ended at %v", tt.in, i, s.Before, steps[i-1].After)
			}
		}
		if got := strings.Join(names, " "); got != tt.rules {
			t.Errorf("Trace(%q) rules = %q, want %q", tt.in, got, tt.rules)
		}
		if len(steps) > 0 && !steps[len(steps)-1].After.Equal(&n) {
			t.Errorf("Trace(%q): last step ends at %v, not the normal form %v", tt.in, steps[len(steps)-1].After, n)
		}
		// Normalisation is idempotent.
		if again := Normalize(n); !again.Equal(&n) {
			t.Errorf("Normalize(Normalize(%q)) = %v, want %v", tt.in, again, n)
		}
	}
}

// §Printing: normalise for printing.
func TestForPrinting(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"/a", "(path-root /)・(file a)"},
		{"sc:/.//x", "(scheme sc)・(path-root /)・(dir .)・(dir ε)・(file x)"},
		{"a:b/c", "(scheme a)・(dir b)・(file c)"},
		{"//h//x", "(authority (host h))・(path-root /)・(dir ε)・(file x)"},
	}
	for _, tt := range tests {
		u := Normalize(parse(t, tt.in, grammar.Generic))
		p := ForPrinting(u)
		if got := p.String(); got != tt.want {
			t.Errorf("ForPrinting(%q) = %s, want %s", tt.in, got, tt.want)
		}
		if NeedsPrintingNormalisation(&u) != !p.Equal(&u) {
			t.Errorf("NeedsPrintingNormalisation(%q) disagrees with ForPrinting", tt.in)
		}
	}
	// (path-root /)・(dir ε)・(file foo) and a scheme-like first segment.
	var u model.URL
	u.Set(model.PathRootType, "/")
	u.SetDirs([]string{""})
	u.Set(model.FileType, "foo")
	if got := ForPrinting(u).String(); got != "(path-root /)・(dir .)・(dir ε)・(file foo)" {
		t.Errorf("ForPrinting = %s", got)
	}
	var v model.URL
	v.Set(model.FileType, "a:b:c")
	if got := ForPrinting(v).String(); got != "(file a%3Ab:c)" {
		t.Errorf("ForPrinting = %s", got)
	}
	var drv model.URL
	drv.Set(model.PathRootType, "/")
	drv.SetDirs([]string{"C|"})
	if got := ForPrinting(drv).String(); got != "(path-root /)・(dir C%7C)" {
		t.Errorf("ForPrinting = %s", got)
	}
	drv.Set(model.SchemeType, "sc")
	if got := ForPrinting(drv).String(); got != "(scheme sc)・(path-root /)・(dir C|)" {
		t.Errorf("ForPrinting = %s", got)
	}
	var w model.URL
	w.SetDirs([]string{"c:", "d"})
	if got := ForPrinting(w).String(); got != "(dir c%3A)・(dir d)" {
		t.Errorf("ForPrinting = %s", got)
	}
}

// Normalize allocates nothing when no path rule applies.
func TestNormalizeAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector (internal/race)")
	}
	u := parse(t, "HTTP://h:80/a/b/c", grammar.Web)
	n := testing.AllocsPerRun(100, func() { _ = Normalize(u) })
	if n > 1 { // the lowercased scheme
		t.Errorf("%v allocs", n)
	}
	v := parse(t, "http://h/a/b/c", grammar.Web)
	if n := testing.AllocsPerRun(100, func() { _ = Normalize(v) }); n != 0 {
		t.Errorf("%v allocs for a normal URL", n)
	}
	// A path that only loses dirs keeps a prefix of the parsed spans; one
	// that keeps a dir after a removed one needs a new span slice.
	for in, want := range map[string]float64{
		"http://h/a/b/x/../f":   0,
		"http://h/x/.././f":     0,
		"http://h/a/./..":       0,
		"http://h/x/../y/f":     1,
		"http://h/a/./b/./c/.d": 1,
		"file:///C|/a/b":        0, // rule drive-pipe: "C:" is part of a constant
		"file:///z|":            0,
	} {
		w := parse(t, in, grammar.Web)
		if n := testing.AllocsPerRun(100, func() { _ = Normalize(w) }); n != want {
			t.Errorf("Normalize(%s): %v allocs, want %v", in, n, want)
		}
	}
}

// colonDrive writes every drive letter with ':', in either case, and
// any other first byte (which a parsed drive does not have) too.
func TestColonDrive(t *testing.T) {
	for c := 0; c < 256; c++ {
		d := string([]byte{byte(c), '|'})
		if got, want := colonDrive(d), d[:1]+":"; got != want {
			t.Errorf("colonDrive(%q) = %q, want %q", d, got, want)
		}
	}
}

// A long run of path steps is summarised, and the trace still chains and
// ends in the normal form.
func TestTraceSummary(t *testing.T) {
	in := "http://example.com/" + strings.Repeat("a/b/../c/./", 20000)
	u := parse(t, in, grammar.Web)
	n, steps := Trace(u)
	want := Normalize(u)
	if !n.Equal(&want) {
		t.Fatalf("Trace and Normalize differ")
	}
	total, summaries := 0, 0
	for i, s := range steps {
		if s.Count < 1 {
			t.Fatalf("step %d has Count %d", i, s.Count)
		}
		total += s.Count
		if s.Count > 1 {
			summaries++
			sum := 0
			for _, c := range s.Counts {
				sum += c.N
			}
			if sum != s.Count {
				t.Errorf("summary counts %v do not add up to %d", s.Counts, s.Count)
			}
		}
		if i > 0 && !steps[i-1].After.Equal(&s.Before) {
			t.Fatalf("step %d does not start where step %d ended", i, i-1)
		}
	}
	if summaries != 1 || total != 40000 {
		t.Errorf("got %d summaries and %d applications, want 1 and 40000", summaries, total)
	}
	if last := steps[len(steps)-1].After; !last.Equal(&n) {
		t.Errorf("the last step does not end in the normal form")
	}
	if len(steps) > TraceBudget/100 {
		t.Errorf("%d steps recorded one by one for a 100 000-component URL", len(steps))
	}
}

// BenchmarkTraceScaling is the scaling benchmark of issue 13 §3:
// http://example.com/ followed by n repeats of a/b/../c/./, traced. The
// time per op should grow at most 12× per 10× n (bench/scaling.sh -bench
// trace prints the ratios).
func BenchmarkTraceScaling(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		in := "http://example.com/" + strings.Repeat("a/b/../c/./", n)
		u, err := grammar.Parse(in, grammar.Web)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				_, steps := Trace(u)
				if len(steps) == 0 {
					b.Fatal("no steps")
				}
			}
		})
	}
}

// Rewriting the leftmost redex until none is left is Normalize.
func TestRewriteLeftmost(t *testing.T) {
	for _, in := range []string{"HTTP://:@h:80/a/./b/../c/..", "file://localhost/C|/x/../..", "file:///a/../C|/..",
		"/../a/./%2e%2E/b", "http:a/../b", "sc:a/../b", "sc://u:@h:/./x/.."} {
		u := parse(t, in, grammar.Web)
		for {
			rs := Redexes(u)
			if len(rs) == 0 {
				break
			}
			var err error
			if u, err = Rewrite(u, rs[0]); err != nil {
				t.Fatal(err)
			}
		}
		n := Normalize(parse(t, in, grammar.Web))
		if !u.Equal(&n) {
			t.Errorf("%q: leftmost rewriting gives %v, Normalize %v", in, u, n)
		}
	}
	u := parse(t, "http://h/a", grammar.Web)
	if _, err := Rewrite(u, Redex{Dot, 0}); err == nil {
		t.Errorf("Rewrite applied a rule where it does not apply")
	}
}

// TestHasUpper checks the word-at-a-time hasUpper against a byte loop on
// strings of every length up to 10 made of the bytes around 'A' and 'Z',
// ASCII and not.
func TestHasUpper(t *testing.T) {
	alphabet := []byte{'@', 'A', 'M', 'Z', '[', 'a', 'z', 0xc1, 0xda, 0xff, 0x00, '9'}
	slow := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if s[i] >= 'A' && s[i] <= 'Z' {
				return true
			}
		}
		return false
	}
	for n := 0; n <= 10; n++ {
		for k := 0; k < 4000; k++ {
			b := make([]byte, n)
			x := uint(k*7919 + n)
			for i := range b {
				b[i] = alphabet[x%uint(len(alphabet))]
				x = x*31 + 17
			}
			// Mostly lowercase, so that one uppercase byte is the test.
			for i := range b {
				if b[i] >= 'A' && b[i] <= 'Z' && (k+i)%3 != 0 {
					b[i] |= 0x20
				}
			}
			if s := string(b); hasUpper(s) != slow(s) {
				t.Errorf("hasUpper(%q) = %v", s, !slow(s))
			}
		}
	}
}
