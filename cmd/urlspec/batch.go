package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
)

// request is one line of batch input.
type request struct {
	Op    string  `json:"op"`
	Input *string `json:"input"`
	Base  *string `json:"base"`
	Mode  *string `json:"mode"`
}

// whatwgAnswer holds the eleven getters, in the standard's order.
type whatwgAnswer struct {
	Href     string `json:"href"`
	Protocol string `json:"protocol"`
	Username string `json:"username"`
	Password string `json:"password"`
	Host     string `json:"host"`
	Hostname string `json:"hostname"`
	Port     string `json:"port"`
	Pathname string `json:"pathname"`
	Search   string `json:"search"`
	Hash     string `json:"hash"`
	Origin   string `json:"origin"`
}

type failure struct {
	Failure bool   `json:"failure"`
	Error   string `json:"error"`
}

// batch answers JSON Lines requests from r, one JSON object a line on w, in
// order. A malformed line gets a failure object; it never stops the batch.
func batch(r io.Reader, w io.Writer) error {
	in := bufio.NewReaderSize(r, 64<<10)
	out := bufio.NewWriter(w)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 {
			if line = bytes.TrimSpace(line); len(line) > 0 {
				if e := enc.Encode(answer(line)); e != nil {
					return e
				}
			}
		}
		if err == io.EOF {
			return out.Flush()
		}
		if err != nil {
			out.Flush()
			return err
		}
	}
}

func fail(msg string) failure { return failure{Failure: true, Error: msg} }

// answer returns the answer object to one request line.
func answer(line []byte) any {
	var q request
	if err := json.Unmarshal(line, &q); err != nil {
		return fail("invalid-request: " + err.Error())
	}
	if q.Input == nil {
		return fail("invalid-request: missing \"input\"")
	}
	if q.Mode != nil {
		if _, err := grammar.ParseMode(*q.Mode); err != nil {
			return fail(err.Error())
		}
	}
	switch q.Op {
	case "whatwg":
		var u urlspec.URL
		var err error
		if q.Base != nil {
			u, err = urlspec.ParseWithBase(*q.Input, *q.Base)
		} else {
			u, err = urlspec.Parse(*q.Input, nil)
		}
		if err != nil {
			return fail(err.Error())
		}
		return whatwgAnswer{u.Href(), u.Protocol(), u.Username(), u.Password(), u.Host(),
			u.Hostname(), u.Port(), u.Pathname(), u.Search(), u.Hash(), u.Origin()}
	case "":
		return fail("invalid-request: missing \"op\"")
	}
	return fail("unsupported op")
}
