package urlpattern_test

import (
	"errors"
	"fmt"
	"slices"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/urlpattern"
)

func ExampleNew() {
	p, err := urlpattern.New("https://*.example.com/books/:id", urlpattern.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Test("https://shop.example.com/books/42"))
	fmt.Println(p.Test("https://shop.example.com/books/42/reviews"))
	fmt.Println(p.Test("https://example.org/books/42"))
	// Output:
	// true
	// false
	// false
}

func ExampleNew_ignoreCase() {
	p, _ := urlpattern.New("https://example.com/Books/:id", urlpattern.Options{IgnoreCase: true})
	fmt.Println(p.Test("https://EXAMPLE.com/books/42"))
	// Output: true
}

func ExampleNew_regexpGroup() {
	p, _ := urlpattern.New(`https://example.com/:year(\d+)/:month(\d+)`, urlpattern.Options{})
	r, ok := p.Exec("https://example.com/2026/03")
	fmt.Println(ok, r.Pathname.Groups)
	// RE2 has no lookahead: such a pattern does not compile.
	_, err := urlpattern.New(`https://example.com/:id(\d+(?!0))`, urlpattern.Options{})
	fmt.Println(err)
	// Output:
	// true [{year 2026 true} {month 03 true}]
	// urlpattern: pathname: a lookahead or lookbehind assertion (?!...) is not supported: Go's regexp package (RE2, linear time) cannot express it (at byte 10 of the regular expression ^(?:\/(\d+(?!0)))$) (in "/:id(\\d+(?!0))")
}

func ExampleNewWithBase() {
	p, _ := urlpattern.NewWithBase("/api/:version/*", "https://example.com", urlpattern.Options{})
	fmt.Println(p.Protocol(), p.Hostname(), p.Pathname())
	fmt.Println(p.Test("https://example.com/api/v2/users/7"))
	// Output:
	// https example.com /api/:version/*
	// true
}

func ExampleMustNew() {
	routes := []*urlpattern.Pattern{
		urlpattern.MustNew("https://example.com/"),
		urlpattern.MustNew("https://example.com/books/:id"),
	}
	for i, r := range routes {
		fmt.Println(i, r.Test("https://example.com/books/7"))
	}
	// Output:
	// 0 false
	// 1 true
}

func ExampleNewInit() {
	// Absent components are wildcards: any protocol, any host.
	p, _ := urlpattern.NewInit(urlpattern.Init{Pathname: new("/books/:id")}, urlpattern.Options{})
	fmt.Println(p.Protocol(), p.Hostname(), p.Pathname())
	fmt.Println(p.Test("http://localhost:8080/books/7"))
	// Output:
	// * * /books/:id
	// true
}

func ExampleInit() {
	// BaseURL fills the components before the first one given.
	p, _ := urlpattern.NewInit(urlpattern.Init{
		Pathname: new("/docs/*"),
		BaseURL:  new("https://example.com/index.html?x#y"),
	}, urlpattern.Options{})
	fmt.Printf("%q %q %q %q %q\n", p.Protocol(), p.Hostname(), p.Port(), p.Search(), p.Hash())
	// Output: "https" "example.com" "" "*" "*"
}

func ExamplePattern_Exec() {
	// "\\?" starts the search: a "?" right after a group is a modifier.
	p := urlpattern.MustNew("https://:sub.example.com/books/:id\\?*")
	r, ok := p.Exec("https://shop.example.com/books/42?page=2")
	fmt.Println(ok)
	fmt.Println(r.Hostname.Group("sub"))
	fmt.Println(r.Pathname.Group("id"))
	fmt.Println(r.Search.Input, r.Search.Groups)
	// Output:
	// true
	// shop true
	// 42 true
	// page=2 [{0 page=2 true}]
}

func ExamplePattern_ExecWithBase() {
	p := urlpattern.MustNew("https://example.com/books/:id")
	r, ok := p.ExecWithBase("../books/7", "https://example.com/authors/1")
	fmt.Println(ok, r.Pathname.Input, r.Inputs)
	// Output: true /books/7 [../books/7 https://example.com/authors/1]
}

func ExamplePattern_ExecInit() {
	p := urlpattern.MustNew("https://example.com/books/:id")
	r, ok := p.ExecInit(urlpattern.Init{Protocol: new("https"), Hostname: new("EXAMPLE.com"), Pathname: new("/books/a b")})
	fmt.Println(ok, r.Hostname.Input, r.Pathname.Input)
	fmt.Println(r.Pathname.Group("id"))
	// Output:
	// true example.com /books/a%20b
	// a%20b true
}

func ExamplePattern_Test() {
	p := urlpattern.MustNew("https://example.com/*.png")
	fmt.Println(p.Test("https://example.com/img/logo.png"))
	fmt.Println(p.Test("https://example.com:8443/img/logo.png")) // a host without a port: the default port only
	fmt.Println(p.Test("not a URL"))
	// Output:
	// true
	// false
	// false
}

func ExamplePattern_TestWithBase() {
	p := urlpattern.MustNew("https://example.com/a/*")
	fmt.Println(p.TestWithBase("b/c", "https://example.com/a/"))
	// Output: true
}

func ExamplePattern_TestInit() {
	p, _ := urlpattern.NewInit(urlpattern.Init{Hostname: new("{*.}?example.com")}, urlpattern.Options{})
	fmt.Println(p.TestInit(urlpattern.Init{Hostname: new("www.example.com")}))
	fmt.Println(p.TestInit(urlpattern.Init{Hostname: new("example.org")}))
	// Output:
	// true
	// false
}

func ExamplePattern_HasRegExpGroups() {
	fmt.Println(urlpattern.MustNew("https://example.com/:id").HasRegExpGroups())
	fmt.Println(urlpattern.MustNew(`https://example.com/:id(\d+)`).HasRegExpGroups())
	// Output:
	// false
	// true
}

func ExamplePattern_Protocol() {
	fmt.Println(urlpattern.MustNew("HTTP{S}?://example.com").Protocol())
	// Output: http{s}?
}

func ExamplePattern_Username() {
	fmt.Println(urlpattern.MustNew("https://:user@example.com").Username())
	// Output: :user
}

func ExamplePattern_Password() {
	p, _ := urlpattern.NewInit(urlpattern.Init{Password: new("p%41ss w*")}, urlpattern.Options{})
	fmt.Println(p.Password())
	// Output: p%41ss%20w*
}

func ExamplePattern_Hostname() {
	fmt.Println(urlpattern.MustNew("https://BÜCHER.example/").Hostname())
	// Output: xn--bcher-kva.example
}

func ExamplePattern_Port() {
	fmt.Printf("%q %q\n", urlpattern.MustNew("https://example.com:443/").Port(), urlpattern.MustNew("https://example.com:8080/").Port())
	// Output: "" "8080"
}

func ExamplePattern_Pathname() {
	fmt.Println(urlpattern.MustNew("https://example.com/a/./b/../c d/:id").Pathname())
	// Output: /a/c%20d/:id
}

func ExamplePattern_Search() {
	fmt.Println(urlpattern.MustNew("https://example.com/?q=:term&x=a b").Search())
	// Output: q=:term&x=a%20b
}

func ExamplePattern_Hash() {
	fmt.Println(urlpattern.MustNew("https://example.com/#sec-:n").Hash())
	// Output: sec-:n
}

func ExamplePattern_Component() {
	p := urlpattern.MustNew("https://example.com/books/:id")
	for c := urlpattern.Protocol; c <= urlpattern.Hash; c++ {
		fmt.Printf("%s=%q ", c, p.Component(c))
	}
	fmt.Println()
	// Output: protocol="https" username="*" password="*" hostname="example.com" port="" pathname="/books/:id" search="*" hash="*"
}

func ExamplePattern_Generate() {
	p := urlpattern.MustNew("https://{:lang.}?example.com/books/:id")
	s, err := p.Generate(urlpattern.Pathname, map[string]string{"id": "Go & URLs"})
	fmt.Println(s, err)
	_, err = p.Generate(urlpattern.Hostname, map[string]string{"lang": "en"})
	fmt.Println(err)
	// Output:
	// /books/Go%20&%20URLs <nil>
	// urlpattern: hostname: cannot generate from a group with a modifier (in "{:lang.}?example.com")
}

func ExampleCompareComponent() {
	routes := []*urlpattern.Pattern{
		urlpattern.MustNew("https://example.com/*"),
		urlpattern.MustNew("https://example.com/books/new"),
		urlpattern.MustNew("https://example.com/books/:id"),
	}
	// Most specific first.
	slices.SortFunc(routes, func(a, b *urlpattern.Pattern) int {
		return -urlpattern.CompareComponent(urlpattern.Pathname, a, b)
	})
	for _, r := range routes {
		fmt.Println(r.Pathname())
	}
	// Output:
	// /books/new
	// /books/:id
	// /*
}

func ExampleComponentNamed() {
	c, err := urlpattern.ComponentNamed("hostname")
	fmt.Println(c, err)
	_, err = urlpattern.ComponentNamed("host")
	fmt.Println(err)
	// Output:
	// hostname <nil>
	// urlpattern: not a component name (in "host")
}

func ExampleComponent_String() {
	fmt.Println(urlpattern.Pathname.String())
	// Output: pathname
}

func ExampleResult_Get() {
	r, _ := urlpattern.MustNew("https://example.com/:a/:b").Exec("https://example.com/x/y")
	fmt.Println(r.Get(urlpattern.Pathname).Groups)
	// Output: [{a x true} {b y true}]
}

func ExampleComponentResult_Group() {
	p, _ := urlpattern.NewInit(urlpattern.Init{Pathname: new("/books/:id/:page?")}, urlpattern.Options{})
	r, _ := p.ExecInit(urlpattern.Init{Pathname: new("/books/7")})
	fmt.Println(r.Pathname.Group("id"))
	fmt.Println(r.Pathname.Group("page")) // an optional group that took no part: not matched
	// Output:
	// 7 true
	//  false
}

func ExampleError() {
	_, err := urlpattern.New("https://example.com/:id(", urlpattern.Options{})
	var e *urlpattern.Error
	fmt.Println(errors.As(err, &e), e.Offset)
	fmt.Println(err)
	// Output:
	// true 4
	// urlpattern: pathname: unbalanced '(' in a regular expression (at byte 4 of "/:id(")
}

func ExamplePattern_TestURL() {
	u, _ := urlspec.Parse("https://example.com/books/42")
	fmt.Println(urlpattern.MustNew("https://example.com/books/:id").TestURL(u))
	// Output: true
}

func ExamplePattern_ExecURL() {
	u, _ := urlspec.Parse("HTTPS://EXAMPLE.com:443/books/./42")
	r, ok := urlpattern.MustNew("https://example.com/books/:id").ExecURL(u)
	fmt.Println(ok, r.Inputs, r.Pathname.Groups)
	// Output: true [https://example.com/books/42] [{id 42 true}]
}

func ExamplePattern_ExecComponent() {
	p := urlpattern.MustNew("https://*.example.com/books/:id")
	fmt.Println(p.ExecComponent(urlpattern.Hostname, "shop.example.com"))
	fmt.Println(p.ExecComponent(urlpattern.Hostname, "example.org"))
	// Output:
	// {shop.example.com [{0 shop true}]} true
	// { []} false
}
