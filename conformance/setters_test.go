package conformance_test

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/internal/refops"
	"github.com/urlspec/urlspec/model"
)

// setterCase is one test case of WPT's setters_tests.json.
type setterCase struct {
	Comment  string            `json:"comment"`
	Href     string            `json:"href"`
	NewValue string            `json:"new_value"`
	Expected map[string]string `json:"expected"`
}

// setURLAttr calls the setter for the URL attribute attr.
func setURLAttr(u *urlspec.URL, attr, v string) error {
	with := map[string]func(urlspec.URL, string) (urlspec.URL, error){
		"href": refops.WithHref, "protocol": urlspec.URL.WithProtocol, "username": urlspec.URL.WithUsername,
		"password": urlspec.URL.WithPassword, "host": urlspec.URL.WithHost, "hostname": urlspec.URL.WithHostname,
		"port": urlspec.URL.WithPort, "pathname": urlspec.URL.WithPathname, "search": urlspec.URL.WithSearch,
		"hash": urlspec.URL.WithHash,
	}[attr]
	if with == nil {
		return fmt.Errorf("unknown attribute %q", attr)
	}
	r, err := with(*u, v)
	*u = r
	return err
}

// urlAttr calls the getter for the URL attribute attr.
func urlAttr(u *urlspec.URL, attr string) (string, bool) {
	switch attr {
	case "href":
		return u.Href(), true
	case "origin":
		return u.Origin().String(), true
	case "protocol":
		return u.Protocol(), true
	case "username":
		return u.Username(), true
	case "password":
		return u.Password(), true
	case "host":
		return u.Host(), true
	case "hostname":
		return u.Hostname(), true
	case "port":
		return u.Port(), true
	case "pathname":
		return u.Pathname(), true
	case "search":
		return u.Search(), true
	case "hash":
		return u.Hash(), true
	}
	return "", false
}

// TestWPTSetters runs every case of WPT's setters_tests.json as the WPT
// harness does (new URL(href), set the attribute, compare each expected
// getter) and prints "WPT setters: N/M". It also checks that each result
// satisfies the model's constraints and that its href parses back to the
// same getters. There is no expected-failures list: every case must pass.
func TestWPTSetters(t *testing.T) {
	data, err := os.ReadFile("testdata/setters_tests.json")
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	attrs := make([]string, 0, len(raw))
	for k := range raw {
		if k != "comment" {
			attrs = append(attrs, k)
		}
	}
	sort.Strings(attrs)
	pass, total := 0, 0
	for _, attr := range attrs {
		var cases []setterCase
		if err := json.Unmarshal(raw[attr], &cases); err != nil {
			t.Fatalf("%s: %v", attr, err)
		}
		for _, c := range cases {
			total++
			name := fmt.Sprintf("%s: %q set to %q", attr, c.Href, c.NewValue)
			u, err := urlspec.Parse(c.Href)
			if err != nil {
				t.Errorf("%s: href does not parse: %v", name, err)
				continue
			}
			_ = setURLAttr(&u, attr, c.NewValue) // WPT checks the getters only
			var diffs []string
			keys := make([]string, 0, len(c.Expected))
			for k := range c.Expected {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				got, ok := urlAttr(&u, k)
				if !ok {
					diffs = append(diffs, "unknown getter "+k)
				} else if got != c.Expected[k] {
					diffs = append(diffs, fmt.Sprintf("%s: got %q, want %q", k, got, c.Expected[k]))
				}
			}
			m := u.Model()
			if err := model.Validate(&m); err != nil {
				diffs = append(diffs, "Validate: "+err.Error())
			}
			if p, err := urlspec.Parse(u.Href()); err != nil {
				diffs = append(diffs, "href does not parse back: "+err.Error())
			} else if p != u || !urlspec.Equivalent(p.Ref(), u.Ref(), urlspec.LevelIdentical) {
				pm := p.Model()
				diffs = append(diffs, "href parses back to another model: "+pm.String()+" ≠ "+m.String())
			}
			if len(diffs) > 0 {
				t.Errorf("%s (%s):\n\t%s", name, c.Comment, strings.Join(diffs, "\n\t"))
				continue
			}
			pass++
		}
	}
	fmt.Printf("WPT setters: %d/%d pass\n", pass, total)
	if total != 278 {
		t.Errorf("setters_tests.json has %d cases, want 278 (data changed?)", total)
	}
}
