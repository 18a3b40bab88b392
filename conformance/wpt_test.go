package conformance_test

import (
	"bufio"
	"fmt"
	"github.com/urlspec/urlspec/internal/refops"
	"os"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/wpt"
	"github.com/urlspec/urlspec/model"
)

// urlTestCase is one object of WPT's urltestdata.json.
type urlTestCase = wpt.URLTestCase

// caseKey writes c as the expected-failures file names it.
func caseKey(c urlTestCase) string {
	base := "null"
	if c.Base != nil {
		base = *c.Base
	}
	return fmt.Sprintf("%q %q", c.Input, base)
}

func loadURLTestData(t testing.TB) []urlTestCase {
	t.Helper()
	cases, err := wpt.URLTestData("testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// loadExpectedFailures reads a file of expected failures: one case a line,
// written as by caseKey, then " # " and the reason. Blank lines and
// lines starting with # are ignored.
func loadExpectedFailures(t testing.TB, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		k, reason, ok := strings.Cut(line, " # ")
		if !ok || strings.TrimSpace(reason) == "" {
			t.Fatalf("%s: expected failure without a reason: %s", path, line)
		}
		m[k] = reason
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return m
}

// checkURLCase runs one case through urlspec.Parse (as new URL(input, base))
// and returns the differences from the expectation.
func checkURLCase(c urlTestCase) []string {
	u, err := refops.NewURL(c.Input, c.Base)
	if c.Failure {
		if err == nil {
			return []string{"expected failure, got " + u.Href()}
		}
		return nil
	}
	if err != nil {
		return []string{"unexpected failure: " + err.Error()}
	}
	var diffs []string
	cmp := func(name, got, want string) {
		if got != want {
			diffs = append(diffs, fmt.Sprintf("%s: got %q, want %q", name, got, want))
		}
	}
	cmp("href", u.Href(), c.Href)
	cmp("protocol", u.Protocol(), c.Protocol)
	cmp("username", u.Username(), c.Username)
	cmp("password", u.Password(), c.Password)
	cmp("host", u.Host(), c.Host)
	cmp("hostname", u.Hostname(), c.Hostname)
	cmp("port", u.Port(), c.Port)
	cmp("pathname", u.Pathname(), c.Pathname)
	cmp("search", u.Search(), c.Search)
	cmp("hash", u.Hash(), c.Hash)
	if c.Origin != nil {
		cmp("origin", u.Origin().String(), *c.Origin)
	}
	// Every result satisfies the model's constraints.
	m := u.Model()
	if err := model.Validate(&m); err != nil {
		diffs = append(diffs, "Validate: "+err.Error())
	}
	return diffs
}

// TestWPTURLTestData checks every getter of every case of WPT's
// urltestdata.json (as new URL(input, base) does) and prints
// "WPT urltestdata: N/891". It fails on any failing case not listed in
// urltestdata_expected_failures.txt and on any listed case that passes.
func TestWPTURLTestData(t *testing.T) {
	cases := loadURLTestData(t)
	expected := loadExpectedFailures(t, "urltestdata_expected_failures.txt")
	pass := 0
	seen := map[string]bool{}
	for _, c := range cases {
		k := caseKey(c)
		diffs := checkURLCase(c)
		_, listed := expected[k]
		seen[k] = true
		switch {
		case len(diffs) == 0 && listed:
			t.Errorf("%s: listed as an expected failure but passes", k)
			pass++
		case len(diffs) == 0:
			pass++
		case !listed:
			t.Errorf("%s:\n\t%s", k, strings.Join(diffs, "\n\t"))
		}
	}
	for k := range expected {
		if !seen[k] {
			t.Errorf("expected failure %s is not a case of urltestdata.json", k)
		}
	}
	fmt.Printf("WPT urltestdata: %d/%d\n", pass, len(cases))
	if len(cases) != 891 {
		t.Errorf("urltestdata.json has %d cases, want 891 (data changed?)", len(cases))
	}
}
