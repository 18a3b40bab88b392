package readings

import (
	"errors"
	"testing"
)

// RFC 3986 §5.4: every example of §5.4.1 (normal) and §5.4.2 (abnormal)
// against its base, http://a/b/c/d;p?q.
func TestResolveRFC3986Examples(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	for _, c := range [][2]string{
		// §5.4.1 Normal Examples
		{"g:h", "g:h"},
		{"g", "http://a/b/c/g"},
		{"./g", "http://a/b/c/g"},
		{"g/", "http://a/b/c/g/"},
		{"/g", "http://a/g"},
		{"//g", "http://g"},
		{"?y", "http://a/b/c/d;p?y"},
		{"g?y", "http://a/b/c/g?y"},
		{"#s", "http://a/b/c/d;p?q#s"},
		{"g#s", "http://a/b/c/g#s"},
		{"g?y#s", "http://a/b/c/g?y#s"},
		{";x", "http://a/b/c/;x"},
		{"g;x", "http://a/b/c/g;x"},
		{"g;x?y#s", "http://a/b/c/g;x?y#s"},
		{"", "http://a/b/c/d;p?q"},
		{".", "http://a/b/c/"},
		{"./", "http://a/b/c/"},
		{"..", "http://a/b/"},
		{"../", "http://a/b/"},
		{"../g", "http://a/b/g"},
		{"../..", "http://a/"},
		{"../../", "http://a/"},
		{"../../g", "http://a/g"},
		// §5.4.2 Abnormal Examples
		{"../../../g", "http://a/g"},
		{"../../../../g", "http://a/g"},
		{"/./g", "http://a/g"},
		{"/../g", "http://a/g"},
		{"g.", "http://a/b/c/g."},
		{".g", "http://a/b/c/.g"},
		{"g..", "http://a/b/c/g.."},
		{"..g", "http://a/b/c/..g"},
		{"./../g", "http://a/b/g"},
		{"./g/.", "http://a/b/c/g/"},
		{"g/./h", "http://a/b/c/g/h"},
		{"g/../h", "http://a/b/c/h"},
		{"g;x=1/./y", "http://a/b/c/g;x=1/y"},
		{"g;x=1/../y", "http://a/b/c/y"},
		{"g?y/./x", "http://a/b/c/g?y/./x"},
		{"g?y/../x", "http://a/b/c/g?y/../x"},
		{"g#s/./x", "http://a/b/c/g#s/./x"},
		{"g#s/../x", "http://a/b/c/g#s/../x"},
		{"http:g", "http:g"}, // strict parsers
	} {
		got, err := ResolveRFC3986(base, c[0])
		if err != nil || got != c[1] {
			t.Errorf("resolve %q against %s = %q, %v; want %q", c[0], base, got, err, c[1])
		}
	}
	if _, err := ResolveRFC3986("/relative", "g"); err == nil {
		t.Error("a base without a scheme resolved")
	}
	if _, err := ResolveRFC3986(base, "g h"); err == nil {
		t.Error("an invalid reference resolved")
	}
}

// remove_dot_segments: §5.2.4's two worked examples.
func TestRemoveDotSegments(t *testing.T) {
	for in, want := range map[string]string{
		"/a/b/c/./../../g":   "/a/g",
		"mid/content=5/../6": "mid/6",
		"/..":                "/",
		"..":                 "",
		"a/..":               "/",
		"/a/b/..":            "/a/",
		"":                   "",
	} {
		if got := removeDotSegments(in); got != want {
			t.Errorf("remove_dot_segments(%q) = %q, want %q", in, got, want)
		}
	}
}

// Validity: what RFC 3986's grammar accepts and rejects, with the rule at
// fault.
func TestRFC3986Validity(t *testing.T) {
	valid := []string{
		"http://[v1.x]:99999/", "http://[V7.a:b!$]/", "http://[::1]/", "http://[::]/", "http://[1:2:3:4:5:6:7:8]/",
		"http://[1:2:3:4:5:6:7::]/", "http://[::2:3:4:5:6:7:8]/", "http://[::ffff:192.0.2.1]/", "http://[1:2:3:4:5:6:1.2.3.4]/",
		"http://a:/", "http://a:0000000000000000000080/", "http://user:pa:ss@host/", "http://%41/", "http:///x",
		"http://@/", "foo:", "a+b-c.d:x", "mailto:a@b", "urn:isbn:0451450523", "//host", "/a/b", "a/b", "", "?q", "#f",
		"x?a/b?c#d/e?f", "http://a/%2e%2e/", "file:///C:/x", "http://1.2.3.4/", "http://999.2.3.4/", "http://a/b;c=d,e",
		"tel:+1-201-555-0123", "ldap://[2001:db8::7]/c=GB?objectClass?one",
	}
	for _, s := range valid {
		if err := validateRFC3986(s, splitRFC3986(s)); err != nil {
			t.Errorf("%q: %v, want valid", s, err)
		}
	}
	invalid := map[string]string{
		"1http://a/":                  "scheme",
		"ht_tp://a/":                  "scheme",
		"http://a b/":                 "host",
		"http://a:8x/":                "port",
		"http://a:1:2/":               "port",
		"http://[v.x]/":               "IP-literal",
		"http://[v1.]/":               "IP-literal",
		"http://[v1x]/":               "IP-literal",
		"http://[vg.x]/":              "IP-literal",
		"http://[1:2:3:4:5:6:7:8:9]/": "IP-literal",
		"http://[1:2:3:4:5:6:7]/":     "IP-literal",
		"http://[1:2:3:4:5:6:7:8::]/": "IP-literal",
		"http://[1::2::3]/":           "IP-literal",
		"http://[12345::]/":           "IP-literal",
		"http://[::1%25eth0]/":        "IP-literal",
		"http://[::1.2.3.04]/":        "IP-literal",
		"http://[::256.1.1.1]/":       "IP-literal",
		"http://[::1]x/":              "port",
		"http://[::1/":                "IP-literal",
		"http://a@b@c/":               "host",
		"http://a/%zz":                "path",
		"http://a/%4":                 "path",
		"http://a/b c":                "path",
		"http://a/\\":                 "path",
		"http://a/é":                  "path",
		"http://a/?b c":               "query",
		"http://a/?b#c#d":             "fragment",
		"http://a/#[":                 "fragment",
		"http://u[@a/":                "userinfo",
		"http://a/{":                  "path",
	}
	for s, rule := range invalid {
		err := validateRFC3986(s, splitRFC3986(s))
		var e *RFC3986Error
		if !errors.As(err, &e) || e.Rule != rule {
			t.Errorf("%q: %v, want an error in %s", s, err, rule)
		}
	}
}

// The reading: components as RFC 3986 splits them, dot segments removed
// from a URI's path, none of WHATWG's processing.
func TestReadRFC3986(t *testing.T) {
	for in, want := range map[string]Reading{
		"http://[v1.x]:99999/":               {Scheme: "http", Host: "[v1.x]", Port: "99999", Path: "/"},
		"HTTP://u:p@EXAMPLE.com:/a/./b/../c": {Scheme: "http", Userinfo: "u:p", Host: "EXAMPLE.com", Port: "", Path: "/a/c"},
		"http://0x7f.1/%2e%2e/x":             {Scheme: "http", Host: "0x7f.1", Path: "/%2e%2e/x"},
		"//h/../x":                           {Host: "h", Path: "/../x"},
		"mailto:a@b":                         {Scheme: "mailto", Path: "a@b"},
		"http://[::1]:8080":                  {Scheme: "http", Host: "[::1]", Port: "8080"},
	} {
		got := readRFC3986(in)
		want.Name = RFC3986
		if got != want {
			t.Errorf("%q: %+v, want %+v", in, got, want)
		}
	}
}
