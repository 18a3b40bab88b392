package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// The batch contract: one answer a line, in order, for every line — the
// whatwg op with the eleven getters, the algebra ops with the getters and
// the components, valid with its fields, and failure objects for bad lines.
func TestBatchOps(t *testing.T) {
	lines := []string{
		`{"op":"whatwg","input":"../x","base":"http://h/a/b"}`,
		`{"op":"whatwg","input":"x","base":null}`,
		`{"op":"generic","input":"http:foo/bar","base":"http://host/"}`,
		`{"op":"legacy","input":"http:foo/bar","base":"http://host/"}`,
		`{"op":"normalize","input":"../a/./b","mode":"generic"}`,
		`{"op":"normalize","input":"x/../../y","base":"//h/a/b"}`,
		`{"op":"parse","input":"HTTP://h:80/a/../b"}`,
		`{"op":"valid","input":"http://h/a b"}`,
		`{"op":"valid","input":"http://h/"}`,
		`{"op":"generic","input":"a"}`,
		`{"op":"whatwg","input":"x","mode":"nope"}`,
		`{"op":"teleport","input":"x"}`,
		`{"input":"x"}`,
		`{"op":"whatwg"}`,
		`not json`,
		`{"op":"whatwg","input":"http://[::1"}`,
		``,
	}
	want := []string{
		`{"href":"http://h/x","protocol":"http:","username":"","password":"","host":"h","hostname":"h","port":"","pathname":"/x","search":"","hash":"","origin":"http://h","errors":[]}`,
		`{"failure":true,"error":"missing-scheme-non-relative-URL: a relative reference needs a base URL (in \"x\")","errors":[{"name":"missing-scheme-non-relative-URL","offset":0,"reason":"no scheme, and no base URL"}]}`,
		`{"href":"http:foo/bar","protocol":"http:","username":"","password":"","host":"","hostname":"","port":"","pathname":"foo/bar","search":"","hash":"","origin":"null","components":"(scheme http)・(dir foo)・(file bar)"}`,
		`{"href":"http://host/foo/bar","protocol":"http:","username":"","password":"","host":"host","hostname":"host","port":"","pathname":"/foo/bar","search":"","hash":"","origin":"http://host","components":"(scheme http)・(authority (host host))・(path-root /)・(dir foo)・(file bar)"}`,
		`{"href":"../a/b","protocol":"","username":"","password":"","host":"","hostname":"","port":"","pathname":"../a/b","search":"","hash":"","origin":"null","components":"(dir ..)・(dir a)・(file b)"}`,
		`{"href":"//h/y","protocol":"","username":"","password":"","host":"h","hostname":"h","port":"","pathname":"/y","search":"","hash":"","origin":"null","components":"(authority (host h))・(path-root /)・(file y)"}`,
		`{"href":"HTTP://h:80/a/../b","protocol":"HTTP:","username":"","password":"","host":"h:80","hostname":"h","port":"80","pathname":"/a/../b","search":"","hash":"","origin":"http://h","components":"(scheme HTTP)・(authority (host h)・(port 80))・(path-root /)・(dir a)・(dir ..)・(file b)"}`,
		`{"valid":false,"error":"invalid-URL-unit","offset":10,"reason":"u+20 in dir and file: F (invalid and fixed by percent-encoding)"}`,
		`{"valid":true}`,
		`{"failure":true,"error":"invalid-request: op generic needs a base"}`,
		`{"failure":true,"error":"invalid-mode: mode must be \"web\", \"file\" or \"generic\" (in \"nope\")"}`,
		`{"failure":true,"error":"unsupported op"}`,
		`{"failure":true,"error":"invalid-request: missing \"op\""}`,
		`{"failure":true,"error":"invalid-request: missing \"input\""}`,
		`{"failure":true,"error":"invalid-request: invalid character 'o' in literal null (expecting 'u')"}`,
		`{"failure":true,"error":"IPv6-unclosed: missing ] (at byte 11 of \"http://[::1\")","errors":[{"name":"IPv6-unclosed","offset":7,"reason":"'[' without a closing ']'"}]}`,
		`{"failure":true,"error":"invalid-request: empty line"}`,
	}
	var out bytes.Buffer
	if err := batch(strings.NewReader(strings.Join(lines, "\n")+"\n"), &out); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("%d answers for %d requests:\n%s", len(got), len(want), out.String())
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d: %s\n got %s\nwant %s", i+1, lines[i], got[i], want[i])
		}
		if !json.Valid([]byte(got[i])) {
			t.Errorf("line %d: invalid JSON %s", i+1, got[i])
		}
	}
}
