package canon_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/canon"
)

// The SURT differential: the surt and surt-with-scheme profiles against the
// Internet Archive's Python surt library (github.com/internetarchive/surt),
// run as a separate process (testdata/surt_oracle.py), on the repository's
// real URLs (testdata/kasztp.txt), the benchmark workloads beside the
// repository when present (../shared/datasets/workloads: dirty, idna and
// IP-host variants of kasztp, the first 10,000 lines of each), and generated URLs with every trigger of
// surt's canonicalisation steps. The reference is found at
// ../shared/peers/surt beside the repository, or at $URLSPEC_SURT_DIR.
// Without Python or the reference the test skips, and fails instead when
// URLSPEC_REQUIRE_SURT=1 (or URLSPEC_REQUIRE_NODE=1, CI's switch for
// every external oracle) is set.

func surtReference(t *testing.T) (python, dir string) {
	t.Helper()
	dir = os.Getenv("URLSPEC_SURT_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "peers", "surt")
	}
	missing := func(format string, args ...any) {
		t.Helper()
		msg := fmt.Sprintf(format, args...)
		if os.Getenv("URLSPEC_REQUIRE_SURT") == "1" || os.Getenv("URLSPEC_REQUIRE_NODE") == "1" {
			t.Fatalf("the surt reference is required (URLSPEC_REQUIRE_SURT or URLSPEC_REQUIRE_NODE is set): %s", msg)
		}
		t.Skipf("skipping the SURT differential: %s", msg)
	}
	if _, err := os.Stat(filepath.Join(dir, "surt", "surt.py")); err != nil {
		missing("no surt library at %s (set URLSPEC_SURT_DIR): %v", dir, err)
	}
	var tried []string
	for _, py := range []string{"python3", "/usr/bin/python3"} {
		out, err := exec.Command(py, "-c", "import sys; sys.path.insert(0, sys.argv[1]); import surt", dir).CombinedOutput()
		if err == nil {
			return py, dir
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		tried = append(tried, fmt.Sprintf("%s: %v %s", py, err, lines[len(lines)-1]))
	}
	missing("no Python that imports surt (it needs six and tldextract: apt-get install python3-six python3-tldextract): %s", strings.Join(tried, "; "))
	return "", ""
}

// surtOracle runs the reference on inputs: for each, its default key and
// its with_scheme+trailing_comma key, or ok false where surt raises.
func surtOracle(t *testing.T, python, dir string, inputs []string) (keys [][2]string, ok []bool) {
	t.Helper()
	var in strings.Builder
	for _, s := range inputs {
		b, _ := json.Marshal(s)
		in.Write(b)
		in.WriteByte('\n')
	}
	cmd := exec.Command(python, filepath.Join("testdata", "surt_oracle.py"), dir)
	cmd.Stdin = strings.NewReader(in.String())
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("surt_oracle.py: %v\n%s", err, stderr.String())
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var pair [2]string
		if json.Unmarshal(sc.Bytes(), &pair) == nil {
			keys, ok = append(keys, pair), append(ok, true)
		} else {
			keys, ok = append(keys, [2]string{}), append(ok, false)
		}
	}
	if len(keys) != len(inputs) {
		t.Fatalf("surt_oracle.py answered %d lines for %d inputs", len(keys), len(inputs))
	}
	return keys, ok
}

// readLines reads the URLs of a list, at most limit (0: all); a TSV
// workload's lines are input U+001F base, and only those without a base
// are kept.
func readLines(t *testing.T, path string, tsv bool, limit int) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if tsv {
			in, base, _ := strings.Cut(line, "\x1f")
			if base != "" {
				continue
			}
			line = in
		}
		if line != "" && utf8.ValidString(line) {
			out = append(out, line)
		}
		if len(out) == limit {
			break
		}
	}
	return out
}

// surtTriggers returns generated URLs with the triggers of every step of
// surt's canonicalisation: case, www labels, ports, userinfo, dot segments
// and empty segments, percent-encodings, trailing slashes, empty and
// unsorted queries, session ids, IPv4 forms and fragments.
func surtTriggers() []string {
	hosts := []string{"example.com", "www.example.com", "WWW.Example.COM", "www12.example.com", "www.www.example.com",
		"wwwx.example.com", "example.com.", "127.0.0.1", "0x7f.1", "3279880203", "[::1]", "sub.example.co.uk", "xn--bcher-kva.example",
		"bücher.example", "a%2Eb.example"}
	ports := []string{"", ":80", ":443", ":8080", ":0"}
	paths := []string{"", "/", "/a", "/a/", "/A/B.HTML", "/a//b", "/a/./b/../c", "/%7Euser/", "/a%2Fb", "/a%252Fb", "/a b",
		"/caf\u00e9", "/%C3%A9", "/x/(s(abcdefghijklmnopqrstuvwx))/page.aspx", "/x/(abcdefghijklmnopqrstuvwx)/page.aspx",
		"/index.html", "/a;b", "/%23"}
	queries := []string{"", "?", "?b=2&a=1", "?a=2&a=1&a", "?B=1&a=2", "?jsessionid=0123456789abcdef0123456789abcdef&x=1",
		"?x=1&PHPSESSID=0123456789abcdef0123456789abcdef", "?sid=0123456789abcdef0123456789abcdef",
		"?ASPSESSIONIDabcdefgh=abcdefghijklmnopqrstuvwx&y", "?cfid=1&cftoken=2&z=3", "?q=%41%2B%20b", "?a=1&&b", "?a-b&a=b"}
	var out []string
	for i, h := range hosts {
		for j, p := range paths {
			q := queries[(i+j)%len(queries)]
			port := ports[(i*7+j)%len(ports)]
			for _, scheme := range []string{"http", "https"} {
				out = append(out, scheme+"://"+h+port+p+q)
			}
			out = append(out, "http://user:pw@"+h+p+q+"#frag")
		}
	}
	for _, q := range queries {
		out = append(out, "http://example.com/"+q, "https://www.example.org/a/"+q+"#f")
	}
	out = append(out, "mailto:Someone@Example.com", "ftp://ftp.example.com/pub/", "ftp://ftp.example.com:21/pub/",
		"file:///etc/passwd", "data:text/plain,Hello", "urn:isbn:0451450523", "foo://Host.Example/P?Q",
		"ws://example.com:80/", "http://example.com:8080", "HTTP://EXAMPLE.COM/")
	return out
}

// workloadLimit bounds the URLs read from each workload, to keep the
// test's time (the reference takes about 0.1 ms an URL) in seconds.
const workloadLimit = 10000

type surtDiff struct{ input, ours, ref, form string }

func TestSURTDifferential(t *testing.T) {
	python, dir := surtReference(t)
	def, _ := canon.ByName("surt")
	full, _ := canon.ByName("surt-with-scheme")
	corpora := []struct {
		name   string
		inputs []string
		real   bool
	}{
		{"kasztp.txt", readLines(t, filepath.Join("..", "testdata", "kasztp.txt"), false, 0), true},
		{"workloads/dirty.tsv", readLines(t, filepath.Join(dir, "..", "..", "datasets", "workloads", "dirty.tsv"), true, workloadLimit), false},
		{"workloads/idna.tsv", readLines(t, filepath.Join(dir, "..", "..", "datasets", "workloads", "idna.tsv"), true, workloadLimit), false},
		{"workloads/iphosts.tsv", readLines(t, filepath.Join(dir, "..", "..", "datasets", "workloads", "iphosts.tsv"), true, workloadLimit), false},
		{"generated triggers", surtTriggers(), false},
	}
	if len(corpora[0].inputs) == 0 {
		t.Fatal("no URLs in ../testdata/kasztp.txt")
	}
	classes := map[string][]surtDiff{}
	for _, c := range corpora {
		if len(c.inputs) == 0 {
			t.Logf("%s: not present, skipped", c.name)
			continue
		}
		var inputs []string
		var urls []urlspec.URL
		rejected := 0
		for _, s := range c.inputs {
			u, err := urlspec.Parse(s)
			if err != nil {
				rejected++
				continue
			}
			inputs, urls = append(inputs, s), append(urls, u)
		}
		keys, ok := surtOracle(t, python, dir, inputs)
		same := [2]int{}
		raised := 0
		for i, u := range urls {
			if !ok[i] {
				raised++
				continue
			}
			for f, p := range []canon.Profile{def, full} {
				got := p.Key(u)
				if got == keys[i][f] {
					same[f]++
					continue
				}
				d := surtDiff{inputs[i], got, keys[i][f], p.Name()}
				cl := classifySURT(d)
				classes[cl] = append(classes[cl], d)
			}
		}
		n := len(urls) - raised
		t.Logf("%-22s %6d URLs (%d rejected by the WHATWG parser, %d by surt): surt %d (%.2f%%), surt-with-scheme %d (%.2f%%)",
			c.name, n, rejected, raised, same[0], pct(same[0], n), same[1], pct(same[1], n))
		if c.real && (pct(same[0], n) < 99 || pct(same[1], n) < 99) {
			t.Errorf("%s: agreement below 99%%", c.name)
		}
	}
	if path := os.Getenv("URLSPEC_SURT_DIFFS"); path != "" {
		// Every difference, one a line: class, form, input, ours, surt's.
		var b strings.Builder
		for k, ds := range classes {
			for _, d := range ds {
				fmt.Fprintf(&b, "%s\t%s\t%q\t%q\t%q\n", k, d.form, d.input, d.ours, d.ref)
			}
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Error(err)
		}
	}
	names := make([]string, 0, len(classes))
	for k := range classes {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		d := classes[k]
		t.Logf("difference class %q: %d, e.g. %s(%q) = %q, surt gives %q", k, len(d), d[0].form, d[0].input, d[0].ours, d[0].ref)
		if k == "unclassified" {
			for i, x := range d {
				if i == 20 {
					break
				}
				t.Errorf("unclassified difference: %s(%q) = %q, surt gives %q", x.form, x.input, x.ours, x.ref)
			}
		}
	}
}

func pct(a, n int) float64 {
	if n == 0 {
		return 100
	}
	return 100 * float64(a) / float64(n)
}

// The documented classes of difference between the SURT profiles and the
// reference (docs/canonicalisation.md, "Where the keys differ"), each
// recognised from the input: where the WHATWG parser reads the URL
// differently from surt's RFC 2396 regular expression and Python's
// urllib, the profile keys what a browser requests.
const (
	classBackslash   = "backslash in the path: WHATWG reads it as '/', surt keeps it"
	classIDNA2003    = "deviation character in the host: surt's IDNA 2003 maps ß to ss, WHATWG's UTS #46 keeps it"
	classIPv6        = "IPv6 literal: surt splits it at dots and keeps its spelling, WHATWG compresses it"
	classIPv4Forms   = "IPv4 address in hex, octal or short form: surt keeps the spelling, WHATWG reads the address"
	classSchemeCase  = "upper-case scheme: surt keeps its case in the with_scheme form, WHATWG lower-cases it"
	classDefaultPort = "default port of ftp, ws or wss: surt keeps it (it knows only 80 and 443), WHATWG removes it"
)

// classifySURT names the documented class of a difference between the
// profile and the reference, from the input's features, or "unclassified".
func classifySURT(d surtDiff) string {
	// Both remove tabs and newlines and outer spaces first.
	s := strings.Trim(strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(d.input), " ")
	scheme, rest, ok := strings.Cut(s, ":")
	if !ok {
		return "unclassified"
	}
	special := map[string]string{"http": "80", "https": "443", "ftp": "21", "ws": "80", "wss": "443"}
	lower := strings.ToLower(scheme)
	beforeQuery := rest
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		beforeQuery = rest[:i]
	}
	authority := strings.TrimLeft(beforeQuery, "/\\")
	if i := strings.IndexAny(authority, "/\\"); i >= 0 {
		authority = authority[:i]
	}
	hostPort := authority[strings.LastIndexByte(authority, '@')+1:]
	hostName, port := hostPort, ""
	if i := strings.LastIndexByte(hostPort, ':'); i >= 0 && !strings.HasSuffix(hostPort, "]") {
		hostName, port = hostPort[:i], hostPort[i+1:]
	}
	u, _ := urlspec.Parse(d.input)
	switch {
	case special[lower] != "" && strings.Contains(beforeQuery, "\\"):
		return classBackslash
	case strings.ContainsAny(hostName, "ßς\u200c\u200d"):
		return classIDNA2003
	case strings.HasPrefix(hostName, "["):
		return classIPv6
	case u.Hostname() != strings.ToLower(hostName) && isIPv4(u.Hostname()):
		return classIPv4Forms
	case d.form == "surt-with-scheme" && scheme != lower:
		// Only the scheme's case may differ.
		if i := strings.IndexByte(d.ref, ':'); i >= 0 && strings.ToLower(d.ref[:i])+d.ref[i:] == d.ours {
			return classSchemeCase
		}
	case lower != "http" && lower != "https" && port != "" && port == special[lower]:
		return classDefaultPort
	}
	return "unclassified"
}

func isIPv4(h string) bool {
	parts := strings.Split(h, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		if p == "" || strings.Trim(p, "0123456789") != "" {
			return false
		}
	}
	return true
}
