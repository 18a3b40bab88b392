// Package urlspec parses, resolves, normalises and prints URLs as the URL
// specification (a formal rephrasing of the WHATWG URL Standard) defines
// them. Parse is the WHATWG basic URL parser, built from the specification's
// own operations (spec §Concluding, parse-resolve-and-normalise):
//
//	preprocess → parser mode → parse (grammar) → WHATWG-resolve against the
//	base (goto, legacy-resolve, force) → normalise → percent-encode → print
//
// The packages model, grammar, encodeprofile, resolve, normalize and print
// expose each step.
package urlspec

import (
	"errors"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
	"github.com/urlspec/urlspec/resolve"
)

// Error is the error type of every failure: a stable Code, the input and a
// byte offset into it. Use errors.As to get at it.
type Error = model.Error

// Code is a stable error code; errors.Is(err, code) tests for one.
type Code = model.Code

// URL is an absolute URL as the WHATWG URL Standard's basic URL parser
// returns it: normalised, and printed to its href. The zero URL is not a
// valid URL (its Href is empty). URL is a value type; copies are independent.
type URL struct {
	u    model.URL
	href string
	off  print.Offsets
}

// Parse parses input against an optional base (nil for none) exactly as the
// WHATWG basic URL parser does: the result's getters equal those of
// new URL(input, base) in a browser. It fails where the standard fails, with
// an *Error whose Input is input.
//
// Input that is not valid UTF-8 is accepted: each invalid byte reads as
// U+FFFD, as a browser reads a lone surrogate.
func Parse(input string, base *URL) (u URL, err error) {
	if parseSimple(input, &u) {
		return u, nil
	}
	if href, ok := print.ParseSimple(input, &u.u, &u.off); ok {
		u.href = href
		return u, nil
	}
	var b *model.URL
	if base != nil {
		if href, ok := print.ResolveSimple(input, &base.u, base.href, &base.off, &u.u, &u.off); ok {
			u.href = href
			return u, nil
		}
		b = &base.u
	}
	r, err := parseResolveNormalise(input, b)
	if err != nil {
		return URL{}, err
	}
	return fromModel(r), nil
}

// ParseWithBase parses base (without a base) and then input against it.
func ParseWithBase(input, base string) (URL, error) {
	b, err := Parse(base, nil)
	if err != nil {
		return URL{}, err
	}
	return Parse(input, &b)
}

// parseResolveNormalise implements parse-resolve-and-normalise (spec
// §Concluding) up to the normalised URL.
func parseResolveNormalise(input string, base *model.URL) (model.URL, error) {
	s, _ := grammar.Preprocess(input)
	var empty model.URL
	if base == nil {
		base = &empty
	}
	u, err := grammar.Parse(s, grammar.ModeForURL(base, grammar.Web))
	if err != nil {
		return model.URL{}, withInput(err, input, s)
	}
	r, _, err := resolve.WHATWGResolve(&u, base)
	if err != nil {
		return model.URL{}, withInput(err, input, s)
	}
	return normalize.Normalize(r), nil
}

func fromModel(r model.URL) URL {
	href, off := print.ASCIIOffsets(&r)
	return URL{u: r, href: href, off: off}
}

// withInput makes err about the original input: its offset, which is into
// the preprocessed string s, is mapped back into input.
func withInput(err error, input, s string) error {
	var e *model.Error
	if !errors.As(err, &e) {
		return err
	}
	off := e.Offset
	if e.Input != s {
		off = -1 // the error is about a part that resolution made
	}
	if off >= 0 {
		off = mapOffset(input, off)
	}
	return &model.Error{Code: e.Code, Input: input, Offset: off, Reason: e.Reason}
}

// mapOffset maps an offset into the preprocessed form of input back into
// input: it skips the leading c0-space and the tabs and newlines removed.
func mapOffset(input string, off int) int {
	i := 0
	for i < len(input) && input[i] <= ' ' {
		i++
	}
	for ; i < len(input); i++ {
		if c := input[i]; c == '\t' || c == '\n' || c == '\r' {
			continue
		}
		if off == 0 {
			return i
		}
		off--
	}
	return i
}

// Model returns the URL's component sequence (normalised) in the spec's model.
func (u *URL) Model() model.URL { return u.u.Clone() }

// String returns the href; it makes URL a fmt.Stringer.
func (u URL) String() string { return u.href }

// Href returns the URL-string (WHATWG href getter).
func (u *URL) Href() string { return u.href }

// Protocol returns the scheme followed by ':' (WHATWG protocol getter).
func (u *URL) Protocol() string {
	if u.off.SchemeEnd < 0 || u.href == "" {
		return ""
	}
	return u.href[:u.off.SchemeEnd+1]
}

// Username returns the percent-encoded username, or "" (WHATWG username getter).
func (u *URL) Username() string { return u.href[u.off.UsernameStart:u.off.UsernameEnd] }

// Password returns the percent-encoded password, or "" (WHATWG password getter).
func (u *URL) Password() string { return u.href[u.off.PasswordStart:u.off.PasswordEnd] }

// Host returns the host and, when there is one, ':' and the port (WHATWG host getter).
func (u *URL) Host() string {
	if !u.off.HasHost {
		return ""
	}
	return u.href[u.off.HostStart:u.off.PortEnd]
}

// Hostname returns the serialised host, or "" (WHATWG hostname getter).
func (u *URL) Hostname() string { return u.href[u.off.HostStart:u.off.HostEnd] }

// Port returns the port in decimal, or "" (WHATWG port getter).
func (u *URL) Port() string {
	if !u.off.HasPort {
		return ""
	}
	return u.href[u.off.PortStart:u.off.PortEnd]
}

// Pathname returns the path (WHATWG pathname getter).
func (u *URL) Pathname() string { return u.href[u.off.PathStart:u.off.PathEnd] }

// Search returns '?' and the query, or "" when the query is absent or empty
// (WHATWG search getter).
func (u *URL) Search() string {
	if u.off.QueryStart < 0 {
		return ""
	}
	end := len(u.href)
	if u.off.FragmentStart >= 0 {
		end = u.off.FragmentStart
	}
	if end-u.off.QueryStart <= 1 {
		return ""
	}
	return u.href[u.off.QueryStart:end]
}

// Hash returns '#' and the fragment, or "" when the fragment is absent or
// empty (WHATWG hash getter).
func (u *URL) Hash() string {
	if u.off.FragmentStart < 0 || len(u.href)-u.off.FragmentStart <= 1 {
		return ""
	}
	return u.href[u.off.FragmentStart:]
}
