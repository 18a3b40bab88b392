package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// The batch contract is positional: every line gets exactly one answer, in
// order, whatever it holds — an empty line, a line blank only by Unicode or
// ASCII white space that bytes.TrimSpace removes (U+00A0, U+0085, \v, \f),
// a first line after a UTF-8 byte order mark, a CRLF line end — and a
// request's "id" comes back as the first member of its answer.
func TestBatchLines(t *testing.T) {
	const ok = `{"op":"whatwg","input":"http://h/"}`
	const okAnswer = `{"href":"http://h/","protocol":"http:","username":"","password":"","host":"h","hostname":"h","port":"","pathname":"/","search":"","hash":"","origin":"http://h","errors":[]}`
	tests := []struct {
		name, in string
		want     []string
	}{
		{"BOM before the first line", "\uFEFF" + ok + "\n" + ok + "\n", []string{okAnswer, okAnswer}},
		{"BOM only at the start", ok + "\n\uFEFF" + ok + "\n", []string{okAnswer,
			`{"failure":true,"error":"invalid-request: invalid character 'ï' looking for beginning of value"}`}},
		{"empty line", ok + "\n\n" + ok + "\n", []string{okAnswer, `{"failure":true,"error":"invalid-request: empty line"}`, okAnswer}},
		{"U+00A0 line", ok + "\n\u00a0\n" + ok + "\n", []string{okAnswer, `{"failure":true,"error":"invalid-request: blank line"}`, okAnswer}},
		{"U+0085 line", "\u0085\n" + ok + "\n", []string{`{"failure":true,"error":"invalid-request: blank line"}`, okAnswer}},
		{"vertical tab line", ok + "\n\v\n", []string{okAnswer, `{"failure":true,"error":"invalid-request: blank line"}`}},
		{"form feed line", "\f\n" + ok, []string{`{"failure":true,"error":"invalid-request: blank line"}`, okAnswer}},
		{"spaces line", "  \t \n", []string{`{"failure":true,"error":"invalid-request: blank line"}`}},
		{"CRLF", ok + "\r\n" + ok + "\r\n", []string{okAnswer, okAnswer}},
		{"CR alone", "\r\n", []string{`{"failure":true,"error":"invalid-request: empty line"}`}},
		{"last line without newline", ok + "\n" + ok, []string{okAnswer, okAnswer}},
		{"no input", "", nil},
		{"a lone newline", "\n", []string{`{"failure":true,"error":"invalid-request: empty line"}`}},
		{"U+00A0 around a request", "\u00a0" + ok + "\u00a0\n", []string{
			`{"failure":true,"error":"invalid-request: invalid character 'Â' looking for beginning of value"}`}},
		{"id number", `{"id":7,"op":"whatwg","input":"http://h/"}` + "\n", []string{`{"id":7,` + okAnswer[1:]}},
		{"id string", `{"op":"whatwg","input":"http://h/","id":"a\"b"}` + "\n", []string{`{"id":"a\"b",` + okAnswer[1:]}},
		{"id object, compacted", `{"id": {"k": [1, 2]}, "op":"valid","input":"http://h/"}` + "\n", []string{`{"id":{"k":[1,2]},"valid":true}`}},
		{"id on a failure", `{"id":null,"op":"whatwg","input":"x"}` + "\n", []string{
			`{"id":null,"failure":true,"error":"missing-scheme-non-relative-URL: a relative reference needs a base URL (in \"x\")","errors":[{"name":"missing-scheme-non-relative-URL","offset":0,"reason":"no scheme, and no base URL"}]}`}},
		{"id on a bad request", `{"id":1,"op":"teleport","input":"x"}` + "\n", []string{`{"id":1,"failure":true,"error":"unsupported op"}`}},
		{"validation errors", `{"op":"whatwg","input":"https:/h\\a b"}` + "\n", []string{
			`{"href":"https://h/a%20b","protocol":"https:","username":"","password":"","host":"h","hostname":"h","port":"","pathname":"/a%20b","search":"","hash":"","origin":"https://h","errors":[{"name":"special-scheme-missing-following-solidus","offset":6,"reason":"special scheme not followed by \"//\""},{"name":"special-scheme-missing-following-solidus","offset":6,"reason":"more than two slashes after a special scheme"},{"name":"invalid-reverse-solidus","offset":8,"reason":"'\\' used as '/'"},{"name":"invalid-URL-unit","offset":10,"reason":"U+0020 is not a URL code point"}]}`}},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		if err := batch(strings.NewReader(tt.in), &out); err != nil {
			t.Fatal(err)
		}
		var got []string
		if out.Len() > 0 {
			got = strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: %d answers, want %d:\n%s", tt.name, len(got), len(tt.want), out.String())
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: answer %d:\n got %s\nwant %s", tt.name, i+1, got[i], tt.want[i])
			}
			if !json.Valid([]byte(got[i])) {
				t.Errorf("%s: answer %d is not JSON: %s", tt.name, i+1, got[i])
			}
		}
	}
}

// Pairing by position holds on many lines of every kind: n lines in, n
// answers out.
func TestBatchPairing(t *testing.T) {
	kinds := []string{`{"op":"whatwg","input":"http://h/"}`, "", "\u00a0", "\u0085", "\v", "\f", "not json", `{"op":"valid","input":"a b"}`, "\r"}
	var in strings.Builder
	n := 0
	for i := 0; i < 300; i++ {
		in.WriteString(kinds[i%len(kinds)])
		in.WriteByte('\n')
		n++
	}
	var out bytes.Buffer
	if err := batch(strings.NewReader("\uFEFF"+in.String()), &out); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(out.String(), "\n"); got != n {
		t.Errorf("%d answers for %d lines", got, n)
	}
}
