package urlspec_test

import (
	"errors"
	"fmt"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/model"
)

func ExampleParse() {
	u, err := urlspec.Parse("HTTP://EXAMPLE.com:80/a/./b/../c?q#f")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Href())
	fmt.Println(u.Host(), u.Pathname(), u.Search(), u.Hash())
	m := u.Model()
	fmt.Println(m.String())
	// Output:
	// http://example.com/a/c?q#f
	// example.com /a/c ?q #f
	// (scheme http)・(authority (host example.com))・(path-root /)・(dir a)・(file c)・(query q)・(fragment f)
}

func ExampleParse_withBase() {
	base, _ := urlspec.Parse("file:///C:/dir/sub/")
	u, err := base.Resolve("../x")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Href(), u.Pathname())
	// Output: file:///C:/dir/x /C:/dir/x
}

func ExampleParse_error() {
	_, err := urlspec.Parse("http://exa mple.com/")
	var e *urlspec.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code, e.Offset)
	}
	fmt.Println(errors.Is(err, model.DomainInvalidCodePoint))
	// Output:
	// domain-invalid-code-point 10
	// true
}

// A scheme-relative reference takes only the base's scheme.
func ExampleURL_Resolve_schemeRelative() {
	base := urlspec.MustParse("https://example.org/")
	u, err := base.Resolve("//user@[::ffff:1.2.3.4]:8080/p?q")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Href())
	fmt.Println(u.Username(), u.Hostname(), u.Port(), u.Origin())
	// Output:
	// https://user@[::ffff:102:304]:8080/p?q
	// user [::ffff:102:304] 8080 https://[::ffff:102:304]:8080
}

func ExampleURL_Origin() {
	for _, s := range []string{"https://a.example:443/x", "blob:https://b.example/uuid", "file:///x", "data:text/plain,x"} {
		u, _ := urlspec.Parse(s)
		fmt.Println(u.Origin())
	}
	// Output:
	// https://a.example
	// https://b.example
	// null
	// null
}
