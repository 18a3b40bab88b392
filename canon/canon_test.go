package canon_test

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/canon"
	"github.com/urlspec/urlspec/internal/wpt"
	"github.com/urlspec/urlspec/model"
)

// readPairs reads a testdata file of Go-quoted input/output pairs.
func readPairs(t *testing.T, path string) [][2]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][2]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		in, rest, err := unquotePrefix(line)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		want, _, err := unquotePrefix(strings.TrimLeft(rest, " "))
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		out = append(out, [2]string{in, want})
	}
	return out
}

func unquotePrefix(s string) (string, string, error) {
	q, err := strconv.QuotedPrefix(s)
	if err != nil {
		return "", "", err
	}
	v, err := strconv.Unquote(q)
	return v, s[len(q):], err
}

func TestSafeBrowsingVectors(t *testing.T) {
	p, _ := canon.ByName("safe-browsing")
	pairs := readPairs(t, "testdata/safebrowsing.txt")
	if len(pairs) != 33 {
		t.Fatalf("%d vectors, want the 33 published", len(pairs))
	}
	for _, c := range pairs {
		got, err := p.Canonicalize(c[0])
		if err != nil || got != c[1] {
			t.Errorf("Canonicalize(%q) = %q, %v; want %q", c[0], got, err, c[1])
		}
		again, _ := p.Canonicalize(got)
		if again != got {
			t.Errorf("not idempotent: %q → %q → %q", c[0], got, again)
		}
	}
}

func TestProfiles(t *testing.T) {
	for _, c := range []struct{ profile, in, want string }{
		{"whatwg", "HTTP://EXAMPLE.com:80/a/./b/../c?q#f", "http://example.com/a/c?q#f"},
		{"whatwg-sort-query", "http://a/?b=1&a=2&c&a=1", "http://a/?a=2&a=1&b=1&c"},
		{"crawl", "HTTP://a.com:80/b/../c?q#f", "http://a.com/c?q"},
		{"crawl", "http://www.a.com/index.html?", "http://www.a.com/index.html?"},
		{"heritrix-surt", "http://www.Example.com:8080/a/%7euser/?b=2&a=1#top", "http://(com,example,:8080)/a/~user/?a=1&b=2"},
		{"heritrix-surt", "http://www.www.example.com/", "http://(com,example,)/"},
		{"heritrix-surt", "https://user:pw@archive.org/", "https://(org,archive,)/"},
		{"heritrix-surt", "http://127.0.0.1/x", "http://(127.0.0.1)/x"},
		{"heritrix-surt", "mailto:a@b", "mailto:a@b"},
		// The Internet Archive's surt library's own examples and tests
		// (github.com/internetarchive/surt, README and tests/test_surt.py).
		{"surt", "http://archive.org/goo/?a=2&b&a=1", "org,archive)/goo?a=1&a=2&b"},
		{"surt", "https://www.sec.gov/edgar.shtml", "gov,sec)/edgar.shtml"},
		{"surt", "http://www.Example.com:8080/a/%7euser/?b=2&a=1#top", "com,example:8080)/a/~user?a=1&b=2"},
		{"surt", "http://www12.example.com/", "com,example)/"},
		{"surt", "http://www.www.example.com/", "com,example,www)/"},
		{"surt", "http://wwwexample.com/", "com,wwwexample)/"},
		{"surt", "https://user:pw@archive.org/", "org,archive)/"},
		{"surt", "http://127.0.0.1/x", "1,0,0,127)/x"},
		{"surt", "http://example.com/A//B/./c/../D/?", "com,example)/a/b/d"},
		{"surt", "http://example.com/%2541%20x", "com,example)/a%20x"},
		{"surt", "http://example.com/?b=1&B=0&a", "com,example)/?a&b=0&b=1"},
		{"surt", "http://example.com/?jsessionid=0123456789ABCDEF0123456789abcdef&x=1", "com,example)/?x=1"},
		{"surt", "http://example.com/x/(abcdefghijklmnopqrstuvwx)/page.aspx", "com,example)/x/page.aspx"},
		{"surt", "http://example.com.:0/", "com,example)/"},
		{"surt", "mailto:A@B", "mailto:a@b"},
		{"surt-with-scheme", "http://archive.org/goo/?a=2&b&a=1", "http://(org,archive,)/goo?a=1&a=2&b"},
		{"surt-with-scheme", "mailto:a@b", "mailto:a@b"},
		{"purell-safe", "http://a/%7e%2fx%41", "http://a/~%2FxA"},
		{"aggressive", "http://www.a.com//b//index.html?#f", "http://a.com/b/"},
		{"aggressive", "http://a/index.html?x=1", "http://a/?x=1"},
		{"aggressive", "http://a/indexes.html", "http://a/indexes.html"},
	} {
		p, ok := canon.ByName(c.profile)
		if !ok {
			t.Fatalf("no profile %s", c.profile)
		}
		got, err := p.Canonicalize(c.in)
		if err != nil || got != c.want {
			t.Errorf("%s(%q) = %q, %v; want %q", c.profile, c.in, got, err, c.want)
		}
	}
	w, _ := canon.ByName("whatwg")
	if _, err := w.Canonicalize("http://[::1"); err == nil {
		t.Error("whatwg accepts http://[::1")
	}
}

// Every rule: its name parses back, and a trace shows each rule that
// changed the URL, each step starting where the last one ended.
func TestTrace(t *testing.T) {
	for _, r := range canon.Rules() {
		if q, ok := canon.ParseRule(r.String()); !ok || q != r {
			t.Errorf("%v", r)
		}
	}
	p, _ := canon.ByName("aggressive")
	out, steps, err := p.Trace("HTTP://www.a.com//b/./index.html?#f")
	if err != nil || out != "http://a.com/b/" {
		t.Fatalf("%q %v", out, err)
	}
	var names []string
	for i, s := range steps {
		names = append(names, s.Rule)
		if s.Before.Equal(&s.After) {
			t.Errorf("step %d (%s) changes nothing", i, s.Rule)
		}
		if i > 0 && !steps[i-1].After.Equal(&s.Before) {
			t.Errorf("step %d (%s) does not start where step %d ended", i, s.Rule, i-1)
		}
	}
	if got := strings.Join(names, " "); got != "scheme-case dot remove-fragment remove-www remove-directory-index remove-duplicate-slashes remove-empty-query" {
		t.Errorf("steps: %s", got)
	}
	last := steps[len(steps)-1].After
	m, _ := p.Model("HTTP://www.a.com//b/./index.html?#f")
	if !last.Equal(&m) {
		t.Error("the trace does not end in the canonical model")
	}
	if err := model.Validate(&m); err != nil {
		t.Error(err)
	}
}

// Key of a parsed URL is Canonicalize of its string (for the profiles that
// read with the WHATWG parser), and the zero URL has the empty key.
func TestKey(t *testing.T) {
	for _, p := range canon.Profiles() {
		if k := p.Key(urlspec.URL{}); k != "" {
			t.Errorf("%s: Key(URL{}) = %q", p.Name(), k)
		}
		if p.Reader() != canon.ReadWHATWG {
			continue
		}
		for _, s := range []string{"HTTP://www.Example.com:80//a/./%7euser/index.html?b=2&a=1#top", "mailto:x@y", "http://[::1]:8080/?", "file:///C:/x"} {
			u, err := urlspec.Parse(s)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := p.Canonicalize(s)
			if got := p.Key(u); got != want {
				t.Errorf("%s: Key(%q) = %q, Canonicalize = %q", p.Name(), s, got, want)
			}
		}
	}
}

func TestNew(t *testing.T) {
	p, err := canon.New("mine", canon.ReadWHATWG, canon.FormURL, canon.RemoveFragment, canon.SortQuery)
	if err != nil {
		t.Fatal(err)
	}
	if p.Name() != "mine" || len(p.Rules()) != 2 || p.Reader() != canon.ReadWHATWG || p.Form() != canon.FormURL {
		t.Errorf("%+v", p)
	}
	if _, err := canon.New("bad", canon.ReadWHATWG, canon.FormURL, canon.Rule(200)); err == nil {
		t.Error("rule 200 accepted")
	}
	if _, err := canon.New("bad", canon.Reader(9), canon.FormURL); err == nil {
		t.Error("reader 9 accepted")
	}
}

func FuzzProfiles(f *testing.F) {
	for _, s := range []string{"http://a/b", "%%%", "http://\x80/", "www.x.com/%2525"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range canon.Profiles() {
			out, err := p.Canonicalize(s)
			if err != nil {
				continue
			}
			if p.Form() != canon.FormURL {
				continue
			}
			if again, err := p.Canonicalize(out); err != nil || again != out {
				t.Fatalf("%s: %q → %q → %q, %v", p.Name(), s, out, again, err)
			}
		}
	})
}

// The counterexamples that the law canon-idempotent-heritrix-surt found at
// 100,000 cases: heritrix-surt(s) == heritrix-surt(url(s)), where url is the
// same rules printing an URL-string.
func TestHeritrixSURTIdempotent(t *testing.T) {
	p, _ := canon.ByName("heritrix-surt")
	url, _ := canon.New("heritrix-url", p.Reader(), canon.FormURL, p.Rules()...)
	for _, s := range []string{"file:///%43|", "file://h/%41:/a/b", "ttps://www%2e./sec.gov/edgar.shtml", "http://www.www.a/"} {
		once, err := p.Canonicalize(s)
		mid, err2 := url.Canonicalize(s)
		twice, err3 := p.Canonicalize(mid)
		if err != nil || err2 != nil || err3 != nil || once != twice {
			t.Errorf("%q: %q, but via %q: %q (%v %v %v)", s, once, mid, twice, err, err2, err3)
		}
	}
}

// TestCrawlKey: the crawl key, which remove-fragment takes from the href
// without a model, is the URL with its fragment removed by the standard's
// hash setter, on every WPT input that parses and on fragments with '#',
// empty fragments and opaque paths.
func TestCrawlKey(t *testing.T) {
	cases, err := wpt.URLTestData("../conformance/testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	inputs := []string{"http://a/#", "http://a/b?c#d#e", "mailto:x#y", "sc:a#", "http://a/%23?%23#%23", "file:///C:/x#"}
	for _, c := range cases {
		inputs = append(inputs, c.Input)
	}
	crawl, _ := canon.ByName("crawl")
	n := 0
	for _, s := range inputs {
		u, err := urlspec.Parse(s)
		if err != nil {
			continue
		}
		n++
		want, err := u.WithHash("")
		if err != nil {
			t.Fatalf("%q: WithHash: %v", s, err)
		}
		if got := crawl.Key(u); got != want.Href() {
			t.Errorf("crawl.Key(%q) = %q, want %q", u.Href(), got, want.Href())
		}
	}
	if n < 400 {
		t.Fatalf("only %d inputs parsed", n)
	}
}
