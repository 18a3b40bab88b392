package urlspec_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"

	"github.com/urlspec/urlspec"
)

func must(u urlspec.URL, err error) urlspec.URL {
	if err != nil {
		panic(err)
	}
	return u
}

// show prints a With method's result: the error and the new href.
func show(u urlspec.URL, err error) urlspec.URL {
	fmt.Println(err, u.Href())
	return u
}

func ExampleURL_WithHref() {
	u := must(urlspec.Parse("http://a/", nil))
	u = show(u.WithHref("HTTPS://B/x/../y"))
	_, err := u.WithHref("no scheme")
	fmt.Println(errors.Is(err, urlspec.MissingSchemeNonRelativeURL), u.Href())
	// Output:
	// <nil> https://b/y
	// true https://b/y
}

func ExampleURL_WithProtocol() {
	u := must(urlspec.Parse("http://example.com:443/", nil))
	u = show(u.WithProtocol("https"))
	_, err := u.WithProtocol("mailto")
	fmt.Println(err)
	// Output:
	// <nil> https://example.com/
	// scheme-change-refused: cannot change the special scheme https to a non-special one (in "mailto")
}

func ExampleURL_WithUsername() {
	u := must(urlspec.Parse("https://example.com/", nil))
	show(u.WithUsername("me@work"))
	f := must(urlspec.Parse("file:///x", nil))
	_, err := f.WithUsername("me")
	fmt.Println(errors.Is(err, urlspec.CredentialsRefused))
	// Output:
	// <nil> https://me%40work@example.com/
	// true
}

func ExampleURL_WithPassword() {
	u := must(urlspec.Parse("https://me@example.com/", nil))
	u = show(u.WithPassword("s3cr:t"))
	show(u.WithPassword(""))
	// Output:
	// <nil> https://me:s3cr%3At@example.com/
	// <nil> https://me@example.com/
}

func ExampleURL_WithHost() {
	u := must(urlspec.Parse("http://example.net:8080/path", nil))
	u = show(u.WithHost("EXAMPLE.com")) // the port stays
	u = show(u.WithHost("0x7F000001:80/ignored"))
	u, err := u.WithHost("exa mple.com")
	fmt.Println(errors.Is(err, urlspec.DomainInvalidCodePoint), u.Href())
	// Output:
	// <nil> http://example.com:8080/path
	// <nil> http://127.0.0.1/path
	// true http://127.0.0.1/path
}

func ExampleURL_WithHostname() {
	u := must(urlspec.Parse("http://example.net:8080/", nil))
	u = show(u.WithHostname("bücher.example"))
	_, err := u.WithHostname("example.com:1")
	fmt.Println(err)
	// Output:
	// <nil> http://xn--bcher-kva.example:8080/
	// hostname-with-port: a hostname has no port; use WithHost (at byte 11 of "example.com:1")
}

func ExampleURL_WithPort() {
	u := must(urlspec.Parse("https://example.com/", nil))
	u = show(u.WithPort("8443/x"))
	u = show(u.WithPort("443"))
	_, err := u.WithPort("65536")
	fmt.Println(err)
	// Output:
	// <nil> https://example.com:8443/
	// <nil> https://example.com/
	// port-out-of-range: the port must be less than 65536 (at byte 0 of "65536")
}

func ExampleURL_WithPathname() {
	u := must(urlspec.Parse("https://example.com/a?q#f", nil))
	show(u.WithPathname(`\b\..\c d?e`))
	o := must(urlspec.Parse("mailto:me@example.com", nil))
	_, err := o.WithPathname("x")
	fmt.Println(errors.Is(err, urlspec.OpaquePathRefused))
	// Output:
	// <nil> https://example.com/c%20d%3Fe?q#f
	// true
}

func ExampleURL_WithSearch() {
	u := must(urlspec.Parse("https://example.com/#top", nil))
	u = show(u.WithSearch("?q=a b#c"))
	show(u.WithSearch(""))
	// Output:
	// <nil> https://example.com/?q=a%20b%23c#top
	// <nil> https://example.com/#top
}

func ExampleURL_WithHash() {
	u := must(urlspec.Parse("data:text/plain,x ?y", nil))
	u = show(u.WithHash("#a <b>"))
	show(u.WithSearch("")) // the space before '?' stays %20
	// Output:
	// <nil> data:text/plain,x%20?y#a%20%3Cb%3E
	// <nil> data:text/plain,x%20#a%20%3Cb%3E
}

func ExampleURL_SearchParams() {
	u := must(urlspec.Parse("https://example.com/?b=2&a=1&a=3", nil))
	p := u.SearchParams() // a detached copy of the query
	p.Sort()
	p.Append("c", "x y")
	fmt.Println(u.Href())
	v, ok := p.Get("a")
	fmt.Println(v, ok, p.GetAll("a"), p.Len())
	fmt.Println(u.WithSearchParams(p).Href())
	// Output:
	// https://example.com/?b=2&a=1&a=3
	// 1 true [1 3] 4
	// https://example.com/?a=1&a=3&b=2&c=x+y
}

func ExampleURL_WithSearchParams() {
	u := must(urlspec.Parse("https://example.com/list?page=2#results", nil))
	p := u.SearchParams()
	p.Set("page", "3")
	p.Append("sort", "name asc")
	fmt.Println(u.WithSearchParams(p))
	fmt.Println(u.WithSearchParams(urlspec.NewSearchParams("")))
	// Output:
	// https://example.com/list?page=3&sort=name+asc#results
	// https://example.com/list#results
}

func ExampleNewSearchParams() {
	p := urlspec.NewSearchParams("?q=go+url&debug=1&lang=fr&lang=de")
	p.Set("lang", "en")
	p.Delete("debug")
	fmt.Println(p)
	// Output: q=go+url&lang=en
}

func ExampleNewSearchParamsFrom() {
	m := map[string]string{"b": "2", "a": "1"}
	p := urlspec.NewSearchParamsFrom(func(yield func(string, string) bool) {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if !yield(k, m[k]) {
				return
			}
		}
	})
	fmt.Println(p.String())
	// Output: a=1&b=2
}

func ExampleSearchParams_All() {
	p := urlspec.NewSearchParams("a=1&b=%F0%9F%8C%88&a=3")
	for name, value := range p.All() {
		fmt.Println(name, value)
	}
	fmt.Println(slices.Collect(p.Keys()), slices.Collect(p.Values()), len(p.Params()))
	// Output:
	// a 1
	// b 🌈
	// a 3
	// [a b a] [1 🌈 3] 3
}

func ExampleSearchParams_DeleteValue() {
	p := urlspec.NewSearchParams("tag=a&tag=b&tag=a")
	fmt.Println(p.HasValue("tag", "b"))
	p.DeleteValue("tag", "a")
	fmt.Println(p)
	// Output:
	// true
	// tag=b
}

func ExampleSearchParams_Sort() {
	// Names compare by UTF-16 code units: U+1F308 (D83C DF08) sorts before
	// U+FB03.
	p := urlspec.NewSearchParams("ﬃ=1&🌈=2&a=3")
	p.Sort()
	fmt.Println(p)
	// Output: a=3&%F0%9F%8C%88=2&%EF%AC%83=1
}

func ExampleParseURLEncoded() {
	fmt.Printf("%+q\n", urlspec.ParseURLEncoded("a=1+2&&b&=c&d=%E2%82"))
	// Output: [{"a" "1 2"} {"b" ""} {"" "c"} {"d" "\ufffd"}]
}

func ExampleSerializeURLEncoded() {
	list := []urlspec.Param{{Name: "q", Value: "1+1 ≡ 2"}, {Name: "lang", Value: "en"}}
	fmt.Println(urlspec.SerializeURLEncoded(list))
	// Output:
	// q=1%2B1+%E2%89%A1+2&lang=en
}

func ExampleURL_Origin_sameOrigin() {
	a := must(urlspec.Parse("https://example.com/a", nil))
	b := must(urlspec.Parse("blob:https://example.com:443/uuid", nil))
	c := must(urlspec.Parse("https://example.com:8443/", nil))
	fmt.Println(a.Origin(), a.Origin() == b.Origin(), a.Origin().SameOrigin(c.Origin()))
	d := must(urlspec.Parse("data:,x", nil))
	o1, o2 := d.Origin(), d.Origin()
	fmt.Println(o1, o1.IsOpaque(), o1 == o2)
	// Output:
	// https://example.com true false
	// null true false
}

func ExampleTupleOrigin() {
	allowed := urlspec.TupleOrigin("https", "example.com", -1)
	u := must(urlspec.Parse("HTTPS://EXAMPLE.COM:443/login", nil))
	o := u.Origin()
	port, hasPort := o.Port()
	fmt.Println(o == allowed, o.Scheme(), o.Host(), port, hasPort)
	// Output: true https example.com 0 false
}

func ExampleNewOpaqueOrigin() {
	o := urlspec.NewOpaqueOrigin()
	p := o
	fmt.Println(o, o.SameOrigin(p), o.SameOrigin(urlspec.NewOpaqueOrigin()))
	// Output: null true false
}

func ExampleURL_MarshalText() {
	type Config struct {
		Endpoint urlspec.URL `json:"endpoint"`
	}
	var c Config
	err := json.Unmarshal([]byte(`{"endpoint":"HTTPS://API.example.com:443/v1/../v2"}`), &c)
	fmt.Println(err, c.Endpoint.Href())
	out, _ := json.Marshal(c)
	fmt.Println(string(out))
	err = json.Unmarshal([]byte(`{"endpoint":"http://[::1"}`), &c)
	var e *urlspec.Error
	fmt.Println(errors.As(err, &e), e.Code)
	// Output:
	// <nil> https://api.example.com/v2
	// {"endpoint":"https://api.example.com/v2"}
	// true IPv6-unclosed
}

func ExampleURL_UnmarshalText() {
	var u urlspec.URL
	fmt.Println(u.UnmarshalText([]byte("http://example.com/a b")), u.Href())
	fmt.Println(u.UnmarshalText(nil), u.Href() == "")
	// Output:
	// <nil> http://example.com/a%20b
	// <nil> true
}

func ExampleURL_MarshalBinary() {
	u := must(urlspec.Parse("file:///C:/x", nil))
	b, _ := u.MarshalBinary()
	var v urlspec.URL
	fmt.Println(v.UnmarshalBinary(b), v.Href())
	b, _ = u.AppendBinary([]byte("url:"))
	t, _ := u.AppendText(nil)
	fmt.Println(string(b), string(t))
	// Output:
	// <nil> file:///C:/x
	// url:file:///C:/x file:///C:/x
}

func ExampleURL_PathSegments() {
	u := must(urlspec.Parse("https://example.com/a/b%20c/../d/", nil))
	for s := range u.PathSegments() {
		fmt.Printf("%q ", s)
	}
	o := must(urlspec.Parse("mailto:a/b", nil))
	fmt.Println(o.HasOpaquePath(), slices.Collect(o.PathSegments()) == nil)
	// Output: "a" "d" "" true true
}

func ExampleURL_HasOpaquePath() {
	for _, s := range []string{"mailto:me@example.com", "sc:/a", "https://h/"} {
		u := must(urlspec.Parse(s, nil))
		fmt.Println(s, u.HasOpaquePath())
	}
	// Output:
	// mailto:me@example.com true
	// sc:/a false
	// https://h/ false
}

func ExampleURL_ToNetURL() {
	u := must(urlspec.Parse(`https://user@EXAMPLE.com:443\a\..\b c?q=1#f`, nil))
	n := u.ToNetURL()
	fmt.Println(n.Scheme, n.User.Username(), n.Host, n.Path, n.RawQuery, n.Fragment)
	fmt.Println(n.String() == u.Href(), n)
	// Output:
	// https user example.com /b c q=1 f
	// true https://user@example.com/b%20c?q=1#f
}

func ExampleFromNetURL() {
	n, _ := url.Parse("HTTP://0x7f.1:80/a/./b/../c")
	u, err := urlspec.FromNetURL(n)
	fmt.Println(u.Href(), err)
	// Output: http://127.0.0.1/a/c <nil>
}
