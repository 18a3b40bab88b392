package conformance_test

import (
	"fmt"
	"testing"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/internal/display"
	"github.com/urlspec/urlspec/internal/gen"
	"github.com/urlspec/urlspec/internal/laws"
)

// TestPipelineLawWHATWGURL is the law parse-resolve-normalise with the
// differential oracle: the inputs the law draws (laws.WHATWGInput, the
// law's seed 1), run through the spec's operations written out
// (laws.SpecPipeline) and through whatwg-url, compared on failure and on
// the eleven getters. It skips, with a message, when node is absent.
func TestPipelineLawWHATWGURL(t *testing.T) {
	node := differentialNode(t)
	const n = laws.DefaultCases
	reqs := make([]diffRequest, n)
	for i := range reqs {
		reqs[i].Input, reqs[i].Base = laws.WHATWGInput(gen.CaseSource(1, i))
	}
	theirs := runWHATWGURL(t, node, reqs)
	differ, parsed := 0, 0
	for i, r := range reqs {
		got := specAnswer(r)
		if got != theirs[i] && specAnswer(perByteFFFD(r)) != theirs[i] { // whatwg-url reads each invalid byte as U+FFFD
			differ++
			if differ <= 20 {
				t.Errorf("input %q, base %v:\n  spec pipeline: %+v\n  whatwg-url:    %+v", r.Input, r.Base, got, theirs[i])
			}
		}
		if !got.Failure {
			parsed++
		}
	}
	t.Logf("parse-resolve-normalise: %d generated inputs, %d differences from whatwg-url (%d parsed)", n, differ, parsed)
	if parsed < n/4 {
		t.Errorf("only %d of %d inputs parse: the comparison tests little", parsed, n)
	}
}

// specAnswer answers a request with laws.SpecPipeline, its getters read
// from the URL it gives.
func specAnswer(r diffRequest) diffAnswer {
	_, m, err := laws.SpecPipeline(r.Input, r.Base)
	if err != nil {
		return diffAnswer{Failure: true}
	}
	ref, err := urlspec.FromModel(m)
	var u urlspec.URL
	if err == nil {
		u, err = ref.URL()
	}
	if err != nil {
		return diffAnswer{Failure: true, Getters: display.Getters{Href: fmt.Sprint(err)}}
	}
	return diffAnswer{Getters: display.GettersOf(u)}
}
