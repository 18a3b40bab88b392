package charset

import (
	"strings"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/refops"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/resolve"
)

// Parse is urlspec.Parse with the basic URL parser's encoding argument
// (WHATWG §URL parsing), the legacy query encoding override that HTML uses
// for documents in a legacy encoding (spec §Percent Encoding: the encoding
// override is only allowed for the query). It applies to the query that
// input itself has (not one inherited from base) when the result is a
// special URL other than ws: and wss:; the output encoding of enc is used
// (UTF-8 for UTF-16 and replacement). The query is encoded with it and
// percent-encoded with the special-query set; a code point the encoding
// cannot represent becomes %26%23N%3B, the percent-encoded HTML character
// reference &#N; ("percent-encode after encoding"). Every other component
// is UTF-8, as always. A nil enc, or UTF-8, makes it urlspec.Parse. It
// fails where urlspec.Parse fails, with the same *urlspec.Error.
//
// In the model: after WHATWG-resolve, the query component's value is
// replaced by its encoded form, in which every byte that printing would
// encode is already percent-encoded; printing leaves it unchanged.
func Parse(input string, base *urlspec.URL, enc *Encoding) (urlspec.URL, error) {
	u, err := refops.Parse(input, base)
	enc = enc.Output()
	if err != nil || enc.IsUTF8() {
		return u, err
	}
	var b model.URL
	if base != nil {
		b = base.Model()
	}
	s, _ := grammar.Preprocess(input)
	ref, err := grammar.Parse(s, grammar.ModeForURL(&b, grammar.Web))
	if err != nil || !ref.Has(model.QueryType) {
		return u, nil // (urlspec.Parse succeeded, so err is nil)
	}
	r, _, err := resolve.WHATWGResolve(&ref, &b)
	if err != nil || !r.Has(model.QueryType) || !usesQueryEncoding(&r) {
		return u, nil
	}
	r.Set(model.QueryType, EncodeAfterEncoding(r.Query(), encodeprofile.Special().Set(encodeprofile.Query), enc))
	m, err := urlspec.FromModel(normalize.Normalize(r))
	if err != nil {
		return u, err // not reached: the query never breaks a constraint
	}
	return m.URL()
}

// usesQueryEncoding reports whether the query state keeps a non-UTF-8
// encoding for u: u is special and its scheme is not ws or wss.
func usesQueryEncoding(u *model.URL) bool {
	s := u.Scheme()
	return (model.IsWebScheme(s) || model.IsFileScheme(s)) && !strings.EqualFold(s, "ws") && !strings.EqualFold(s, "wss")
}

// SerializeURLEncoded implements the application/x-www-form-urlencoded
// serializer (WHATWG §application/x-www-form-urlencoded serializing) with
// an encoding, for the name-value pairs of p in order: each name and value
// is encoded with the output encoding of enc (nil is UTF-8, which is
// p.String()) and
// percent-encoded with the application/x-www-form-urlencoded set, a space
// written as '+' and an unmappable code point as %26%23N%3B; the tuples are
// written name=value, joined by '&'. The result is ASCII.
func SerializeURLEncoded(p *urlspec.SearchParams, enc *Encoding) string {
	var b []byte
	set := encodeprofile.FormSet()
	for name, value := range p.All() {
		if len(b) > 0 {
			b = append(b, '&')
		}
		b = AppendEncodedAfterEncoding(b, name, set, enc)
		b = append(b, '=')
		b = AppendEncodedAfterEncoding(b, value, set, enc)
	}
	return string(b)
}
