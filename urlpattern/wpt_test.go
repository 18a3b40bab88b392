package urlpattern_test

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/urlpattern"
)

// The web-platform-tests runners. Each case runs as WPT's
// urlpattern/resources/urlpatterntestdata.js (and the compare and generate
// scripts) run it in a browser; a case that fails must be listed, with its
// reason, in testdata/expected_failures.txt, and a listed case that passes
// fails the test (remove it then).

var wptFiles = map[string]string{
	"urlpatterntestdata.json":            "f52a8ba3940de7e55ad47dc58eab5bccb697d7d76335c20ed7aaef6b85b98ab9",
	"urlpattern-compare-test-data.json":  "ce0b7c453b1d3bb0d2a1ce0e0dc28a92d68a6cf8bda71e3cdc9c72bf37f9017f",
	"urlpattern-generate-test-data.json": "d534eee80377a07f5140846cb03c467f3c5af085fb0dad63f05062c36ec35846",
}

func readWPT(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	if got := hex.EncodeToString(sum[:]); got != wptFiles[name] {
		t.Fatalf("testdata/%s: SHA-256 %s, want %s (LICENSE-wpt.md pins it)", name, got, wptFiles[name])
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

// expectedFailures reads testdata/expected_failures.txt: lines
// "SUITE INDEX # reason".
func expectedFailures(t *testing.T, suite string) map[int]string {
	t.Helper()
	f, err := os.Open("testdata/expected_failures.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := map[int]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		head, reason, ok := strings.Cut(line, " # ")
		fields := strings.Fields(head)
		if !ok || strings.TrimSpace(reason) == "" || len(fields) != 2 {
			t.Fatalf("expected_failures.txt: malformed line %q (want SUITE INDEX # reason)", line)
		}
		if fields[0] != suite {
			continue
		}
		i, err := strconv.Atoi(fields[1])
		if err != nil {
			t.Fatalf("expected_failures.txt: %q", line)
		}
		m[i] = reason
	}
	return m
}

// tally checks one case's outcome against the expected failures.
type tally struct {
	t        *testing.T
	suite    string
	expected map[int]string
	pass, n  int
}

func (ty *tally) record(i int, desc string, problem string) {
	ty.n++
	reason, listed := ty.expected[i]
	switch {
	case problem == "" && listed:
		ty.t.Errorf("%s %d passes but is listed as an expected failure (%s): remove it\n  %s", ty.suite, i, reason, desc)
	case problem == "":
		ty.pass++
	case !listed:
		ty.t.Errorf("%s %d: %s\n  %s", ty.suite, i, problem, desc)
	}
}

func (ty *tally) report() {
	ty.t.Logf("WPT %s: %d/%d pass (%d listed as expected failures)", ty.suite, ty.pass, ty.n, len(ty.expected))
}

type wptCase struct {
	Pattern                []json.RawMessage `json:"pattern"`
	Inputs                 []json.RawMessage `json:"inputs"`
	ExpectedObj            json.RawMessage   `json:"expected_obj"`
	ExpectedMatch          json.RawMessage   `json:"expected_match"`
	ExactlyEmptyComponents []string          `json:"exactly_empty_components"`
}

var components = []urlpattern.Component{urlpattern.Protocol, urlpattern.Username, urlpattern.Password,
	urlpattern.Hostname, urlpattern.Port, urlpattern.Pathname, urlpattern.Search, urlpattern.Hash}

// arg is one JS argument: a string or an object.
type arg struct {
	isString bool
	s        string
	obj      map[string]any
}

func parseArg(raw json.RawMessage) arg {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return arg{isString: true, s: s}
	}
	var m map[string]any
	json.Unmarshal(raw, &m)
	return arg{obj: m}
}

func initOf(m map[string]any) urlpattern.Init {
	var in urlpattern.Init
	b, _ := json.Marshal(m)
	json.Unmarshal(b, &in)
	return in
}

// construct runs new URLPattern(...args).
func construct(args []arg) (*urlpattern.Pattern, error) {
	var opts urlpattern.Options
	if n := len(args); n > 1 && !args[n-1].isString {
		if v, ok := args[n-1].obj["ignoreCase"].(bool); ok {
			opts.IgnoreCase = v
		}
		args = args[:n-1]
	}
	switch {
	case len(args) == 0:
		return urlpattern.NewInit(urlpattern.Init{}, opts)
	case args[0].isString && len(args) == 1:
		return urlpattern.New(args[0].s, opts)
	case args[0].isString && len(args) == 2 && args[1].isString:
		return urlpattern.NewWithBase(args[0].s, args[1].s, opts)
	case !args[0].isString && len(args) == 1:
		return urlpattern.NewInit(initOf(args[0].obj), opts)
	}
	return nil, fmt.Errorf("TypeError: init with a baseURL argument")
}

// execute runs pattern.exec(...inputs); err is the TypeError of an init
// with a baseURL argument.
func execute(p *urlpattern.Pattern, inputs []arg) (urlpattern.Result, bool, bool, error) {
	switch {
	case len(inputs) == 0:
		r, ok := p.ExecInit(urlpattern.Init{})
		return r, ok, p.TestInit(urlpattern.Init{}), nil
	case inputs[0].isString && len(inputs) == 1:
		r, ok := p.Exec(inputs[0].s)
		return r, ok, p.Test(inputs[0].s), nil
	case inputs[0].isString && len(inputs) == 2:
		r, ok := p.ExecWithBase(inputs[0].s, inputs[1].s)
		return r, ok, p.TestWithBase(inputs[0].s, inputs[1].s), nil
	case !inputs[0].isString && len(inputs) == 1:
		in := initOf(inputs[0].obj)
		r, ok := p.ExecInit(in)
		return r, ok, p.TestInit(in), nil
	}
	return urlpattern.Result{}, false, false, fmt.Errorf("TypeError")
}

func TestWPTURLPatternTestData(t *testing.T) {
	var cases []wptCase
	readWPT(t, "urlpatterntestdata.json", &cases)
	ty := &tally{t: t, suite: "urlpatterntestdata", expected: expectedFailures(t, "urlpatterntestdata")}
	for i, c := range cases {
		desc := fmt.Sprintf("pattern %s inputs %s", joinRaw(c.Pattern), joinRaw(c.Inputs))
		ty.record(i, desc, runCase(c))
	}
	ty.report()
	if ty.n != 369 {
		t.Errorf("ran %d cases, want 369", ty.n)
	}
}

func joinRaw(r []json.RawMessage) string {
	var s []string
	for _, x := range r {
		s = append(s, string(x))
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// runCase returns "" when case c passes, else what went wrong.
func runCase(c wptCase) string {
	var pargs []arg
	for _, r := range c.Pattern {
		pargs = append(pargs, parseArg(r))
	}
	p, err := construct(pargs)
	if string(c.ExpectedObj) == `"error"` {
		if err == nil {
			return "constructed, want a TypeError"
		}
		return ""
	}
	if err != nil {
		return "constructor: " + err.Error()
	}
	var expObj map[string]string
	json.Unmarshal(c.ExpectedObj, &expObj)
	for _, comp := range components {
		name := comp.String()
		want, ok := expObj[name]
		if !ok {
			want = defaultExpectation(c, pargs, name)
		}
		if got := p.Component(comp); got != want {
			return fmt.Sprintf("pattern %s = %q, want %q", name, got, want)
		}
	}
	var inputs []arg
	for _, r := range c.Inputs {
		inputs = append(inputs, parseArg(r))
	}
	res, ok, tested, err := execute(p, inputs)
	if string(c.ExpectedMatch) == `"error"` {
		if err == nil {
			return "matched, want a TypeError"
		}
		return ""
	}
	if err != nil {
		return err.Error()
	}
	var expMatch map[string]json.RawMessage
	json.Unmarshal(c.ExpectedMatch, &expMatch)
	if tested != (expMatch != nil) {
		return fmt.Sprintf("test() = %v, want %v", tested, expMatch != nil)
	}
	if ok != (expMatch != nil) {
		return fmt.Sprintf("exec() matched = %v, want %v", ok, expMatch != nil)
	}
	if !ok {
		return ""
	}
	// inputs
	wantInputs := c.Inputs
	if raw, has := expMatch["inputs"]; has {
		json.Unmarshal(raw, &wantInputs)
	}
	if len(res.Inputs) != len(wantInputs) {
		return fmt.Sprintf("exec() inputs: %d, want %d", len(res.Inputs), len(wantInputs))
	}
	for i, in := range res.Inputs {
		w := parseArg(wantInputs[i])
		switch v := in.(type) {
		case string:
			if !w.isString || w.s != v {
				return fmt.Sprintf("exec() inputs[%d] = %q, want %s", i, v, wantInputs[i])
			}
		case urlpattern.Init:
			if w.isString || !reflect.DeepEqual(v, initOf(w.obj)) {
				return fmt.Sprintf("exec() inputs[%d] = %+v, want %s", i, v, wantInputs[i])
			}
		}
	}
	for _, comp := range components {
		name := comp.String()
		type compResult struct {
			Input  string             `json:"input"`
			Groups map[string]*string `json:"groups"`
		}
		var want compResult
		if raw, has := expMatch[name]; has {
			json.Unmarshal(raw, &want)
		} else {
			want.Groups = map[string]*string{}
			if !slices.Contains(c.ExactlyEmptyComponents, name) {
				want.Groups["0"] = new("")
			}
		}
		got := res.Get(comp)
		if got.Input != want.Input {
			return fmt.Sprintf("exec() %s.input = %q, want %q", name, got.Input, want.Input)
		}
		gotGroups := map[string]*string{}
		for _, g := range got.Groups {
			if g.Matched {
				gotGroups[g.Name] = new(g.Value)
			} else {
				gotGroups[g.Name] = nil
			}
		}
		if want.Groups == nil {
			want.Groups = map[string]*string{}
		}
		if !reflect.DeepEqual(gotGroups, want.Groups) {
			return fmt.Sprintf("exec() %s.groups = %s, want %s", name, showGroups(gotGroups), showGroups(want.Groups))
		}
	}
	return ""
}

// earlierComponents is EARLIER_COMPONENTS of WPT's urlpatterntestdata.js.
var earlierComponents = map[string][]string{
	"protocol": {}, "hostname": {"protocol"}, "port": {"protocol", "hostname"},
	"username": {}, "password": {}, "pathname": {"protocol", "hostname", "port"},
	"search": {"protocol", "hostname", "port", "pathname"},
	"hash":   {"protocol", "hostname", "port", "pathname", "search"},
}

// defaultExpectation computes the expected pattern string of a component
// that the case does not list, as WPT's harness does: the pattern's own
// value, a wildcard after an earlier component, the base URL's value, or
// the wildcard.
func defaultExpectation(c wptCase, pargs []arg, name string) string {
	var base *urlspec.URL
	if len(pargs) > 0 && !pargs[0].isString {
		if b, ok := pargs[0].obj["baseURL"].(string); ok && b != "" {
			if u, err := urlspec.Parse(b); err == nil {
				base = &u
			}
		}
	} else if len(pargs) > 1 && pargs[1].isString {
		if u, err := urlspec.Parse(pargs[1].s); err == nil {
			base = &u
		}
	}
	obj := func() map[string]any {
		if len(pargs) > 0 && !pargs[0].isString {
			return pargs[0].obj
		}
		return nil
	}()
	if slices.Contains(c.ExactlyEmptyComponents, name) {
		return ""
	}
	if v, ok := obj[name].(string); ok && v != "" {
		return v
	}
	if obj != nil {
		for _, e := range earlierComponents[name] {
			if _, ok := obj[e]; ok {
				return "*"
			}
		}
	}
	if base != nil && name != "username" && name != "password" {
		switch name {
		case "protocol":
			return strings.TrimSuffix(base.Protocol(), ":")
		case "hostname":
			return base.Hostname()
		case "port":
			return base.Port()
		case "pathname":
			return base.Pathname()
		case "search":
			return strings.TrimPrefix(base.Search(), "?")
		case "hash":
			return strings.TrimPrefix(base.Hash(), "#")
		}
	}
	return "*"
}

func showGroups(m map[string]*string) string {
	var s []string
	for k, v := range m {
		if v == nil {
			s = append(s, k+":undefined")
		} else {
			s = append(s, k+":"+strconv.Quote(*v))
		}
	}
	slices.Sort(s)
	return "{" + strings.Join(s, ", ") + "}"
}

func TestWPTCompare(t *testing.T) {
	var cases []struct {
		Component string          `json:"component"`
		Left      json.RawMessage `json:"left"`
		Right     json.RawMessage `json:"right"`
		Expected  int             `json:"expected"`
	}
	readWPT(t, "urlpattern-compare-test-data.json", &cases)
	ty := &tally{t: t, suite: "compare", expected: expectedFailures(t, "compare")}
	for i, c := range cases {
		desc := fmt.Sprintf("%s: %s vs %s", c.Component, c.Left, c.Right)
		problem := ""
		comp, err := urlpattern.ComponentNamed(c.Component)
		l, errL := construct([]arg{parseArg(c.Left)})
		r, errR := construct([]arg{parseArg(c.Right)})
		switch {
		case err != nil || errL != nil || errR != nil:
			problem = fmt.Sprint("errors: ", err, errL, errR)
		default:
			if got := urlpattern.CompareComponent(comp, l, r); got != c.Expected {
				problem = fmt.Sprintf("compare = %d, want %d", got, c.Expected)
			} else if back := urlpattern.CompareComponent(comp, r, l); back != -c.Expected {
				problem = fmt.Sprintf("reversed compare = %d, want %d", back, -c.Expected)
			} else if self := urlpattern.CompareComponent(comp, l, l); self != 0 {
				problem = fmt.Sprintf("compare with itself = %d", self)
			}
		}
		ty.record(i, desc, problem)
	}
	ty.report()
	if ty.n != 25 {
		t.Errorf("ran %d cases, want 25", ty.n)
	}
}

func TestWPTGenerate(t *testing.T) {
	var cases []struct {
		Pattern   json.RawMessage   `json:"pattern"`
		Component string            `json:"component"`
		Groups    map[string]string `json:"groups"`
		Expected  *string           `json:"expected"`
	}
	readWPT(t, "urlpattern-generate-test-data.json", &cases)
	ty := &tally{t: t, suite: "generate", expected: expectedFailures(t, "generate")}
	for i, c := range cases {
		desc := fmt.Sprintf("%s %s %v", c.Pattern, c.Component, c.Groups)
		problem := ""
		p, err := construct([]arg{parseArg(c.Pattern)})
		if err != nil {
			problem = "constructor: " + err.Error()
		} else {
			comp, cerr := urlpattern.ComponentNamed(c.Component)
			var got string
			if cerr == nil {
				got, err = p.Generate(comp, c.Groups)
			} else {
				err = cerr
			}
			switch {
			case c.Expected == nil && err == nil:
				problem = fmt.Sprintf("generated %q, want a TypeError", got)
			case c.Expected != nil && err != nil:
				problem = "error " + err.Error() + ", want " + strconv.Quote(*c.Expected)
			case c.Expected != nil && got != *c.Expected:
				problem = fmt.Sprintf("generated %q, want %q", got, *c.Expected)
			}
		}
		ty.record(i, desc, problem)
	}
	ty.report()
	if ty.n != 19 {
		t.Errorf("ran %d cases, want 19", ty.n)
	}
}
