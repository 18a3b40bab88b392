package urlspec_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/model"
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

// The WHATWG href setter is Parse: a new URL replaces the old one, which
// stays as it was when the new href does not parse.
func ExampleParse_href() {
	u := must(urlspec.Parse("http://a/"))
	u = show(urlspec.Parse("HTTPS://B/x/../y"))
	_, err := urlspec.Parse("no scheme")
	fmt.Println(errors.Is(err, model.MissingSchemeNonRelativeURL), u.Href())
	// Output:
	// <nil> https://b/y
	// true https://b/y
}

func ExampleURL_WithProtocol() {
	u := must(urlspec.Parse("http://example.com:443/"))
	u = show(u.WithProtocol("https"))
	_, err := u.WithProtocol("mailto")
	fmt.Println(err)
	// Output:
	// <nil> https://example.com/
	// scheme-change-refused: cannot change the special scheme https to a non-special one (in "mailto")
}

func ExampleURL_WithUsername() {
	u := must(urlspec.Parse("https://example.com/"))
	show(u.WithUsername("me@work"))
	f := must(urlspec.Parse("file:///x"))
	_, err := f.WithUsername("me")
	fmt.Println(errors.Is(err, model.CredentialsRefused))
	// Output:
	// <nil> https://me%40work@example.com/
	// true
}

func ExampleURL_WithPassword() {
	u := must(urlspec.Parse("https://me@example.com/"))
	u = show(u.WithPassword("s3cr:t"))
	show(u.WithPassword(""))
	// Output:
	// <nil> https://me:s3cr%3At@example.com/
	// <nil> https://me@example.com/
}

func ExampleURL_WithHost() {
	u := must(urlspec.Parse("http://example.net:8080/path"))
	u = show(u.WithHost("EXAMPLE.com")) // the port stays
	u = show(u.WithHost("0x7F000001:80/ignored"))
	u, err := u.WithHost("exa mple.com")
	fmt.Println(errors.Is(err, model.DomainInvalidCodePoint), u.Href())
	// Output:
	// <nil> http://example.com:8080/path
	// <nil> http://127.0.0.1/path
	// true http://127.0.0.1/path
}

func ExampleURL_WithHostname() {
	u := must(urlspec.Parse("http://example.net:8080/"))
	u = show(u.WithHostname("bücher.example"))
	_, err := u.WithHostname("example.com:1")
	fmt.Println(err)
	// Output:
	// <nil> http://xn--bcher-kva.example:8080/
	// hostname-with-port: a hostname has no port; use WithHost (at byte 11 of "example.com:1")
}

func ExampleURL_WithPort() {
	u := must(urlspec.Parse("https://example.com/"))
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
	u := must(urlspec.Parse("https://example.com/a?q#f"))
	show(u.WithPathname(`\b\..\c d?e`))
	o := must(urlspec.Parse("mailto:me@example.com"))
	_, err := o.WithPathname("x")
	fmt.Println(errors.Is(err, model.OpaquePathRefused))
	// Output:
	// <nil> https://example.com/c%20d%3Fe?q#f
	// true
}

func ExampleURL_WithSearch() {
	u := must(urlspec.Parse("https://example.com/#top"))
	u = show(u.WithSearch("?q=a b#c"))
	show(u.WithSearch(""))
	// Output:
	// <nil> https://example.com/?q=a%20b%23c#top
	// <nil> https://example.com/#top
}

func ExampleURL_WithHash() {
	u := must(urlspec.Parse("data:text/plain,x ?y"))
	u = show(u.WithHash("#a <b>"))
	show(u.WithSearch("")) // the space before '?' stays %20
	// Output:
	// <nil> data:text/plain,x%20?y#a%20%3Cb%3E
	// <nil> data:text/plain,x%20#a%20%3Cb%3E
}

func ExampleURL_SearchParams() {
	u := must(urlspec.Parse("https://example.com/?b=2&a=1&a=3"))
	p := u.SearchParams() // a detached copy of the query
	p.Sort()
	p.Append("c", "x y")
	fmt.Println(u.Href())
	v, ok := p.Get("a")
	fmt.Println(v, ok, p.GetAll("a"), p.Len())
	fmt.Println(must(u.WithSearch(p.String())).Href()) // write the list back
	// Output:
	// https://example.com/?b=2&a=1&a=3
	// 1 true [1 3] 4
	// https://example.com/?a=1&a=3&b=2&c=x+y
}

// A changed list of query parameters is written back with WithSearch and
// the list's serialization; an empty list removes the query.
func ExampleURL_WithSearch_searchParams() {
	u := must(urlspec.Parse("https://example.com/list?page=2#results"))
	p := u.SearchParams()
	p.Set("page", "3")
	p.Append("sort", "name asc")
	fmt.Println(must(u.WithSearch(p.String())))
	fmt.Println(must(u.WithSearch(urlspec.NewSearchParams("").String())))
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

// A list from a map: append its pairs in the order wanted.
func ExampleSearchParams_Append() {
	m := map[string]string{"b": "2", "a": "1"}
	var p urlspec.SearchParams // the zero SearchParams is an empty list
	for _, k := range slices.Sorted(maps.Keys(m)) {
		p.Append(k, m[k])
	}
	fmt.Println(p.String())
	// Output: a=1&b=2
}

func ExampleSearchParams_All() {
	p := urlspec.NewSearchParams("a=1&b=%F0%9F%8C%88&a=3")
	for name, value := range p.All() {
		fmt.Println(name, value)
	}
	fmt.Println(p.Len())
	// Output:
	// a 1
	// b 🌈
	// a 3
	// 3
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

// The application/x-www-form-urlencoded parser: '&' separates (empty parts
// are skipped), '+' is a space, and bytes that are not UTF-8 read as U+FFFD.
func ExampleNewSearchParams_parsing() {
	for name, value := range urlspec.NewSearchParams("a=1+2&&b&=c&d=%E2%82").All() {
		fmt.Printf("%+q %+q\n", name, value)
	}
	// Output:
	// "a" "1 2"
	// "b" ""
	// "" "c"
	// "d" "\ufffd"
}

func ExampleSearchParams_String() {
	var p urlspec.SearchParams
	p.Append("q", "1+1 ≡ 2")
	p.Append("lang", "en")
	fmt.Println(p.String())
	// Output:
	// q=1%2B1+%E2%89%A1+2&lang=en
}

func ExampleURL_Origin_sameOrigin() {
	a := must(urlspec.Parse("https://example.com/a"))
	b := must(urlspec.Parse("blob:https://example.com:443/uuid"))
	c := must(urlspec.Parse("https://example.com:8443/"))
	fmt.Println(a.Origin(), a.Origin() == b.Origin(), a.Origin() == c.Origin())
	d := must(urlspec.Parse("data:,x"))
	o1, o2 := d.Origin(), d.Origin()
	fmt.Println(o1, o1.IsOpaque(), o1 == o2)
	// Output:
	// https://example.com true false
	// null true false
}

func ExampleOrigin() {
	allowed := must(urlspec.Parse("https://example.com")).Origin()
	u := must(urlspec.Parse("HTTPS://EXAMPLE.COM:443/login"))
	o := u.Origin()
	port, hasPort := o.Port()
	fmt.Println(o == allowed, o.Scheme(), o.Host(), port, hasPort)
	// Output: true https example.com 0 false
}

func ExampleOrigin_IsOpaque() {
	u := must(urlspec.Parse("data:,x"))
	o := u.Origin() // a new opaque origin on each call
	p := o
	fmt.Println(o, o.IsOpaque(), o == p, o == u.Origin())
	// Output: null true true false
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

func ExampleURL_AppendText() {
	u := must(urlspec.Parse("file:///C:/x"))
	b, _ := u.AppendText([]byte("url:"))
	fmt.Println(string(b))
	// Output:
	// url:file:///C:/x
}

func ExampleURL_PathSegments() {
	u := must(urlspec.Parse("https://example.com/a/b%20c/../d/"))
	for s := range u.PathSegments() {
		fmt.Printf("%q ", s)
	}
	o := must(urlspec.Parse("mailto:a/b"))
	fmt.Println(o.HasOpaquePath(), slices.Collect(o.PathSegments()) == nil)
	// Output: "a" "d" "" true true
}

func ExampleURL_HasOpaquePath() {
	for _, s := range []string{"mailto:me@example.com", "sc:/a", "https://h/"} {
		u := must(urlspec.Parse(s))
		fmt.Println(s, u.HasOpaquePath())
	}
	// Output:
	// mailto:me@example.com true
	// sc:/a false
	// https://h/ false
}

func ExampleURL_ToNetURL() {
	u := must(urlspec.Parse(`https://user@EXAMPLE.com:443\a\..\b c?q=1#f`))
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
