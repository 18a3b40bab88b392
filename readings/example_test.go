package readings_test

import (
	"fmt"

	"github.com/urlspec/urlspec/readings"
)

func ExampleReadings() {
	r := readings.Readings(`http://evil.example\@good.example/`)
	for _, rd := range r.Readings {
		if rd.Err != nil {
			fmt.Printf("%-8s fails\n", rd.Name)
			continue
		}
		fmt.Printf("%-8s host %s\n", rd.Name, rd.Host)
	}
	fmt.Println(r.Agree(), r.Diverge, r.Component)
	// Output:
	// whatwg   host evil.example
	// rfc3986  fails
	// generic  host good.example
	// legacy   host evil.example
	// net/url  fails
	// false 7 userinfo
}

func ExampleResult_Agree() {
	fmt.Println(readings.Readings("https://good.example:443/a").Agree())
	fmt.Println(readings.Readings("http://0x7f.1/").Agree())
	// Output:
	// true
	// false
}

func ExampleReading() {
	r := readings.Readings("http://0x7f.1/")
	for _, rd := range r.Readings {
		fmt.Println(rd.Name, rd.Scheme, rd.Host, rd.Path)
	}
	// Output:
	// whatwg http 127.0.0.1 /
	// rfc3986 http 0x7f.1 /
	// generic http 0x7f.1 /
	// legacy http 127.0.0.1 /
	// net/url http 0x7f.1 /
}

func ExampleResult() {
	r := readings.Readings("http:/\\evil.example/")
	fmt.Printf("%q parts at byte %d (%s)\n", r.Input, r.Diverge, r.Component)
	// Output: "http:/\\evil.example/" parts at byte 5 (host)
}

func ExampleAttackShapes() {
	for _, s := range readings.AttackShapes()[:3] {
		fmt.Printf("%s: %s\n", s.Name, s.Input)
	}
	// Output:
	// backslash before @: http://evil.example\@good.example/
	// backslash as the authority's slashes: http:\\evil.example\path
	// http:/\: http:/\evil.example/
}

func ExampleShape() {
	s := readings.Shape{Name: "IPv4 octal", Input: "http://0177.0.0.1/"}
	fmt.Println(readings.Readings(s.Input).Component)
	// Output: host
}

func ExampleMarkdownTable() {
	fmt.Print(readings.MarkdownTable([]readings.Shape{{Name: "hex", Input: "http://0x7f.1/"}}))
	// Output:
	// | shape | input | whatwg host | rfc3986 host | generic host | legacy host | net/url host | agree | diverges at |
	// | --- | --- | --- | --- | --- | --- | --- | --- | --- |
	// | hex | `"http://0x7f.1/"` | `127.0.0.1` | `0x7f.1` | `0x7f.1` | `127.0.0.1` | `0x7f.1` | no | byte 7 `"0"` (host) |
}

func Example_names() {
	fmt.Println(readings.WHATWG, readings.RFC3986, readings.Generic, readings.Legacy, readings.NetURL)
	// Output: whatwg rfc3986 generic legacy net/url
}

// The rfc3986 reading is RFC 3986 exactly: an IPvFuture host and a port of
// any number of digits are valid there, where WHATWG fails.
func ExampleReadings_rfc3986() {
	r := readings.Readings("http://[v1.x]:99999/")
	rd := r.Readings[1]
	fmt.Println(rd.Name, rd.Host, rd.Port, rd.Err)
	fmt.Println(r.Readings[0].Err != nil)
	// Output:
	// rfc3986 [v1.x] 99999 <nil>
	// true
}

func ExampleResolveRFC3986() {
	for _, ref := range []string{"../g", "../../../g", "g?y/../x", "//[v1.x]:99999/./a"} {
		s, err := readings.ResolveRFC3986("http://a/b/c/d;p?q", ref)
		fmt.Println(s, err)
	}
	_, err := readings.ResolveRFC3986("http://a/", "g h")
	fmt.Println(err)
	// Output:
	// http://a/b/g <nil>
	// http://a/g <nil>
	// http://a/b/c/g?y/../x <nil>
	// http://[v1.x]:99999/a <nil>
	// RFC 3986: not a valid path at byte 1 of "g h"
}

func ExampleRFC3986Error() {
	r := readings.Readings("http://a:8o/")
	fmt.Println(r.Readings[1].Err)
	// Output: RFC 3986: not a valid port at byte 10 of "http://a:8o/"
}

func ExampleRFC3986Error_Error() {
	e := &readings.RFC3986Error{Input: "ht tp:", Offset: 2, Rule: "scheme"}
	fmt.Println(e.Error())
	// Output: RFC 3986: not a valid scheme at byte 2 of "ht tp:"
}
