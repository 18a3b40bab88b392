package conformance_test

import (
	"testing"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/refops"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
)

// wptStrings returns every input and base of urltestdata.json.
func wptStrings(t testing.TB) []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range loadURLTestData(t) {
		for _, s := range []string{c.Input, derefOr(c.Base, "")} {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}

func derefOr(p *string, d string) string {
	if p == nil {
		return d
	}
	return *p
}

// §Printing: for every normalised URL, printing and parsing in the same mode
// gives back the URL that the printed string represents (print.Encoded),
// normalised: the URL itself when its values need no encoding. This covers
// the normalise-for-printing cases ((dir .) insertion, %3A for a scheme-like
// first segment, and drive-like first segments).
func TestPrintParseRoundTrip(t *testing.T) {
	n, insertions, colons := 0, 0, 0
	for _, s := range wptStrings(t) {
		for _, m := range []grammar.Mode{grammar.Web, grammar.File, grammar.Generic} {
			p, _ := grammar.Preprocess(s)
			u, err := grammar.Parse(p, m)
			if err != nil {
				continue
			}
			u = normalize.Normalize(u)
			str := print.ASCII(&u)
			v, err := grammar.Parse(str, m)
			if err != nil {
				t.Errorf("%q (%v): printed %q does not parse: %v", s, m, str, err)
				continue
			}
			v = normalize.Normalize(v)
			want := print.Encoded(&u)
			want = normalize.Normalize(want)
			if !v.Equal(&want) {
				t.Errorf("%q (%v): printed %q parses to\n\t%v\nwant\n\t%v", s, m, str, v, want)
			}
			if again := print.ASCII(&v); again != str {
				t.Errorf("%q (%v): print∘parse not a fixpoint: %q then %q", s, m, str, again)
			}
			if normalize.NeedsPrintingNormalisation(&u) {
				if d := u.Dirs(); len(d) > 0 && d[0] == "" {
					insertions++
				} else {
					colons++
				}
			}
			n++
		}
	}
	t.Logf("%d round trips, %d with (dir .) inserted, %d with a first segment escaped", n, insertions, colons)
	if insertions == 0 || colons == 0 {
		t.Errorf("the WPT strings no longer exercise both normalise-for-printing cases")
	}
}

// The spec's own examples (§Goto, §A note about multiple slashes, §Normalise
// for Printing) through the public API.
func TestSpecExamples(t *testing.T) {
	host, _ := urlspec.ParseRef("//host", urlspec.ModeGeneric)
	path, _ := urlspec.ParseRef("foo/bar", urlspec.ModeGeneric)
	if g := refops.Goto(host, path); g.Href() != "//host/foo/bar" {
		t.Errorf("//host goto foo/bar = %q", g.Href())
	}
	base, _ := urlspec.Parse("http://host/")
	for in, want := range map[string]string{
		"http:foo/bar":    "http://host/foo/bar",
		"http:/foo/bar":   "http://host/foo/bar",
		"http://foo/bar":  "http://foo/bar",
		"http:///foo/bar": "http://foo/bar",
	} {
		u, err := base.Resolve(in)
		if err != nil || u.Href() != want {
			t.Errorf("%q against http://host/ = %q, %v; want %q", in, u.Href(), err, want)
		}
		// Without a base, all four are http://foo/bar.
		if u, err := urlspec.Parse(in); err != nil || u.Href() != "http://foo/bar" {
			t.Errorf("%q = %q, %v; want http://foo/bar", in, u.Href(), err)
		}
	}
	var m model.URL
	m.Set(model.PathRootType, "/")
	m.SetDirs([]string{""})
	m.Set(model.FileType, "foo")
	u, err := urlspec.FromModel(m)
	if err != nil {
		t.Fatal(err)
	}
	back, err := urlspec.ParseRef(u.Href(), urlspec.ModeGeneric)
	if err != nil {
		t.Fatal(err)
	}
	back = refops.Normalize(back)
	if !urlspec.Equivalent(back, u, urlspec.LevelIdentical) {
		t.Errorf("%v printed %q reparses to %v", m, u.Href(), back.Model())
	}
}

// Relativize: Goto(base, Relativize(base, t)) equals t after normalisation,
// for WPT's base/result pairs and for pairs of WPT results.
func TestRelativizeLaw(t *testing.T) {
	var results []urlspec.URL
	checked, none := 0, 0
	check := func(baseURL, targetURL urlspec.URL) {
		base, target := baseURL.Ref(), targetURL.Ref()
		r, err := urlspec.Relativize(base, target)
		if err != nil {
			if none < 5 {
				t.Logf("no reference: %v", err)
			}
			none++
			return
		}
		g := refops.Normalize(refops.Goto(base, r))
		if tn := refops.Normalize(target); g.Href() != tn.Href() {
			t.Errorf("Relativize(%q, %q) = %q, goto gives %q", base.Href(), target.Href(), r.Href(), g.Href())
		}
		if len(r.Href()) > len(target.Href()) {
			t.Errorf("Relativize(%q, %q) = %q is longer than the target", base.Href(), target.Href(), r.Href())
		}
		checked++
	}
	for _, c := range loadURLTestData(t) {
		if c.Failure || c.Base == nil {
			continue
		}
		b, err1 := urlspec.Parse(*c.Base)
		u, err2 := b.Resolve(c.Input)
		if err1 != nil || err2 != nil {
			continue
		}
		check(b, u)
		results = append(results, u)
	}
	for i := 0; i+1 < len(results); i++ {
		check(results[i], results[i+1])
		check(results[i+1], results[i])
	}
	t.Logf("relativize: %d pairs checked, %d without a reference", checked, none)
	if none > 0 {
		t.Errorf("%d pairs of absolute URLs had no reference (an absolute target always does)", none)
	}
}

// Every equivalence level is an equivalence relation: reflexive, symmetric
// and transitive, on URLs made to be equivalent in several ways.
func TestEquivalenceRelations(t *testing.T) {
	strs := []string{
		"http://h/a/b", "HTTP://h:80/a/b", "http://h/a/./b", "http://h/a/c/../b", "http://h/%61/b",
		"http://h/a/%62", "http://h/A/b", "http://H/a/b", "http://h:81/a/b", "http://h/a/b?",
		"http://h/a/b#", "http:h/a/b", "http:/h/a/b", "file:///C|/x", "file:///C:/x", "file://localhost/C:/x",
		"sc://h/%7e", "sc://h/~", "sc://h/%7E", "sc:a/../b", "sc:b", "a/../b", "b", "./b", "%2e/b",
		"//h/x", "//H/x", "http://h/%2fx", "http://h/%2Fx", "http://h/%2f%78", "", "#", "?", "x:",
	}
	var us []urlspec.Ref
	for _, s := range strs {
		u, err := urlspec.ParseRef(s, urlspec.ModeWeb)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		us = append(us, u)
	}
	for _, l := range refops.Levels {
		eq := make([][]bool, len(us))
		pairs := 0
		for i := range us {
			eq[i] = make([]bool, len(us))
			for j := range us {
				eq[i][j] = urlspec.Equivalent(us[i], us[j], l)
				if eq[i][j] && i != j {
					pairs++
				}
			}
		}
		for i := range us {
			if !eq[i][i] {
				t.Errorf("%v not reflexive on %q", l, strs[i])
			}
			for j := range us {
				if eq[i][j] != eq[j][i] {
					t.Errorf("%v not symmetric on %q, %q", l, strs[i], strs[j])
				}
				for k := range us {
					if eq[i][j] && eq[j][k] && !eq[i][k] {
						t.Errorf("%v not transitive on %q, %q, %q", l, strs[i], strs[j], strs[k])
					}
				}
			}
		}
		t.Logf("%v: %d ordered pairs of distinct equivalent URLs", l, pairs)
		if l != urlspec.LevelIdentical && pairs == 0 {
			t.Errorf("%v: no equivalent pairs: the test exercises nothing", l)
		}
	}
	// Identical refines normal, and normal refines decoded. (Normal does not
	// refine WHATWG: see the non-law equivalence-normal-implies-whatwg.)
	for i := range us {
		for j := range us {
			if urlspec.Equivalent(us[i], us[j], urlspec.LevelIdentical) && !urlspec.Equivalent(us[i], us[j], urlspec.LevelNormal) {
				t.Errorf("identical but not normal: %q %q", strs[i], strs[j])
			}
			if urlspec.Equivalent(us[i], us[j], urlspec.LevelNormal) && !urlspec.Equivalent(us[i], us[j], urlspec.LevelDecoded) {
				t.Errorf("normal but not decoded: %q %q", strs[i], strs[j])
			}
		}
	}
}
