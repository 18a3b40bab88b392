package conformance_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/internal/gen"
	"github.com/urlspec/urlspec/internal/refops"
	"github.com/urlspec/urlspec/whatwg"
)

// The validation differential compares urlspec.ValidationErrors and Validate
// (through refops, which adds a base) and
// with whatwg-url 17.3.0's
// parseURLWithValidationErrors(input, {baseURL}) and
// isValidURLString(input, {baseURL}) (conformance/differential/validation.js)
// on: every input of WPT's urltestdata.json with its base and, where it has
// one, without; every line of the three corpora in testdata/, without a base
// and against validationCorpusBase; and generated strings (fixed seed, a
// third against a base). For each input it checks that the failure and the
// href agree, that the SET of validation-error names is the same, and that
// the two "valid URL string" verdicts agree; it counts, besides, the inputs
// whose multiset and whose sequence of names agree (whatwg-url reports a
// name once per occurrence, as the standard's steps do, and so does
// urlspec: see docs/conformance.md).
//
// TestWHATWGTranscriptionHref needs no node: the transcription's href
// (package whatwg) equals urlspec.Parse's on the same inputs.

// validationCorpusBase is the base the corpus lines are parsed against, in
// the second pass over them.
const validationCorpusBase = "https://example.org/dir/page?q#f"

// validationGenerated is the number of generated inputs; set
// URLSPEC_VALIDATION_CASES=N for more (e.g. 1000000).
func validationGenerated(t *testing.T) int {
	return envCount(t, "URLSPEC_VALIDATION_CASES", 20000, 1000)
}

func strptr(s string) *string { return &s }

// validationSets returns the inputs of the validation differential, by set.
func validationSets(t *testing.T) []diffSet {
	var sets []diffSet
	var with, without []diffRequest
	for _, c := range loadURLTestData(t) {
		with = append(with, diffRequest{Input: c.Input, Base: c.Base})
		if c.Base != nil {
			without = append(without, diffRequest{Input: c.Input})
		}
	}
	sets = append(sets, diffSet{"WPT urltestdata with its base", with}, diffSet{"WPT urltestdata without a base", without})
	for _, name := range []string{"kasztp.txt", "node_files.txt", "isaacs_files.txt"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		var plain, based []diffRequest
		for _, line := range strings.Split(string(data), "\n") {
			if line != "" {
				plain = append(plain, diffRequest{Input: line})
				based = append(based, diffRequest{Input: line, Base: strptr(validationCorpusBase)})
			}
		}
		sets = append(sets, diffSet{"testdata/" + name, plain}, diffSet{"testdata/" + name + " against " + validationCorpusBase, based})
	}
	var reqs []diffRequest
	for i := range validationGenerated(t) {
		src := gen.CaseSource(20261123, i)
		r := diffRequest{Input: gen.URLString(src)}
		if src.Choose(3) == 2 {
			var b string
			if src.Choose(2) == 0 {
				b = gen.Seed(src)
			} else {
				b = gen.URLString(src)
			}
			r.Base = &b
		}
		reqs = append(reqs, r)
	}
	sets = append(sets, diffSet{"generated (seed 20261123)", reqs})
	var extra []diffRequest
	for _, in := range validationExtraInputs {
		extra = append(extra, diffRequest{Input: in})
	}
	sets = append(sets, diffSet{"hand-written inputs", extra})
	return sets
}

// validationExtraInputs are inputs that once differed from whatwg-url: a
// leading BOM in a host, which the host parser's "UTF-8 decode without
// BOM" keeps (https://encoding.spec.whatwg.org/#utf-8-decode-without-bom).
var validationExtraInputs = []string{
	"http://\uFEFF1.2.3.4/", "http://\uFEFFxn--a:99999/", "http://%EF%BB%BF1.2.3.4/",
	"http://\uFEFFa.com/", "http://%EF%BB%BFxn--a/",
}

// oursHref returns urlspec.Parse's href for r, and false for failure (of
// the base or of the input).
func oursHref(r diffRequest) (string, *urlspec.URL, bool) {
	var base *urlspec.URL
	if r.Base != nil {
		b, err := urlspec.Parse(*r.Base)
		if err != nil {
			return "", nil, false
		}
		base = &b
	}
	u, err := refops.Parse(r.Input, base)
	if err != nil {
		return "", base, false
	}
	return u.Href(), base, true
}

// The transcription of the standard's parser (package whatwg) gives the
// same href as urlspec.Parse, or fails with it, on every input of the
// validation differential.
func TestWHATWGTranscriptionHref(t *testing.T) {
	for _, s := range validationSets(t) {
		same, failed := 0, 0
		for _, r := range s.reqs {
			want, ubase, ok := oursHref(r)
			var base *whatwg.URL
			if r.Base != nil {
				base, _ = whatwg.Parse(*r.Base, nil)
				if (base == nil) != (ubase == nil) {
					t.Errorf("%s: base %q: whatwg and urlspec.Parse disagree on its failure", s.name, *r.Base)
					continue
				}
				if base == nil {
					failed++
					continue
				}
				if base.Href() != ubase.Href() {
					t.Errorf("%s: base %q: whatwg gives %q, urlspec.Parse %q", s.name, *r.Base, base.Href(), ubase.Href())
				}
			}
			u, errs := whatwg.Parse(r.Input, base)
			switch {
			case u == nil && !ok:
				failed++
				if len(errs) == 0 {
					t.Errorf("%s: %q: a failure without a validation error", s.name, r.Input)
				}
			case u == nil:
				t.Errorf("%s: %q (base %v): whatwg fails (%v), urlspec.Parse gives %q", s.name, r.Input, r.Base, errs, want)
			case !ok:
				t.Errorf("%s: %q (base %v): whatwg gives %q, urlspec.Parse fails", s.name, r.Input, r.Base, u.Href())
			case u.Href() != want:
				t.Errorf("%s: %q (base %v): whatwg gives %q, urlspec.Parse %q", s.name, r.Input, r.Base, u.Href(), want)
			default:
				same++
			}
		}
		t.Logf("%s: %d inputs, %d same href, %d failed alike", s.name, len(s.reqs), same, failed)
	}
}

type validationAnswer struct {
	BaseFailure bool     `json:"baseFailure"`
	Href        *string  `json:"href"`
	Errors      []string `json:"errors"`
	Valid       bool     `json:"valid"`
}

// runValidationJS answers every request with whatwg-url, in one node process.
func runValidationJS(t *testing.T, node string, reqs []diffRequest) []validationAnswer {
	return runNodeLines[diffRequest, validationAnswer](t, node, []string{"--max-old-space-size=4096", "validation.js"}, reqs)
}

func nameSet(names []string) []string {
	s := slices.Clone(names)
	slices.Sort(s)
	return slices.Compact(s)
}

func nameMultiset(names []string) []string {
	s := slices.Clone(names)
	slices.Sort(s)
	return s
}

func TestValidationDifferentialWHATWGURL(t *testing.T) {
	node := differentialNode(t)
	sets := validationSets(t)
	var all []diffRequest
	for _, s := range sets {
		all = append(all, s.reqs...)
	}
	start := time.Now()
	theirs := runValidationJS(t, node, all)
	t.Logf("whatwg-url took %v for %d inputs", time.Since(start).Round(time.Millisecond), len(all))
	at := 0
	var total struct{ inputs, sets, multisets, sequences, validity, withErrors, validYes int }
	for _, s := range sets {
		inputs, setsAgree, multisets, sequences, validity, withErrors, baseFailures, validYes := 0, 0, 0, 0, 0, 0, 0, 0
		reported := 0
		report := func(format string, args ...any) {
			reported++
			if reported <= 20 {
				t.Errorf(format, args...)
			}
		}
		for i, r := range s.reqs {
			want := theirs[at+i]
			href, base, ok := oursHref(r)
			if want.BaseFailure {
				if r.Base != nil && base != nil {
					report("%s: base %q: whatwg-url fails, urlspec parses it", s.name, *r.Base)
				}
				baseFailures++
				continue
			}
			if r.Base != nil && base == nil {
				report("%s: base %q: urlspec fails, whatwg-url parses it", s.name, *r.Base)
				continue
			}
			inputs++
			u, errs, err := refops.ParseWithValidationErrors(r.Input, base)
			if (err == nil) != ok || ok && u.Href() != href {
				report("%s: %q: ParseWithValidationErrors differs from Parse", s.name, r.Input)
			}
			switch {
			case want.Href == nil && ok:
				report("%s: %q (base %v): whatwg-url fails, urlspec gives %q", s.name, r.Input, r.Base, href)
			case want.Href != nil && !ok:
				report("%s: %q (base %v): urlspec fails, whatwg-url gives %q", s.name, r.Input, r.Base, *want.Href)
			case want.Href != nil && *want.Href != href:
				report("%s: %q (base %v): href %q, whatwg-url %q", s.name, r.Input, r.Base, href, *want.Href)
			}
			var names []string
			for _, e := range errs {
				names = append(names, e.Name)
			}
			if len(want.Errors) > 0 {
				withErrors++
			}
			if slices.Equal(nameSet(names), nameSet(want.Errors)) {
				setsAgree++
			} else {
				report("%s: %q (base %v): validation errors %v, whatwg-url %v", s.name, r.Input, r.Base, names, want.Errors)
			}
			if slices.Equal(nameMultiset(names), nameMultiset(want.Errors)) {
				multisets++
			}
			if slices.Equal(names, want.Errors) {
				sequences++
			}
			valid := refops.CheckURLString(r.Input, base)
			if (valid == nil) == want.Valid {
				validity++
				if want.Valid {
					validYes++
				}
			} else {
				report("%s: %q (base %v): valid URL string: urlspec %v, whatwg-url %v", s.name, r.Input, r.Base, valid, want.Valid)
			}
		}
		at += len(s.reqs)
		t.Logf("%s: %d inputs (%d more with a base that fails in both); %d with validation errors; names agree as sets %d, as multisets %d, in order %d; validity agrees %d (%d valid URL strings)",
			s.name, inputs, baseFailures, withErrors, setsAgree, multisets, sequences, validity, validYes)
		if reported > 20 {
			t.Errorf("%s: %d differences in all", s.name, reported)
		}
		total.inputs += inputs
		total.sets += setsAgree
		total.multisets += multisets
		total.sequences += sequences
		total.validity += validity
		total.withErrors += withErrors
		total.validYes += validYes
	}
	if total.withErrors == 0 || total.validYes == 0 || total.validYes == total.inputs {
		t.Errorf("no validation error, or no valid or no invalid URL string, in all the inputs: the comparison tests little")
	}
	msg := fmt.Sprintf("validation differential: %d inputs, %d with validation errors; names agree as sets on %d, as multisets on %d, in order on %d; validity agrees on %d (%d valid URL strings)",
		total.inputs, total.withErrors, total.sets, total.multisets, total.sequences, total.validity, total.validYes)
	t.Log(msg)
	fmt.Println("conformance:", msg)
}

// FuzzTranscriptionHref: the transcription (package whatwg) and
// urlspec.Parse agree on failure and href, and ParseWithValidationErrors
// returns Parse's result with the transcription's validation errors.
func FuzzTranscriptionHref(f *testing.F) {
	for _, s := range [][2]string{
		{"https://user:pa ss@exa%6Dple.org:8080/a\\b/../c?d e#f g", ""}, {"c|/x", "file:///C:/a"},
		{"http://[1::2:3.4.5.6]/", ""}, {"sc://a b/", ""}, {"#f", "mailto:a"}, {"..", "sc:/a/b"},
		{"file://localhost/C|", ""}, {"//h/p", "https://x/"}, {"http:\xe2\n\x98\x83//h/", ""},
	} {
		f.Add(s[0], s[1])
	}
	for _, in := range validationExtraInputs {
		f.Add(in, "")
	}
	for _, c := range loadURLTestData(f) { // every input and base of WPT's urltestdata
		base := ""
		if c.Base != nil {
			base = *c.Base
		}
		f.Add(c.Input, base)
	}
	f.Fuzz(func(t *testing.T, input, baseInput string) {
		r := diffRequest{Input: input}
		if baseInput != "" {
			r.Base = &baseInput
		}
		want, ubase, ok := oursHref(r)
		var base *whatwg.URL
		if r.Base != nil {
			base, _ = whatwg.Parse(baseInput, nil)
			if (base == nil) != (ubase == nil) {
				t.Fatalf("base %q: whatwg and urlspec.Parse disagree on failure", baseInput)
			}
			if base == nil {
				return
			}
		}
		u, errs := whatwg.Parse(input, base)
		if (u != nil) != ok || ok && u.Href() != want {
			got := "failure"
			if u != nil {
				got = u.Href()
			}
			t.Fatalf("%q (base %q): whatwg %q %v, urlspec.Parse %q (ok %v)", input, baseInput, got, errs, want, ok)
		}
		v, verrs, err := refops.ParseWithValidationErrors(input, ubase)
		if (err == nil) != ok || ok && v.Href() != want || !slices.Equal(verrs, errs) {
			t.Fatalf("%q: ParseWithValidationErrors differs", input)
		}
	})
}
