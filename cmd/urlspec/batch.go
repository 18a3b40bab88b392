package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/charset"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/refops"
)

// request is one line of batch input.
type request struct {
	Op    string  `json:"op"`
	Input *string `json:"input"`
	Base  *string `json:"base"`
	Mode  *string `json:"mode"`
	// Setter and Value are the op "set"'s attribute name and new value.
	Setter *string `json:"setter"`
	Value  *string `json:"value"`
	// Encoding is the query encoding override of the ops whatwg and set
	// (an Encoding Standard label; default UTF-8).
	Encoding *string `json:"encoding"`
}

// whatwgAnswer holds the eleven getters, in the standard's order.
type whatwgAnswer = gettersJSON

// refAnswer is the answer to the algebra ops: the getters of the result and
// its component sequence.
type refAnswer struct {
	whatwgAnswer
	Components string `json:"components"`
}

// setAnswer is the answer to op "set": the getters after the change and,
// when the setter refused the value (the URL is then unchanged, except for
// a host whose port was out of range), its error.
type setAnswer struct {
	whatwgAnswer
	Error string `json:"error,omitempty"`
}

type validAnswer struct {
	Valid  bool   `json:"valid"`
	Error  string `json:"error,omitempty"`
	Offset *int   `json:"offset,omitempty"`
	Reason string `json:"reason,omitempty"`
}

type failure struct {
	Failure bool   `json:"failure"`
	Error   string `json:"error"`
}

// batchLimits bound the work and the output of one batch request, so that
// one hostile line cannot take the memory of the process: a longer request
// line is not parsed (its bytes are read and dropped as they come), a longer
// answer is not written; each is answered by a failure line in its place. A
// limit of 0 means none.
type batchLimits struct {
	maxLine   int // bytes of a request line, without its line ending
	maxAnswer int // bytes of an answer line, without its '\n'
}

// defaultBatchLimits keep the maximum RSS of urlspec batch under 256 MB for
// any single line (measured on the costliest inputs known: a URL of '%zz'
// triplets, each a validation error, and one of invalid UTF-8 bytes).
var defaultBatchLimits = batchLimits{maxLine: 1 << 20, maxAnswer: 16 << 20}

// batch is batchWithLimits with the default limits.
func batch(r io.Reader, w io.Writer) error { return batchWithLimits(r, w, defaultBatchLimits) }

// batchWithLimits answers JSON Lines requests from r, one JSON object a
// line on w, in order. The contract is positional: every line of input gets
// exactly one answer, the n-th answer for the n-th line. Lines end at '\n'
// (a '\r' before it is dropped); a last line without '\n' is a line too,
// and the empty string after a final '\n' is not. An empty line, or one
// that is blank (only white space, whatever kind), is answered with a
// failure object, as is any line that is not a JSON object, a line longer
// than lim.maxLine ("request-too-large") and a request whose answer would
// be longer than lim.maxAnswer ("answer-too-large"); a UTF-8 byte order
// mark at the start of the input is ignored. A request's optional "id" (any
// JSON value) is echoed as the first member of its answer. A malformed line
// never stops the batch.
func batchWithLimits(r io.Reader, w io.Writer, lim batchLimits) error {
	in := bufio.NewReaderSize(r, 64<<10)
	out := bufio.NewWriter(w)
	first := true
	var buf []byte
	for {
		line, n, err := readLimited(in, buf[:0], lim.maxLine)
		buf = line[:0]
		if first {
			if bytes.HasPrefix(line, []byte("\uFEFF")) {
				line, n = line[3:], n-3
			}
			first = false
		}
		if n > 0 || err == nil {
			var e error
			if lim.maxLine > 0 && n > lim.maxLine {
				e = writeFailureLine(out, fmt.Sprintf("request-too-large: the line has %d bytes, more than the limit of %d (urlspec batch --max-line)", n, lim.maxLine))
			} else {
				e = writeAnswer(out, line, lim.maxAnswer)
			}
			if e != nil {
				return e
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

// readLimited reads one line from in, appending it to buf, and returns it
// without its line ending ("\n" or "\r\n"), with n its length in bytes.
// When n exceeds max (> 0) the line's bytes past max+5 (room for a byte
// order mark and a line ending) are read and dropped, not kept, and the line
// returned is incomplete; n is still its whole length. err is nil when the line ended with '\n', io.EOF at the end of
// the input.
func readLimited(in *bufio.Reader, buf []byte, max int) (line []byte, n int, err error) {
	var prev, last byte // the last two bytes read
	for {
		chunk, e := in.ReadSlice('\n')
		n += len(chunk)
		switch {
		case len(chunk) >= 2:
			prev, last = chunk[len(chunk)-2], chunk[len(chunk)-1]
		case len(chunk) == 1:
			prev, last = last, chunk[0]
		}
		if max <= 0 {
			buf = append(buf, chunk...)
		} else if room := max + 5 - len(buf); room > 0 {
			buf = append(buf, chunk[:min(len(chunk), room)]...)
		}
		if e != bufio.ErrBufferFull {
			err = e
			break
		}
	}
	whole := len(buf) == n
	if err == nil && last == '\n' {
		n--
		last = prev
	}
	if n > 0 && last == '\r' {
		n--
	}
	if whole {
		buf = buf[:n]
	}
	return buf, n, err
}

// writeFailureLine writes {"failure":true,"error":msg} as one line.
func writeFailureLine(out *bufio.Writer, msg string) error {
	b, err := json.Marshal(fail(msg))
	if err != nil {
		return err
	}
	out.Write(b)
	return out.WriteByte('\n')
}

// writeAnswer writes the answer to one request line, with the request's
// "id" echoed first when it has one.
func writeAnswer(out *bufio.Writer, line []byte, maxAnswer int) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	var id struct {
		ID json.RawMessage `json:"id"`
	}
	if len(bytes.TrimSpace(line)) > 0 {
		json.Unmarshal(line, &id) // a line that is not a JSON object has no id
	}
	if err := enc.Encode(answer(line, maxAnswer)); err != nil {
		return err
	}
	if maxAnswer > 0 && b.Len()-1 > maxAnswer {
		n := b.Len() - 1
		b.Reset()
		enc.Encode(tooLarge(n, maxAnswer))
	}
	a := b.Bytes()
	if len(id.ID) > 0 && len(a) > 2 && a[0] == '{' {
		var compact bytes.Buffer
		if json.Compact(&compact, id.ID) == nil {
			out.WriteString(`{"id":`)
			out.Write(compact.Bytes())
			if a[1] != '}' {
				out.WriteByte(',')
			}
			a = a[1:]
		}
	}
	_, err := out.Write(a)
	return err
}

func fail(msg string) failure { return failure{Failure: true, Error: msg} }

// minErrorJSON is the fewest bytes one validation error takes in an answer:
// {"name":"","offset":0,"reason":""} and a comma.
const minErrorJSON = len(`{"name":"","offset":0,"reason":""},`)

// tooLarge is the answer in place of one of n bytes (at least), more than
// the limit.
func tooLarge(n, limit int) failure {
	return fail(fmt.Sprintf("answer-too-large: the answer has %d bytes or more, more than the limit of %d (urlspec batch --max-answer)", n, limit))
}

// answer returns the answer object to one request line.
func answer(line []byte, maxAnswer int) any {
	if len(bytes.TrimSpace(line)) == 0 {
		if len(line) == 0 {
			return fail("invalid-request: empty line")
		}
		return fail("invalid-request: blank line")
	}
	var q request
	if err := json.Unmarshal(line, &q); err != nil {
		return fail("invalid-request: " + err.Error())
	}
	if q.Input == nil {
		return fail("invalid-request: missing \"input\"")
	}
	var mode *urlspec.Mode
	if q.Mode != nil {
		m, err := grammar.ParseMode(*q.Mode)
		if err != nil {
			return fail(err.Error())
		}
		mode = &m
	}
	switch q.Op {
	case "whatwg":
		return whatwgWithErrors(&q, maxAnswer)
	case "set":
		return set(&q)
	case "generic", "legacy", "normalize", "parse", "valid":
		return algebra(q.Op, *q.Input, q.Base, mode)
	case "":
		return fail("invalid-request: missing \"op\"")
	}
	return fail("unsupported op")
}

// parseWHATWG parses the request's input against its base (if any) with its
// encoding (if any), as new URL(input, base) does in a document in that
// encoding. It returns a failure answer when that fails.
func parseWHATWG(q *request) (urlspec.URL, any) {
	var enc *charset.Encoding
	if q.Encoding != nil {
		var err error
		if enc, err = charset.Lookup(*q.Encoding); err != nil {
			return urlspec.URL{}, fail(err.Error())
		}
	}
	var base *urlspec.URL
	if q.Base != nil {
		b, err := urlspec.Parse(*q.Base)
		if err != nil {
			return urlspec.URL{}, fail(err.Error())
		}
		base = &b
	}
	u, err := charset.Parse(*q.Input, base, enc)
	if err != nil {
		return urlspec.URL{}, fail(err.Error())
	}
	return u, nil
}

// whatwgAnswerWithErrors is the answer to op whatwg: the getters and the
// validation errors of the standard's parser.
type whatwgAnswerWithErrors struct {
	whatwgAnswer
	Errors []validationErrorJSON `json:"errors"`
}

// whatwgFailure is the answer to op whatwg when the input fails: the
// failure and the validation errors, the last of which made it fail.
type whatwgFailure struct {
	failure
	Errors []validationErrorJSON `json:"errors"`
}

// whatwgWithErrors answers op whatwg: new URL(input, base) with the
// validation errors the standard's parser reports on input (not on base).
func whatwgWithErrors(q *request, maxAnswer int) any {
	if q.Encoding != nil {
		if _, err := charset.Lookup(*q.Encoding); err != nil {
			return fail(err.Error()) // a bad request, not a failing input
		}
	}
	u, errAnswer := parseWHATWG(q)
	if errAnswer != nil && q.Base != nil {
		if _, err := urlspec.Parse(*q.Base); err != nil {
			return errAnswer // the base fails: no answer about the input
		}
	}
	var base *urlspec.URL
	if q.Base != nil {
		b, _ := urlspec.Parse(*q.Base)
		base = &b
	}
	_, errs, _ := refops.ParseWithValidationErrors(*q.Input, base)
	if maxAnswer > 0 && len(errs)*minErrorJSON > maxAnswer {
		// Known to be too long before it is built: the validation errors
		// alone would take more than the limit.
		return tooLarge(len(errs)*minErrorJSON, maxAnswer)
	}
	if errAnswer != nil {
		if f, ok := errAnswer.(failure); ok {
			return whatwgFailure{f, validationErrorsJSON(errs)}
		}
		return errAnswer
	}
	return whatwgAnswerWithErrors{gettersJSONOf(&u), validationErrorsJSON(errs)}
}

// setters maps the WHATWG attribute names to the URL's setters.
var setters = map[string]func(urlspec.URL, string) (urlspec.URL, error){
	"href":     refops.WithHref,
	"protocol": urlspec.URL.WithProtocol,
	"username": urlspec.URL.WithUsername,
	"password": urlspec.URL.WithPassword,
	"host":     urlspec.URL.WithHost,
	"hostname": urlspec.URL.WithHostname,
	"port":     urlspec.URL.WithPort,
	"pathname": urlspec.URL.WithPathname,
	"search":   urlspec.URL.WithSearch,
	"hash":     urlspec.URL.WithHash,
}

// set answers op "set": {"op":"set","input":href,"setter":name,"value":v}
// parses input (against base, with encoding, when given), sets the
// attribute name to v as the WHATWG setter does, and answers the getters.
func set(q *request) any {
	if q.Setter == nil {
		return fail("invalid-request: op set needs \"setter\"")
	}
	if q.Value == nil {
		return fail("invalid-request: op set needs \"value\"")
	}
	setter, ok := setters[*q.Setter]
	if !ok {
		return fail("invalid-request: unknown setter " + strconv.Quote(*q.Setter))
	}
	u, errAnswer := parseWHATWG(q)
	if errAnswer != nil {
		return errAnswer
	}
	a := setAnswer{}
	u, err := setter(u, *q.Value)
	if err != nil {
		a.Error = err.Error()
	}
	a.whatwgAnswer = gettersJSONOf(&u)
	return a
}

// algebra answers the ops of the spec's algebra: generic and legacy
// resolution, normalize, parse and valid. The base is parsed as a reference
// in its own scheme's mode (else mode, else web); the input in the mode
// given, else the base's mode, else web.
func algebra(op, input string, base *string, mode *urlspec.Mode) any {
	fallback := urlspec.ModeWeb
	if mode != nil {
		fallback = *mode
	}
	var b urlspec.Ref
	inputMode := fallback
	if base != nil {
		var err error
		b, err = urlspec.ParseRef(*base, grammar.ModeFor(*base, fallback))
		if err != nil {
			return fail("base: " + err.Error())
		}
		if mode == nil {
			m := b.Model()
			inputMode = grammar.ModeForURL(&m, fallback)
		}
	}
	if op == "valid" {
		err := refops.Valid(input, inputMode)
		if err == nil {
			return validAnswer{Valid: true}
		}
		a := validAnswer{Error: err.Error()}
		var e *urlspec.Error
		if errors.As(err, &e) {
			off := e.Offset
			a.Error, a.Offset, a.Reason = string(e.Code), &off, e.Reason
		}
		return a
	}
	u, err := urlspec.ParseRef(input, inputMode)
	if err != nil {
		return fail(err.Error())
	}
	switch op {
	case "generic", "legacy":
		if base == nil {
			return fail("invalid-request: op " + op + " needs a base")
		}
		if op == "generic" {
			u, err = refops.GenericResolve(u, b)
		} else {
			u, err = refops.LegacyResolve(u, b)
		}
		if err != nil {
			return fail(err.Error())
		}
		u = refops.Normalize(u)
	case "normalize":
		if base != nil {
			u = refops.Goto(b, u)
		}
		u = refops.Normalize(u)
	}
	m := u.Model()
	return refAnswer{gettersJSONOf(&u), m.String()}
}
