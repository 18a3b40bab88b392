package webcalc_test

import (
	"encoding/json"
	"fmt"

	"github.com/urlspec/urlspec/internal/webcalc"
)

func ExampleExplain() {
	var a webcalc.ExplainAnswer
	json.Unmarshal([]byte(webcalc.Explain("../x", "file:///C:/dir/sub/", "")), &a)
	fmt.Println(a.Href, a.Getters.Pathname, a.Validity.Valid, a.Validity.Mode)
	json.Unmarshal([]byte(webcalc.Explain("http://a b/", "", "")), &a)
	fmt.Println(a.Failure != "", a.Validity.Error)
	fmt.Println(a.Validity.Line)
	fmt.Println(a.Validity.Caret)
	// Output:
	// file:///C:/dir/x /C:/dir/x true file
	// true domain-invalid-code-point: forbidden domain code point U+0020
	// http://a b/
	//         ^
}

func ExampleCompare() {
	var c webcalc.CompareAnswer
	json.Unmarshal([]byte(webcalc.Compare("http://a/ü", "http://a/%C3%BC", "")), &c)
	for _, l := range c.Levels {
		fmt.Println(l.Level, l.Equivalent)
	}
	fmt.Println(c.RelativeAB)
	// Output:
	// identical false
	// normal false
	// encoded true
	// decoded true
	// whatwg true
	// ε (the empty reference: B is A)
}

func ExampleClaim() {
	var c webcalc.ClaimAnswer
	json.Unmarshal([]byte(webcalc.Claim("norm(norm(a)) == norm(a)", 100)), &c)
	fmt.Print(c.Text)
	// Output:
	// holds (100 cases)
}

func ExampleEval() {
	var e webcalc.EvalAnswer
	json.Unmarshal([]byte(webcalc.Eval(`goto("//", "./")`, "")), &e)
	fmt.Println(e.Value)
	fmt.Println(e.String)
	// Output:
	// (authority ε)・(path-root /)・(dir .)  (prints as "///./")
	// ///./
}

func ExampleWhatIf() {
	var a webcalc.WhatIfAnswer
	json.Unmarshal([]byte(webcalc.WhatIf("ipv4 -hex", "http://0x7f.1/\nhttp://127.1/")), &a)
	r := a.Report
	fmt.Println(len(r.URLTestData.Changed) > 0, r.Corpus.Lines, r.Corpus.NewlyFailing, r.Corpus.Kinds[0].Kind)
	var bad webcalc.WhatIfAnswer
	json.Unmarshal([]byte(webcalc.WhatIf("ipv4 -decimal", "")), &bad)
	fmt.Println(bad.Error)
	// Output:
	// true 2 1 newly failing: IPv4-non-numeric-part
	// whatif: "decimal" at byte 6: unknown IPv4 form: want one of hex, octal, short
}
