package whatif

import (
	"os"
	"slices"
	"strings"
	"testing"
)

func wptInputs(t testing.TB) Inputs {
	d, err := os.ReadFile("../conformance/testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := os.ReadFile("../conformance/testdata/setters_tests.json")
	if err != nil {
		t.Fatal(err)
	}
	return Inputs{URLTestData: d, Setters: s}
}

// history holds the library's recorded deviations 3 and 4 (docs/deviations.md)
// and changes the WHATWG standard made, each as a variant with WPT cases
// that distinguish it (urltestdata inputs; setters as "attr=value href").
var history = []struct {
	name, variant string
	cases         []string
	setters       []string
}{
	{"deviation 3: no ^ in the path sets (seed 0.9.0; WHATWG before ^ joined the path percent-encode set)",
		"encode path -^",
		[]string{"foo://host/ !\"$%&'()*+,-./:;<=>@[\\]^_`{|}~", "wss://host/ !\"$%&'()*+,-./:;<=>@[\\]^_`{|}~"}, nil},
	{"deviation 4: an opaque path's trailing space printed as it is (seed 0.9.0's minimal profile)",
		"print -opaque-space",
		[]string{"non-special:opaque  ?hi", "non-special:opaque  #hi", "non-special:opaque \t\t  #hi"},
		[]string{"search= sc:space ?query", "hash= sc:space  ?query#fragment"}},
	{"WHATWG: forbidden host and forbidden domain code points split (| forbidden in hosts; C0 controls, % and DEL in domains)",
		"forbidden host -|; forbidden domain -| -U+0001..U+0008 -U+000B..U+000C -U+000E..U+001F -U+007F",
		[]string{"sc://a|b/", "http://a\x01b/", "http://a\x7fb/", "http://ho%7Cst/", "http://ho%1Fst/", "asdf://%43|/"}, nil},
	{"WHATWG: UTS #46 nontransitional processing (the standard used transitional processing before)",
		"uts46 +transitional",
		[]string{"https://faß.ExAmPlE/"}, nil},
}

// TestHistory: the report of each historical variant lists the WPT cases
// that tell it from the library.
func TestHistory(t *testing.T) {
	in := wptInputs(t)
	for _, h := range history {
		r, err := Impact(MustParse(h.variant), in)
		if err != nil {
			t.Fatal(err)
		}
		var got, gotSetters []string
		for _, c := range r.URLTestData.Changed {
			got = append(got, c.Input)
		}
		for _, c := range r.Setters.Changed {
			gotSetters = append(gotSetters, c.Setter+" "+c.Input)
		}
		for _, c := range h.cases {
			if !slices.Contains(got, c) {
				t.Errorf("%s: %q not among the changed cases %q", h.name, c, got)
			}
		}
		for _, c := range h.setters {
			if !slices.Contains(gotSetters, c) {
				t.Errorf("%s: setter %q not among the changed cases %q", h.name, c, gotSetters)
			}
		}
		if !strings.Contains(r.URLTestData.Patch, "@@") || r.URLTestData.DiffLines == 0 {
			t.Errorf("%s: no patch", h.name)
		}
		checkPatch(t, string(in.URLTestData), r.URLTestData.Patch)
		checkPatch(t, string(in.Setters), r.Setters.Patch)
	}
}

// checkPatch applies a unified diff to file, checking every context and
// removed line, and checks that the result is JSON.
func checkPatch(t *testing.T, file, patch string) {
	t.Helper()
	if patch == "" {
		return
	}
	lines := strings.Split(strings.TrimSuffix(file, "\n"), "\n")
	var out []string
	pos := 0
	pl := strings.Split(strings.TrimSuffix(patch, "\n"), "\n")[2:]
	for i := 0; i < len(pl); i++ {
		l := pl[i]
		if strings.HasPrefix(l, "@@") {
			var a, an, b, bn int
			if _, err := sscanf(l, &a, &an, &b, &bn); err != nil {
				t.Fatalf("bad hunk header %q", l)
			}
			out = append(out, lines[pos:a-1]...)
			pos = a - 1
			continue
		}
		switch l[0] {
		case ' ', '-':
			if lines[pos] != l[1:] {
				t.Fatalf("patch line %q does not match file line %d %q", l, pos+1, lines[pos])
			}
			if l[0] == ' ' {
				out = append(out, lines[pos])
			}
			pos++
		case '+':
			out = append(out, l[1:])
		}
	}
	out = append(out, lines[pos:]...)
	if !jsonValid(strings.Join(out, "\n")) {
		t.Fatal("the patched file is not JSON")
	}
}
