package explain

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/wpt"
)

// WriteJSON writes, member by member, exactly what encoding/json makes of
// the whole object: on every WPT urltestdata input (with its base, and
// without), on a long path and on failures.
func TestWriteJSONIsTheEncoding(t *testing.T) {
	cases, err := wpt.URLTestData("../../conformance/testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	type input struct {
		in   string
		base *string
	}
	inputs := []input{{"http://h/" + strings.Repeat("a/b/../c/./", 1000), nil}, {"http://u:p@[::1]:81/x", nil}, {"x", nil}, {"", nil}}
	for _, c := range cases {
		inputs = append(inputs, input{c.Input, c.Base}, input{c.Input, nil})
	}
	bad := 0
	for _, in := range inputs {
		var base *Base
		if in.base != nil {
			base = NewBase(*in.base)
		}
		x := New(in.in, base, Options{})
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(x.toJSON(true)); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := x.WriteJSON(&got); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			if bad++; bad <= 3 {
				t.Errorf("%q: WriteJSON writes\n%s\nthe encoding is\n%s", in.in, got.String(), want.String())
			}
		}
	}
	if len(inputs) < 1000 {
		t.Errorf("only %d inputs", len(inputs))
	}
}
