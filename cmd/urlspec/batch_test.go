package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// Op "set" answers the getters after the setter, with the setter's error
// when it refused the value; the ops whatwg and set take an "encoding".
func TestBatchSetAndEncoding(t *testing.T) {
	tests := []struct{ line, want string }{
		{`{"op":"set","input":"http://example.net/path","setter":"host","value":"example.com:8080/stuff"}`,
			`{"href":"http://example.com:8080/path","protocol":"http:","username":"","password":"","host":"example.com:8080","hostname":"example.com","port":"8080","pathname":"/path","search":"","hash":"","origin":"http://example.com:8080"}`},
		{`{"op":"set","input":"http://example.net","setter":"protocol","value":"b"}`,
			`{"href":"http://example.net/","protocol":"http:","username":"","password":"","host":"example.net","hostname":"example.net","port":"","pathname":"/","search":"","hash":"","origin":"http://example.net","error":"scheme-change-refused: cannot change the special scheme http to a non-special one (in \"b\")"}`},
		{`{"op":"set","input":"a/b","base":"https://h/","setter":"search","value":"q=1 2"}`,
			`{"href":"https://h/a/b?q=1%202","protocol":"https:","username":"","password":"","host":"h","hostname":"h","port":"","pathname":"/a/b","search":"?q=1%202","hash":"","origin":"https://h"}`},
		{`{"op":"set","input":"mailto:x","setter":"pathname","value":"/y"}`,
			`{"href":"mailto:x","protocol":"mailto:","username":"","password":"","host":"","hostname":"","port":"","pathname":"x","search":"","hash":"","origin":"null","error":"opaque-path: an URL with an opaque path cannot have its path set (in \"/y\")"}`},
		{`{"op":"set","input":"http://h/","setter":"origin","value":"x"}`,
			`{"failure":true,"error":"invalid-request: unknown setter \"origin\""}`},
		{`{"op":"set","input":"http://h/","value":"x"}`,
			`{"failure":true,"error":"invalid-request: op set needs \"setter\""}`},
		{`{"op":"set","input":"http://h/","setter":"hash"}`,
			`{"failure":true,"error":"invalid-request: op set needs \"value\""}`},
		{`{"op":"set","input":"nope","setter":"hash","value":"x"}`,
			`{"failure":true,"error":"missing-scheme-non-relative-URL: a relative reference needs a base URL (in \"nope\")"}`},
		{`{"op":"whatwg","input":"http://h/?\u2020#\u2020","encoding":"windows-1252"}`,
			`{"href":"http://h/?%86#%E2%80%A0","protocol":"http:","username":"","password":"","host":"h","hostname":"h","port":"","pathname":"/","search":"?%86","hash":"#%E2%80%A0","origin":"http://h","errors":[]}`},
		{`{"op":"whatwg","input":"?\u00e9","base":"wss://h/","encoding":"latin1"}`,
			`{"href":"wss://h/?%C3%A9","protocol":"wss:","username":"","password":"","host":"h","hostname":"h","port":"","pathname":"/","search":"?%C3%A9","hash":"","origin":"wss://h","errors":[]}`},
		{`{"op":"whatwg","input":"http://h/","encoding":"klingon"}`,
			`{"failure":true,"error":"unknown-encoding: not a label of the Encoding Standard (in \"klingon\")"}`},
	}
	var in strings.Builder
	for _, tt := range tests {
		in.WriteString(tt.line + "\n")
	}
	var out bytes.Buffer
	if err := batch(strings.NewReader(in.String()), &out); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != len(tests) {
		t.Fatalf("%d answers for %d requests:\n%s", len(got), len(tests), out.String())
	}
	for i, tt := range tests {
		if got[i] != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.line, got[i], tt.want)
		}
		if !json.Valid([]byte(got[i])) {
			t.Errorf("answer %d is not JSON: %s", i+1, got[i])
		}
	}
}
