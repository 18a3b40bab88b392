package urlspec

import (
	"strings"

	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/resolve"
)

// Encoding is an encoding of the Encoding Standard, used as the query
// encoding override of ParseWithEncoding (WHATWG §URL parsing, the basic URL
// parser's encoding argument; spec §Percent Encoding) and by
// SerializeURLEncoded. A nil *Encoding means UTF-8. Get one with
// LookupEncoding.
type Encoding = encodeprofile.Encoding

// UnknownEncoding is the code of LookupEncoding's error (Encoding Standard,
// "get an encoding" fails).
const UnknownEncoding = encodeprofile.UnknownEncoding

// LookupEncoding implements "get an encoding" (Encoding Standard): the
// encoding with the label label (ASCII case-insensitive, surrounding ASCII
// whitespace ignored), e.g. "shift_jis", "latin1" (windows-1252) or "gbk".
// It fails with an *Error with code UnknownEncoding.
func LookupEncoding(label string) (*Encoding, error) {
	return encodeprofile.LookupEncoding(label)
}

// ParseWithEncoding is Parse with the basic URL parser's encoding argument
// (WHATWG §URL parsing), the legacy query encoding override that HTML uses
// for documents in a legacy encoding (spec §Percent Encoding: the encoding
// override is only allowed for the query). It applies to the query that
// input itself has (not one inherited from base) when the result is a
// special URL other than ws: and wss:; the output encoding of enc is used
// (UTF-8 for UTF-16 and replacement). The query is encoded with it and
// percent-encoded with the special-query set; a code point the encoding
// cannot represent becomes %26%23N%3B, the percent-encoded HTML character
// reference &#N; ("percent-encode after encoding"). Every other component
// is UTF-8, as always. A nil enc, or UTF-8, makes it Parse.
//
// In the model: after WHATWG-resolve, the query component's value is
// replaced by its encoded form, in which every byte that printing would
// encode is already percent-encoded; printing leaves it unchanged.
func ParseWithEncoding(input string, base *URL, enc *Encoding) (URL, error) {
	enc = enc.Output()
	if enc.IsUTF8() {
		return Parse(input, base)
	}
	var b model.URL
	if base != nil {
		b = base.model()
	}
	s, _ := grammar.Preprocess(input)
	ref, err := grammar.Parse(s, grammar.ModeForURL(&b, grammar.Web))
	if err != nil {
		return URL{}, withInput(err, input, s)
	}
	r, _, err := resolve.WHATWGResolve(&ref, &b)
	if err != nil {
		return URL{}, withInput(err, input, s)
	}
	if ref.Has(model.QueryType) && r.Has(model.QueryType) && usesQueryEncoding(&r) {
		r.Set(model.QueryType, encodeprofile.EncodeAfterEncoding(r.Query(), encodeprofile.Special().Set(encodeprofile.Query), enc))
	}
	return fromModel(normalize.Normalize(r)), nil
}

// usesQueryEncoding reports whether the query state keeps a non-UTF-8
// encoding for u: u is special and its scheme is not ws or wss.
func usesQueryEncoding(u *model.URL) bool {
	s := u.Scheme()
	return isSpecial(s) && !strings.EqualFold(s, "ws") && !strings.EqualFold(s, "wss")
}
