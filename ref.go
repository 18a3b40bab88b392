package urlspec

import (
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
	"github.com/urlspec/urlspec/resolve"
)

// Mode is a parser-mode (spec §Parser modes): it decides how an URL-string
// without a scheme is parsed.
type Mode = grammar.Mode

// The parser modes.
const (
	Web     = grammar.Web     // '\' is a separator, hosts are domains or IP addresses
	File    = grammar.File    // web mode plus drives (C: or C|)
	Generic = grammar.Generic // only '/' separates, hosts are opaque
)

// Step is one rewrite step of a traced normalisation.
type Step = normalize.Step

// ParseRef parses a reference — an absolute URL or a relative reference, in
// the spec's model — from input in mode (the mode only matters when input
// has no scheme). It preprocesses and parses, nothing more: no base, no
// resolution, no normalisation. It fails only where the grammar does (a bad
// host or port).
func ParseRef(input string, mode Mode) (URL, error) {
	s, _ := grammar.Preprocess(input)
	u, err := grammar.Parse(s, mode)
	if err != nil {
		return URL{}, withInput(err, input, s)
	}
	return fromModel(u), nil
}

// FromModel returns the URL with the components of m, printed. It fails
// when m breaks a constraint of the model (model.Validate).
func FromModel(m model.URL) (URL, error) {
	if err := model.Validate(&m); err != nil {
		return URL{}, err
	}
	return fromModel(m.Clone()), nil
}

// Goto implements url1 goto url2 (spec §The Goto Operation): the shortest
// URL with (url1 upto (ord url2)) as a prefix and url2 as a postfix. It
// never fails; the result is not normalised.
func Goto(url1, url2 URL) URL {
	return fromModel(resolve.Goto(&url1.u, &url2.u))
}

// GenericResolve implements generic-resolve ref base (spec §Generic
// Resolution): base goto ref, failing when neither has a scheme.
func GenericResolve(ref, base URL) (URL, error) {
	r, err := resolve.GenericResolve(&ref.u, &base.u)
	if err != nil {
		return URL{}, err
	}
	return fromModel(r), nil
}

// LegacyResolve implements legacy-resolve ref base (spec §Legacy
// Resolution): generic resolution after removing ref's scheme when it equals
// base's, ignoring case.
func LegacyResolve(ref, base URL) (URL, error) {
	r, err := resolve.LegacyResolve(&ref.u, &base.u)
	if err != nil {
		return URL{}, err
	}
	return fromModel(r), nil
}

// WHATWGResolve implements WHATWG-resolve ref base (spec §WHATWG
// Resolution): legacy resolution and force for web- and file-URLs, generic
// resolution otherwise, failing where the spec says. forced reports whether
// force changed its input (a validation warning). The result is not
// normalised; Parse is WHATWGResolve followed by Normalize.
func WHATWGResolve(ref, base URL) (u URL, forced bool, err error) {
	r, forced, err := resolve.WHATWGResolve(&ref.u, &base.u)
	if err != nil {
		return URL{}, false, err
	}
	return fromModel(r), forced, nil
}

// Normalize returns the normal form of u (spec §Equivalences and
// Normalisation).
func Normalize(u URL) URL {
	return fromModel(normalize.Normalize(u.u))
}

// NormalizeTrace is Normalize that also returns the rewrite steps taken, in
// order, each with the URL before and after.
func NormalizeTrace(u URL) (URL, []Step) {
	n, steps := normalize.Trace(u.u)
	return fromModel(n), steps
}

// Valid reports whether input is a valid URL-string in the strict grammar
// (spec §Strict URL Grammar) in mode: nil, or the first violation as an
// *Error with its byte offset and the rule or character class in Reason.
func Valid(input string, mode Mode) error {
	return grammar.Valid(input, mode)
}

// Unicode returns the URL printed as a Unicode URL-string: domains with
// domain to Unicode, non-ASCII kept; controls, non-characters and the
// profile's characters still percent-encoded.
func (u *URL) Unicode() string {
	return print.Unicode(&u.u)
}
