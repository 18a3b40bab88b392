package grammar_test

import (
	"testing"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/race"
	"github.com/urlspec/urlspec/internal/wpt"
	"github.com/urlspec/urlspec/model"
)

// A Buffer's Preprocess and Parse give what Preprocess and Parse give, on
// every WPT input in every mode, with one Buffer for all of them; so does
// a nil *Buffer.
func TestBuffer(t *testing.T) {
	cases, err := wpt.URLTestData("../conformance/testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	extra := []string{"HTTP://EX%41MPLE.COM/a\\b/c", " \thttp://b\u00fccher.DE/x/\n", "file:///C:/a/b", "http://u:p@h:8080/a/b/"}
	b := grammar.GetBuffer()
	defer b.Release()
	var nilBuf *grammar.Buffer
	n := 0
	for _, c := range cases {
		for _, in := range append([]string{c.Input}, extra...) {
			want, wremoved := grammar.Preprocess(in)
			for _, buf := range []*grammar.Buffer{b, nilBuf} {
				s, removed := buf.Preprocess(in)
				if s != want || removed != wremoved {
					t.Fatalf("Buffer.Preprocess(%q) = %q, %v; Preprocess: %q, %v", in, s, removed, want, wremoved)
				}
				for _, m := range []grammar.Mode{grammar.Web, grammar.File, grammar.Generic} {
					wu, werr := grammar.Parse(want, m)
					var u model.URL
					err := buf.Parse(&u, s, m)
					if (werr == nil) != (err == nil) || werr == nil && (u.String() != wu.String() || !u.Equal(&wu)) ||
						werr != nil && werr.Error() != err.Error() {
						t.Fatalf("Buffer.Parse(%q, %v) = %v, %v; Parse: %v, %v", s, m, &u, err, &wu, werr)
					}
					n++
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no cases")
	}
}

// With a Buffer, preprocessing and parsing an URL allocate nothing once the
// Buffer has grown: not for a copy that preprocessing makes, the dirs, nor
// a host that must be lower-cased, percent-decoded or converted to ASCII.
func TestBufferAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector (internal/race)")
	}
	for _, in := range []string{
		"https://example.com/a/b/c?q=1#f",
		"HTTPS://WWW.EXAMPLE.COM:443/a/./b/../c",
		" https://ex%41mple.com/a\t/b\\c ",
		"https://www.b\u00fccher.de/a/b/",
		"file:///C:/x/y",
		"\xffhttp://h/",
	} {
		b := grammar.GetBuffer()
		var u model.URL
		run := func() {
			s, _ := b.Preprocess(in)
			if err := b.Parse(&u, s, grammar.Web); err != nil {
				t.Fatal(err)
			}
		}
		run()
		if n := testing.AllocsPerRun(100, run); n != 0 {
			t.Errorf("Buffer: %q: %v allocs, want 0", in, n)
		}
		b.Release()
	}
}

// The dirs of a Buffer's model have no room after them: appending to them
// copies, so a change of the model does not write into the Buffer.
func TestBufferSpansCapped(t *testing.T) {
	b := grammar.GetBuffer()
	defer b.Release()
	var u model.URL
	err := b.Parse(&u, "http://h/a/b/c/d", grammar.Web)
	if err != nil {
		t.Fatal(err)
	}
	if _, spans := u.DirSpans(); cap(spans) != len(spans) {
		t.Errorf("dir spans: len %d, cap %d", len(spans), cap(spans))
	}
}

// Buffers from the pool serve parses in parallel goroutines, each its own
// (go test -race checks that none is shared).
func TestBufferParallel(t *testing.T) {
	inputs := []string{"HTTP://EX%41MPLE.COM/a\\b/c", " \thttp://b\u00fccher.DE/x/\n", "file:///C:/a/b", "http://u:p@h:8080/a/b/", "sc://h/x/y?q#f"}
	want := make([]string, len(inputs))
	for i, in := range inputs {
		s, _ := grammar.Preprocess(in)
		u, err := grammar.Parse(s, grammar.Web)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = u.String()
	}
	done := make(chan string)
	for g := 0; g < 4; g++ {
		go func() {
			bad := ""
			for n := 0; n < 200; n++ {
				i := n % len(inputs)
				b := grammar.GetBuffer()
				s, _ := b.Preprocess(inputs[i])
				var u model.URL
				err := b.Parse(&u, s, grammar.Web)
				if got := u.String(); err != nil || got != want[i] {
					bad = got
				}
				b.Release()
			}
			done <- bad
		}()
	}
	for g := 0; g < 4; g++ {
		if bad := <-done; bad != "" {
			t.Errorf("a parallel parse gave %q", bad)
		}
	}
}
