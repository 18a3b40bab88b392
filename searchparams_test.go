package urlspec

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/model"
)

// withSearchParams writes p back into u as its query: WithSearch with p's
// serialization, which never fails on a non-zero URL.
func withSearchParams(t *testing.T, u URL, p *SearchParams) URL {
	t.Helper()
	v, err := u.WithSearch(p.String())
	if err != nil {
		t.Fatalf("%q WithSearch(%q): %v", u.Href(), p.String(), err)
	}
	return v
}

func pairs(p *SearchParams) string {
	var b strings.Builder
	for name, value := range p.All() {
		b.WriteString("(" + name + "," + value + ")")
	}
	return b.String()
}

// The examples of WHATWG §URLSearchParams class.
func TestSearchParamsStandardExamples(t *testing.T) {
	// new URLSearchParams({key: "730d67"}): a record is appended pair by pair.
	p := NewSearchParams("")
	p.Append("key", "730d67")
	if p.String() != "key=730d67" {
		t.Errorf("record init: %q", p.String())
	}

	u := mustParse(t, "https://example.com/?a=b ~")
	if u.Href() != "https://example.com/?a=b%20~" {
		t.Errorf("href %q", u.Href())
	}
	sp := u.SearchParams()
	sp.Sort()
	if u = withSearchParams(t, u, sp); u.Href() != "https://example.com/?a=b+%7E" {
		t.Errorf("after sort: %q", u.Href())
	}

	u = mustParse(t, "https://example.com/?a=~&b=%7E")
	sp = u.SearchParams()
	a, _ := sp.Get("a")
	b, _ := sp.Get("b")
	if u.Search() != "?a=~&b=%7E" || a != "~" || b != "~" {
		t.Errorf("search %q, a %q, b %q", u.Search(), a, b)
	}

	u = mustParse(t, "https://example.org/?q=🏳️‍🌈&key=e1f7bc78")
	sp = u.SearchParams()
	sp.Sort()
	u = withSearchParams(t, u, sp)
	if u.Search() != "?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88" {
		t.Errorf("sorted search %q", u.Search())
	}
	sorted := NewSearchParams(u.Search())
	sorted.Sort()
	if sorted.String() != "key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88" {
		t.Errorf("standalone sorted %q", sorted.String())
	}
}

func TestSearchParamsMethods(t *testing.T) {
	p := NewSearchParams("?a=1&b=2&a=3&c")
	if p.Len() != 4 || pairs(p) != "(a,1)(b,2)(a,3)(c,)" {
		t.Fatalf("parsed %s", pairs(p))
	}
	if v, ok := p.Get("a"); !ok || v != "1" {
		t.Errorf("Get(a) = %q, %v", v, ok)
	}
	if _, ok := p.Get("z"); ok {
		t.Error("Get(z) found")
	}
	if got := p.GetAll("a"); !slices.Equal(got, []string{"1", "3"}) {
		t.Errorf("GetAll(a) = %q", got)
	}
	if p.GetAll("z") != nil {
		t.Error("GetAll(z) not nil")
	}
	if !p.Has("c") || p.Has("z") || !p.HasValue("a", "3") || p.HasValue("a", "2") {
		t.Error("Has/HasValue")
	}
	p.Set("a", "x")
	if pairs(p) != "(a,x)(b,2)(c,)" {
		t.Errorf("Set(a): %s", pairs(p))
	}
	p.Set("d", "4")
	p.Append("a", "y")
	if pairs(p) != "(a,x)(b,2)(c,)(d,4)(a,y)" {
		t.Errorf("Set(d), Append(a): %s", pairs(p))
	}
	p.DeleteValue("a", "y")
	if pairs(p) != "(a,x)(b,2)(c,)(d,4)" {
		t.Errorf("DeleteValue(a, y): %s", pairs(p))
	}
	p.Delete("a")
	if pairs(p) != "(b,2)(c,)(d,4)" || p.String() != "b=2&c=&d=4" {
		t.Errorf("Delete(a): %s %q", pairs(p), p.String())
	}
	var zero SearchParams
	zero.Append("a b", "c&d")
	if zero.String() != "a+b=c%26d" {
		t.Errorf("zero value %q", zero.String())
	}
}

// sort() compares names by UTF-16 code units (WPT urlsearchparams-sort).
func TestSearchParamsSortCodeUnits(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ﬃ&🌈", "%F0%9F%8C%88=&%EF%AC%83="},
		{"é&e\uFFFF&e&\U0001F308&a", "a=&e=&e%EF%BF%BF=&%C3%A9=&%F0%9F%8C%88="},
		{"z=b&a=b&z=a&a=a", "a=b&a=a&z=b&z=a"},
		{"\uFFFD=x&\U0001F308=y", "%F0%9F%8C%88=y&%EF%BF%BD=x"},
	}
	for _, tt := range tests {
		p := NewSearchParams(tt.in)
		p.Sort()
		if p.String() != tt.want {
			t.Errorf("sort %q: %q, want %q", tt.in, p.String(), tt.want)
		}
	}
	if compareUTF16("\U0001F308", "\uFFFD") >= 0 || compareUTF16("a", "ab") >= 0 || compareUTF16("b", "b") != 0 {
		t.Error("compareUTF16")
	}
}

// A SearchParams is a detached copy of the query; WithSearch(p.String())
// writes a list back (the standard's "update": an empty list removes the
// query).
func TestSearchParamsDetached(t *testing.T) {
	u := mustParse(t, "http://h/p?a=1#f")
	p := u.SearchParams()
	p.Append("b", "x y")
	if u.Href() != "http://h/p?a=1#f" {
		t.Errorf("the URL changed with its detached list: %q", u.Href())
	}
	v := withSearchParams(t, u, p)
	if v.Href() != "http://h/p?a=1&b=x+y#f" {
		t.Errorf("after WithSearch: %q", v.Href())
	}
	p.Delete("a")
	p.Delete("b")
	if w := withSearchParams(t, v, p); w.Href() != "http://h/p#f" {
		t.Errorf("empty list removes the query: %q", w.Href())
	}
	x := mustParse(t, "http://x/?z=%7E+1")
	if val, _ := x.SearchParams().Get("z"); val != "~ 1" {
		t.Errorf("decoded: %q", val)
	}
	// An opaque path that ended in a space keeps it as %20 when the query goes.
	o := mustParse(t, "sc:a ?x")
	q := o.SearchParams()
	q.Delete("x")
	if o = withSearchParams(t, o, q); o.Href() != "sc:a%20" {
		t.Errorf("opaque path: %q", o.Href())
	}
	var zero URL
	zp := zero.SearchParams()
	zp.Append("a", "b")
	if w, err := zero.WithSearch(zp.String()); w != (URL{}) || !errors.Is(err, model.EmptyURL) || zp.String() != "a=b" {
		t.Errorf("zero URL: %q, %v", w.Href(), err)
	}
	checkSetterResult(t, &v)
}

// The iterator sees changes made while iterating, like the standard's.
func TestSearchParamsAllLive(t *testing.T) {
	p := NewSearchParams("a=1&b=2")
	var seen []string
	for name := range p.All() {
		seen = append(seen, name)
		if name == "a" {
			p.Append("c", "3")
		}
	}
	if !slices.Equal(seen, []string{"a", "b", "c"}) {
		t.Errorf("seen %q", seen)
	}
	n := 0
	for range p.All() {
		n++
		break
	}
	if n != 1 {
		t.Error("break")
	}
}
