package explain

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
)

// scalingInput is the input of issue 13 §3: http://example.com/ followed by
// n repeats of a/b/../c/./, which made explain and the traced
// normalisation quadratic.
func scalingInput(n int) string {
	return "http://example.com/" + strings.Repeat("a/b/../c/./", n)
}

var scalingSink int

// BenchmarkScaling measures explain (readable and JSON) and
// normalize.Trace on scalingInput(n) for n = 10³, 10⁴, 10⁵:
// BenchmarkScaling/<shape>/n=<n>, the layout bench/scaling reads
// (go run ./scaling -pkg ../explain from bench/ prints the ratios per 10× n,
// which should stay ≤ 12).
func BenchmarkScaling(b *testing.B) {
	var parsed map[string]model.URL
	shapes := []struct {
		name string
		run  func(in string)
	}{
		{"explain-text", func(in string) { New(in, nil, Options{}).WriteText(io.Discard, false) }},
		{"explain-json", func(in string) { New(in, nil, Options{}).WriteJSON(io.Discard) }},
		{"normalize", func(in string) { // the untraced baseline
			u := normalize.Normalize(parsed[in])
			scalingSink += u.NumDirs()
		}},
		{"normalize-trace", func(in string) {
			u := parsed[in] // parsed once, outside the measured loop
			_, steps := normalize.Trace(u)
			scalingSink += len(steps)
		}},
	}
	parsed = map[string]model.URL{}
	for _, n := range []int{1000, 10000, 100000} {
		in := scalingInput(n)
		parsed[in], _ = grammar.Parse(in, grammar.Web)
	}
	for _, s := range shapes {
		b.Run(s.name, func(b *testing.B) {
			for _, n := range []int{1000, 10000, 100000} {
				in := scalingInput(n)
				b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
					b.ReportAllocs()
					b.SetBytes(int64(len(in)))
					for b.Loop() {
						s.run(in)
					}
					b.ReportMetric(float64(len(in)), "input-bytes")
				})
			}
		})
	}
}

// The explanation of a long input stays in proportion to it: the
// normalisation phase summarises the long run of steps.
func TestExplainLongInputLinear(t *testing.T) {
	in := scalingInput(20000)
	x := New(in, nil, Options{})
	var b strings.Builder
	x.WriteText(&b, false)
	if x.Mismatch() != "" || x.Failed() {
		t.Fatalf("explain fails: %s", x.Mismatch())
	}
	if !strings.Contains(b.String(), "more steps, summarised: ") {
		t.Errorf("no summarised run in the normalisation phase")
	}
	if b.Len() > 40*len(in) {
		t.Errorf("explain writes %d bytes for a %d-byte input", b.Len(), len(in))
	}
	j, err := json.Marshal(x)
	if err != nil || len(j) > 100*len(in) {
		t.Errorf("explain --json: %d bytes, %v", len(j), err)
	}
}
