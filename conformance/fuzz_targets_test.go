package conformance_test

import (
	"errors"
	"testing"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/claim"
	"github.com/urlspec/urlspec/internal/gen"
	"github.com/urlspec/urlspec/internal/laws"
	"github.com/urlspec/urlspec/internal/refops"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
	"github.com/urlspec/urlspec/resolve"
)

// Fuzz targets for every entry point of the library. Each asserts
// invariants (the spec's laws and the operations' postconditions), not
// only the absence of panics. The string targets take parser input as it
// is; the others take bytes that gen.FromBytes turns into URLs, so the
// fuzzer's mutations of the bytes are structural mutations of the URLs.
// Run one with: go test -run '^$' -fuzz '^FuzzGoto$' -fuzztime 30s ./conformance

var fuzzModes = []grammar.Mode{grammar.Web, grammar.File, grammar.Generic}

// addStringSeeds adds every WPT input (with its base) and the generators'
// real-URL seeds.
func addStringSeeds(f *testing.F, add func(input, base string)) {
	for _, c := range loadURLTestData(f) {
		add(c.Input, derefOr(c.Base, ""))
	}
	for i, s := range gen.Seeds() {
		if i%4 == 0 {
			add(s, "")
		}
	}
}

// addByteSeeds adds choice sequences of generated values, encoded for
// gen.FromBytes: each seed replays draw on a seeded source.
func addByteSeeds(f *testing.F, draw func(gen.Source)) {
	for i := range 64 {
		rec := gen.NewByteRecorder(gen.CaseSource(99, i))
		draw(rec)
		f.Add(rec.Bytes())
	}
}

func drawURLs(n int) func(gen.Source) {
	return func(src gen.Source) {
		for range n {
			gen.AnyURL(src)
		}
	}
}

// checkValid fails t when u breaks a constraint of the URL model.
func checkValid(t *testing.T, what string, u model.URL) {
	t.Helper()
	if err := model.Validate(&u); err != nil {
		t.Fatalf("%s = %v breaks a constraint: %v", what, u, err)
	}
}

// checkError fails t when err is not a *model.Error with a code and an
// offset inside input (or -1).
func checkError(t *testing.T, what, input string, err error) {
	t.Helper()
	var e *model.Error
	if !errors.As(err, &e) || e.Code == "" {
		t.Fatalf("%s: error without a code: %v", what, err)
	}
	if e.Offset < -1 || e.Offset > len(input) && e.Input == input {
		t.Fatalf("%s: offset %d outside the input (%d bytes): %v", what, e.Offset, len(input), err)
	}
}

// runLaws runs the named laws on the input data encodes.
func runLaws(t *testing.T, data []byte, names ...string) {
	t.Helper()
	for _, name := range names {
		l, ok := laws.ByName(name)
		if !ok {
			t.Fatalf("no law %s", name)
		}
		if err := l.Test(gen.FromBytes(data)); err != nil {
			var f *gen.Failure
			if errors.As(err, &f) {
				t.Fatalf("%s: %s\n%s", name, l.Statement, claim.FormatFailure(f, "  "))
			}
			t.Fatalf("%s: %v", name, err)
		}
	}
}

// FuzzGrammarParse: the lenient grammar in each mode (spec §URL Grammar).
// A failure has a code and an offset in the input; a result satisfies the
// model, normalises idempotently, and prints to a string that parses back
// to the URL it represents (print.Encoded), printing the same again.
func FuzzGrammarParse(f *testing.F) {
	addStringSeeds(f, func(input, _ string) {
		f.Add(input, uint8(0))
		f.Add(input, uint8(2))
	})
	f.Fuzz(func(t *testing.T, input string, mb uint8) {
		m := fuzzModes[int(mb)%3]
		s, _ := grammar.Preprocess(input)
		if mode := grammar.ModeFor(s, m); mode != m && !model.IsScheme(schemeOf(s)) {
			t.Fatalf("ModeFor(%q, %v) = %v without a scheme", s, m, mode)
		}
		u, err := grammar.Parse(s, m)
		if err != nil {
			checkError(t, "Parse", s, err)
			return
		}
		checkValid(t, "Parse", u)
		n := normalize.Normalize(u)
		checkValid(t, "norm(Parse)", n)
		if again := normalize.Normalize(n); !again.Equal(&n) {
			t.Fatalf("normalisation not idempotent on %v: %v", n, again)
		}
		str := print.ASCII(&n)
		v, err := grammar.Parse(str, m)
		if err != nil {
			t.Fatalf("%q (%v): printed %q does not parse: %v", s, m, str, err)
		}
		v = normalize.Normalize(v)
		want := print.Encoded(&n)
		want = normalize.Normalize(want)
		if !v.Equal(&want) {
			t.Fatalf("%q (%v): printed %q parses to %v, want %v", s, m, str, v, want)
		}
		if again := print.ASCII(&v); again != str {
			t.Fatalf("%q (%v): print∘parse not a fixpoint: %q then %q", s, m, str, again)
		}
	})
}

// schemeOf returns what precedes the first ':' of s.
func schemeOf(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == ':' {
			return s[:i]
		}
	}
	return ""
}

// FuzzWHATWGParse: the WHATWG pipeline (urlspec.Parse) with an optional
// base. A failure has a code; a result satisfies the model, is normalised,
// its getters agree with its components, and its href reparses to the
// same URL.
func FuzzWHATWGParse(f *testing.F) {
	addStringSeeds(f, func(input, base string) { f.Add(input, base) })
	f.Fuzz(func(t *testing.T, input, base string) {
		var b *urlspec.URL
		if base != "" {
			bu, err := urlspec.Parse(base)
			if err != nil {
				checkError(t, "Parse(base)", base, err)
			} else {
				b = &bu
			}
		}
		u, err := refops.Parse(input, b)
		if err != nil {
			checkError(t, "Parse", input, err)
			return
		}
		for _, check := range []func(urlspec.URL) error{laws.CheckGetters, laws.CheckReparse} {
			if err := check(u); err != nil {
				t.Fatalf("input %q base %q: %s", input, base, claim.FormatFailure(err.(*gen.Failure), "  "))
			}
		}
	})
}

// FuzzGoto: the five §Goto Properties on three URLs from the fuzzer.
func FuzzGoto(f *testing.F) {
	addByteSeeds(f, drawURLs(3))
	f.Fuzz(func(t *testing.T, data []byte) {
		runLaws(t, data, "goto-ord", "goto-associative", "goto-left-identity", "goto-right-identity", "goto-postfix")
		src := gen.FromBytes(data)
		a, b := gen.AnyURL(src), gen.AnyURL(src)
		checkValid(t, "goto(a, b)", resolve.Goto(&a, &b))
	})
}

// FuzzGenericResolve: generic-resolve a b is b goto a when a or b has a
// scheme and fails with MissingSchemeNonRelativeURL otherwise (spec
// §Generic Resolution).
func FuzzGenericResolve(f *testing.F) {
	addByteSeeds(f, drawURLs(2))
	f.Fuzz(func(t *testing.T, data []byte) {
		src := gen.FromBytes(data)
		a, b := gen.AnyURL(src), gen.AnyURL(src)
		r, err := resolve.GenericResolve(&a, &b)
		if !a.Has(model.SchemeType) && !b.Has(model.SchemeType) {
			if !errors.Is(err, model.MissingSchemeNonRelativeURL) {
				t.Fatalf("generic(%v, %v) = %v, %v; want a failure", a, b, r, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("generic(%v, %v) fails: %v", a, b, err)
		}
		checkValid(t, "generic(a, b)", r)
		if g := resolve.Goto(&b, &a); !r.Equal(&g) {
			t.Fatalf("generic(%v, %v) = %v, but goto(b, a) = %v", a, b, r, g)
		}
	})
}

// FuzzLegacyResolve: legacy-resolve a b is generic-resolve of a without its
// scheme when the schemes match case-insensitively, and of a otherwise
// (spec §Legacy Resolution).
func FuzzLegacyResolve(f *testing.F) {
	addByteSeeds(f, drawURLs(2))
	f.Fuzz(func(t *testing.T, data []byte) {
		src := gen.FromBytes(data)
		a, b := gen.AnyURL(src), gen.AnyURL(src)
		if flagByte(data) && b.Has(model.SchemeType) {
			a.Set(model.SchemeType, b.Scheme()) // make equal schemes common
		}
		r, err := resolve.LegacyResolve(&a, &b)
		ref := a
		if a.Has(model.SchemeType) && b.Has(model.SchemeType) && model.SameScheme(a.Scheme(), b.Scheme()) {
			ref.Remove(model.SchemeType)
		}
		g, gerr := resolve.GenericResolve(&ref, &b)
		if (err == nil) != (gerr == nil) || err == nil && !r.Equal(&g) {
			t.Fatalf("legacy(%v, %v) = %v, %v; generic of the reference = %v, %v", a, b, r, err, g, gerr)
		}
		if err == nil {
			checkValid(t, "legacy(a, b)", r)
		}
	})
}

func flagByte(data []byte) bool { return len(data) > 0 && data[len(data)-1]&1 == 1 }

// FuzzWHATWGResolve: WHATWG-resolve a b (spec §WHATWG Resolution): the
// forced branch for web- and file-URLs gives a forced URL (authority;
// path-root unless a file-URL has a drive; a web-URL's authority has a
// host) equal to force(legacy-resolve a b); the generic branch equals
// generic-resolve a b; and the operation fails exactly when no branch
// applies or a step fails.
func FuzzWHATWGResolve(f *testing.F) {
	addByteSeeds(f, drawURLs(2))
	f.Fuzz(func(t *testing.T, data []byte) {
		src := gen.FromBytes(data)
		a, b := gen.AnyURL(src), gen.AnyURL(src)
		var ex resolve.Explanation
		r, forced, err := resolve.WHATWGResolveExplained(&a, &b, &ex)
		r2, forced2, err2 := resolve.WHATWGResolve(&a, &b)
		if (err == nil) != (err2 == nil) || forced != forced2 || err == nil && !r.Equal(&r2) {
			t.Fatalf("WHATWGResolve and WHATWGResolveExplained differ on %v, %v", a, b)
		}
		special := a.IsWebURL() || a.IsFileURL() || !a.Has(model.SchemeType) && (b.IsWebURL() || b.IsFileURL())
		switch {
		case special:
			l, lerr := resolve.LegacyResolve(&a, &b)
			if lerr == nil {
				_, lerr = resolve.Force(&l)
			}
			if (err == nil) != (lerr == nil) || err == nil && !r.Equal(&l) {
				t.Fatalf("whatwg(%v, %v) = %v, %v; force(legacy) = %v, %v", a, b, r, err, l, lerr)
			}
			if err != nil {
				checkError(t, "whatwg", "", err)
				return
			}
			auth := r.Authority()
			if !r.Has(model.AuthorityType) || !r.Has(model.PathRootType) && !(r.IsFileURL() && r.Has(model.DriveType)) ||
				r.IsWebURL() && !auth.HasHost() {
				t.Fatalf("whatwg(%v, %v) = %v is not forced", a, b, r)
			}
		case !a.IsEmpty() && (model.Ord(&a) == model.SchemeType || model.Ord(&a) == model.FragmentType) ||
			b.Has(model.AuthorityType) || b.Has(model.PathRootType):
			g, gerr := resolve.GenericResolve(&a, &b)
			if (err == nil) != (gerr == nil) || err == nil && !r.Equal(&g) || forced {
				t.Fatalf("whatwg(%v, %v) = %v, %v; generic = %v, %v", a, b, r, err, g, gerr)
			}
		default:
			if !errors.Is(err, model.MissingSchemeNonRelativeURL) {
				t.Fatalf("whatwg(%v, %v) = %v, %v; want a failure", a, b, r, err)
			}
		}
		if err == nil {
			checkValid(t, "whatwg(a, b)", r)
		}
	})
}

// FuzzNormalize: normalisation is idempotent and traced faithfully, and its
// result has no dot segment left where a rule applies (spec §Equivalences
// and Normalisation).
func FuzzNormalize(f *testing.F) {
	addByteSeeds(f, drawURLs(1))
	f.Fuzz(func(t *testing.T, data []byte) {
		runLaws(t, data, "norm-idempotent", "norm-trace")
		u := gen.AnyURL(gen.FromBytes(data))
		n := normalize.Normalize(u)
		checkValid(t, "norm(u)", n)
		if s := n.Scheme(); s != lower(s) {
			t.Fatalf("norm(%v) = %v keeps an upper-case scheme", u, n)
		}
		a := n.Authority()
		if _, ok := a.Port(); a.HasPort() && !ok || a.HasPassword() && a.Password() == "" ||
			a.HasUsername() && a.Username() == "" && !a.HasPassword() {
			t.Fatalf("norm(%v) = %v keeps an empty port, password or username", u, n)
		}
		if n.HasOpaquePath() {
			return
		}
		dirs := n.Dirs()
		for i, d := range dirs {
			if normalize.IsDot(d) || normalize.IsDots(d) && (n.Has(model.PathRootType) || i > 0 && !normalize.IsDots(dirs[i-1])) {
				t.Fatalf("norm(%v) = %v keeps the dot segment %q", u, n, d)
			}
		}
		if f := n.File(); n.Has(model.FileType) && (normalize.IsDot(f) || normalize.IsDots(f) && (n.Has(model.PathRootType) || len(dirs) > 0 && !normalize.IsDots(dirs[len(dirs)-1]))) {
			t.Fatalf("norm(%v) = %v keeps the dot segment %q", u, n, f)
		}
	})
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 0x20
		}
	}
	return string(b)
}

// FuzzPrintRoundTrip: printing a normalised URL and parsing the string in
// the URL's mode gives the URL it represents, in each mode (spec
// §Printing).
func FuzzPrintRoundTrip(f *testing.F) {
	addByteSeeds(f, drawURLs(1))
	f.Fuzz(func(t *testing.T, data []byte) {
		runLaws(t, data, "print-parse-web", "print-parse-file", "print-parse-generic")
		u := gen.AnyURL(gen.FromBytes(data))
		n := normalize.Normalize(u)
		checkValid(t, "encoded(norm(u))", print.Encoded(&n))
		checkValid(t, "for-printing(norm(u))", normalize.ForPrinting(n))
		_ = print.Unicode(&n)
	})
}

// FuzzValid: the strict grammar (spec §Strict URL Grammar). A violation
// has a code and an offset in the input; a valid URL-string has no
// leading or trailing c0-space, needs no preprocessing, and parses.
func FuzzValid(f *testing.F) {
	addStringSeeds(f, func(input, _ string) {
		f.Add(input, uint8(0))
		f.Add(input, uint8(1))
	})
	f.Fuzz(func(t *testing.T, input string, mb uint8) {
		m := fuzzModes[int(mb)%3]
		err := refops.Valid(input, m)
		if err != nil {
			var e *model.Error
			if !errors.As(err, &e) || e.Code == "" || e.Offset < -1 || e.Offset > len(input) {
				t.Fatalf("Valid(%q, %v) = %v: want a coded error with an offset in the input", input, m, err)
			}
			return
		}
		if p, removed := grammar.Preprocess(input); removed || p != input {
			t.Fatalf("Valid(%q, %v) accepts a string that preprocessing changes to %q", input, m, p)
		}
		u, perr := grammar.Parse(input, m)
		if perr != nil {
			t.Fatalf("Valid(%q, %v) accepts a string the grammar rejects: %v", input, m, perr)
		}
		checkValid(t, "Parse of a valid string", u)
	})
}

// FuzzRelativize: goto(a, relativize(a, b)) is b after normalisation, for
// a normalised base (spec §Reference Resolution).
func FuzzRelativize(f *testing.F) {
	addByteSeeds(f, func(src gen.Source) {
		m := gen.Mode(src)
		gen.AbsoluteURL(src, m)
		src.Choose(3)
		gen.RelativeURL(src, m)
	})
	f.Fuzz(func(t *testing.T, data []byte) {
		runLaws(t, data, "relativize")
	})
}
