package urlspec

import (
	"errors"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/gen"
	"github.com/urlspec/urlspec/internal/race"
	"github.com/urlspec/urlspec/print"
)

// modelSetters are the setters through the model, without the edits of
// the href (hrefedit.go).
var modelSetters = map[string]func(*URL, string) error{
	"protocol": setProtocolModel, "username": setUsernameModel, "password": setPasswordModel,
	"host":     func(u *URL, v string) error { return setHostOrHostnameModel(u, v, false) },
	"hostname": func(u *URL, v string) error { return setHostOrHostnameModel(u, v, true) },
	"port":     setPortModel, "pathname": setPathnameModel, "search": setSearchModel, "hash": setHashModel,
}

// editValues are setter values and JoinPath elements for the agreement
// tests: clean ones that the edits take, and ones they leave to the model.
var editValues = []string{"", "x", "a/b/c", "/a/b/", "b c", "%41", "%zz", "é", "..", ".", "%2e", "a/./b", "a/../b", "//x", "/", "\\x",
	"?q", "#f", "q=1&r=2", "C:", "C|", "C|/x", "c:/x", "8080", "80", "443", "0", "65535", "65536", "08", "12ab", "x:1", "h:81", "[::1]",
	"[::1]:8080", "1.2.3.4", "0x7f.1", "EXAMPLE.com", "localhost", "xn--nxasmq6b", "a\tb\n", "user@x", "a:b", "http", "https", "ws",
	"file", "sc", "SC2", "ftp:", "1x", "~", "a b/c d", "\x00", "\xff", "日本", "{}", "^", "|", "'", "@", ":", "h/p", "h?q", "h#f",
	"h:\n65 536", "h:8\t1", "h:\r", "h\t:81", "[::1]:\n80"}

// checkEditAgrees checks that the setter name gives the same URL (href and
// offsets) and the same error with the edits of the href as through the
// model.
func checkEditAgrees(t testing.TB, u URL, name, v string) {
	t.Helper()
	fast, slow := u, u
	errFast := setterFuncs[name](&fast, v)
	errSlow := modelSetters[name](&slow, v)
	if fast != slow || (errFast == nil) != (errSlow == nil) || errFast != nil && errFast.Error() != errSlow.Error() {
		t.Errorf("%q %s=%q: %q %+v (%v), through the model %q %+v (%v)", u.href, name, v, fast.href, fast.off, errFast, slow.href, slow.off, errSlow)
	}
}

// checkJoinAgrees checks JoinPath against joinPathModel.
func checkJoinAgrees(t testing.TB, u URL, elems ...string) {
	t.Helper()
	fast, errFast := u.JoinPath(elems...)
	slow, errSlow := u.joinPathModel(elems)
	if fast != slow || (errFast == nil) != (errSlow == nil) || errFast != nil && !errors.Is(errFast, errSlow) && errFast.Error() != errSlow.Error() {
		t.Errorf("%q JoinPath%q: %q %+v (%v), through the model %q %+v (%v)", u.href, elems, fast.href, fast.off, errFast, slow.href, slow.off, errSlow)
	}
}

// editURLs returns the URLs the agreement test changes: the setter
// seeds, the hrefs of WPT's setters_tests.json, and generated URLs.
func editURLs(t testing.TB) []URL {
	var out []URL
	seen := map[string]bool{}
	add := func(s string) {
		if u, err := Parse(s); err == nil && !seen[u.href] {
			seen[u.href] = true
			out = append(out, u)
		}
	}
	for _, s := range setterSeeds {
		add(s)
	}
	for _, s := range []string{"sc://h", "sc:///x", "sc://h#f", "sc://h?q", "http://u:p@h:1/a/?q#f", "http://:p@h/", "file:///", "file://h/",
		"file:///C:/", "file:///C:", "sc:/", "sc:/.//x", "sc:/a/", "https://h:8443/", "ws://h:80/", "http://[::1]:8080/"} {
		add(s)
	}
	for _, c := range wptSetterCases(t) {
		add(c.href)
	}
	for i := range 300 {
		src := gen.CaseSource(22, i)
		m := gen.AnyURL(src)
		add(print.ASCII(&m))
		add(gen.URLString(src))
	}
	return out
}

// The edits of the href give the URL and error that the model path gives,
// for every setter, on WPT's setter cases and on seeds and generated URLs
// with clean and edge values; and JoinPath equals joinPathModel.
func TestHrefEditsAgree(t *testing.T) {
	urls := editURLs(t)
	for _, c := range wptSetterCases(t) {
		if c.setter == "href" {
			continue
		}
		u, err := Parse(c.href)
		if err != nil {
			continue
		}
		checkEditAgrees(t, u, c.setter, c.value)
	}
	values := editValues
	for i := range 100 {
		values = append(values, gen.Mutate(gen.CaseSource(23, i), "a/b?c#d"))
	}
	for _, u := range urls {
		for name := range modelSetters {
			for _, v := range values {
				checkEditAgrees(t, u, name, v)
			}
		}
		checkJoinAgrees(t, u)
		for i, e := range editValues {
			checkJoinAgrees(t, u, e)
			checkJoinAgrees(t, u, e, editValues[(i+7)%len(editValues)])
		}
		checkJoinAgrees(t, u, "a", "", "b")
		checkJoinAgrees(t, u, "", "x")
	}
	if len(urls) < 400 {
		t.Errorf("only %d URLs", len(urls))
	}
}

// The edits apply where they are meant to: on a clean web URL each setter
// and JoinPath with a clean value makes one allocation at most (the new
// href) and removing the fragment none.
func TestHrefEditsAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector (internal/race)")
	}
	u := MustParse("https://ann:pw@example.com:8443/api/v1/items?q=golang&page=1#results")
	for _, c := range []struct {
		name, value string
		max         float64
	}{
		{"hash", "", 0}, {"hash", "top", 1}, {"search", "q=rust", 1}, {"search", "", 1}, {"port", "8080", 1}, {"port", "", 1},
		{"username", "bob", 1}, {"password", "s3cret", 1}, {"host", "example.org:9090", 1}, {"hostname", "[::1]", 1},
		{"hostname", "10.0.0.1", 1}, {"pathname", "/a/b/c", 1}, {"protocol", "wss", 1},
	} {
		v := u
		if n := testing.AllocsPerRun(100, func() { v = u; _ = setterFuncs[c.name](&v, c.value) }); n > c.max {
			t.Errorf("%s=%q: %v allocations", c.name, c.value, n)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = u.JoinPath("users", "42") }); n > 1 {
		t.Errorf("JoinPath: %v allocations", n)
	}
}

// FuzzHrefEditsAgree: TestHrefEditsAgree on URLs and values from the
// fuzzer.
func FuzzHrefEditsAgree(f *testing.F) {
	names := []string{"protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash", "join"}
	for i, s := range setterSeeds {
		for j := range names {
			f.Add(s, uint8(j), editValues[(i*len(names)+j)%len(editValues)])
		}
	}
	f.Fuzz(func(t *testing.T, href string, setter uint8, value string) {
		u, err := Parse(href)
		if err != nil {
			return
		}
		name := names[int(setter)%len(names)]
		if name == "join" {
			checkJoinAgrees(t, u, strings.Split(value, ",")...)
			return
		}
		checkEditAgrees(t, u, name, value)
	})
}
