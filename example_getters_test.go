package urlspec_test

import (
	"errors"
	"fmt"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/fileurl"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
)

// The WHATWG getters of an URL, one example each.

func ExampleURL_Href() {
	u := urlspec.MustParse("HTTPS://User@Example.COM:443/a/../b c?q#f")
	fmt.Println(u.Href())
	// Output: https://User@example.com/b%20c?q#f
}

func ExampleURL_String() {
	u := urlspec.MustParse("http://example.com/a b")
	fmt.Println(u.String() == u.Href(), u)
	// Output: true http://example.com/a%20b
}

func ExampleURL_Protocol() {
	fmt.Println(urlspec.MustParse("MAILTO:me@example.com").Protocol())
	// Output: mailto:
}

func ExampleURL_Username() {
	u := urlspec.MustParse("https://me@work:pw@example.com/")
	fmt.Println(u.Username()) // percent-encoded; see Credentials
	// Output: me%40work
}

func ExampleURL_Password() {
	u := urlspec.MustParse("postgres://app:s3cr%40t@db/prod")
	fmt.Println(u.Password()) // percent-encoded; see Credentials
	// Output: s3cr%40t
}

func ExampleURL_Credentials() {
	u := urlspec.MustParse("postgres://app:s3cr%40t@h/db")
	user, password := u.Credentials()
	fmt.Println(user, password)
	fmt.Println(u.Username(), u.Password()) // the WHATWG getters: as the href writes them
	// Output:
	// app s3cr@t
	// app s3cr%40t
}

func ExampleURL_Host() {
	for _, s := range []string{"https://example.com:8443/", "https://example.com:443/", "http://[::1]:8080/", "mailto:x"} {
		fmt.Printf("%q\n", urlspec.MustParse(s).Host())
	}
	// Output:
	// "example.com:8443"
	// "example.com"
	// "[::1]:8080"
	// ""
}

func ExampleURL_Hostname() {
	for _, s := range []string{"https://BÜCHER.example:8443/", "http://0x7f.1/", "http://[::1]:8080/"} {
		fmt.Println(urlspec.MustParse(s).Hostname())
	}
	// Output:
	// xn--bcher-kva.example
	// 127.0.0.1
	// [::1]
}

func ExampleURL_Port() {
	for _, s := range []string{"https://h:8443/", "https://h:443/", "sc://h:443/"} {
		fmt.Printf("%q\n", urlspec.MustParse(s).Port())
	}
	// Output:
	// "8443"
	// ""
	// "443"
}

func ExampleURL_Pathname() {
	for _, s := range []string{`https://h\a\..\b c`, "https://h", "sc://h", "mailto:me@example.com"} {
		fmt.Printf("%q\n", urlspec.MustParse(s).Pathname())
	}
	// Output:
	// "/b%20c"
	// "/"
	// ""
	// "me@example.com"
}

func ExampleURL_Search() {
	for _, s := range []string{"https://h/?q=a b", "https://h/?", "https://h/"} {
		u := urlspec.MustParse(s)
		fmt.Printf("%q %q\n", u.Search(), u.Href())
	}
	// Output:
	// "?q=a%20b" "https://h/?q=a%20b"
	// "" "https://h/?"
	// "" "https://h/"
}

func ExampleURL_Hash() {
	for _, s := range []string{"https://h/#top", "https://h/#", "https://h/"} {
		u := urlspec.MustParse(s)
		fmt.Printf("%q %q\n", u.Hash(), u.Href())
	}
	// Output:
	// "#top" "https://h/#top"
	// "" "https://h/#"
	// "" "https://h/"
}

// The getters of a reference show its components as printed.

func ExampleRef_Scheme() {
	r, _ := urlspec.ParseRef("HTTP://h/", urlspec.ModeWeb)
	u, _ := r.URL()
	fmt.Println(r.Scheme(), u.Scheme()) // as written; the URL's is lower-case
	// Output: HTTP http
}

func ExampleRef_String() {
	r, _ := urlspec.ParseRef("../a b?c", urlspec.ModeWeb)
	fmt.Println(r.String() == r.Href(), r)
	// Output: true ../a%20b?c
}

func ExampleRef_Username() {
	r, _ := urlspec.ParseRef("//me@work:pw@h/", urlspec.ModeWeb)
	fmt.Println(r.Username(), r.Password())
	// Output: me%40work pw
}

func ExampleRef_Password() {
	r, _ := urlspec.ParseRef("//:s3cr%40t@h/", urlspec.ModeWeb)
	fmt.Printf("%q %q\n", r.Username(), r.Password())
	// Output: "" "s3cr%40t"
}

func ExampleRef_Host() {
	r, _ := urlspec.ParseRef("//h:81/p", urlspec.ModeWeb)
	fmt.Println(r.Host())
	// Output: h:81
}

func ExampleRef_Hostname() {
	r, _ := urlspec.ParseRef("//[::1]:81/p", urlspec.ModeWeb)
	fmt.Println(r.Hostname())
	// Output: [::1]
}

func ExampleRef_Port() {
	r, _ := urlspec.ParseRef("http://h:80/", urlspec.ModeWeb)
	fmt.Printf("%q\n", r.Port()) // not normalised: the default port is there
	// Output: "80"
}

func ExampleRef_Pathname() {
	r, _ := urlspec.ParseRef("../a/./b?q", urlspec.ModeWeb)
	fmt.Println(r.Pathname()) // dot segments stay until normalisation
	// Output: ../a/./b
}

func ExampleRef_Search() {
	r, _ := urlspec.ParseRef("?q=1#f", urlspec.ModeWeb)
	fmt.Println(r.Search(), r.Pathname() == "")
	// Output: ?q=1 true
}

func ExampleRef_Hash() {
	r, _ := urlspec.ParseRef("#sec-2", urlspec.ModeWeb)
	fmt.Println(r.Hash())
	// Output: #sec-2
}

// The query parameters of an URL, one example each.

func ExampleSearchParams() {
	u := urlspec.MustParse("https://example.com/search?q=go+url&page=2")
	p := u.SearchParams()
	q, _ := p.Get("q")
	fmt.Println(q)
	p.Set("page", "3")
	u, _ = u.WithSearch(p.String())
	fmt.Println(u)
	// Output:
	// go url
	// https://example.com/search?q=go+url&page=3
}

func ExampleSearchParams_Len() {
	fmt.Println(urlspec.NewSearchParams("a=1&a=2&&b").Len())
	// Output: 3
}

func ExampleSearchParams_Get() {
	p := urlspec.NewSearchParams("a=1&a=2&b=")
	for _, name := range []string{"a", "b", "c"} {
		v, ok := p.Get(name)
		fmt.Printf("%s %q %v\n", name, v, ok)
	}
	// Output:
	// a "1" true
	// b "" true
	// c "" false
}

func ExampleSearchParams_GetAll() {
	p := urlspec.NewSearchParams("tag=a&x=1&tag=b")
	fmt.Println(p.GetAll("tag"), p.GetAll("none") == nil)
	// Output: [a b] true
}

func ExampleSearchParams_Has() {
	p := urlspec.NewSearchParams("debug&q=1")
	fmt.Println(p.Has("debug"), p.Has("q"), p.Has("x"))
	// Output: true true false
}

func ExampleSearchParams_HasValue() {
	p := urlspec.NewSearchParams("tag=a&tag=b")
	fmt.Println(p.HasValue("tag", "b"), p.HasValue("tag", "c"))
	// Output: true false
}

func ExampleSearchParams_Set() {
	p := urlspec.NewSearchParams("a=1&b=2&a=3")
	p.Set("a", "x") // the first a gets the value, the others go
	p.Set("c", "y") // appended
	fmt.Println(p)
	// Output: a=x&b=2&c=y
}

func ExampleSearchParams_Delete() {
	p := urlspec.NewSearchParams("a=1&b=2&a=3")
	p.Delete("a")
	fmt.Println(p)
	// Output: b=2
}

// Origins, one example each.

func ExampleOrigin_Scheme() {
	o := urlspec.MustParse("HTTPS://example.com/").Origin()
	fmt.Println(o.Scheme())
	// Output: https
}

func ExampleOrigin_Host() {
	o := urlspec.MustParse("https://BÜCHER.example:8443/").Origin()
	fmt.Println(o.Host())
	// Output: xn--bcher-kva.example
}

func ExampleOrigin_Port() {
	for _, s := range []string{"https://h:8443/", "https://h:443/", "data:,x"} {
		p, ok := urlspec.MustParse(s).Origin().Port()
		fmt.Println(p, ok)
	}
	// Output:
	// 8443 true
	// 0 false
	// 0 false
}

func ExampleOrigin_String() {
	for _, s := range []string{"https://h:8443/a?b", "blob:https://h/uuid", "file:///x"} {
		fmt.Println(urlspec.MustParse(s).Origin().String())
	}
	// Output:
	// https://h:8443
	// https://h
	// null
}

// Levels, file path styles, validation errors and errors.

func ExampleLevel() {
	a, _ := urlspec.ParseRef("http://h/%7e", urlspec.ModeWeb)
	b, _ := urlspec.ParseRef("http://h/~", urlspec.ModeWeb)
	fmt.Println(urlspec.Equivalent(a, b, urlspec.LevelNormal), urlspec.Equivalent(a, b, urlspec.LevelDecoded))
	// Output: false true
}

func ExampleLevel_String() {
	for _, l := range []urlspec.Level{urlspec.LevelIdentical, urlspec.LevelNormal, urlspec.LevelEncoded, urlspec.LevelDecoded, urlspec.LevelWHATWG} {
		fmt.Print(l.String(), " ")
	}
	fmt.Println()
	// Output: identical normal encoded decoded whatwg
}

func ExampleStyle() {
	w, _ := urlspec.FromFilePath(`C:\Program Files\x.txt`, urlspec.StyleWindows)
	p, _ := urlspec.FromFilePath("/tmp/a b", urlspec.StylePOSIX)
	fmt.Println(w, p)
	back, _ := w.FilePath(urlspec.StyleWindows)
	fmt.Println(back)
	// Output:
	// file:///C:/Program%20Files/x.txt file:///tmp/a%20b
	// C:\Program Files\x.txt
}

func ExampleValidationError() {
	for _, e := range urlspec.ValidationErrors("https://example.com:443/a b") {
		fmt.Println(e.Name, e.Offset)
	}
	// Output:
	// invalid-URL-unit 25
}

func ExampleError_Error() {
	_, err := urlspec.Parse("http://example.com:99999/")
	fmt.Println(err.Error())
	// Output: port-out-of-range: port must be less than 65536 (at byte 19 of "http://example.com:99999/")
}

func ExampleError_Unwrap() {
	_, err := urlspec.Parse("http://example.com:99999/")
	fmt.Println(errors.Is(err, model.PortOutOfRange))
	// A file-path error unwraps to its code and to package fileurl's reason.
	_, err = urlspec.FromFilePath("relative/x", urlspec.StylePOSIX)
	fmt.Println(errors.Is(err, model.FilePath), errors.Is(err, fileurl.ErrRelative))
	// Output:
	// true
	// true true
}

// One handler for the errors of this package and of the spec packages:
// urlspec.Error is model.Error.
func ExampleError_specPackages() {
	for _, err := range []error{
		func() error { _, err := urlspec.Parse("http://[::1/"); return err }(),
		grammar.Valid("http://h/a b", grammar.Web),
	} {
		var e *urlspec.Error
		fmt.Println(errors.As(err, &e), e.Code, e.Offset)
	}
	// Output:
	// true IPv6-unclosed 11
	// true invalid-URL-unit 10
}
