package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/display"
)

// The two input families of issue 21 item 3 for the command: a URL with
// many validation errors for parse's text output, and a deeply nested
// expression for eval. Each is made to be n bytes long.
func manyErrorsInput(n int) string { return "http://h/" + strings.Repeat("%zz/./", (n-9)/6) }

func nestedExpr(n int) string {
	d := (n - 11) / 6
	return strings.Repeat("norm(", d) + `"http://a/"` + strings.Repeat(")", d)
}

// outputBytes runs the command line and returns how many bytes it writes.
func outputBytes(t testing.TB, stdin string, args ...string) int {
	var out, errb bytes.Buffer
	if code := run(args, strings.NewReader(stdin), &out, &errb); code == exitUsage {
		t.Fatalf("urlspec %.40q: usage error %s", args, errb.String())
	}
	return out.Len()
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
		{"eval nested", func(n int) int { return outputBytes(t, "", "eval", nestedExpr(n)) }},
	} {
		small, large := c.run(10_000), c.run(100_000)
		if large > 12*small {
			t.Errorf("%s: %d bytes of output at 10 KB, %d at 100 KB (%.1f×, want ≤ 12×)", c.name, small, large, float64(large)/float64(small))
		}
	}
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

// TestCaretColumns: caretColumns draws every caret where display.PointAt
// does, for quoted inputs, wide characters and invalid UTF-8 too.
func TestCaretColumns(t *testing.T) {
	for _, s := range []string{"", "http://a/", "http://a b/\"q\"", "http://例え.jp/ü?\xff#\t", "a\x00\u0301b"} {
		line, cols := caretColumns(s)
		for off := 0; off <= len(s)+1; off++ {
			wantLine, wantCaret := display.PointAt(s, off)
			if line != wantLine || strings.Repeat(" ", cols[min(off, len(s))])+"^" != wantCaret {
				t.Errorf("caretColumns(%q) at %d: %q column %d, PointAt gives %q %q", s, off, line, cols[min(off, len(s))], wantLine, wantCaret)
			}
		}
	}
}

// BenchmarkOutputScaling times parse's text output with many validation
// errors and eval of a nested expression at 10 KB, 100 KB and 1 MB. Besides
// ns/op (wall time) it reports cpu-ns/op, the process's user and system
// time per run (getrusage), which a loaded machine disturbs less:
//
//	go test ./cmd/urlspec -run '^$' -bench OutputScaling -benchtime 3x
func BenchmarkOutputScaling(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		in := manyErrorsInput(n) + "\n"
		b.Run(fmt.Sprintf("parse-text/%dKB", n/1000), func(b *testing.B) {
			cpu := cpuTime()
			for range b.N {
				b.SetBytes(int64(n))
				outputBytes(b, in, "parse")
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
		})
		expr := nestedExpr(n)
		b.Run(fmt.Sprintf("eval-nested/%dKB", n/1000), func(b *testing.B) {
			cpu := cpuTime()
			for range b.N {
				b.SetBytes(int64(n))
				outputBytes(b, "", "eval", expr)
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}
