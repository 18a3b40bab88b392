package webcalc_test

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/webcalc"
)

func whatIfAnswer(t *testing.T, variant, corpus string) webcalc.WhatIfAnswer {
	t.Helper()
	var a webcalc.WhatIfAnswer
	if err := json.Unmarshal([]byte(webcalc.WhatIf(variant, corpus)), &a); err != nil {
		t.Fatalf("WhatIf(%q): %v", variant, err)
	}
	return a
}

// Deviation 3 (docs/deviations.md: seed 0.9.0 leaves ^ out of the path
// sets) as a variant: the report lists the WPT case that tells it from
// the library, with the patch, the corpus's changed line and the laws.
func TestWhatIfDeviation3(t *testing.T) {
	a := whatIfAnswer(t, "encode path -^", "http://h/a^b\nhttp://h/?^\n\n")
	r := a.Report
	if a.Error != "" || r == nil || r.URLTestData == nil || r.Setters == nil {
		t.Fatalf("%+v", a)
	}
	var inputs []string
	for _, c := range r.URLTestData.Changed {
		inputs = append(inputs, c.Input)
	}
	const distinguishing = "foo://host/ !\"$%&'()*+,-./:;<=>@[\\]^_`{|}~"
	if !slices.Contains(inputs, distinguishing) || r.URLTestData.Cases != 891 {
		t.Errorf("the changed WPT cases %q (of %d) lack %q", inputs, r.URLTestData.Cases, distinguishing)
	}
	if !strings.Contains(r.URLTestData.Patch, "+++ b/url/resources/urltestdata.json") || !strings.Contains(r.URLTestData.Patch, "%5E") {
		t.Errorf("patch:\n%s", r.URLTestData.Patch)
	}
	if c := r.Corpus; c == nil || c.Lines != 2 || c.Changed != 1 || c.Unchanged != 1 || c.Kinds[0].Examples[0].After != "http://h/a^b" {
		t.Errorf("corpus: %+v", c)
	}
	if len(r.Laws) == 0 || r.LawsError != "" {
		t.Errorf("laws: %+v %s", r.Laws, r.LawsError)
	}
	for _, l := range r.Laws {
		if l.Holds && (l.NotChecked != "" || l.Vacuous) || !l.Holds && l.Counterexample == "" && l.NotChecked == "" && !l.Vacuous {
			t.Errorf("law %+v", l)
		}
	}
	for _, want := range []string{"Impact of variant: encode path -^", "WPT urltestdata.json", "Corpus\n", "Laws\n"} {
		if !strings.Contains(a.Text, want) {
			t.Errorf("the text lacks %q:\n%s", want, a.Text)
		}
	}
}

// No corpus: the report has no corpus section; the zero variant changes
// no WPT case and every law holds.
func TestWhatIfZero(t *testing.T) {
	a := whatIfAnswer(t, "", "")
	r := a.Report
	if a.Error != "" || r == nil || r.Corpus != nil || len(r.URLTestData.Changed) != 0 || len(r.Setters.Changed) != 0 || r.URLTestData.Patch != "" {
		t.Fatalf("%+v", a)
	}
	for _, l := range r.Laws {
		if !l.Holds {
			t.Errorf("%s does not hold under the zero variant: %s", l.Name, l.Counterexample)
		}
	}
}

// An invalid variant gives whatif's syntax error, with a caret under the
// offending token.
func TestWhatIfSyntaxError(t *testing.T) {
	a := whatIfAnswer(t, "encode fragmnt +^", "")
	if a.Report != nil || !strings.Contains(a.Error, `"fragmnt" at byte 7: unknown part`) || a.Offset != 7 ||
		a.Line != "encode fragmnt +^" || a.Caret != "       ^" || !strings.HasPrefix(a.Text, a.Error+"\n") {
		t.Errorf("%+v", a)
	}
	if a := whatIfAnswer(t, "rule +dot", ""); a.Error == "" || a.Report != nil {
		t.Errorf("rule +dot: %+v", a)
	}
}

// The embedded WPT files are conformance/testdata's copy, byte for byte.
func TestEmbeddedWPT(t *testing.T) {
	for _, f := range []string{"urltestdata.json", "setters_tests.json"} {
		a, err := os.ReadFile("wpt/" + f)
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile("../../conformance/testdata/" + f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("internal/webcalc/wpt/%s differs from conformance/testdata/%s: copy it again", f, f)
		}
	}
}
