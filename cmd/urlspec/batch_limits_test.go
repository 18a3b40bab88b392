package main

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"
)

// repeatReader yields unit repeated until n bytes have been read, without
// holding them all.
type repeatReader struct {
	unit []byte
	n    int
	off  int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && r.n > 0 {
		c := copy(p[k:min(len(p), k+r.n)], r.unit[r.off:])
		r.off = (r.off + c) % len(r.unit)
		k += c
		r.n -= c
	}
	return k, nil
}

// TestBatch50MBLine: a 50 MB request line (http://h/ and then '%zz', each
// a validation error: 8.8 GB of RSS before there was a limit) is answered
// by one request-too-large failure, in its place, and the lines around it
// are answered as usual. The line is generated as it is read.
func TestBatch50MBLine(t *testing.T) {
	const size = 50 << 20
	prefix := `{"op":"whatwg","input":"http://h/`
	ok := `{"op":"whatwg","input":"http://h/"}` + "\n"
	in := io.MultiReader(
		strings.NewReader(ok),
		strings.NewReader(prefix),
		&repeatReader{unit: []byte("%zz"), n: size - len(prefix) - 2},
		strings.NewReader(`"}`+"\n"),
		strings.NewReader(ok),
	)
	start := time.Now()
	var out bytes.Buffer
	if err := batch(in, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	want := `{"failure":true,"error":"request-too-large: the line has 52428800 bytes, more than the limit of 1048576 (urlspec batch --max-line)"}`
	if len(lines) != 3 || lines[1] != want || !strings.HasPrefix(lines[0], `{"href":"http://h/"`) || lines[2] != lines[0] {
		t.Errorf("answers to ok, 50 MB, ok:\n%s", out.String())
	}
	t.Logf("50 MB line answered in %v", time.Since(start))
}

// TestBatchLimits: a line of exactly --max-line bytes is answered, one byte
// more is not (CRLF and the BOM do not count); an answer longer than
// --max-answer is replaced by a failure, keeping the request's id; the
// flags parse sizes and reject nonsense.
func TestBatchLimits(t *testing.T) {
	req := `{"op":"whatwg","input":"http://h/"}` // 35 bytes
	answers := func(in string, lim batchLimits) []map[string]any {
		t.Helper()
		var out bytes.Buffer
		if err := batchWithLimits(strings.NewReader(in), &out, lim); err != nil {
			t.Fatal(err)
		}
		var got []map[string]any
		for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			var v map[string]any
			if err := json.Unmarshal([]byte(l), &v); err != nil {
				t.Fatalf("answer %q: %v", l, err)
			}
			got = append(got, v)
		}
		return got
	}
	lim := batchLimits{maxLine: len(req)}
	got := answers("\uFEFF"+req+"\r\n"+req+" \n"+req+"\n"+req, lim)
	if len(got) != 4 || got[0]["href"] != "http://h/" || got[2]["href"] != "http://h/" || got[3]["href"] != "http://h/" {
		t.Errorf("lines of exactly --max-line bytes: %v", got)
	}
	if e, _ := got[1]["error"].(string); !strings.HasPrefix(e, "request-too-large: the line has 36 bytes, more than the limit of 35") {
		t.Errorf("a line one byte too long: %v", got[1])
	}
	got = answers(`{"id":9,"op":"whatwg","input":"http://h/%zz%zz%zz"}`+"\n"+req+"\n", batchLimits{maxAnswer: 200})
	if e, _ := got[0]["error"].(string); len(got) != 2 || got[0]["id"] != 9.0 || !strings.HasPrefix(e, "answer-too-large: ") || got[1]["href"] != "http://h/" {
		t.Errorf("an answer over --max-answer: %v", got)
	}
	got = answers(`{"op":"whatwg","input":"http://h/`+strings.Repeat("%zz", 100)+`"}`, batchLimits{maxAnswer: 1000})
	if e, _ := got[0]["error"].(string); !strings.HasPrefix(e, "answer-too-large: the answer has 3500 bytes or more") {
		t.Errorf("100 validation errors over a limit of 1000 bytes: %v", got)
	}
	for s, want := range map[string]int{"0": 0, "10": 10, "2k": 2048, "3M": 3 << 20, "1G": 1 << 30} {
		if n, err := parseSize(s); err != nil || n != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", s, n, err, want)
		}
	}
	for _, s := range []string{"", "-1", "+1", "k", "1.5M", "1T", "99999999999999G"} {
		if _, err := parseSize(s); err == nil {
			t.Errorf("parseSize(%q) accepts it", s)
		}
	}
	out, errs, code := runCLI(t, req+"\n", "batch", "--max-line", "10")
	if code != 0 || !strings.Contains(out, "request-too-large") || errs != "" {
		t.Errorf("batch --max-line 10: exit %d, %q, %q", code, out, errs)
	}
	if _, errs, code := runCLI(t, "", "batch", "--max-line", "lots"); code != exitUsage || !strings.Contains(errs, "not a byte count") {
		t.Errorf("batch --max-line lots: exit %d, %q", code, errs)
	}
	if _, errs, code := runCLI(t, "", "batch", "x"); code != exitUsage || !strings.Contains(errs, "takes no arguments") {
		t.Errorf("batch x: exit %d, %q", code, errs)
	}
}
