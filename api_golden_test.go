package urlspec_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/apidump"
)

var updateAPI = flag.Bool("update-api", false, "rewrite api/urlspec.txt with the current exported API")

// apiGolden is the checked-in exported API of every importable package of the
// module (see api/README.md).
const apiGolden = "api/urlspec.txt"

// TestAPIGolden renders the exported API of every importable package with
// internal/apidump and compares it with api/urlspec.txt, as Go's own api/
// files do for the standard library: every change of the public surface is
// a visible diff in review. With -update-api it rewrites the file.
func TestAPIGolden(t *testing.T) {
	pkgs, err := apidump.Module(".")
	if err != nil {
		t.Fatal(err)
	}
	var table strings.Builder
	if err := apidump.WriteTable(&table, pkgs); err != nil {
		t.Fatal(err)
	}
	t.Logf("exported identifiers per importable package (fields counted apart):\n%s", table.String())

	var got bytes.Buffer
	if err := apidump.Write(&got, pkgs); err != nil {
		t.Fatal(err)
	}
	if *updateAPI {
		if err := os.MkdirAll(filepath.Dir(apiGolden), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(apiGolden, got.Bytes(), 0o666); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (%d lines)", apiGolden, strings.Count(got.String(), "\n"))
		return
	}
	want, err := os.ReadFile(apiGolden)
	if err != nil {
		t.Fatalf("%v\nrun: go test -run TestAPIGolden -update-api .", err)
	}
	if bytes.Equal(got.Bytes(), want) {
		return
	}
	diff := lineDiff(string(want), got.String())
	if len(diff) == 0 {
		t.Fatalf("%s has the right lines in the wrong order or with extra blank lines\nrun: go test -run TestAPIGolden -update-api .", apiGolden)
	}
	const maxShown = 50
	shown := diff
	if len(shown) > maxShown {
		shown = shown[:maxShown]
	}
	more := ""
	if len(diff) > maxShown {
		more = fmt.Sprintf("\n... and %d more", len(diff)-maxShown)
	}
	t.Fatalf("the exported API differs from %s (+ added in the code, - removed from the code):\n%s%s\n"+
		"if the change is intended, run: go test -run TestAPIGolden -update-api .",
		apiGolden, strings.Join(shown, "\n"), more)
}

// lineDiff returns, in sorted order, the lines of got missing from want
// ("+ line") and the lines of want missing from got ("- line"), as multisets.
func lineDiff(want, got string) []string {
	count := map[string]int{}
	for l := range strings.Lines(want) {
		count[strings.TrimSuffix(l, "\n")]--
	}
	for l := range strings.Lines(got) {
		count[strings.TrimSuffix(l, "\n")]++
	}
	type entry struct {
		line string
		sign byte
	}
	var entries []entry
	for l, n := range count {
		for ; n > 0; n-- {
			entries = append(entries, entry{l, '+'})
		}
		for ; n < 0; n++ {
			entries = append(entries, entry{l, '-'})
		}
	}
	slices.SortFunc(entries, func(a, b entry) int {
		if c := strings.Compare(a.line, b.line); c != 0 {
			return c
		}
		return int(a.sign) - int(b.sign)
	})
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = string(e.sign) + " " + e.line
	}
	return out
}

func TestLineDiff(t *testing.T) {
	got := lineDiff("a\nb\nc\n", "a\nc\nd\nd\n")
	want := []string{"- b", "+ d", "+ d"}
	if !slices.Equal(got, want) {
		t.Errorf("lineDiff = %q, want %q", got, want)
	}
	if d := lineDiff("a\nb\n", "b\na\n"); len(d) != 0 {
		t.Errorf("lineDiff of a reordering = %q, want none", d)
	}
}
