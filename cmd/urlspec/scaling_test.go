package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/claim"
)

// The two input families of issue 21 item 3 for the command: a URL with
// many validation errors for parse's text output, and a deeply nested
// expression for eval. Each is made to be n bytes long.
func manyErrorsInput(n int) string { return "http://h/" + strings.Repeat("%zz/./", (n-9)/6) }

func nestedExpr(n int) string {
	d := (n - 11) / 6
	return strings.Repeat("norm(", d) + `"http://a/"` + strings.Repeat(")", d)
}

// nestedDepth is the same expression with depth terms in all: norm( depth-1
// times around the literal. nestedExpr(n) has (n-11)/6+1 terms, so from
// about 60 KB on it nests deeper than claim.MaxDepth and eval refuses it.
func nestedDepth(depth int) string {
	return strings.Repeat("norm(", depth-1) + `"http://a/"` + strings.Repeat(")", depth-1)
}

// outputBytes runs the command line and returns how many bytes it writes;
// it fails the test on a usage error (exit status 2).
func outputBytes(t testing.TB, stdin string, args ...string) int {
	n, code, stderr := outputBytesExit(stdin, args...)
	if code == exitUsage {
		t.Fatalf("urlspec %.40q: usage error %.200s", args, stderr)
	}
	return n
}

// outputBytesExit runs the command line and returns how many bytes it
// writes to stdout, its exit status and what it writes to stderr.
func outputBytesExit(stdin string, args ...string) (int, int, string) {
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return out.Len(), code, errb.String()
}

// evalNestedBytes runs eval on an expression from stdin and returns its
// output's length. An expression nesting deeper than claim.MaxDepth must be
// refused as malformed (exit status 2, with the depth message); any other
// must evaluate (exit status 0).
func evalNestedBytes(t testing.TB, expr string) int {
	n, code, stderr := outputBytesExit(expr, "eval", "-")
	if depth := strings.Count(expr, "(") + 1; depth > claim.MaxDepth {
		if code != exitUsage || !strings.Contains(stderr, fmt.Sprintf("nests deeper than %d terms", claim.MaxDepth)) {
			t.Fatalf("eval of a %d-deep expression: exit status %d, %.200q; want %d and the depth limit", depth, code, stderr, exitUsage)
		}
	} else if code != exitOK {
		t.Fatalf("eval of a %d-deep expression: exit status %d, %.200q", depth, code, stderr)
	}
	return n
}

// TestOutputLinear: the output of parse (text, with many validation
// errors) and of eval (a deeply nested expression) grows at most 12× when
// the input grows 10×: the listing of errors is capped and the steps of an
// evaluation are bounded in depth. Before, both grew with the square of the
// input (issue 21 item 3). The byte counts are deterministic, so this test
// cannot pass by luck of timing; BenchmarkOutputScaling times the same runs.
func TestOutputLinear(t *testing.T) {
	for _, c := range []struct {
		name string
		run  func(n int) int
	}{
		{"parse text", func(n int) int { return outputBytes(t, manyErrorsInput(n)+"\n", "parse") }},
		{"eval nested", func(n int) int { return evalNestedBytes(t, nestedExpr(n)) }},
	} {
		small, large := c.run(10_000), c.run(100_000)
		if large > 12*small {
			t.Errorf("%s: %d bytes of output at 10 KB, %d at 100 KB (%.1f×, want ≤ 12×)", c.name, small, large, float64(large)/float64(small))
		}
	}
	// The deepest expression eval accepts (about 60 KB) has an output
	// linear in its length too: at most 12× that of 10 KB for 6× the input.
	small, deepest := evalNestedBytes(t, nestedExpr(10_000)), evalNestedBytes(t, nestedDepth(claim.MaxDepth))
	if deepest > 12*small {
		t.Errorf("eval nested: %d bytes of output at 10 KB, %d at depth %d (%.1f×, want ≤ 12×)", small, deepest, claim.MaxDepth, float64(deepest)/float64(small))
	}
	evalNestedBytes(t, nestedDepth(claim.MaxDepth+1)) // refused
	// parse lists the first maxListedErrors errors, then how many more;
	// --all-errors lists them all.
	in := manyErrorsInput(1000)
	var out bytes.Buffer
	run([]string{"parse", in}, nil, &out, io.Discard)
	if got := strings.Count(out.String(), "^ invalid-URL-unit"); got != maxListedErrors {
		t.Errorf("parse lists %d errors, want %d", got, maxListedErrors)
	}
	if !strings.Contains(out.String(), fmt.Sprintf("… %d more (--all-errors", (1000-9)/6-maxListedErrors)) {
		t.Errorf("parse does not say how many more errors there are:\n%s", out.String())
	}
	out.Reset()
	run([]string{"parse", "--all-errors", in}, nil, &out, io.Discard)
	if got := strings.Count(out.String(), "^ invalid-URL-unit"); got != (1000-9)/6 {
		t.Errorf("parse --all-errors lists %d errors, want %d", got, (1000-9)/6)
	}
}

// BenchmarkOutputScaling times parse's text output with many validation
// errors and eval of a nested expression at 10 KB, 100 KB and 1 MB, and
// eval of the deepest nested expression it accepts (claim.MaxDepth terms,
// about 60 KB). The nested expressions of 100 KB and 1 MB nest deeper than
// claim.MaxDepth: those runs time their refusal. Besides ns/op (wall time)
// it reports cpu-ns/op, the process's user and system time per run
// (getrusage), which a loaded machine disturbs less:
//
//	go test ./cmd/urlspec -run '^$' -bench OutputScaling -benchtime 3x
func BenchmarkOutputScaling(b *testing.B) {
	bench := func(name string, n int, f func()) {
		b.Run(name, func(b *testing.B) {
			cpu := cpuTime()
			for range b.N {
				b.SetBytes(int64(n))
				f()
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		in := manyErrorsInput(n) + "\n"
		bench(fmt.Sprintf("parse-text/%dKB", n/1000), n, func() { outputBytes(b, in, "parse") })
		expr := nestedExpr(n)
		bench(fmt.Sprintf("eval-nested/%dKB", n/1000), n, func() { evalNestedBytes(b, expr) })
	}
	deepest := nestedDepth(claim.MaxDepth)
	bench(fmt.Sprintf("eval-nested/depth-%d", claim.MaxDepth), len(deepest), func() { evalNestedBytes(b, deepest) })
}
