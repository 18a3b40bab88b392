package gen_test

import (
	"strings"
	"testing"
	"testing/quick"
	"unicode/utf8"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/internal/gen"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
)

var modes = []grammar.Mode{grammar.Web, grammar.File, grammar.Generic}

// modeConsistent reports why u is not a URL that parsing in mode could
// give, or "".
func modeConsistent(u *model.URL, mode grammar.Mode) string {
	eff := mode
	if u.Has(model.SchemeType) {
		if grammar.ModeOf(u.Scheme()) != mode {
			return "scheme " + u.Scheme() + " does not select mode " + mode.String()
		}
		eff = grammar.ModeOf(u.Scheme())
	}
	if u.Has(model.DriveType) && eff != grammar.File {
		return "a drive outside file mode"
	}
	a := u.Authority()
	if !a.HasHost() {
		return ""
	}
	h := a.Host()
	switch {
	case eff == grammar.Generic && h.Kind != model.Opaque && h.Kind != model.IPv6:
		return "generic mode with a " + h.Kind.String() + " host"
	case eff != grammar.Generic && h.Kind == model.Opaque:
		return eff.String() + " mode with an opaque host"
	case h.Kind == model.Domain:
		if ascii, err := host.DomainToASCII(h.Name, false); err != nil || ascii != h.Name {
			return "domain " + h.Name + " is not a domain-to-ASCII fixed point"
		}
		if host.EndsInANumber(h.Name) {
			return "domain " + h.Name + " ends in a number"
		}
	case h.Kind == model.Opaque:
		if _, err := host.ParseOpaque(h.Name); err != nil {
			return "opaque host " + h.Name + " does not parse: " + err.Error()
		}
	}
	return ""
}

// Every generated URL satisfies model.Validate and is consistent with its
// mode; AbsoluteURL has a scheme and RelativeURL none.
func TestURLsValidAndModeConsistent(t *testing.T) {
	for _, m := range modes {
		for i := range 20000 {
			src := gen.CaseSource(7, i)
			var u model.URL
			switch i % 3 {
			case 0:
				u = gen.URL(src, m)
			case 1:
				u = gen.AbsoluteURL(src, m)
				if !u.Has(model.SchemeType) {
					t.Fatalf("AbsoluteURL without a scheme: %v", u)
				}
			case 2:
				u = gen.RelativeURL(src, m)
				if u.Has(model.SchemeType) {
					t.Fatalf("RelativeURL with a scheme: %v", u)
				}
			}
			if err := model.Validate(&u); err != nil {
				t.Fatalf("%v (%v): %v", u, m, err)
			}
			if why := modeConsistent(&u, m); why != "" {
				t.Fatalf("%v (%v): %s", u, m, why)
			}
		}
	}
}

// The generators cover every component type and every edge value the
// laws need (issue: empty dirs, dot segments, drive letters, empty
// authority, empty port, each host kind, non-ASCII, pct-invalid).
func TestCoverage(t *testing.T) {
	seen := map[string]int{}
	for _, m := range modes {
		for i := range 5000 {
			u := gen.URL(gen.CaseSource(11, i), m)
			for c := range u.Components() {
				seen["type "+c.Type.String()]++
				v := c.Value
				switch {
				case c.Type == model.DirType && v == "":
					seen["empty dir"]++
				case c.Type == model.DirType && normalize.IsDot(v):
					seen["dot dir"]++
				case c.Type == model.DirType && normalize.IsDots(v):
					seen["dots dir"]++
				case c.Type == model.FileType && normalize.IsDots(v):
					seen["dots file"]++
				case c.Type == model.DirType && model.IsDrive(v):
					seen["drive-like dir"]++
				case c.Type == model.QueryType && v == "":
					seen["empty query"]++
				case c.Type == model.FragmentType && v == "":
					seen["empty fragment"]++
				}
				if strings.Contains(strings.ToLower(v), "%2e") {
					seen["%2e"]++
				}
				if strings.Contains(v, "%zz") || strings.HasSuffix(v, "%") {
					seen["pct-invalid"]++
				}
				if !isASCII(v) {
					seen["non-ASCII"]++
				}
				if strings.ContainsAny(v, "\x00\x01\x7f") {
					seen["control"]++
				}
				if c.Type == model.DriveType {
					seen["drive "+v[1:]]++
				}
				if c.Type == model.AuthorityType {
					a := c.Authority
					switch {
					case a.IsEmpty():
						seen["empty authority"]++
					case a.HasHost():
						seen["host "+a.Host().Kind.String()]++
					}
					if _, ok := a.Port(); a.HasPort() && !ok {
						seen["empty port"]++
					} else if a.HasPort() {
						seen["port"]++
					}
					if a.HasUsername() {
						seen["username"]++
					}
					if a.HasPassword() {
						seen["password"]++
					}
				}
			}
			if u.IsEmpty() {
				seen["empty URL"]++
			}
		}
	}
	want := []string{"empty dir", "dot dir", "dots dir", "dots file", "drive-like dir", "empty query", "empty fragment",
		"%2e", "pct-invalid", "non-ASCII", "control", "drive :", "drive |", "empty authority", "host domain",
		"host ipv4", "host ipv6", "host opaque", "empty port", "port", "username", "password", "empty URL"}
	for ct := model.SchemeType; ct <= model.FragmentType; ct++ {
		want = append(want, "type "+ct.String())
	}
	for _, w := range want {
		if seen[w] == 0 {
			t.Errorf("15000 generated URLs have no %s", w)
		}
	}
	t.Logf("coverage: %v", seen)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// The same seed gives the same values; choice 0 everywhere gives the
// simplest ones.
func TestDeterministicAndSimplest(t *testing.T) {
	for i := range 100 {
		a, b := gen.AnyURL(gen.CaseSource(3, i)), gen.AnyURL(gen.CaseSource(3, i))
		if !a.Equal(&b) {
			t.Fatalf("seed 3 case %d: %v then %v", i, a, b)
		}
		if s, r := gen.URLString(gen.CaseSource(3, i)), gen.URLString(gen.CaseSource(3, i)); s != r {
			t.Fatalf("seed 3 case %d: %q then %q", i, s, r)
		}
	}
	zero := gen.Replay(nil)
	if u := gen.AnyURL(zero); !u.IsEmpty() {
		t.Errorf("all-zero choices give %v, want ε", u)
	}
	if s := gen.GrammarString(gen.Replay(nil)); s != "" {
		t.Errorf("all-zero choices give the string %q, want \"\"", s)
	}
	// A recorded run replays to the same value.
	tape := gen.Record(gen.NewSource(5))
	u := gen.FileURL(tape)
	v := gen.FileURL(gen.Replay(tape.Choices()))
	if !u.Equal(&v) {
		t.Errorf("replay gives %v, recorded %v", v, u)
	}
}

// Any byte string is a valid input for FromBytes (fuzzing).
func TestFromBytes(t *testing.T) {
	f := func(data []byte) bool {
		u := gen.AnyURL(gen.FromBytes(data))
		_ = gen.URLString(gen.FromBytes(data))
		return model.Validate(&u) == nil
	}
	if err := quick.Check(f, &quick.Config{MaxCount: 5000}); err != nil {
		t.Error(err)
	}
	if u := gen.AnyURL(gen.FromBytes(nil)); !u.IsEmpty() {
		t.Errorf("no bytes give %v, want ε", u)
	}
	// A ByteRecorder's bytes replay the same value.
	for i := range 200 {
		rec := gen.NewByteRecorder(gen.CaseSource(21, i))
		u := gen.AnyURL(rec)
		s := gen.URLString(rec)
		src := gen.FromBytes(rec.Bytes())
		v := gen.AnyURL(src)
		if r := gen.URLString(src); !u.Equal(&v) || r != s {
			t.Fatalf("case %d: recorded %v %q, replayed %v %q", i, u, s, v, r)
		}
	}
}

// The testing/quick generators.
func TestQuickGenerators(t *testing.T) {
	valid := func(u model.URL) bool { return model.Validate(&u) == nil }
	if err := quick.Check(func(w gen.Web, f gen.File, g gen.Generic, a gen.Any) bool {
		return valid(w.URL) && valid(f.URL) && valid(g.URL) && valid(a.URL) &&
			modeConsistent(&w.URL, grammar.Web) == "" && modeConsistent(&f.URL, grammar.File) == "" &&
			modeConsistent(&g.URL, grammar.Generic) == ""
	}, &quick.Config{MaxCount: 2000}); err != nil {
		t.Error(err)
	}
	if err := quick.Check(func(s gen.String) bool {
		_, _ = grammar.Parse(string(s), grammar.Web)
		return true
	}, &quick.Config{MaxCount: 2000}); err != nil {
		t.Error(err)
	}
}

func count(u *model.URL) int {
	n := 0
	for range u.Components() {
		n++
	}
	return n
}

// gen.Check shrinks a counterexample to a small one: the false property
// "no URL has both a drive and a query" (which integration/rapid_test.go
// checks under pgregory.net/rapid too) gives exactly a drive and a query with the simplest
// values.
func TestCheckShrinks(t *testing.T) {
	out := gen.Check(func(src gen.Source) error {
		u := gen.FileURL(src)
		if u.Has(model.DriveType) && u.Has(model.QueryType) {
			return &gen.Failure{Inputs: []gen.Binding{{Name: "u", Value: u.String()}}, Message: "drive and query"}
		}
		return nil
	}, 10000, 1)
	if out.Err == nil {
		t.Fatal("no URL with a drive and a query in 10000 cases")
	}
	u := gen.FileURL(gen.Replay(out.Choices))
	if count(&u) != 2 || u.Drive() != "C:" || u.Query() != "q" {
		t.Errorf("shrunk to %v (from %v); want (drive C:)・(query q)", u, gen.FileURL(gen.Replay(out.Original)))
	}
	t.Logf("shrunk %d choices to %d: %v", len(out.Original), len(out.Choices), out.Err)
}

// URL-strings: the generators make a mix of inputs the WHATWG parser
// accepts and rejects, with spaces, backslashes and invalid UTF-8 among them.
func TestURLStrings(t *testing.T) {
	var parsed, invalidUTF8, backslash, space, mutated int
	seeds := map[string]bool{}
	for _, s := range gen.Seeds() {
		seeds[s] = true
	}
	const n = 20000
	for i := range n {
		s := gen.URLString(gen.CaseSource(13, i))
		if _, err := urlspec.Parse(s); err == nil {
			parsed++
		}
		if !utf8.ValidString(s) {
			invalidUTF8++
		}
		if strings.Contains(s, "\\") {
			backslash++
		}
		if strings.ContainsAny(s, " \t\n") {
			space++
		}
		if m := gen.Mutate(gen.CaseSource(14, i), gen.Seed(gen.CaseSource(15, i))); !seeds[m] {
			mutated++
		}
	}
	t.Logf("%d strings: %d parse (WHATWG, no base), %d invalid UTF-8, %d with \\, %d with whitespace; %d mutations differ from every seed",
		n, parsed, invalidUTF8, backslash, space, mutated)
	if parsed < n/10 || parsed > n*95/100 || invalidUTF8 == 0 || backslash < n/50 || space < n/50 || mutated < n/2 {
		t.Error("the string generators lost their mix")
	}
	if len(gen.Seeds()) < 2000 {
		t.Errorf("only %d seeds", len(gen.Seeds()))
	}
}

// Variant keeps URLs valid.
func TestVariant(t *testing.T) {
	changed := 0
	for i := range 20000 {
		src := gen.CaseSource(17, i)
		u := gen.AnyURL(src)
		v := gen.Variant(src, u)
		if err := model.Validate(&v); err != nil {
			t.Fatalf("Variant(%v) = %v: %v", u, v, err)
		}
		if !v.Equal(&u) {
			changed++
		}
	}
	if changed < 10000 {
		t.Errorf("Variant changed only %d of 20000 URLs", changed)
	}
}
