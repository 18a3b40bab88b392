package urlspec_test

import (
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/url"
	"os"
	"slices"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
)

func ExampleMustParse() {
	api := urlspec.MustParse("https://api.example.com/v2/")
	fmt.Println(api.Host(), api.Pathname())
	// Output:
	// api.example.com /v2/
}

// Whether a string parses (JavaScript's URL.canParse) is whether Parse, or
// Resolve against a base, returns no error.
func ExampleParse_canParse() {
	base := urlspec.MustParse("https://example.com/docs/")
	_, err := urlspec.Parse("https://example.com/a")
	fmt.Println(err == nil)
	_, err = urlspec.Parse("../img/logo.png")
	fmt.Println(err == nil)
	_, err = base.Resolve("../img/logo.png")
	fmt.Println(err == nil)
	_, err = urlspec.Parse("http://exa mple.com/")
	fmt.Println(err == nil)
	// Output:
	// true
	// false
	// true
	// false
}

func ExampleURL_Scheme() {
	u := urlspec.MustParse("HTTPS://example.com/")
	fmt.Println(u.Scheme(), u.Protocol())
	// Output:
	// https https:
}

func ExampleURL_Resolve() {
	page := urlspec.MustParse("https://example.com/blog/2024/post.html?x=1")
	for _, ref := range []string{"img/a.png", "../2023/", "/about", "?page=2", "//cdn.example.net/x.js", "mailto:me@example.com"} {
		u, _ := page.Resolve(ref)
		fmt.Println(u)
	}
	// Output:
	// https://example.com/blog/2024/img/a.png
	// https://example.com/blog/2023/
	// https://example.com/about
	// https://example.com/blog/2024/post.html?page=2
	// https://cdn.example.net/x.js
	// mailto:me@example.com
}

// URLs compare with ==, and an URL is a map key.
func ExampleURL_equal() {
	a := urlspec.MustParse("https://example.com/a")
	b := urlspec.MustParse("HTTPS://EXAMPLE.COM:443/x/../a")
	fmt.Println(a == b, a.Href() == b.Href())
	seen := map[urlspec.URL]int{}
	seen[a]++
	seen[b]++
	fmt.Println(len(seen), seen[a])
	// Output:
	// true true
	// 1 2
}

func ExampleURL_IsZero() {
	var u urlspec.URL
	fmt.Println(u.IsZero(), urlspec.MustParse("http://h/").IsZero())
	// Output:
	// true false
}

func ExampleURL_JoinPath() {
	api := urlspec.MustParse("https://api.example.com/v1/?key=k")
	u, _ := api.JoinPath("users", "ann/bob", "50% off")
	fmt.Println(u)
	u, _ = api.JoinPath("https://evil.example/")
	fmt.Println(u)
	u, _ = api.JoinPath("a", "..", "b")
	fmt.Println(u)
	// Output:
	// https://api.example.com/v1/users/ann%2Fbob/50%25%20off?key=k
	// https://api.example.com/v1/https:%2F%2Fevil.example%2F?key=k
	// https://api.example.com/v1/b?key=k
}

// One segment, whatever it holds.
func ExampleURL_JoinPath_segment() {
	u := urlspec.MustParse("https://example.com/files")
	u, _ = u.JoinPath("my report?.pdf")
	fmt.Println(u)
	// Output:
	// https://example.com/files/my%20report%3F.pdf
}

// Replacing the whole path is the pathname setter.
func ExampleURL_WithPathname_replace() {
	u := urlspec.MustParse("https://example.com/a/b?q")
	v, _ := u.WithPathname("/x/y%20z/")
	fmt.Println(v)
	w, _ := u.WithPathname("")
	fmt.Println(w)
	// Output:
	// https://example.com/x/y%20z/?q
	// https://example.com/?q
}

func ExampleURL_Redacted() {
	u := urlspec.MustParse("postgres://app:s3cret@db.internal:5432/prod")
	fmt.Println(u.Redacted())
	// Output:
	// postgres://app:xxxxx@db.internal:5432/prod
}

func ExampleURL_LogValue() {
	u := urlspec.MustParse("https://ann:hunter2@example.com/")
	opts := &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}}
	slog.New(slog.NewTextHandler(os.Stdout, opts)).Info("fetch", "url", u)
	// Output:
	// level=INFO msg=fetch url=https://ann:xxxxx@example.com/
}

// Reading query parameters, as net/url's Query().Get and Query()[name] do.
func ExampleURL_SearchParams_get() {
	u := urlspec.MustParse("https://example.com/search?q=go+url&tag=a&tag=b;c")
	p := u.SearchParams()
	q, _ := p.Get("q")
	fmt.Println(q, p.GetAll("tag"))
	// Output:
	// go url [a b;c]
}

// To net/url's url.Values.
func ExampleSearchParams_All_urlValues() {
	p := urlspec.NewSearchParams("b=2&a=1&b=3")
	v := url.Values{}
	for name, value := range p.All() {
		v.Add(name, value)
	}
	fmt.Println(v.Encode())
	// Output:
	// a=1&b=2&b=3
}

// From net/url's url.Values (in the order of its sorted keys, as
// url.Values.Encode writes them).
func ExampleSearchParams_Append_urlValues() {
	v := url.Values{"z": {"1"}, "a": {"x y", "2"}}
	var p urlspec.SearchParams
	for _, name := range slices.Sorted(maps.Keys(v)) {
		for _, value := range v[name] {
			p.Append(name, value)
		}
	}
	fmt.Println(&p)
	u := urlspec.MustParse("https://example.com/")
	fmt.Println(u.WithSearch(p.String()))
	// Output:
	// a=x+y&a=2&z=1
	// https://example.com/?a=x+y&a=2&z=1 <nil>
}

// An IPv4 host, however it was written.
func ExampleURL_HostAddr_ipv4() {
	u := urlspec.MustParse("http://0x7f.1/")
	a, ok := u.HostAddr()
	fmt.Println(u.Hostname(), a.Is4(), ok)
	// Output:
	// 127.0.0.1 true true
}

func ExampleURL_HostAddr() {
	u := urlspec.MustParse("http://[::1]:8080/")
	a, ok := u.HostAddr()
	fmt.Println(u.Hostname(), a, ok, a.IsLoopback())
	_, ok = urlspec.MustParse("https://example.com/").HostAddr()
	fmt.Println(ok)
	// Output:
	// [::1] ::1 true true
	// false
}

func ExampleURL_DialAddress() {
	for _, s := range []string{"http://[::1]:8080/", "https://example.com/", "ws://10.0.0.1/", "file:///x"} {
		addr, err := urlspec.MustParse(s).DialAddress()
		fmt.Printf("%q %v\n", addr, err)
	}
	// Output:
	// "[::1]:8080" <nil>
	// "example.com:443" <nil>
	// "10.0.0.1:80" <nil>
	// "" host-missing: the URL has no host to dial (in "file:///x")
}

func ExampleURL_Scan() {
	var u urlspec.URL
	err := u.Scan([]byte("HTTPS://Example.com/a/./b")) // as database/sql passes a column
	fmt.Println(u, err)
	err = u.Scan(nil)
	fmt.Println(u.IsZero(), err)
	// Output:
	// https://example.com/a/b <nil>
	// true <nil>
}

func ExampleURL_Value() {
	v, _ := urlspec.MustParse("https://example.com/").Value()
	fmt.Printf("%T %v\n", v, v)
	var zero urlspec.URL
	v, _ = zero.Value()
	fmt.Println(v)
	// Output:
	// string https://example.com/
	// <nil>
}

func ExampleURL_Ref() {
	base := urlspec.MustParse("https://example.com/a/b/c")
	target := urlspec.MustParse("https://example.com/a/x")
	r, _ := urlspec.Relativize(base.Ref(), target.Ref())
	fmt.Println(r)
	// Output:
	// ../x
}

func ExampleRef() {
	r, _ := urlspec.ParseRef("//user@host:81/a/../b?q#f", urlspec.ModeWeb)
	fmt.Println(r.HasScheme(), r.Scheme() == "", r.Host(), r.Pathname(), r.Search(), r.Hash())
	n, _ := urlspec.FromModel(normalize.Normalize(r.Model())) // the spec's normalisation
	fmt.Println(n)
	// Output:
	// false true host:81 /a/../b ?q #f
	// //user@host:81/b?q#f
}

func ExampleRef_URL() {
	r, _ := urlspec.ParseRef("HTTP://Example.com:80/a/./b", urlspec.ModeWeb)
	u, err := r.URL()
	fmt.Println(u, err)
	rel, _ := urlspec.ParseRef("../x", urlspec.ModeWeb)
	_, err = rel.URL()
	fmt.Println(errors.Is(err, model.MissingSchemeNonRelativeURL))
	// Output:
	// http://example.com/a/b <nil>
	// true
}

func ExampleRef_Unicode() {
	r, _ := urlspec.ParseRef("//xn--bcher-kva.example/ü", urlspec.ModeWeb)
	fmt.Println(r.Href())
	fmt.Println(r.Unicode())
	// Output:
	// //xn--bcher-kva.example/%C3%BC
	// //bücher.example/ü
}

func ExampleURL_Model() {
	m := urlspec.MustParse("https://example.com/a/b?q").Model()
	fmt.Println(m.String())
	// Output:
	// (scheme https)・(authority (host example.com))・(path-root /)・(dir a)・(file b)・(query q)
}

func ExampleURL_RequestURI() {
	for _, s := range []string{"https://example.com/a%20b?q=1#top", "https://example.com/?", "sc://h?q"} {
		fmt.Println(urlspec.MustParse(s).RequestURI())
	}
	// Output:
	// /a%20b?q=1
	// /?
	// /?q
}
