package canon_test

import (
	"fmt"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/canon"
	"github.com/urlspec/urlspec/model"
)

// A crawler's dedupe: parse each link once, and key a map by the crawl
// profile's canonical form of the URL (the URL without its fragment).
func Example() {
	crawl, _ := canon.ByName("crawl")
	seen := map[string]bool{}
	for _, link := range []string{
		"https://example.com/a?x=1#top",
		"HTTPS://EXAMPLE.COM:443/b/../a?x=1",
		"https://example.com/a?x=1#bottom",
		"https://example.com/a?X=1",
	} {
		u, err := urlspec.Parse(link)
		if err != nil {
			continue // not an URL
		}
		key := crawl.Key(u)
		if seen[key] {
			continue
		}
		seen[key] = true
		fmt.Println("fetch", key)
	}
	// Output:
	// fetch https://example.com/a?x=1
	// fetch https://example.com/a?X=1
}

// Each profile on the same input.
func Example_profiles() {
	for _, name := range []string{"whatwg", "crawl", "safe-browsing", "surt", "surt-with-scheme", "heritrix-surt", "aggressive"} {
		p, _ := canon.ByName(name)
		s, _ := p.Canonicalize("HTTP://www.Example.com:80//a/./%7euser/index.html?b=2&a=1#top")
		fmt.Printf("%-16s %s\n", name, s)
	}
	// Output:
	// whatwg           http://www.example.com//a/%7euser/index.html?b=2&a=1#top
	// crawl            http://www.example.com//a/%7euser/index.html?b=2&a=1
	// safe-browsing    http://www.example.com/a/~user/index.html?b=2&a=1
	// surt             com,example)/a/~user/index.html?a=1&b=2
	// surt-with-scheme http://(com,example,)/a/~user/index.html?a=1&b=2
	// heritrix-surt    http://(com,example,)//a/~user/index.html?a=1&b=2
	// aggressive       http://example.com/a/~user/?a=1&b=2
}

func ExampleProfile_Key() {
	u, _ := urlspec.Parse("https://www.sec.gov/edgar.shtml#top")
	for _, name := range []string{"crawl", "surt"} {
		p, _ := canon.ByName(name)
		fmt.Println(p.Key(u))
	}
	// Output:
	// https://www.sec.gov/edgar.shtml
	// gov,sec)/edgar.shtml
}

func ExampleProfile_AppendKey() {
	p, _ := canon.ByName("surt")
	var buf []byte
	for _, in := range []string{"http://archive.org/goo/?a=2&b&a=1", "http://www12.Example.com:8080/A/?jsessionid=0123456789abcdef0123456789abcdef&x"} {
		u, _ := urlspec.Parse(in)
		buf = p.AppendKey(buf, u)
		buf = append(buf, '\n')
	}
	fmt.Print(string(buf))
	// Output:
	// org,archive)/goo?a=1&a=2&b
	// com,example:8080)/a?x
}

func ExampleNewSURT() {
	p := canon.NewSURT("surt-ip", canon.SURTOptions{KeepIPOrder: true, KeepWWW: true, TrailingComma: true})
	for _, in := range []string{"http://123.45.78.91/goo/?a=2&b&a=1", "http://www.example.com/"} {
		s, _ := p.Canonicalize(in)
		fmt.Println(s)
	}
	// Output:
	// 123.45.78.91,)/goo?a=1&a=2&b
	// com,example,www,)/
}

func ExampleSURTOptions() {
	p, _ := canon.ByName("surt-with-scheme")
	fmt.Printf("%+v\n", p.SURTOptions())
	s, _ := p.Canonicalize("https://www.sec.gov/edgar.shtml")
	fmt.Println(s)
	// Output:
	// {WithScheme:true TrailingComma:true KeepWWW:false KeepIPOrder:false}
	// https://(gov,sec,)/edgar.shtml
}

func ExampleProfile_SURTOptions() {
	p, _ := canon.ByName("surt")
	fmt.Println(p.SURTOptions() == canon.SURTOptions{})
	// Output: true
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
	p, _ := canon.ByName("heritrix-surt")
	m, _ := p.Model("http://www.example.com/a#b")
	fmt.Println(m.String(), m.Has(model.FragmentType))
	// Output: (scheme http)・(authority (host example.com))・(path-root /)・(file a) false
}

func ExampleNew() {
	p, _ := canon.New("archive-key", canon.ReadWHATWG, canon.FormHeritrixSURT, canon.RemoveFragment, canon.RemoveWWW, canon.SortQuery)
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
	// crawl
	// whatwg-sort-query
	// safe-browsing
	// surt
	// surt-with-scheme
	// heritrix-surt
	// purell-safe
	// aggressive
}

func ExampleNames() {
	fmt.Println(canon.Names())
	// Output: whatwg, crawl, whatwg-sort-query, safe-browsing, surt, surt-with-scheme, heritrix-surt, purell-safe, aggressive
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
	fmt.Println(canon.FormURL, canon.FormSURT, canon.FormHeritrixSURT)
	// Output: url surt heritrix-surt
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
	p, _ := canon.ByName("heritrix-surt")
	fmt.Println(p.Rules(), p.Reader(), p.Form())
	// Output: [remove-fragment remove-userinfo uppercase-percent-encodings decode-unreserved remove-www sort-query] whatwg heritrix-surt
}

func ExampleProfile_Name() {
	p, _ := canon.ByName("surt")
	fmt.Println(p.Name(), p.String())
	// Output: surt surt
}
