package urlspec

import (
	"bytes"
	"encoding"
	"encoding/gob"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/wpt"
	"github.com/urlspec/urlspec/model"
)

var (
	_ fmt.Stringer             = URL{}
	_ encoding.TextMarshaler   = URL{}
	_ encoding.TextAppender    = URL{}
	_ encoding.TextUnmarshaler = (*URL)(nil)
)

func TestJSONAndText(t *testing.T) {
	type doc struct {
		Home  URL  `json:"home"`
		Empty URL  `json:"empty"`
		Ptr   *URL `json:"ptr"`
	}
	home := mustParse(t, "HTTP://Example.COM:80/a/../b")
	d := doc{Home: home, Ptr: &home}
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"home":"http://example.com/b","empty":"","ptr":"http://example.com/b"}` {
		t.Errorf("json %s", b)
	}
	var back doc
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Home.Href() != home.Href() || back.Empty.Href() != "" || back.Ptr.Href() != home.Href() {
		t.Errorf("round trip %+v", back)
	}
	err = json.Unmarshal([]byte(`{"home":"not a url"}`), &back)
	var e *Error
	if !errors.As(err, &e) || e.Code != model.MissingSchemeNonRelativeURL {
		t.Errorf("bad URL in JSON: %v", err)
	}
	if b, _ := home.AppendText([]byte("url=")); string(b) != "url=http://example.com/b" {
		t.Errorf("AppendText %q", b)
	}
	// flag.TextVar
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	var u URL
	fs.TextVar(&u, "url", mustParse(t, "http://default/"), "")
	if err := fs.Parse([]string{"-url", "https://h/x"}); err != nil || u.Href() != "https://h/x" {
		t.Errorf("flag: %q %v", u.Href(), err)
	}
}

// gob round-trips URLs, the zero URL included, and a bad href in the
// stream fails with the parser's error. (gob uses GobEncoder or
// encoding.BinaryMarshaler, never TextMarshaler: golang.org/issue/6760.)
func TestGob(t *testing.T) {
	in := []URL{mustParse(t, "file:///C:/x"), mustParse(t, "https://u:p@h:8443/a?b#c"), {}}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(in); err != nil {
		t.Fatal(err)
	}
	var out []URL
	if err := gob.NewDecoder(&buf).Decode(&out); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(out, in) {
		t.Errorf("gob %v, want %v", out, in)
	}
	// A stream whose text is no URL: gob reports UnmarshalText's error.
	type text struct{ U badText }
	type link struct{ U URL }
	buf.Reset()
	if err := gob.NewEncoder(&buf).Encode(text{U: "not a url"}); err != nil {
		t.Fatal(err)
	}
	var l link
	if err := gob.NewDecoder(&buf).Decode(&l); err == nil || !errors.Is(err, model.MissingSchemeNonRelativeURL) && !strings.Contains(err.Error(), string(model.MissingSchemeNonRelativeURL)) {
		t.Errorf("gob of a bad href: %v", err)
	}
}

// badText is text that gob sends as an URL's MarshalBinary would.
type badText string

func (b badText) MarshalBinary() ([]byte, error) { return []byte(b), nil }

func TestPathSegments(t *testing.T) {
	tests := []struct {
		href string
		want []string
	}{
		{"https://h/a/b%20c/", []string{"a", "b%20c", ""}},
		{"https://h", []string{""}},
		{"file:///C:/x", []string{"C:", "x"}},
		{"sc://h", nil},
		{"sc://h/", []string{""}},
		{"sc:/.//x", []string{"", "x"}},
		{"mailto:a/b", nil},
	}
	for _, tt := range tests {
		u := mustParse(t, tt.href)
		if got := slices.Collect(u.PathSegments()); !slices.Equal(got, tt.want) {
			t.Errorf("%q: %q, want %q", tt.href, got, tt.want)
		}
	}
	u := mustParse(t, "http://h/a/b/c")
	for s := range u.PathSegments() {
		if s == "b" {
			break
		}
	}
	var zero URL
	if slices.Collect(zero.PathSegments()) != nil || zero.HasOpaquePath() {
		t.Error("zero URL")
	}
	if m := mustParse(t, "mailto:x"); !m.HasOpaquePath() {
		t.Error("HasOpaquePath")
	}
}

// ToNetURL's documented lossy cases, each with what net/url prints.
func TestToNetURLLossy(t *testing.T) {
	tests := []struct{ href, net string }{
		{"http://h/a?q#", "http://h/a?q"},
		{"http://h/%zz#%GH", "http://h/%25zz#%25GH"},
		{"http://h/x|y", "http://h/x%7Cy"},
		{"sc://h/a\\b", "sc://h/a%5Cb"},
		{"http://h/#a|b", "http://h/#a%7Cb"},
		{"http://%41:%zz@h/", "http://A:%25zz@h/"},
		{"sc://?", "sc:?"},
		{"sc://a%20b/", "sc://a%20b/"},
		{"sc://H%4fSt/", "sc://HOSt/"},
		{"http://a{b/", "http://a%7Bb/"},
	}
	for _, tt := range tests {
		u := mustParse(t, tt.href)
		if u.Href() != tt.href {
			t.Fatalf("href %q", u.Href())
		}
		if got := u.ToNetURL().String(); got != tt.net {
			t.Errorf("%q: net/url prints %q, want %q", tt.href, got, tt.net)
		}
	}
	// The "/." of a path that starts with "//" stays in Path.
	u := mustParse(t, "sc:/.//x")
	n := u.ToNetURL()
	if n.Path != "/.//x" || n.String() != "sc:/.//x" || n.Host != "" {
		t.Errorf("sc:/.//x: Path %q String %q", n.Path, n.String())
	}
	var zero URL
	if zero.ToNetURL().String() != "" {
		t.Error("zero URL")
	}
}

func TestToNetURLFields(t *testing.T) {
	u := mustParse(t, "https://us%20er:p%40ss@[::1]:8443/a%2Fb/c?q=1&r#fr%20ag")
	n := u.ToNetURL()
	p, _ := n.User.Password()
	if n.Scheme != "https" || n.User.Username() != "us er" || p != "p@ss" || n.Host != "[::1]:8443" ||
		n.Hostname() != "::1" || n.Port() != "8443" || n.Path != "/a/b/c" || n.EscapedPath() != "/a%2Fb/c" ||
		n.RawQuery != "q=1&r" || n.Fragment != "fr ag" || n.EscapedFragment() != "fr%20ag" || n.String() != u.Href() {
		t.Errorf("%#v", n)
	}
	o := mustParse(t, "mailto:a@b?subject=x")
	if n := o.ToNetURL(); n.Opaque != "a@b" || n.RawQuery != "subject=x" || n.String() != o.Href() {
		t.Errorf("opaque %#v", n)
	}
	q := mustParse(t, "http://h/?")
	if n := q.ToNetURL(); !n.ForceQuery || n.String() != "http://h/?" {
		t.Errorf("ForceQuery %#v", n)
	}
}

// simpleHref matches hrefs that have none of ToNetURL's lossy features.
var simpleHref = regexp.MustCompile(`^[a-z][a-z0-9+.-]*:(//[a-z0-9.\-\[\]:]+)?(/[A-Za-z0-9\-._~!$&'()*+,;=:@/]*|[A-Za-z0-9\-._~!$&'()*+,;=:@]*)(\?[^#]*)?(#[A-Za-z0-9\-._~!$&'()*+,;=:@/?]+)?$`)

// Over WPT's urltestdata.json: net/url prints the href of every URL without
// a lossy feature, and for every special URL it reads the same host back.
func TestToNetURLWPT(t *testing.T) {
	cases, err := wpt.URLTestData("conformance/testdata/urltestdata.json")
	if err != nil {
		t.Skip(err)
	}
	simple, exact := 0, 0
	for _, c := range cases {
		if c.Failure {
			continue
		}
		u, err := parseWithBase(c.Input, c.Base)
		if err != nil {
			continue
		}
		s := u.ToNetURL().String()
		if s == u.Href() {
			exact++
		}
		emptyAuthority := u.off.has(flagAuthority) && u.Hostname() == "" && u.Pathname() == ""
		if simpleHref.MatchString(u.Href()) && !bytes.Contains([]byte(u.Href()), []byte("%")) && !emptyAuthority {
			simple++
			if s != u.Href() {
				t.Errorf("%q: net/url prints %q", u.Href(), s)
			}
		}
		if m := u.Model(); m.IsWebURL() || m.IsFileURL() {
			n, err := url.Parse(s)
			if err == nil && n.Hostname() != trimBrackets(u.Hostname()) {
				t.Errorf("%q: net/url reads host %q from %q", u.Href(), n.Hostname(), s)
			}
			back, err := FromNetURL(u.ToNetURL())
			if err != nil || back.Hostname() != u.Hostname() || back.Protocol() != u.Protocol() || back.Port() != u.Port() {
				t.Errorf("%q: FromNetURL(ToNetURL) = %q, %v", u.Href(), back.Href(), err)
			}
		}
	}
	t.Logf("net/url prints %d hrefs exactly; %d simple ones checked", exact, simple)
	if simple < 300 {
		t.Errorf("only %d simple hrefs", simple)
	}
}

func trimBrackets(h string) string {
	if len(h) > 1 && h[0] == '[' {
		return h[1 : len(h)-1]
	}
	return h
}

func TestFromNetURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"HTTP://EXAMPLE.com:80/a/../b", "http://example.com/b"},
		{"http://h/a b", "http://h/a%20b"},
		{"http://0x7f.1/", "http://127.0.0.1/"},
		{"https://bücher.example/", "https://xn--bcher-kva.example/"},
		{"file:///C:/x", "file:///C:/x"},
		{"mailto:a@b", "mailto:a@b"},
	}
	for _, tt := range tests {
		n, err := url.Parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		u, err := FromNetURL(n)
		if err != nil || u.Href() != tt.want {
			t.Errorf("%q: %q, %v; want %q", tt.in, u.Href(), err, tt.want)
		}
	}
	var e *Error
	for _, in := range []string{"/relative", "http://[fe80::1%25en0]/"} {
		n, _ := url.Parse(in)
		if _, err := FromNetURL(n); !errors.As(err, &e) {
			t.Errorf("%q: %v, want an *Error", in, err)
		}
	}
	if _, err := FromNetURL(nil); !errors.As(err, &e) {
		t.Errorf("nil: %v", err)
	}
}
