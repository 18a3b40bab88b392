package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// TestCommittedFiles: running the generator again gives the committed files
// byte for byte (run `go generate` in bench after changing the generator).
func TestCommittedFiles(t *testing.T) {
	files, err := generate("../../../conformance/testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		got, err := os.ReadFile(filepath.Join("../../testdata/workloads", f.name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, f.data) {
			t.Errorf("%s: the committed file (%d bytes) differs from the generator's output (%d bytes); run go generate in bench", f.name, len(got), len(f.data))
		}
	}
}

// TestShapes checks the promises of the README on the generated lines:
// query and path sizes, invalid UTF-8 only where it is meant to be.
func TestShapes(t *testing.T) {
	files, err := generate("../../../conformance/testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		lines := bytes.Split(bytes.TrimSuffix(f.data, []byte("\n")), []byte("\n"))
		invalid := 0
		for i, l := range lines {
			in, _, _ := bytes.Cut(l, []byte{0x1f})
			if !utf8.Valid(l) {
				invalid++
			}
			switch f.name {
			case "long_queries.tsv":
				_, q, _ := bytes.Cut(in, []byte("?"))
				q, _, _ = bytes.Cut(q, []byte("#"))
				if len(q) < 1024 || len(q) > 8192+1024 {
					t.Errorf("%s line %d: query of %d bytes", f.name, i+1, len(q))
				}
			case "deep_paths.tsv":
				n := bytes.Count(in, []byte("/")) - 2
				if n < 49 || n > 503 {
					t.Errorf("%s line %d: %d slashes in the path", f.name, i+1, n)
				}
			}
		}
		switch f.name {
		case "long_queries.tsv":
			if invalid == 0 || invalid > len(lines)/4 {
				t.Errorf("%s: %d of %d lines with invalid UTF-8, want a few", f.name, invalid, len(lines))
			}
		case "wpt.tsv":
		default:
			if invalid != 0 {
				t.Errorf("%s: %d lines with invalid UTF-8", f.name, invalid)
			}
		}
	}
}
