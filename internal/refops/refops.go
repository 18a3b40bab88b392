// Package refops lifts the URL specification's operations on model.URL
// values (packages resolve, normalize, grammar) to urlspec.Ref values, for
// the command, the web page's engine and the laws. Spec authors use the
// spec packages directly; Go programmers use urlspec.URL.
package refops

import (
	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/resolve"
	"github.com/urlspec/urlspec/whatwg"
)

// Levels are the equivalence levels, finest first.
var Levels = []urlspec.Level{urlspec.LevelIdentical, urlspec.LevelNormal, urlspec.LevelEncoded, urlspec.LevelDecoded, urlspec.LevelWHATWG}

// ParseLevel returns the level named s (a Level's String).
func ParseLevel(s string) (urlspec.Level, error) {
	for _, l := range Levels {
		if l.String() == s {
			return l, nil
		}
	}
	return 0, &urlspec.Error{Code: model.InvalidLevel, Input: s, Offset: -1, Reason: "not one of identical, normal, encoded, decoded, whatwg"}
}

// ref returns the Ref of m, a value that the spec's operations made (so it
// satisfies the model's constraints).
func ref(m model.URL) urlspec.Ref {
	r, err := urlspec.FromModel(m)
	if err != nil {
		panic("refops: an operation broke the model's constraints: " + err.Error())
	}
	return r
}

// Goto is resolve.Goto (spec §Reference Resolution, "url1 goto url2").
func Goto(url1, url2 urlspec.Ref) urlspec.Ref {
	a, b := url1.Model(), url2.Model()
	return ref(resolve.Goto(&a, &b))
}

// GenericResolve is resolve.GenericResolve.
func GenericResolve(r, base urlspec.Ref) (urlspec.Ref, error) {
	a, b := r.Model(), base.Model()
	m, err := resolve.GenericResolve(&a, &b)
	if err != nil {
		return urlspec.Ref{}, err
	}
	return ref(m), nil
}

// LegacyResolve is resolve.LegacyResolve.
func LegacyResolve(r, base urlspec.Ref) (urlspec.Ref, error) {
	a, b := r.Model(), base.Model()
	m, err := resolve.LegacyResolve(&a, &b)
	if err != nil {
		return urlspec.Ref{}, err
	}
	return ref(m), nil
}

// WHATWGResolve is resolve.WHATWGResolve.
func WHATWGResolve(r, base urlspec.Ref) (urlspec.Ref, bool, error) {
	a, b := r.Model(), base.Model()
	m, forced, err := resolve.WHATWGResolve(&a, &b)
	if err != nil {
		return urlspec.Ref{}, false, err
	}
	return ref(m), forced, nil
}

// Normalize is normalize.Normalize.
func Normalize(r urlspec.Ref) urlspec.Ref {
	return ref(normalize.Normalize(r.Model()))
}

// Valid is grammar.Valid: the URL specification's strict grammar in mode.
func Valid(input string, mode grammar.Mode) error {
	return grammar.Valid(input, mode)
}

// Parse is new URL(input, base): input parsed without a base when base is
// nil, resolved against *base otherwise.
func Parse(input string, base *urlspec.URL) (urlspec.URL, error) {
	if base == nil {
		return urlspec.Parse(input)
	}
	return base.Resolve(input)
}

// NewURL is new URL(input, base) with the base as a string (nil for none):
// the base is parsed first, and a base that fails makes the call fail.
func NewURL(input string, base *string) (urlspec.URL, error) {
	if base == nil {
		return urlspec.Parse(input)
	}
	b, err := urlspec.Parse(*base)
	if err != nil {
		return urlspec.URL{}, err
	}
	return b.Resolve(input)
}

// ParseWithValidationErrors parses input against an optional base and
// returns the WHATWG parser's validation errors beside the result (the
// base's own errors not included).
func ParseWithValidationErrors(input string, base *urlspec.URL) (urlspec.URL, []urlspec.ValidationError, error) {
	u, err := Parse(input, base)
	if base == nil {
		return u, urlspec.ValidationErrors(input), err
	}
	wbase, _ := whatwg.Parse(base.Href(), nil)
	_, errs := whatwg.Parse(input, wbase)
	return u, errs, err
}

// CheckURLString is urlspec.Validate with an optional base: with a base, a
// relative-URL-with-fragment string is valid too (WHATWG §4.3).
func CheckURLString(input string, base *urlspec.URL) error {
	if base == nil {
		return urlspec.Validate(input)
	}
	wbase, _ := whatwg.Parse(base.Href(), nil)
	v := whatwg.ValidURLString(input, wbase)
	if v == nil {
		return nil
	}
	return &urlspec.Error{Code: model.InvalidURLString, Input: input, Offset: v.Offset, Reason: v.Rule + ": " + v.Reason}
}

// WithHref is the href setter: the URL that v parses to, or u unchanged
// and the error when v does not parse (the standard throws a TypeError).
func WithHref(u urlspec.URL, v string) (urlspec.URL, error) {
	p, err := urlspec.Parse(v)
	if err != nil {
		return u, err
	}
	return p, nil
}
