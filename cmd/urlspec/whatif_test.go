package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestWhatifCommand(t *testing.T) {
	var out, errb bytes.Buffer
	corpus := "http://h/a^b\nhttp://h/x\n"
	st := run([]string{"whatif", "encode path -^", "--wpt", "../../conformance/testdata", "--format", "json"}, strings.NewReader(corpus), &out, &errb)
	if st != exitOK {
		t.Fatalf("status %d: %s", st, errb.String())
	}
	var r struct {
		URLTestData struct {
			Changed   []json.RawMessage `json:"changed"`
			DiffLines int               `json:"diff_lines"`
		} `json:"urltestdata"`
		Corpus struct {
			Lines, Changed int
		} `json:"corpus"`
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.URLTestData.Changed) != 2 || r.URLTestData.DiffLines != 8 || r.Corpus.Lines != 2 {
		t.Errorf("report: %s", out.String())
	}
	for _, format := range []string{"text", "markdown"} {
		out.Reset()
		if st := run([]string{"whatif", "ipv4 -hex", "--wpt", "none", "--format", format}, strings.NewReader("http://0x7f.1/\n"), &out, &errb); st != exitOK ||
			!strings.Contains(out.String(), "http://0x7f.1/") || !strings.Contains(out.String(), "1 newly failing") {
			t.Errorf("%s: status %d:\n%s", format, st, out.String())
		}
	}
	out.Reset()
	errb.Reset()
	if st := run([]string{"whatif", "encode fragmnt +^", "--wpt", "none"}, strings.NewReader(""), &out, &errb); st != exitUsage ||
		!strings.Contains(errb.String(), "encode fragmnt +^\n         ^") {
		t.Errorf("status %d, stderr:\n%s", st, errb.String())
	}
}
