package webcalc

import (
	_ "embed" // the WPT files of the what-if report
	"errors"
	"strings"

	"github.com/urlspec/urlspec/internal/laws"
	"github.com/urlspec/urlspec/whatif"
)

// The web-platform-tests files the what-if panel measures a variant
// against: url/resources/urltestdata.json and setters_tests.json of
// github.com/web-platform-tests/wpt (3-clause BSD licence, see
// wpt/LICENSE-wpt.md), the same bytes as conformance/testdata's copy
// (TestEmbeddedWPT checks it).
var (
	//go:embed wpt/urltestdata.json
	urlTestData []byte
	//go:embed wpt/setters_tests.json
	settersTests []byte
)

// WhatIfCases is the number of generated cases each law is checked on in
// the what-if report: modest, so that the page answers in seconds in
// WebAssembly (`urlspec laws` checks 10000).
const WhatIfCases = 100

// WhatIfAnswer is what the page shows for a variant: the report of
// whatif.Impact (WPT, the corpus when one is given, the laws), its text
// form as `urlspec whatif` writes it, or the variant's syntax error.
type WhatIfAnswer struct {
	// Error is the variant's syntax error, as whatif.Parse reports it;
	// Offset is the byte offset of the offending token in the variant, and
	// Line and Caret the variant with a caret under it.
	Error  string `json:"error,omitempty"`
	Offset int    `json:"offset"`
	Line   string `json:"line,omitempty"`
	Caret  string `json:"caret,omitempty"`
	// Report is the measured impact; Text its text form.
	Report *whatif.Report `json:"report,omitempty"`
	Text   string         `json:"text"`
}

// WhatIf measures the variant (whatif's text form, e.g. "encode path -^")
// against WPT's urltestdata.json and setters_tests.json, the corpus (one
// URL a line; empty lines are left out, and an empty corpus leaves the
// section out) and the laws (laws.VariantLaws on WhatIfCases cases, seed
// 1).
func WhatIf(variant, corpus string) string {
	ans := WhatIfAnswer{Offset: -1}
	v, err := whatif.Parse(variant)
	if err != nil {
		ans.Error = err.Error()
		var se *whatif.SyntaxError
		if errors.As(err, &se) && se.Offset >= 0 && se.Offset <= len(se.Text) {
			ans.Offset = se.Offset
			ans.Line = se.Text
			ans.Caret = strings.Repeat(" ", len([]rune(se.Text[:se.Offset]))) + "^"
		}
		ans.Text = ans.Error + "\n"
		if ans.Line != "" {
			ans.Text += "  " + ans.Line + "\n  " + ans.Caret + "\n"
		}
		return marshal(ans)
	}
	in := whatif.Inputs{URLTestData: urlTestData, Setters: settersTests, Laws: laws.VariantLaws(WhatIfCases, 1)}
	for _, line := range strings.Split(corpus, "\n") {
		if line = strings.TrimSuffix(line, "\r"); line != "" {
			in.Corpus = append(in.Corpus, line)
		}
	}
	r, err := whatif.Impact(v, in)
	if err != nil {
		ans.Error = err.Error()
		ans.Text = ans.Error + "\n"
		return marshal(ans)
	}
	var text strings.Builder
	if err := r.Write(&text, "text"); err != nil {
		ans.Error = err.Error()
	}
	ans.Report, ans.Text = r, text.String()
	return marshal(ans)
}
