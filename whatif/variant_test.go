package whatif

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		text, token string
		offset      int
	}{
		{"encode fragmnt +^", "fragmnt", 7},
		{"encode special.fragment +^; encode speical.path -^", "speical.path", 35},
		{"encode path ^", "^", 12},
		{"encode path +é", "é", 13},
		{"encode path +U+0001", "U+0001", 13},
		{"rule -dots", "dots", 6},
		{"rule +dot", "+dot", 5},
		{"uts46 +transitionl", "transitionl", 7},
		{"ipv4 -decimal", "decimal", 6},
		{"scheme +foo", "foo", 8},
		{"scheme +foo:0", "foo:0", 8},
		{"scheme -ws:80", "ws:80", 8},
		{"scheme +file:1", "file:1", 8},
		{"scheme +1x:2", "1x:2", 8},
		{"forbidden hosts +a", "hosts", 10},
		{"preprocess trim +a", "trim", 11},
		{"print -opaque-spaces", "opaque-spaces", 7},
		{"frobnicate +x", "frobnicate", 0},
		{"encode path", "path", 7},
		{"rule -dot;; ipv4 -hex", ";", 10},
		{"encode path +U+0030..U+0020", "U+0030..U+0020", 13},
	} {
		_, err := Parse(c.text)
		var se *SyntaxError
		if !errors.As(err, &se) || se.Token != c.token || se.Offset != c.offset || se.Text != c.text {
			t.Errorf("Parse(%q) = %v; want the token %q at %d", c.text, err, c.token, c.offset)
		}
	}
}

func TestStringRoundTrip(t *testing.T) {
	for _, text := range append(noOps, "encode special.path -^ +U+0020..U+0022; rule -dot -dir-dots",
		"scheme +foo:99 -ws; preprocess strip +U+00A0; uts46 +transitional -bidi; ipv4 -hex -short") {
		v := MustParse(text)
		if v.String() != text {
			t.Errorf("String() = %q; want %q", v.String(), text)
		}
		w := MustParse(v.String())
		if w.String() != v.String() || w.IsZero() != (text == "") {
			t.Errorf("round trip of %q: %q", text, w.String())
		}
	}
	a, b := MustParse("rule -dot"), MustParse("ipv4 -hex")
	if got := a.Then(b).String(); got != "rule -dot; ipv4 -hex" {
		t.Errorf("Then = %q", got)
	}
	if a.String() != "rule -dot" {
		t.Error("Then changed its receiver")
	}
}

// workloadLines returns up to n lines of each benchmark workload.
func workloadLines(t testing.TB, n int) []string {
	files, _ := filepath.Glob("../bench/testdata/workloads/*.tsv")
	if len(files) == 0 {
		t.Fatal("no workloads")
	}
	var lines []string
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for i := 0; i < n && sc.Scan(); i++ {
			lines = append(lines, sc.Text())
		}
		fh.Close()
	}
	return lines
}

// TestZeroImpact: the zero Variant changes no WPT expectation (setters
// included: those it applies must give the expected getters) and no
// corpus line; so does every no-op variant.
func TestZeroImpact(t *testing.T) {
	in := wptInputs(t)
	n := 3000
	if testing.Short() {
		n = 300
	}
	in.Corpus = workloadLines(t, n)
	for _, text := range noOps {
		if text == "scheme -file" {
			continue
		}
		r, err := Impact(MustParse(text), in)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.URLTestData.Changed) != 0 || r.URLTestData.Patch != "" || r.URLTestData.Cases != 891 {
			t.Errorf("%q: urltestdata changes: %+v", text, r.URLTestData.Changed)
		}
		if len(r.Setters.Changed) != 0 || len(r.Setters.NotCovered) != 0 || r.Setters.Cases != 278 {
			t.Errorf("%q: setters change: %+v %q", text, r.Setters.Changed, r.Setters.NotCovered)
		}
		if c := r.Corpus; c.Unchanged != len(in.Corpus) || c.Lines != len(in.Corpus) {
			t.Errorf("%q: corpus changes: %+v", text, c)
		}
	}
}

// TestSchemeRemoved: without file as a special scheme, file URLs are
// generic URLs.
func TestSchemeRemoved(t *testing.T) {
	v := MustParse("scheme -file -http")
	for _, c := range [][2]string{
		{`file:\\h\C:\a\..\b`, `file:\\h\C:\a\..\b`},
		{"file://localhost/C|/x", "file://localhost/C|/x"},
		{"HTTP://h:80/a/../b", "http://h:80/b"},
		{"https://h:443/a", "https://h/a"},
	} {
		u, err := v.NewURL(c[0], "")
		if err != nil || u.Href != c[1] {
			t.Errorf("NewURL(%q) = %q, %v; want %q", c[0], u.Href, err, c[1])
		}
	}
}
