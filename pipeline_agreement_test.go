package urlspec

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/wpt"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
	"github.com/urlspec/urlspec/resolve"
)

// agreementCase is one parse: input against base ("" and hasBase false: no base).
type agreementCase struct {
	input, base string
	hasBase     bool
}

// agreementCases returns every line of the benchmark workload files
// (bench/testdata/workloads) and every input of WPT's urltestdata.json, each
// once with its base (when it has one) and once without.
func agreementCases(t *testing.T) map[string][]agreementCase {
	sets := map[string][]agreementCase{}
	paths, err := filepath.Glob("bench/testdata/workloads/*.tsv")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no workload files: %v", err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(p), ".tsv")
		for line := range strings.SplitSeq(strings.TrimSuffix(string(data), "\n"), "\n") {
			in, base, _ := strings.Cut(line, "\x1f")
			sets[name] = append(sets[name], agreementCase{input: in})
			if base != "" {
				sets[name] = append(sets[name], agreementCase{input: in, base: base, hasBase: true})
			}
		}
	}
	cases, err := wpt.URLTestData("conformance/testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		sets["wpt"] = append(sets["wpt"], agreementCase{input: c.Input})
		if c.Base != nil {
			sets["wpt"] = append(sets["wpt"], agreementCase{input: c.Input, base: *c.Base, hasBase: true})
		}
	}
	return sets
}

// parseOrResolve is Parse(input) without a base and base.Resolve(input)
// with one: the exported WHATWG pipeline, shortcuts included.
func parseOrResolve(input string, base *URL) (URL, error) {
	if base == nil {
		return Parse(input)
	}
	return base.Resolve(input)
}

// referenceParse is the WHATWG pipeline written out with no shortcut: no
// fast path, and the result printed from its model alone.
func referenceParse(input string, base *URL) (URL, error) {
	if base == nil {
		return parseFull(input)
	}
	// The whole base model, as Parse reads a base (Parse makes only the
	// prefix that resolution keeps: parsedModelUpto).
	bm := base.canonical().parsedModel()
	s, _ := grammar.Preprocess(input)
	u, err := grammar.Parse(s, grammar.ModeForURL(&bm, grammar.Web))
	if err != nil {
		return URL{}, withInput(err, input, s)
	}
	r, _, err := resolve.WHATWGResolve(&u, &bm)
	if err != nil {
		return URL{}, withInput(err, input, s)
	}
	n := normalize.Normalize(r)
	return fromModel(&n), nil
}

// TestPipelineAgrees: Parse, with its shortcuts (the fast path for clean
// absolute URLs, print.ResolveSimple for simple references against a
// base), gives exactly the reference
// pipeline's URL — href and offsets (the model is derived from them) — or fails exactly when it fails,
// on every workload line and WPT input, with and without base.
func TestPipelineAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the agreement test parses every workload line")
	}
	for name, cases := range agreementCases(t) {
		bases := map[string]*URL{}
		n, fast, simpleRef, failed := 0, 0, 0, 0
		for _, c := range cases {
			var base *URL
			if c.hasBase {
				b, ok := bases[c.base]
				if !ok {
					if v, err := Parse(c.base); err == nil {
						b = &v
					}
					bases[c.base] = b
				}
				if b == nil {
					continue
				}
				base = b
			}
			n++
			var simple URL
			var po print.CompactOffsets
			if parseSimple(c.input, &simple) {
				fast++
			} else if base != nil {
				if _, ok := print.ResolveSimple(c.input, base.href, (*print.CompactOffsets)(&base.off), &po); ok {
					simpleRef++
				}
			}
			got, gotErr := parseOrResolve(c.input, base)
			want, wantErr := referenceParse(c.input, base)
			switch {
			case (gotErr == nil) != (wantErr == nil):
				t.Errorf("%s: %q against %q: Parse error %v, reference error %v", name, c.input, c.base, gotErr, wantErr)
			case gotErr != nil:
				failed++
				if gotErr.Error() != wantErr.Error() {
					t.Errorf("%s: %q against %q: Parse error %v, reference error %v", name, c.input, c.base, gotErr, wantErr)
				}
			case got != want:
				t.Errorf("%s: %q against %q:\n\tParse     %q %+v\n\treference %q %+v", name, c.input, c.base,
					got.href, got.off, want.href, want.off)
			}
		}
		t.Logf("%s: %d parses agree (%d on the fast path, %d through print.ResolveSimple, %d failures)",
			name, n, fast, simpleRef, failed)
	}
}

// FuzzPipelineAgrees: TestPipelineAgrees on inputs and bases from the fuzzer.
func FuzzPipelineAgrees(f *testing.F) {
	for _, s := range [][2]string{{"a/b", "https://h/x/y"}, {"../x?y", "http://h/a/"}, {"#f", "ws://h/?q"},
		{"?q#f", "http://h:81/a"}, {"/a", "ftp://u@h/b/c"}, {"//h/p?q", "https://b/"}, {"//h.0x1", "http://b/"}, {"http://B\u00dcCHER.de:80/x?y", ""}, {"http://[0::1]:81/", ""}, {"http://0x7f.1/", "http://b/"}, {" HTTPS://WW\tW.A.COM:443/x/..\t/./\u00e9%73 ", ""}, {"http:\\\\h\\a\\..\\b?c d#e", "http://b/"}, {"./a/../b", "http://h/%41/"}, {"https://a/b", ""},
		{"http://1.2.3.4/a", ""}, {"https://[2001:db8::1]:8443/x?y#z", ""}, {"\t../x", "http://1.2.3.4/a/b"}, {"\t../x", "http://[::1]/a/b"},
		{"x", "http://[::1]"}, {"http://[2001:DB8::1]/", ""}, {"http://01.2.3.4/", ""},
		{"http://EXAMPLE.Com", ""}, {"https://[::FFFF:1.2.3.4]:81/a?b#c", ""}, {"ws://0X7F.1.:80", ""}, {"file://A/b", ""},
		{"http:///h/x", "http://b/a"}, {"http:/\\\\h", ""}, {"https:////", "https://b/"},
		{"http://" + strings.Repeat("\u00e9.", 30) + "b/", ""}, {"http://" + strings.Repeat("\u00e9.", 30) + "\uff11/", ""},
		{"mailto:a@b", "https://h/p"}, {"HTTP:\\\\x", "http://h/"}, {"http:x", "http://h/a/b"}, {"file:/x", "file:///C:/a/b"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, input, baseInput string) {
		var base *URL
		if baseInput != "" {
			b, err := Parse(baseInput)
			if err != nil {
				return
			}
			base = &b
		}
		got, gotErr := parseOrResolve(input, base)
		want, wantErr := referenceParse(input, base)
		if (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("%q against %q: Parse error %v, reference error %v", input, baseInput, gotErr, wantErr)
		}
		if gotErr == nil && got != want {
			t.Fatalf("%q against %q:\n\tParse     %q %+v\n\treference %q %+v", input, baseInput,
				got.href, got.off, want.href, want.off)
		}
	})
}

// TestResolveOwnScheme checks that resolving references with a scheme of
// their own against web, file and non-special bases (the base read in
// part, or not at all: resolve.BaseOrder) gives the reference pipeline's
// URL or error (code and offset).
func TestResolveOwnScheme(t *testing.T) {
	tests := []struct {
		input, base string
	}{
		{"mailto:a@b", "https://h/p"},
		{"javascript:void(0)", "http://h/"},
		{"tel:+1", "file:///C:/x"},
		{"sc:x", "sc://h/"}, // a non-special scheme never reads the base
		{"SC://h/../x", "sc://h/a/b"},
		{"https:x", "http://h/a/b"}, // another special scheme
		{"HTTP://H/./a", "https://h/"},
		{"http:x", "http://h/a/b"}, // relative to the base
		{"HTTP:x", "http://h/a/b"},
		{"http:/x", "http://h/a/b"},
		{"http:\\x", "http://h/a/b"},
		{"http://x/a/../b", "http://h/"},
		{"http:\\\\x\\y", "http://h/"},
		{"http:/\\x", "http://h/"},
		{"ws:\\/x", "ws://h/a"},
		{"http:", "http://h/a"},
		{"http:/", "http://h/a"},
		{"file:x", "file:///C:/a/b"},
		{"file:/x", "file:///C:/a/b"},
		{"file:\\x", "file://h/a/b"},
		{"file://h/x", "file:///C:/a/b"},
		{"FILE:\\\\\\C:\\x", "file:///D:/a"},
		{"file:x", "http://h/"},
		{"http:x", "file:///a"},
		{"http:\tx", "http://h/a/b"},
		{"ht\ttp://x", "http://h/a/b"}, // a tab, which preprocessing removes
		{" mailto:x", "http://h/"},
		{"x:y", ""}, // the zero URL as base
		{"1a:x", "http://h/"},
		{"a+b-c.d:x", "http://h/"},
		{"http://[::1", "https://h/"}, // fails, as alone
		{"sc://a b/", "http://h/"},
		{"file://a b/", "file:///x"},
	}
	for _, tt := range tests {
		var base URL
		if tt.base != "" {
			var err error
			if base, err = Parse(tt.base); err != nil {
				t.Fatal(err)
			}
		}
		got, gotErr := base.Resolve(tt.input)
		want, wantErr := referenceParse(tt.input, &base)
		if (gotErr == nil) != (wantErr == nil) || gotErr == nil && got != want {
			t.Errorf("%q against %q: Resolve %q, %v; reference %q, %v", tt.input, tt.base, got.href, gotErr, want.href, wantErr)
			continue
		}
		if gotErr != nil {
			var g, w *Error
			if !errors.As(gotErr, &g) || !errors.As(wantErr, &w) || g.Code != w.Code || g.Offset != w.Offset || g.Input != w.Input {
				t.Errorf("%q against %q: Resolve error %v, reference error %v", tt.input, tt.base, gotErr, wantErr)
			}
		}
	}
}
