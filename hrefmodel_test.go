package urlspec

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/gen"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
)

// checkHrefModel checks that the model hrefModel splits from u's href and
// offsets is the one the pipeline parses the href to: parsedModel equals
// parseResolveNormalise(href, nil), and the exact model (Model) normalises
// to it and prints to the href.
func checkHrefModel(t testing.TB, u URL) {
	t.Helper()
	if u.href == "" {
		return
	}
	want, err := parseResolveNormalise(u.href, nil)
	if err != nil {
		t.Errorf("%q does not parse: %v", u.href, err)
		return
	}
	if got := u.parsedModel(); !got.Equal(&want) {
		t.Errorf("%q: parsedModel %v, the pipeline %v", u.href, got, want)
	}
	exact := u.model()
	if n := normalize.Normalize(exact); !n.Equal(&want) {
		t.Errorf("%q: the model %v normalises to %v, the pipeline gives %v", u.href, exact, n, want)
	}
	if h := print.ASCII(&exact); h != u.href {
		t.Errorf("%q: the model %v prints %q", u.href, exact, h)
	}
}

// hrefModelInputs returns URLs to check hrefModel on: every WPT
// urltestdata result (with its base), every line of the datasets and
// workloads, and every result of WPT's setters_tests.json.
func hrefModelInputs(t testing.TB) []URL {
	var out []URL
	add := func(u URL, err error) {
		if err == nil {
			out = append(out, u)
		}
	}
	for _, c := range wptInputs(t) {
		add(parseWithBase(*c[0], c[1]))
	}
	files := []string{"testdata/kasztp.txt", "testdata/node_files.txt", "testdata/isaacs_files.txt"}
	for _, w := range []string{"kasztp", "node_files", "dirty", "idna", "iphosts", "rel_kasztp"} {
		files = append(files, "bench/testdata/workloads/"+w+".tsv")
	}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			in, base, ok := strings.Cut(sc.Text(), "\x1f")
			if ok && base != "" {
				add(parseWithBase(in, &base))
			} else {
				add(Parse(in))
			}
		}
		f.Close()
	}
	for _, c := range wptSetterCases(t) {
		u, err := Parse(c.href)
		if err != nil {
			continue
		}
		_ = setterFuncs[c.setter](&u, c.value)
		out = append(out, u)
	}
	return out
}

// wptSetterCase is a case of WPT's setters_tests.json.
type wptSetterCase struct {
	setter, href, value, want string
}

// wptSetterCases reads WPT's setters_tests.json (url/resources of
// github.com/web-platform-tests/wpt).
func wptSetterCases(t testing.TB) []wptSetterCase {
	t.Helper()
	data, err := os.ReadFile("conformance/testdata/setters_tests.json")
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var out []wptSetterCase
	for setter, msg := range raw {
		if setter == "comment" {
			continue
		}
		var cases []struct {
			Href     string            `json:"href"`
			NewValue string            `json:"new_value"`
			Expected map[string]string `json:"expected"`
		}
		if err := json.Unmarshal(msg, &cases); err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			out = append(out, wptSetterCase{setter, c.Href, c.NewValue, c.Expected["href"]})
		}
	}
	if len(out) < 250 {
		t.Fatalf("only %d WPT setter cases", len(out))
	}
	return out
}

// The model split from the href and offsets (hrefModel) equals the model
// the pipeline parses the href to, on every WPT result, dataset and
// workload line and WPT setter result, and on hrefs that only setters make.
func TestHrefModel(t *testing.T) {
	urls := hrefModelInputs(t)
	for _, s := range []string{"http://h", "http://h:8080", "http://h/a/b/", "http://h/a//b", "file:///", "file://h/a/b?q#f", "https://h/?#",
		"http://1.2.3.4/", "http://255.255.255.255:8080/a?b#c", "ws://10.0.0.1/x/y/z", "http://127.0.0.1./", "http://01.2.3.4/",
		"file://1.2.3.4/x", "http://[::ffff:1.2.3.4]/", "file://[::1]/", "sc://1.2.3.4/", "sc://[::1]/a", "sc:/.//x/y", "sc:", "sc:?q#f",
		"mailto:a/b/c", "data:space  ?q", "file:///C:", "file:///C:/", "file:////C:/x", "file://h/C:/x", "sc://:p@h/", "sc://u@h:1/"} {
		urls = append(urls, mustParse(t, s))
	}
	for _, c := range [][3]string{{"http://localhost/C|/x", "protocol", "file"}, {"http://h/C|", "protocol", "file"}, {"http://localhost/c|", "protocol", "file"}} {
		u := mustParse(t, c[0])
		if err := setterFuncs[c[1]](&u, c[2]); err != nil {
			t.Fatal(err)
		}
		urls = append(urls, u)
	}
	if len(urls) < 250000 {
		t.Errorf("only %d URLs", len(urls))
	}
	for _, u := range urls {
		checkHrefModel(t, u)
	}
}

// FuzzHrefModel: for every URL that Parse returns from a generated
// URL-string, and for the result of a setter on it, hrefModel agrees with
// the pipeline (checkHrefModel).
func FuzzHrefModel(f *testing.F) {
	for _, s := range setterSeeds {
		f.Add([]byte(s), uint8(0), "x")
	}
	names := []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}
	f.Fuzz(func(t *testing.T, choices []byte, setter uint8, value string) {
		src := gen.FromBytes(choices)
		in := gen.URLString(src)
		u, err := Parse(in)
		if err != nil {
			m := gen.AnyURL(gen.FromBytes(choices))
			if u, err = Parse(print.ASCII(&m)); err != nil {
				return
			}
		}
		checkHrefModel(t, u)
		_ = setterFuncs[names[int(setter)%len(names)]](&u, value)
		checkHrefModel(t, u)
	})
}
