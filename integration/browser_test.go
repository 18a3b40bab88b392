package integration_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/claim"
	"github.com/urlspec/urlspec/internal/refops"
	"github.com/urlspec/urlspec/internal/webbuild"
	"github.com/urlspec/urlspec/internal/webcalc"
	"github.com/urlspec/urlspec/internal/wpt"
)

// The browser test loads the URL desk calculator (web/ of the parent
// module, see web/README.md) in a real headless
// Chromium (Debian's chromium package, driven with chromedp), types
// inputs, reads the rendered results and compares them with the library's
// answers: all 891 WPT urltestdata inputs, claims, expressions, a
// comparison and the state kept in the fragment. It skips, with a message,
// when no browser is installed (fails with URLSPEC_REQUIRE_BROWSER=1);
// .ci/run installs chromium and runs it. It lives in this nested module so
// that chromedp stays out of the module graph of the library's users.
//
// URLSPEC_WEB_SCREENSHOT=$PWD/../web/screenshot.png saves a screenshot of
// the page.

func chromium(t *testing.T) string {
	if p := os.Getenv("URLSPEC_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "no Chromium found (chromium, chromium-browser, google-chrome; or set URLSPEC_CHROMIUM): skipping the browser test of the URL desk calculator (apt-get install chromium)"
	if os.Getenv("URLSPEC_REQUIRE_BROWSER") == "1" {
		t.Fatal(msg + " (URLSPEC_REQUIRE_BROWSER=1: failing instead of skipping)")
	}
	fmt.Println("integration:", msg)
	t.Skip(msg)
	return ""
}

// page builds the page into a temporary directory, serves it and opens it
// in a fresh headless Chromium; it returns the browser context and the
// page's address.
func page(t *testing.T) (context.Context, string) {
	browser := chromium(t)
	built := t.TempDir()
	size, err := webbuild.Build(built)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("urlspec.wasm: %d bytes (%.1f MB)", size, float64(size)/1e6)
	web, err := webbuild.WebDir()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(webbuild.Handler(web, built))
	t.Cleanup(srv.Close)
	// A fresh profile, removed after the browser has exited (registered
	// before the allocator, so that it runs after the allocator's cancel).
	profile, err := os.MkdirTemp("", "urlspec-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for range 50 {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(browser),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1200, 1400),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelA)
	ctx, cancelC := chromedp.NewContext(actx)
	t.Cleanup(cancelC)
	ctx, cancelT := context.WithTimeout(ctx, 5*time.Minute)
	t.Cleanup(cancelT)
	return ctx, srv.URL + "/"
}

// setField sets a field's value as typing does, with an input event.
func setField(id, v string) chromedp.Action {
	js, _ := json.Marshal(v)
	return chromedp.Evaluate(fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = %s; e.dispatchEvent(new Event("input")); return true })()`, id, js), nil)
}

func waitReady(ctx context.Context) chromedp.Action {
	return chromedp.WaitVisible(`body[data-ready="true"]`, chromedp.ByQuery)
}

type wptCase = wpt.URLTestCase

func wptCases(t *testing.T) []wptCase {
	cs, err := wpt.URLTestData("../conformance/testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// rendered is what the page shows for one input: the href, the failure
// and the getters table.
type rendered struct {
	Href    string            `json:"href"`
	Failure string            `json:"failure"`
	Getters map[string]string `json:"getters"`
}

// renderAll sets the input and base fields of the page for each case
// (as typing does: an input event each), and reads back what it renders.
const renderAllJS = `(() => {
  const out = [];
  for (const c of %s) {
    const set = (id, v) => { const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event("input")); };
    set("base", c.base === null ? "" : c.base);
    set("input", c.input);
    const g = {};
    for (const td of document.querySelectorAll("#getters td[data-getter]")) g[td.dataset.getter] = JSON.parse(td.textContent);
    out.push({href: document.getElementById("href").textContent, failure: document.getElementById("failure").textContent, getters: g});
  }
  return out;
})()`

func TestBrowserDeskCalculator(t *testing.T) {
	ctx, url := page(t)
	if err := chromedp.Run(ctx, chromedp.Navigate(url), waitReady(ctx)); err != nil {
		t.Fatal(err)
	}

	// Typing: a real key-by-key input into the input field.
	var href string
	typed := "HTTP://EXAMPLE.com:80/a/./b/../c?q#f"
	if err := chromedp.Run(ctx,
		setField("base", ""),
		setField("input", ""),
		chromedp.SendKeys("#input", typed, chromedp.ByID),
		chromedp.Text("#href", &href, chromedp.ByID),
	); err != nil {
		t.Fatal(err)
	}
	if u, _ := urlspec.Parse(typed); href != u.Href() {
		t.Errorf("typed %q: the page shows %q, the library %q", typed, href, u.Href())
	}

	// A failure and the validity in the words of the urlspec command
	// (webcalc's answer, which cmd/urlspec's TestWebPageWords checks against
	// the output of urlspec parse, explain and valid): the failure line
	// with the code and reason and a caret, never "failure: failure"; the
	// strict verdict as parse's "valid" line; both verdicts as valid
	// prints them.
	for _, c := range []struct{ input, failure, valid, words string }{
		{"https://[::1", "failure          IPv6-unclosed: missing ]\n  https://[::1\n              ^ byte 12\n",
			"no: IPv6-unclosed at byte 12 (missing ])", "^ valid host string: '[' without a closing ']' (byte 8)"},
		{"http://exa mple.com/", "failure          domain-invalid-code-point: forbidden domain code point U+0020\n  http://exa mple.com/\n            ^ byte 10\n",
			"no: domain-invalid-code-point at byte 10 (forbidden domain code point U+0020)", "^ domain-invalid-code-point: forbidden domain code point U+0020 (byte 10)"},
		{"http://a/ b", "", "no: invalid-URL-unit at byte 9 (u+20 in dir and file: F (invalid and fixed by percent-encoding))",
			"^ URL-path-segment string: U+0020 is not a URL code point (byte 9)"},
	} {
		var shown map[string]string
		if err := chromedp.Run(ctx,
			setField("base", ""), setField("input", c.input),
			chromedp.Evaluate(`Object.fromEntries(["href", "failure", "failed-phase", "valid", "verdicts"].map(id => [id, document.getElementById(id).textContent]))`, &shown),
		); err != nil {
			t.Fatal(err)
		}
		var a webcalc.ExplainAnswer
		if err := json.Unmarshal([]byte(webcalc.Explain(c.input, "", "")), &a); err != nil {
			t.Fatal(err)
		}
		if shown["failure"] != c.failure || shown["failure"] != a.FailureText || strings.Contains(shown["failure"], "failure: failure") {
			t.Errorf("%q: the page shows the failure %q, want %q", c.input, shown["failure"], c.failure)
		}
		if c.failure != "" && shown["failed-phase"] != "fails in the parse phase (every phase below)" {
			t.Errorf("%q: the page shows the failing phase as %q", c.input, shown["failed-phase"])
		}
		if shown["valid"] != c.valid || shown["valid"] != a.Validity.Summary {
			t.Errorf("%q: the page shows the validity %q, want %q", c.input, shown["valid"], c.valid)
		}
		if shown["verdicts"] != a.Validity.Text || !strings.Contains(shown["verdicts"], c.words) ||
			!strings.HasPrefix(shown["verdicts"], "valid URL string no (WHATWG URL Standard, §URL writing)\n") {
			t.Errorf("%q: the page shows the verdicts\n%s\nwant urlspec valid's, with %q:\n%s", c.input, shown["verdicts"], c.words, a.Validity.Text)
		}
	}

	// All WPT inputs: the page's href, failure and getters = the library's.
	cases := wptCases(t)
	js, _ := json.Marshal(cases)
	var got []rendered
	if err := chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(renderAllJS, js), &got)); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(cases) {
		t.Fatalf("the page rendered %d of %d inputs", len(got), len(cases))
	}
	agree := 0
	for i, c := range cases {
		var u urlspec.URL
		var err error
		if c.Base != nil {
			var b urlspec.URL
			if b, err = urlspec.Parse(*c.Base); err == nil {
				u, err = b.Resolve(c.Input)
			}
		} else {
			u, err = urlspec.Parse(c.Input)
		}
		r := got[i]
		switch {
		case err != nil && r.Failure != "" && r.Href == "":
			agree++
		case err == nil && r.Failure == "" && r.Href == u.Href() && gettersEqual(r.Getters, webcalc.GettersOf(u)):
			agree++
		default:
			if i < 20 || agree < i-20 {
				t.Errorf("WPT input %q (base %v): the page shows %+v; the library: %v %v", c.Input, c.Base, r, u.Href(), err)
			}
		}
	}
	t.Logf("WPT inputs rendered = library answers: %d/%d", agree, len(cases))
	if agree != len(cases) || len(cases) != 891 {
		t.Errorf("%d/%d WPT inputs agree (want 891/891)", agree, len(cases))
	}

	// Claims and expressions: the page's text = the library's.
	claims := []string{
		"norm(norm(a)) == norm(a)",
		"goto(goto(a, b), c) == goto(a, goto(b, c))",
		"norm(goto(norm(a), norm(b))) == norm(goto(a, b))",
		"force(goto(force(a), b)) == force(goto(a, b))",
		`norm("http:a/../b") == "http:b"`,
	}
	for _, c := range claims {
		var text string
		if err := chromedp.Run(ctx,
			setField("expr", c),
			chromedp.Click("#check", chromedp.ByID),
			chromedp.Text("#expr-out", &text, chromedp.ByID),
		); err != nil {
			t.Fatal(err)
		}
		r, err := claim.Check(c, claim.Config{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if strings.TrimSpace(text) != strings.TrimSpace(r.Text()) {
			t.Errorf("claim %q: the page shows\n%s\nthe library\n%s", c, text, r.Text())
		}
	}
	for _, e := range []string{`goto("//", "./")`, `force("http:foo/bar")`, `relativize("http://h/a/b/c", "http://h/a/d")`} {
		var text string
		if err := chromedp.Run(ctx,
			setField("expr", e),
			chromedp.Click("#check", chromedp.ByID),
			chromedp.Text("#expr-out", &text, chromedp.ByID),
		); err != nil {
			t.Fatal(err)
		}
		x, err := claim.ParseExpr(e, grammar.Web)
		if err != nil {
			t.Fatal(err)
		}
		v, _ := x.Eval()
		if !strings.Contains(text, "value  "+v.String()) {
			t.Errorf("expression %q: the page shows\n%s\nthe library's value is %s", e, text, v)
		}
	}

	// Comparison at every level.
	a, b := "http://a/ü", "http://a/%C3%BC"
	var levels map[string]string
	if err := chromedp.Run(ctx,
		setField("a", a), setField("b", ""),
		chromedp.SendKeys("#b", b, chromedp.ByID),
		chromedp.Evaluate(`Object.fromEntries([...document.querySelectorAll("#levels td[data-level]")].map(td => [td.dataset.level, td.textContent]))`, &levels),
	); err != nil {
		t.Fatal(err)
	}
	ua, _ := urlspec.ParseRef(a, urlspec.ModeWeb)
	ub, _ := urlspec.ParseRef(b, urlspec.ModeWeb)
	for _, l := range refops.Levels {
		want := map[bool]string{true: "yes", false: "no"}[urlspec.Equivalent(ua, ub, l)]
		if levels[l.String()] != want {
			t.Errorf("%s vs %s at level %v: the page shows %q, the library %q", a, b, l, levels[l.String()], want)
		}
	}

	// The whole state in the fragment: a linked page shows the same.
	// The page writes the fragment after a 50 ms pause; wait for it.
	var frag, input, expr string
	if err := chromedp.Run(ctx,
		chromedp.Poll(`new URLSearchParams(location.hash.slice(1)).get("expr") === document.getElementById("expr").value`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`location.hash`, &frag),
	); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Run(ctx,
		chromedp.Navigate("about:blank"),
		chromedp.Navigate(url+frag), waitReady(ctx),
		chromedp.Value("#input", &input, chromedp.ByID),
		chromedp.Value("#expr", &expr, chromedp.ByID),
		chromedp.Text("#href", &href, chromedp.ByID),
	); err != nil {
		t.Fatal(err)
	}
	last := cases[len(cases)-1]
	if input != strings.NewReplacer("\n", "", "\r", "").Replace(last.Input) || expr != `relativize("http://h/a/b/c", "http://h/a/d")` {
		t.Errorf("after reloading %s: input %q, expr %q", frag, input, expr)
	}

	if path := os.Getenv("URLSPEC_WEB_SCREENSHOT"); path != "" {
		var png []byte
		if err := chromedp.Run(ctx,
			chromedp.Navigate(url+"#input=..%2Fx%3Fq%3D%C3%BC&base=file%3A%2F%2F%2FC%3A%2Fdir%2Fsub%2F&a=http%3A%2F%2Fa%2F%C3%BC&b=http%3A%2F%2Fa%2F%25C3%25BC&expr=norm%28goto%28norm%28a%29%2C+norm%28b%29%29%29+%3D%3D+norm%28goto%28a%2C+b%29%29"),
			waitReady(ctx),
			chromedp.FullScreenshot(&png, 100), // quality 100: PNG
		); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot saved to %s", path)
	}
}

func gettersEqual(page map[string]string, g webcalc.Getters) bool {
	want := map[string]string{"href": g.Href, "protocol": g.Protocol, "username": g.Username, "password": g.Password,
		"host": g.Host, "hostname": g.Hostname, "port": g.Port, "pathname": g.Pathname, "search": g.Search,
		"hash": g.Hash, "origin": g.Origin}
	if len(page) != len(want) {
		return false
	}
	for k, v := range want {
		if page[k] != v {
			return false
		}
	}
	return true
}

// whatifShown is what the page's what-if panel shows.
type whatifShown struct {
	State   string   `json:"state"`
	Status  string   `json:"status"`
	Error   string   `json:"error"`
	Cases   []string `json:"cases"`
	Patch   string   `json:"patch"`
	Corpus  string   `json:"corpus"`
	Laws    string   `json:"laws"`
	Broken  []string `json:"broken"`
	Text    string   `json:"text"`
	Variant string   `json:"variant"`
}

const whatifShownJS = `(() => {
  const t = (id) => { const e = document.getElementById(id); return e ? e.textContent : ""; };
  return {
    state: document.getElementById("whatif-report").dataset.state,
    status: t("whatif-status"), error: t("whatif-error"),
    cases: [...document.querySelectorAll('#whatif-wpt [data-file="urltestdata.json"] li.wpt-case')].map(li => li.dataset.input),
    patch: (document.querySelector('#whatif-wpt pre.patch[data-file="urltestdata.json"]') || {}).textContent || "",
    corpus: t("corpus-counts"), laws: t("laws-counts"),
    broken: [...document.querySelectorAll("#laws-broken li")].map(li => li.dataset.law),
    text: t("whatif-text"), variant: document.getElementById("whatif").value,
  };
})()`

func whatifDone(ctx context.Context, state string, out *whatifShown) chromedp.Action {
	return chromedp.Tasks{
		chromedp.Poll(fmt.Sprintf(`document.getElementById("whatif-report").dataset.state === %q`, state), nil, chromedp.WithPollingTimeout(3*time.Minute)),
		chromedp.Evaluate(whatifShownJS, out),
	}
}

// The what-if panel renders the report of a variant given in the
// fragment (a linked report), equal to webcalc.WhatIf's: the WPT case
// that distinguishes deviation 3, the patch, the corpus counts and the
// laws; an invalid variant shows whatif's syntax error; the claim panel
// shows a guarded claim's satisfied count and a vacuous claim as vacuous.
func TestBrowserWhatIf(t *testing.T) {
	ctx, url := page(t)
	variant, corpus := "encode path -^", "http://h/a^b\nhttp://h/?^"
	frag := "#whatif=encode+path+-%5E&corpus=http%3A%2F%2Fh%2Fa%5Eb%0Ahttp%3A%2F%2Fh%2F%3F%5E"
	var shown whatifShown
	start := time.Now()
	if err := chromedp.Run(ctx, chromedp.Navigate(url+frag), waitReady(ctx), whatifDone(ctx, "done", &shown)); err != nil {
		t.Fatal(err)
	}
	t.Logf("the page measured %q in %v (page load included): %s", variant, time.Since(start).Round(time.Millisecond), shown.Status)
	var want webcalc.WhatIfAnswer
	if err := json.Unmarshal([]byte(webcalc.WhatIf(variant, corpus)), &want); err != nil {
		t.Fatal(err)
	}
	const distinguishing = "foo://host/ !\"$%&'()*+,-./:;<=>@[\\]^_`{|}~"
	found := false
	for _, c := range shown.Cases {
		found = found || c == distinguishing
	}
	if shown.Variant != variant || !found || len(shown.Cases) != len(want.Report.URLTestData.Changed) {
		t.Errorf("the page lists the WPT cases %q for %q, want %d with %q", shown.Cases, shown.Variant, len(want.Report.URLTestData.Changed), distinguishing)
	}
	if shown.Patch != want.Report.URLTestData.Patch || !strings.Contains(shown.Patch, "+++ b/url/resources/urltestdata.json") {
		t.Errorf("the page's patch:\n%s\nwant:\n%s", shown.Patch, want.Report.URLTestData.Patch)
	}
	if shown.Corpus != "Corpus: 2 lines: 1 unchanged, 1 change href, 0 newly failing, 0 newly parsing" {
		t.Errorf("corpus counts %q", shown.Corpus)
	}
	if !strings.HasPrefix(shown.Laws, "Laws: ") || shown.Text != want.Text {
		t.Errorf("laws %q; the page's report text:\n%s\nwebcalc's:\n%s", shown.Laws, shown.Text, want.Text)
	}
	if path := os.Getenv("URLSPEC_WHATIF_TEXT"); path != "" {
		if err := os.WriteFile(path, []byte(shown.Text), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// An invalid variant: whatif's syntax error with a caret.
	if err := chromedp.Run(ctx,
		setField("whatif", "encode fragmnt +^"),
		chromedp.Click("#whatif-run", chromedp.ByID),
		whatifDone(ctx, "error", &shown),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(shown.Error, `whatif: "fragmnt" at byte 7: unknown part`) || !strings.Contains(shown.Error, "\n  encode fragmnt +^\n         ^\n") || len(shown.Cases) != 0 || shown.Laws != "" {
		t.Errorf("an invalid variant shows %+v", shown)
	}

	// Guarded claims: the satisfied count, and vacuous rather than false.
	for _, c := range []struct{ expr, kind, holds string }{
		{"has(a, scheme) && has(b, scheme) && scheme(norm(a)) == scheme(norm(b)) ==> legacy(a, b) == generic(drop(a, scheme), b)", "guarded claim: ", "true"},
		{"has(a, scheme) && !has(a, scheme) ==> a == b", "guarded claim: vacuous", "vacuous"},
	} {
		var kind, holds string
		if err := chromedp.Run(ctx,
			setField("expr", c.expr),
			chromedp.Click("#check", chromedp.ByID),
			chromedp.Text("#expr-kind", &kind, chromedp.ByID),
			chromedp.Evaluate(`document.getElementById("expr-out").dataset.holds`, &holds),
		); err != nil {
			t.Fatal(err)
		}
		r, err := claim.Check(c.expr, claim.Config{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(kind, c.kind) || holds != c.holds {
			t.Errorf("%s: the page shows %q (holds %q), want %q… (holds %q)", c.expr, kind, holds, c.kind, c.holds)
		}
		if c.holds == "true" && !strings.Contains(kind, fmt.Sprintf("%d of %d generated cases satisfied the premise", r.Satisfied, r.Cases)) {
			t.Errorf("%s: the page shows %q; claim.Check: %d of %d satisfied", c.expr, kind, r.Satisfied, r.Cases)
		}
	}
}
