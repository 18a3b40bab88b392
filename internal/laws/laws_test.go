package laws

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/internal/gen"
)

// Every law's claim parses, and the results are reproducible from the seed.
func TestDeterministic(t *testing.T) {
	cfg := Config{Cases: 300, Seed: 9}
	for _, l := range table {
		a, b := l.Check(cfg), l.Check(cfg)
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if string(ja) != string(jb) {
			t.Errorf("%s: two runs differ:\n%s\n%s", l.Name, ja, jb)
		}
	}
}

// The JSON form has the fields `urlspec laws --json` promises.
func TestResultJSON(t *testing.T) {
	l, _ := ByName("norm-goto-0.10.1")
	r := l.Check(Config{Seed: 1})
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"law", "holds", "cases", "counterexample", "kind", "statement"} {
		if _, ok := m[k]; !ok {
			t.Errorf("no %q in %s", k, b)
		}
	}
	if m["holds"] != false || m["kind"] != "non-law" {
		t.Errorf("%s", b)
	}
	h, _ := ByName("goto-ord")
	b, _ = json.Marshal(h.Check(Config{Cases: 10, Seed: 1}))
	if !strings.Contains(string(b), `"counterexample":null`) || !strings.Contains(string(b), `"holds":true`) {
		t.Errorf("%s", b)
	}
}

// A law whose property fails is reported with its counterexample; a
// non-law that finds none is not OK; a panic is a failure.
func TestOutcomes(t *testing.T) {
	broken := Law{Name: "broken", Kind: MustHold, Statement: "s", Section: "§", Property: func(src gen.Source) error {
		if u := gen.AnyURL(src); u.Has(0) {
			return errors.New("has a scheme")
		}
		return nil
	}}
	if r := broken.Check(Config{Cases: 1000, Seed: 1}); r.OK() || r.Counterexample == nil || r.Counterexample.Message != "has a scheme" {
		t.Errorf("broken law: %+v", r)
	}
	never := Law{Name: "never", Kind: NonLaw, Property: func(gen.Source) error { return nil }}
	if r := never.Check(Config{Cases: 100, Seed: 1}); r.OK() || !r.Holds {
		t.Errorf("non-law without counterexample: %+v", r)
	}
	panicky := Law{Name: "panicky", Kind: MustHold, Property: func(gen.Source) error { panic("boom") }}
	if r := panicky.Check(Config{Cases: 10, Seed: 1}); r.OK() || !strings.Contains(r.Counterexample.Message, "panic: boom") {
		t.Errorf("panic: %+v", r)
	}
	if _, ok := ByName("no-such-law"); ok {
		t.Error("ByName found no-such-law")
	}
}

// The model-based getters agree with a hand-computed case, including the
// "/." that printing inserts into the href but not the pathname.
func TestModelGetters(t *testing.T) {
	for _, c := range []struct{ in, href, pathname string }{
		{"web+demo:/.//not-a-host/", "web+demo:/.//not-a-host/", "//not-a-host/"},
		{"http://u:p@h:81/a/b?q#f", "http://u:p@h:81/a/b?q#f", "/a/b"},
		{"file:///C:/x", "file:///C:/x", "/C:/x"},
		{"sc:a b", "sc:a b", "a b"},
	} {
		u, err := urlspec.Parse(c.in)
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		m := u.Model()
		g := modelGetters(&m)
		if g["href"] != c.href || g["pathname"] != c.pathname || g["href"] != u.Href() {
			t.Errorf("%q: model gives href %q pathname %q; want %q %q", c.in, g["href"], g["pathname"], c.href, c.pathname)
		}
	}
}
