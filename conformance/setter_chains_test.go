package conformance_test

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/internal/gen"
)

// The setter-chain differential test runs random chains of one to five
// setters (all ten: href, protocol, username, password, host, hostname,
// port, pathname, search, hash) on generated start URLs through urlspec's
// With* setters and through npm whatwg-url (differential/setters.js), and
// compares the eleven getters (origin included) after new URL(start) and
// after every step, and whether the href setter threw. Start URLs are built
// in edge states: localhost hosts, drive-like segments (C|, C:), empty
// hosts, opaque paths, credentials, ports, file: URLs, non-special URLs
// with and without a host; some are the generator's URL-strings and seeds.
// Setter values mix edge values per attribute with mutated and generated
// strings. 10,000 chains by default; URLSPEC_SETTER_CHAINS=N for more.
// It skips (or fails with URLSPEC_REQUIRE_NODE=1) like the other
// differential tests when node or whatwg-url is missing.

// setterChains is the number of chains; URLSPEC_SETTER_CHAINS=N sets it.
func setterChains(t *testing.T) int { return envCount(t, "URLSPEC_SETTER_CHAINS", 10000, 1) }

// setterChainSeed is the seed of the chains (fixed, so that a failure
// reproduces).
const setterChainSeed = 20261123

type chainStep [2]string // attribute, value

type chainRequest struct {
	Start string      `json:"start"`
	Steps []chainStep `json:"steps"`
}

type chainStepAnswer struct {
	Threw bool       `json:"threw"`
	G     [11]string `json:"g"`
}

type chainAnswer struct {
	Failure bool              `json:"failure"`
	Start   [11]string        `json:"start"`
	Steps   []chainStepAnswer `json:"steps"`
	// canonical, on urlspec's side only: a step whose href does not
	// parse.
	canonical string
}

var chainGetters = [11]string{"href", "protocol", "username", "password", "host", "hostname",
	"port", "pathname", "search", "hash", "origin"}

var chainSetters = []string{"href", "protocol", "username", "password", "host", "hostname",
	"port", "pathname", "search", "hash"}

func chainRead(u *urlspec.URL) [11]string {
	var g [11]string
	for i, name := range chainGetters {
		g[i], _ = urlAttr(u, name)
	}
	return g
}

// oursChain answers a chain with urlspec.
func oursChain(r chainRequest) chainAnswer {
	u, err := urlspec.Parse(r.Start)
	if err != nil {
		return chainAnswer{Failure: true}
	}
	a := chainAnswer{Start: chainRead(&u), Steps: []chainStepAnswer{}}
	for _, s := range r.Steps {
		err := setURLAttr(&u, s[0], s[1])
		// Only the href setter throws in JavaScript; the other setters'
		// errors are the standard's silent returns.
		a.Steps = append(a.Steps, chainStepAnswer{Threw: s[0] == "href" && err != nil, G: chainRead(&u)})
		if _, err := urlspec.Parse(u.Href()); a.canonical == "" && err != nil {
			a.canonical = fmt.Sprintf("step %d: the href %q does not parse: %v", len(a.Steps), u.Href(), err)
		}
	}
	return a
}

// validUTF8 replaces each invalid byte of s by U+FFFD, as encoding/json
// does on the way to whatwg-url, so that both sides get the same string.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c, n := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && n == 1 {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func pickString(src gen.Source, xs []string) string { return xs[src.Choose(len(xs))] }

// Parts of start URLs in edge states.
var (
	startSchemes = []string{"http", "https", "ws", "wss", "ftp", "file", "file", "file", "sc", "foo",
		"HTTP", "FILE", "data", "blob", "javascript", "mailto", "web+x"}
	startCredentials = []string{"", "", "", "u@", "u:p@", ":p@", "@", "u:@", "%41b:c%20@"}
	startHosts       = []string{"localhost", "LOCALHOST", "localhost", "h", "example.com", "", "", "1.2.3.4",
		"[::1]", "0x7f.1", "xn--nxasmq6b", "ü.com", "%6c%6fcalhost", "localhost.", "C|", "c:", "a.b.c"}
	startPorts = []string{"", "", "", ":", ":0", ":80", ":443", ":21", ":8080", ":65535"}
	startPaths = []string{"", "/", "/x", "/C|/x", "/C|", "/c|/", "/C:/x", "/C:", "/a/b/", "//x", "/./x",
		"/a/../C|/y", "/%2e/x", "/ x /", "/ü", "/C|/..", "/C%7C/x", "/.//y", "/a:b"}
	startOpaque = []string{"x", "x y", "x ", " x", "C|/x", "a/b", "%20", "//x"}
	startTails  = []string{"", "", "", "?", "?q", "#", "#f", "?q#f", "? ", "# "}
)

// startURL generates a start URL-string in an edge state.
func startURL(src gen.Source) string {
	switch src.Choose(10) {
	case 0:
		return gen.Seed(src)
	case 1:
		return gen.URLString(src)
	case 2: // a special URL that the protocol setter can make a file: URL the parser never makes
		return pickString(src, []string{"http", "https", "ws", "wss", "ftp", "HTTP"}) + "://" +
			pickString(src, []string{"localhost", "LOCALHOST", "%6c%6fcalhost", "h", "localhost:80"}) +
			pickString(src, []string{"/C|/x", "/C|", "/c|/", "/C:/x", "/x", "/C|/x/..", "/a/../C|/"}) +
			pickString(src, startTails)
	}
	scheme := pickString(src, startSchemes)
	var b strings.Builder
	b.WriteString(scheme)
	b.WriteByte(':')
	switch src.Choose(6) {
	case 0: // no authority: an opaque path for a non-special scheme
		b.WriteString(pickString(src, startOpaque))
	case 1: // no authority, a path-root
		b.WriteString(pickString(src, startPaths))
	default:
		b.WriteString("//")
		b.WriteString(pickString(src, startCredentials))
		b.WriteString(pickString(src, startHosts))
		b.WriteString(pickString(src, startPorts))
		b.WriteString(pickString(src, startPaths))
	}
	b.WriteString(pickString(src, startTails))
	if scheme == "blob" && src.Choose(2) == 0 {
		return "blob:" + startURL(src)
	}
	return b.String()
}

// Edge values per setter.
var setterValues = map[string][]string{
	"href": {"x", "", "http://localhost/x", "file://localhost/C|/x", "http://h/C|/x", "sc://h/x", "sc:x",
		"file:///C:/", "http://[::1]:8080/", "https://u:p@h:1/p?q#f"},
	"protocol": {"http", "https", "file", "file", "FILE", "ws", "wss", "ftp", "sc", "foo", "http:", "file:x",
		"a+b", "1x", "", "ht tp", "javascript", "blob", "data", "mailto", "\tfile", "h\nttp", "https:foo"},
	"username": {"", "u", "a b", "%41", "@", ":", "ü", "\t", "a/b", "%zz"},
	"password": {"", "p", "a b", ":", "@", "ü", "%"},
	"host": {"h", "localhost", "LOCALHOST", "", "h:8080", "h:", ":1", "[::1]", "[::1]:2", "1.2.3.4", "0x7f.1",
		"C|", "c:", "a b", "xn--nxasmq6b", "ü.com", "h/p?q#f", "h\\x", "%6c%6fcalhost", "h:65536", "h:0",
		"h:80", "h:21", "example.com:443", "%", "a@b", "[", "h:12ab", "localhost:80", "x/C|"},
	"port": {"", "0", "80", "443", "21", "8080", "65535", "65536", "12ab", "ab", " 1", "\t1", "-1", "00080"},
	"pathname": {"", "/", "x", "/x/y", "C|", "/C|/x", "C:", "c|/..", "/a/../C|", "..", "/./", "//x", "\\a\\b",
		"a?b#c", "%2e%2E", " x ", "ü", "/C|/../..", "/.//", "C|/", "/c:"},
	"search": {"", "?", "q", "?a=b c", "#", "ü", "%zz", "\t?x", "??"},
	"hash":   {"", "#", "f", "#a b", "ü", "##", "%"},
}

// setterValue generates a value for the setter attr.
func setterValue(src gen.Source, attr string) string {
	if attr == "hostname" {
		attr = "host" // the same edge values, ports included
	}
	switch src.Choose(8) {
	case 0:
		if attr == "href" {
			return startURL(src)
		}
		return gen.Mutate(src, pickString(src, setterValues[attr]))
	case 1:
		s := gen.URLString(src)
		i := src.Choose(len(s) + 1)
		return s[i:]
	}
	if attr == "href" && src.Choose(2) == 0 {
		return startURL(src)
	}
	return pickString(src, setterValues[attr])
}

// setterChain generates chain i.
func setterChain(seed uint64, i int) chainRequest {
	src := gen.CaseSource(seed, i)
	r := chainRequest{Start: validUTF8(startURL(src))}
	n := 1 + src.Choose(5)
	for k := range n {
		attr := chainSetters[src.Choose(len(chainSetters))]
		if k == 0 && src.Choose(4) == 0 {
			// Often first to file: and then on from there.
			r.Steps = append(r.Steps, chainStep{"protocol", pickString(src, []string{"file", "FILE", "file:", "file://x"})})
			continue
		}
		r.Steps = append(r.Steps, chainStep{attr, validUTF8(setterValue(src, attr))})
	}
	return r
}

// runWHATWGURLChains answers the chains with whatwg-url, in batches of one
// node process each (to bound memory).
func runWHATWGURLChains(t *testing.T, node string, reqs []chainRequest) []chainAnswer {
	return runNodeLines[chainRequest, chainAnswer](t, node, []string{"setters.js"}, reqs)
}

// chainDiff returns where got and want first differ ("" when they agree):
// the step (0 for the start URL) and the getter.
func chainDiff(got, want chainAnswer) string {
	if got.canonical != "" {
		return got.canonical
	}
	if got.Failure != want.Failure {
		return fmt.Sprintf("start: failure %v, whatwg-url failure %v", got.Failure, want.Failure)
	}
	if got.Failure {
		return ""
	}
	at := func(step int, g, w [11]string) string {
		for k := range g {
			if g[k] != w[k] {
				return fmt.Sprintf("step %d: %s %q, whatwg-url %q", step, chainGetters[k], g[k], w[k])
			}
		}
		return ""
	}
	if d := at(0, got.Start, want.Start); d != "" {
		return d
	}
	for i := range got.Steps {
		if got.Steps[i].Threw != want.Steps[i].Threw {
			return fmt.Sprintf("step %d: threw %v, whatwg-url threw %v", i+1, got.Steps[i].Threw, want.Steps[i].Threw)
		}
		if d := at(i+1, got.Steps[i].G, want.Steps[i].G); d != "" {
			return d
		}
	}
	return ""
}

// chainStates names the edge states a URL in a chain can be in, each
// with a test on its getters (whatwg-url's); the test reports how many
// compared URLs were in each and fails when one never occurs.
var chainStates = []struct {
	name string
	is   func(g [11]string) bool
}{
	{"file: with host localhost", func(g [11]string) bool { return g[1] == "file:" && g[5] == "localhost" }},
	{"file: with a first segment like C|", func(g [11]string) bool {
		return g[1] == "file:" && len(g[7]) >= 3 && g[7][2] == '|'
	}},
	{"file: with a drive C:", func(g [11]string) bool { return g[1] == "file:" && len(g[7]) >= 3 && g[7][2] == ':' }},
	{"special with a first segment like C|", func(g [11]string) bool {
		return g[1] != "file:" && g[10] != "null" && len(g[7]) >= 3 && g[7][2] == '|'
	}},
	{"web URL with host localhost", func(g [11]string) bool { return g[10] != "null" && g[5] == "localhost" }},
	{"non-special with an empty host", func(g [11]string) bool {
		return g[10] == "null" && g[1] != "file:" && g[5] == "" && strings.HasPrefix(g[0], g[1]+"//")
	}},
	{"non-special without a host, path-root", func(g [11]string) bool {
		return g[10] == "null" && g[1] != "file:" && !strings.HasPrefix(g[0], g[1]+"//") && strings.HasPrefix(g[7], "/")
	}},
	{"opaque path", func(g [11]string) bool { return g[1] != "file:" && g[7] != "" && g[7][0] != '/' }},
	{"credentials", func(g [11]string) bool { return g[2] != "" || g[3] != "" }},
	{"port", func(g [11]string) bool { return g[6] != "" }},
}

// knownChainDifferences lists the chains (by start and steps, as printed
// by the test) on which urlspec and whatwg-url are known to differ; none.
var knownChainDifferences = map[string]string{}

func TestDifferentialSetterChains(t *testing.T) {
	node := differentialNode(t)
	n := setterChains(t)
	const batch = 20000
	start := time.Now()
	chains, steps, compared, failedStarts, differ, known := 0, 0, 0, 0, 0, 0
	perSetter := map[string]int{}
	states := make([]int, len(chainStates))
	count := func(g [11]string) {
		for k, st := range chainStates {
			if st.is(g) {
				states[k]++
			}
		}
	}
	changedSteps := 0
	for lo := 0; lo < n; lo += batch {
		hi := min(n, lo+batch)
		reqs := make([]chainRequest, 0, hi-lo)
		for i := lo; i < hi; i++ {
			reqs = append(reqs, setterChain(setterChainSeed, i))
		}
		theirs := runWHATWGURLChains(t, node, reqs)
		for i, r := range reqs {
			want, got := theirs[i], oursChain(r)
			chains++
			if want.Failure {
				failedStarts++
			} else {
				steps += len(r.Steps)
				compared += (1 + len(r.Steps)) * len(chainGetters)
				prev := want.Start[0]
				count(want.Start)
				for k, s := range r.Steps {
					count(want.Steps[k].G)
					perSetter[s[0]]++
					if want.Steps[k].G[0] != prev {
						changedSteps++
					}
					prev = want.Steps[k].G[0]
				}
			}
			d := chainDiff(got, want)
			if d == "" {
				continue
			}
			key := fmt.Sprintf("%q %q", r.Start, r.Steps)
			if reason, ok := knownChainDifferences[key]; ok {
				known++
				t.Logf("known difference (%s): %s", reason, key)
				continue
			}
			differ++
			if differ <= 20 {
				t.Errorf("chain %d: start %q, steps %q: %s", lo+i, r.Start, r.Steps, d)
			}
		}
	}
	t.Logf("setter chains (seed %d): %d chains, %d with a start URL that fails alike; %d setter steps, %d changed the href (per setter: %v); %d getter values compared; %d differences, %d known differences; %v",
		setterChainSeed, chains, failedStarts, steps, changedSteps, perSetter, compared, differ, known, time.Since(start).Round(time.Millisecond))
	fmt.Printf("setter chains: %d chains, %d steps, %d getter values compared, %d differences\n", chains, steps, compared, differ)
	for k, st := range chainStates {
		t.Logf("  URLs in the state %s: %d", st.name, states[k])
		if states[k] == 0 {
			t.Errorf("no compared URL was in the state %s", st.name)
		}
	}
	if steps == 0 || changedSteps == 0 {
		t.Error("no setter step changed anything: the comparison tests nothing")
	}
}
