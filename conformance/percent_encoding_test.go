package conformance_test

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"testing"

	"github.com/urlspec/urlspec/charset"
)

// percentEncodingCase is one test case of WPT's percent-encoding.json: the
// expected query of the input per encoding (its fragment is always UTF-8).
type percentEncodingCase struct {
	Input  string            `json:"input"`
	Output map[string]string `json:"output"`
}

// TestWPTPercentEncoding runs WPT's percent-encoding.json as its harness
// does: a document in each listed encoding has a link to
// https://doesnotmatter.invalid/?INPUT#INPUT, whose search must be "?" and
// the output for that encoding and whose hash "#" and the UTF-8 output. It
// prints "WPT percent-encoding: N/M". There is no expected-failures list.
func TestWPTPercentEncoding(t *testing.T) {
	data, err := os.ReadFile("testdata/percent-encoding.json")
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	pass, total := 0, 0
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue // a comment
		}
		var c percentEncodingCase
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatal(err)
		}
		encs := make([]string, 0, len(c.Output))
		for e := range c.Output {
			encs = append(encs, e)
		}
		sort.Strings(encs)
		for _, label := range encs {
			total++
			enc, err := charset.Lookup(label)
			if err != nil {
				t.Errorf("%q: %v", label, err)
				continue
			}
			input := "https://doesnotmatter.invalid/?" + c.Input + "#" + c.Input
			u, err := charset.Parse(input, nil, enc)
			if err != nil {
				t.Errorf("%q in %s: %v", c.Input, label, err)
				continue
			}
			ok := true
			if got, want := u.Search(), "?"+c.Output[label]; got != want {
				t.Errorf("%q in %s: search %q, want %q", c.Input, label, got, want)
				ok = false
			}
			if got, want := u.Hash(), "#"+c.Output["utf-8"]; got != want {
				t.Errorf("%q in %s: hash %q, want %q", c.Input, label, got, want)
				ok = false
			}
			if ok {
				pass++
			}
		}
	}
	fmt.Printf("WPT percent-encoding: %d/%d pass\n", pass, total)
	if total != 16 {
		t.Errorf("percent-encoding.json has %d cases, want 16 (data changed?)", total)
	}
}
