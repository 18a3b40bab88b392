package canon_test

import (
	"fmt"

	"github.com/urlspec/urlspec/canon"
	"github.com/urlspec/urlspec/model"
)

func Example() {
	for _, name := range []string{"whatwg", "safe-browsing", "surt", "aggressive"} {
		p, _ := canon.ByName(name)
		s, _ := p.Canonicalize("HTTP://www.Example.com:80//a/./%7euser/index.html?b=2&a=1#top")
		fmt.Printf("%-14s %s\n", name, s)
	}
	// Output:
	// whatwg         http://www.example.com//a/%7euser/index.html?b=2&a=1#top
	// safe-browsing  http://www.example.com/a/~user/index.html?b=2&a=1
	// surt           http://(com,example,)//a/~user/index.html?a=1&b=2
	// aggressive     http://example.com/a/~user/?a=1&b=2
}

func ExampleProfile_Canonicalize() {
	p, _ := canon.ByName("safe-browsing")
	s, _ := p.Canonicalize("http://host/%25%32%35")
	fmt.Println(s)
	s, _ = p.Canonicalize("http://3279880203/blah")
	fmt.Println(s)
	// Output:
	// http://host/%25
	// http://195.127.0.11/blah
}

func ExampleProfile_AppendCanonical() {
	p, _ := canon.ByName("whatwg-sort-query")
	var buf []byte
	for _, in := range []string{"http://a/?z&y", "http://b/?2&1"} {
		buf, _ = p.AppendCanonical(buf, in)
		buf = append(buf, '\n')
	}
	fmt.Print(string(buf))
	// Output:
	// http://a/?y&z
	// http://b/?1&2
}

func ExampleProfile_Trace() {
	p, _ := canon.ByName("aggressive")
	out, steps, _ := p.Trace("http://www.a.com/b/../index.html#x")
	for _, s := range steps {
		fmt.Printf("%-24s %s\n", s.Rule, s.After.String())
	}
	fmt.Println(out)
	// Output:
	// dir-dots                 (scheme http)・(authority (host www.a.com))・(path-root /)・(file index.html)・(fragment x)
	// remove-fragment          (scheme http)・(authority (host www.a.com))・(path-root /)・(file index.html)
	// remove-www               (scheme http)・(authority (host a.com))・(path-root /)・(file index.html)
	// remove-directory-index   (scheme http)・(authority (host a.com))・(path-root /)
	// http://a.com/
}

func ExampleProfile_Model() {
	p, _ := canon.ByName("surt")
	m, _ := p.Model("http://www.example.com/a#b")
	fmt.Println(m.String(), m.Has(model.FragmentType))
	// Output: (scheme http)・(authority (host example.com))・(path-root /)・(file a) false
}

func ExampleNew() {
	p, _ := canon.New("archive-key", canon.ReadWHATWG, canon.FormSURT, canon.RemoveFragment, canon.RemoveWWW, canon.SortQuery)
	s, _ := p.Canonicalize("https://www.example.org:8443/x?b&a#f")
	fmt.Println(p.Name(), s)
	// Output: archive-key https://(org,example,:8443)/x?a&b
}

func ExampleByName() {
	p, ok := canon.ByName("safe-browsing")
	fmt.Println(ok, p.Reader(), p.Form(), p.Rules())
	// Output: true safe-browsing url [remove-fragment remove-port repeated-percent-decode safe-browsing-host remove-dot-segments remove-duplicate-slashes safe-browsing-escape]
}

func ExampleProfiles() {
	for _, p := range canon.Profiles() {
		fmt.Println(p)
	}
	// Output:
	// whatwg
	// whatwg-sort-query
	// safe-browsing
	// surt
	// purell-safe
	// aggressive
}

func ExampleNames() {
	fmt.Println(canon.Names())
	// Output: whatwg, whatwg-sort-query, safe-browsing, surt, purell-safe, aggressive
}

func ExampleRule() {
	p, _ := canon.New("x", canon.ReadWHATWG, canon.FormURL, canon.UppercasePercentEncodings, canon.DecodeUnreserved)
	s, _ := p.Canonicalize("http://a/%7e%2f")
	fmt.Println(canon.DecodeUnreserved, s)
	// Output: decode-unreserved http://a/~%2F
}

func ExampleParseRule() {
	r, ok := canon.ParseRule("sort-query")
	fmt.Println(r == canon.SortQuery, ok)
	// Output: true true
}

func ExampleRules() {
	fmt.Println(len(canon.Rules()), canon.Rules()[0])
	// Output: 14 remove-fragment
}

func ExampleReader() {
	fmt.Println(canon.ReadWHATWG, canon.ReadSafeBrowsing)
	// Output: whatwg safe-browsing
}

func ExampleForm() {
	fmt.Println(canon.FormURL, canon.FormSURT)
	// Output: url surt
}

func ExampleStep() {
	p, _ := canon.ByName("whatwg")
	_, steps, _ := p.Trace("HTTP://a:80/b c")
	for _, s := range steps {
		fmt.Println(s.Rule, s.Rule == canon.PrintEncoding)
	}
	// Output:
	// scheme-case false
	// default-port false
	// print-encoding true
}

func ExampleProfile_Rules() {
	p, _ := canon.ByName("surt")
	fmt.Println(p.Rules(), p.Reader(), p.Form())
	// Output: [remove-fragment remove-userinfo remove-www uppercase-percent-encodings decode-unreserved sort-query] whatwg surt
}

func ExampleProfile_Name() {
	p, _ := canon.ByName("surt")
	fmt.Println(p.Name(), p.String())
	// Output: surt surt
}
