package gen

import (
	"os"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/wpt"
)

// Every built-in seed comes from the repository's real URL data: an input
// or base of WPT's urltestdata.json, or a line of testdata/kasztp.txt,
// node_files.txt or isaacs_files.txt.
func TestSeedsProvenance(t *testing.T) {
	known := map[string]bool{}
	cases, err := wpt.URLTestData("../../conformance/testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		known[c.Input] = true
		if c.Base != nil {
			known[*c.Base] = true
		}
	}
	for _, name := range []string{"kasztp.txt", "node_files.txt", "isaacs_files.txt"} {
		data, err := os.ReadFile("../../testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			known[line] = true
		}
	}
	seeds := Seeds()
	for _, s := range seeds {
		if !known[s] {
			t.Errorf("seed %q is in none of the source files", s)
		}
	}
	if len(seeds) < 2000 {
		t.Errorf("%d seeds", len(seeds))
	}
}
