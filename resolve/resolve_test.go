package resolve

import (
	"errors"
	"slices"
	"testing"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
)

func parse(t *testing.T, s string, m grammar.Mode) model.URL {
	t.Helper()
	u, err := grammar.Parse(s, m)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return u
}

// §The Goto Operation, including the spec's example //host goto foo/bar.
func TestGoto(t *testing.T) {
	tests := []struct{ a, b, want string }{
		{"//host", "foo/bar", "(authority (host host))・(path-root /)・(dir foo)・(file bar)"},
		{"sc://h/a/b?q#f", "", "(scheme sc)・(authority (host h))・(path-root /)・(dir a)・(file b)・(query q)"},
		{"", "sc:x", "(scheme sc)・(file x)"},
		{"sc://h/a/b?q#f", "#g", "(scheme sc)・(authority (host h))・(path-root /)・(dir a)・(file b)・(query q)・(fragment g)"},
		{"sc://h/a/b?q#f", "?r", "(scheme sc)・(authority (host h))・(path-root /)・(dir a)・(file b)・(query r)"},
		{"sc://h/a/b?q#f", "c", "(scheme sc)・(authority (host h))・(path-root /)・(dir a)・(file c)"},
		{"sc://h/a/b?q#f", "c/", "(scheme sc)・(authority (host h))・(path-root /)・(dir a)・(dir c)"},
		{"sc://h/a/b?q#f", "/c", "(scheme sc)・(authority (host h))・(path-root /)・(file c)"},
		{"sc://h/a/b?q#f", "//g", "(scheme sc)・(authority (host g))"},
		{"sc://h/a/b?q#f", "x:y", "(scheme x)・(file y)"},
		{"sc:a/b", "../c", "(scheme sc)・(dir a)・(dir ..)・(file c)"},
	}
	for _, tt := range tests {
		a, b := parse(t, tt.a, grammar.Generic), parse(t, tt.b, grammar.Generic)
		r := Goto(&a, &b)
		if got := r.String(); got != tt.want {
			t.Errorf("%q goto %q =\n\t%s\nwant\n\t%s", tt.a, tt.b, got, tt.want)
		}
		if err := model.Validate(&r); err != nil {
			t.Errorf("%q goto %q: %v", tt.a, tt.b, err)
		}
	}
}

// §Goto Properties, on a grid of URLs.
func TestGotoProperties(t *testing.T) {
	strs := []string{"", "sc:", "sc://h", "//h/a/", "/a/b", "a/b", "b", "?q", "#f", "sc:/x?y#z", "a/", "../", "//", "sc:x#f"}
	us := make([]model.URL, len(strs))
	for i, s := range strs {
		us[i] = parse(t, s, grammar.Generic)
	}
	var empty model.URL
	for i := range us {
		u1 := &us[i]
		if r := Goto(&empty, u1); !r.Equal(u1) {
			t.Errorf("ε goto %v = %v", u1, r)
		}
		if !u1.Has(model.FragmentType) {
			if r := Goto(u1, &empty); !r.Equal(u1) {
				t.Errorf("%v goto ε = %v", u1, r)
			}
		}
		for j := range us {
			u2 := &us[j]
			r := Goto(u1, u2)
			if o, o1, o2 := model.Ord(&r), model.Ord(u1), model.Ord(u2); o != min(o1, o2) {
				t.Errorf("ord(%v goto %v) = %v, want min(%v, %v)", u1, u2, o, o1, o2)
			}
			if !isPostfix(u2, &r) {
				t.Errorf("%v is not a postfix of %v goto it = %v", u2, u1, r)
			}
			for k := range us {
				u3 := &us[k]
				l, r2 := Goto(u1, u2), Goto(u2, u3)
				left, right := Goto(&l, u3), Goto(u1, &r2)
				if !left.Equal(&right) {
					t.Errorf("associativity: (%v goto %v) goto %v = %v, but %v goto (%v goto %v) = %v",
						u1, u2, u3, left, u1, u2, u3, right)
				}
			}
		}
	}
}

// isPostfix reports whether the component sequence of a ends that of b.
func isPostfix(a, b *model.URL) bool {
	var ca, cb []model.Component
	for c := range a.Components() {
		ca = append(ca, c)
	}
	for c := range b.Components() {
		cb = append(cb, c)
	}
	if len(ca) > len(cb) {
		return false
	}
	off := len(cb) - len(ca)
	for i := range ca {
		if ca[i] != cb[off+i] {
			return false
		}
	}
	return true
}

// §Forcing: force for file- and web-URLs, with the modified flag.
func TestForce(t *testing.T) {
	tests := []struct {
		in       string
		want     string
		modified bool
		code     model.Code
	}{
		{"file:x", "(scheme file)・(authority ε)・(path-root /)・(file x)", true, ""},
		{"file:///x", "(scheme file)・(authority ε)・(path-root /)・(file x)", false, ""},
		{"file:C|", "(scheme file)・(authority ε)・(drive C|)", true, ""},
		{"file://u@h/", "", false, model.FileCredentials},
		{"file://h:1/", "", false, model.FileCredentials},
		{"http://h", "(scheme http)・(authority (host h))・(path-root /)", true, ""},
		{"http://h/", "(scheme http)・(authority (host h))・(path-root /)", false, ""},
		{"http:h/x", "(scheme http)・(authority (host h))・(path-root /)・(file x)", true, ""},
		{"http:////h/x", "(scheme http)・(authority (host h))・(path-root /)・(file x)", true, ""},
		{"http:/u:p@h:81", "(scheme http)・(authority (username u)・(password p)・(host h)・(port 81))・(path-root /)", true, ""},
		{"http:///", "", false, model.HostMissing},
		{"http:", "", false, model.HostMissing},
		{"http:/a b", "", false, model.DomainInvalidCodePoint},
		{"sc:x", "(scheme sc)・(file x)", false, ""},
	}
	for _, tt := range tests {
		u := parse(t, tt.in, grammar.Web)
		modified, err := Force(&u)
		if tt.code != "" {
			if !errors.Is(err, tt.code) {
				t.Errorf("force %q: err = %v, want %s", tt.in, err, tt.code)
			}
			continue
		}
		if err != nil {
			t.Errorf("force %q: %v", tt.in, err)
			continue
		}
		if got := u.String(); got != tt.want || modified != tt.modified {
			t.Errorf("force %q = %s, %v; want %s, %v", tt.in, got, modified, tt.want, tt.modified)
		}
	}
}

// §Resolution: generic, legacy and WHATWG resolution, including the four
// strings of "A note about multiple slashes" against http://host/.
func TestResolutions(t *testing.T) {
	type res struct{ generic, legacy, whatwg string }
	const fail = "fail"
	tests := []struct {
		ref, base string
		want      res
	}{
		{"http:foo/bar", "http://host/", res{
			"(scheme http)・(dir foo)・(file bar)",
			"(scheme http)・(authority (host host))・(path-root /)・(dir foo)・(file bar)",
			"(scheme http)・(authority (host host))・(path-root /)・(dir foo)・(file bar)"}},
		{"http:/foo/bar", "http://host/", res{
			"(scheme http)・(path-root /)・(dir foo)・(file bar)",
			"(scheme http)・(authority (host host))・(path-root /)・(dir foo)・(file bar)",
			"(scheme http)・(authority (host host))・(path-root /)・(dir foo)・(file bar)"}},
		{"http://foo/bar", "http://host/", res{
			"(scheme http)・(authority (host foo))・(path-root /)・(file bar)",
			"(scheme http)・(authority (host foo))・(path-root /)・(file bar)",
			"(scheme http)・(authority (host foo))・(path-root /)・(file bar)"}},
		{"http:///foo/bar", "http://host/", res{
			"(scheme http)・(authority ε)・(path-root /)・(dir foo)・(file bar)",
			"(scheme http)・(authority ε)・(path-root /)・(dir foo)・(file bar)",
			"(scheme http)・(authority (host foo))・(path-root /)・(file bar)"}},
		{"x", "", res{fail, fail, fail}},
		{"#x", "", res{fail, fail, fail}},
		{"#x", "sc:op", res{"(scheme sc)・(file op)・(fragment x)", "(scheme sc)・(file op)・(fragment x)", "(scheme sc)・(file op)・(fragment x)"}},
		{"?x", "sc:op", res{"(scheme sc)・(file op)・(query x)", "(scheme sc)・(file op)・(query x)", fail}},
		{"sc:x", "sc://h/", res{"(scheme sc)・(file x)", "(scheme sc)・(authority (host h))・(path-root /)・(file x)", "(scheme sc)・(file x)"}},
		{"//h", "sc:/p", res{"(scheme sc)・(authority (host h))", "(scheme sc)・(authority (host h))", "(scheme sc)・(authority (host h))"}},
		{"", "sc:op", res{"(scheme sc)・(file op)", "(scheme sc)・(file op)", fail}},
	}
	for _, tt := range tests {
		base := parse(t, tt.base, grammar.Generic)
		ref := parse(t, tt.ref, grammar.ModeForURL(&base, grammar.Generic))
		check := func(name string, got model.URL, err error, want string) {
			t.Helper()
			switch {
			case want == fail && err == nil:
				t.Errorf("%s(%q, %q) = %v, want failure", name, tt.ref, tt.base, got)
			case want != fail && err != nil:
				t.Errorf("%s(%q, %q) failed: %v", name, tt.ref, tt.base, err)
			case want != fail && got.String() != want:
				t.Errorf("%s(%q, %q) =\n\t%v\nwant\n\t%s", name, tt.ref, tt.base, got, want)
			}
		}
		g, err := GenericResolve(&ref, &base)
		check("generic", g, err, tt.want.generic)
		l, err := LegacyResolve(&ref, &base)
		check("legacy", l, err, tt.want.legacy)
		w, _, err := WHATWGResolve(&ref, &base)
		check("whatwg", w, err, tt.want.whatwg)
		if err != nil && !errors.Is(err, model.MissingSchemeNonRelativeURL) && tt.want.whatwg == fail {
			t.Errorf("whatwg(%q, %q): error code %v", tt.ref, tt.base, err)
		}
	}
}

// Resolution never modifies its arguments' dirs.
func TestGotoDoesNotAlias(t *testing.T) {
	a := parse(t, "/a/b/", grammar.Generic)
	b := parse(t, "c/d", grammar.Generic)
	r := Goto(&a, &b)
	dirs := r.Dirs()
	dirs[0] = "changed"
	if a.Dirs()[0] != "a" || b.Dirs()[0] != "c" {
		t.Errorf("Goto result shares dirs with its arguments")
	}
}

// WHATWGResolveExplained records the branch and the steps; its result is
// WHATWGResolve's.
func TestWHATWGResolveExplained(t *testing.T) {
	tests := []struct {
		ref, base     string
		branch        Branch
		schemeRemoved bool
		force         string
		forced        bool
	}{
		{"http:foo", "http://h/a/b", BranchForcedLegacy, true, "web", false},
		{"http:foo", "", BranchForcedLegacy, false, "web", true},
		{"x", "file:///C:/a", BranchForcedLegacy, false, "file", false},
		{"#f", "sc:op", BranchGeneric, false, "", false},
		{"?q", "sc:op", BranchFailed, false, "", false},
		{"x", "", BranchFailed, false, "", false},
		{"HTTP://H/./a", "http://h/a/b", BranchForcedLegacy, true, "web", false},
		{"http://x/y", "https://h/a", BranchForcedLegacy, false, "web", false},
		{"FILE://h/x", "file:///C:/a", BranchForcedLegacy, true, "file", false},
		{"file:////x", "file://h/a", BranchForcedLegacy, true, "file", false},
		{"ws://h:80/a", "ws://b/", BranchForcedLegacy, true, "web", false},
	}
	for _, tt := range tests {
		base := parse(t, tt.base, grammar.Generic)
		ref := parse(t, tt.ref, grammar.ModeForURL(&base, grammar.Web))
		var ex Explanation
		r, forced, err := WHATWGResolveExplained(&ref, &base, &ex)
		r2, forced2, err2 := WHATWGResolve(&ref, &base)
		if !r.Equal(&r2) || forced != forced2 || (err == nil) != (err2 == nil) {
			t.Errorf("%q against %q: explained and plain results differ", tt.ref, tt.base)
		}
		if ex.Branch != tt.branch || ex.SchemeRemoved != tt.schemeRemoved || ex.Force != tt.force || ex.Forced != tt.forced || ex.Why == "" {
			t.Errorf("%q against %q: explanation %+v", tt.ref, tt.base, ex)
		}
	}
}

// TestGotoJoinsDirs checks the dirs that goto joins from both URLs: empty
// dirs, dirs of one text, and dirs that are not in order of their text.
func TestGotoJoinsDirs(t *testing.T) {
	var b, r model.URL
	b.Set(model.SchemeType, "http")
	b.SetAuthority(model.Authority{})
	b.Set(model.PathRootType, "/")
	text := "xxa/bb/c"
	b.SetDirSpans(text, []uint32{5, 6, 2, 3})
	for _, tc := range []struct {
		text  string
		spans []uint32
		want  []string
	}{
		{"", []uint32{0, 0, 0, 0}, []string{"b", "a", "", ""}},
		{"zz/", []uint32{3, 3, 0, 2}, []string{"b", "a", "", "zz"}},
		{text, []uint32{7, 8, 0, 0}, []string{"b", "a", "c", ""}},
	} {
		r.SetDirSpans(tc.text, tc.spans)
		g := Goto(&b, &r)
		if got := g.Dirs(); !slices.Equal(got, tc.want) {
			t.Errorf("Goto(%v, %q %v): dirs %q, want %q", b.Dirs(), tc.text, tc.spans, got, tc.want)
		}
	}
}

// TestResolveOwnedAgrees checks WHATWGResolveOwned against WHATWGResolve,
// with bases whose span slices have room, and a base that is itself a join
// (its text in its spans' memory).
func TestResolveOwnedAgrees(t *testing.T) {
	joined := Goto(ptr(parse(t, "http://h/a/b/", grammar.Web)), ptr(parse(t, "c/d/e", grammar.Web)))
	for _, ref := range []string{"x/y/z", "../x/", "?q", "f", "//g/h/", "/r/s/"} {
		for _, mk := range []func() model.URL{
			func() model.URL { return joined.Clone() },
			func() model.URL {
				b := joined
				text, spans := b.DirSpans()
				b.SetDirSpans(text, append(make([]uint32, 0, len(spans)+64), spans...))
				return b
			},
			func() model.URL {
				// a join of its own, with room after it
				b := Goto(ptr(parse(t, "http://h/a/", grammar.Web)), ptr(parse(t, "b/c/", grammar.Web)))
				text, spans := b.DirSpans()
				b.SetDirSpans(text, spans[:len(spans):cap(spans)])
				return b
			},
		} {
			r := parse(t, ref, grammar.Web)
			b1, b2 := mk(), mk()
			want, _, err1 := WHATWGResolve(&r, &b1)
			got := r
			_, err2 := WHATWGResolveOwned(&got, &b2)
			if (err1 == nil) != (err2 == nil) || !slices.Equal(got.Dirs(), want.Dirs()) || got.File() != want.File() {
				t.Errorf("%q: owned %q %v, want %q %v", ref, got.Dirs(), err2, want.Dirs(), err1)
			}
		}
	}
}

func ptr(u model.URL) *model.URL { return &u }
