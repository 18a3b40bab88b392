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
	"math"

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
// valid URL (its Href is empty).
//
// URL is a small comparable value, like netip.Addr: it holds the href and
// where its components are, nothing else. Copies are independent, u == v
// means u.Href() == v.Href() (two URLs made by this package with the same
// href are ==), and URL works as a map key. Methods have value receivers,
// except UnmarshalText, UnmarshalBinary and Scan, which must change the
// variable they are called on (as netip.Addr's do). To change an URL, call
// a With method (WithHost, WithPathname, …): it returns a new URL.
type URL struct {
	href string
	off  offsets
}

// offsets is where the components of an href are (print.Offsets, in
// 32 bits: an href is shorter than 4 GiB).
type offsets struct {
	schemeEnd                  int32 // index of the ':' after the scheme, or -1
	usernameStart, usernameEnd int32
	passwordStart, passwordEnd int32
	hostStart, hostEnd         int32
	portStart, portEnd         int32
	pathStart, pathEnd         int32
	queryStart, fragmentStart  int32 // index of '?' and '#', or -1
	flags                      uint8
}

// The flags of offsets.
const (
	flagAuthority uint8 = 1 << iota
	flagCredentials
	flagPassword
	flagPort
	flagHost
)

func (o *offsets) has(f uint8) bool { return o.flags&f != 0 }

func toOffsets(p *print.Offsets) offsets {
	o := offsets{
		schemeEnd:     int32(p.SchemeEnd),
		usernameStart: int32(p.UsernameStart), usernameEnd: int32(p.UsernameEnd),
		passwordStart: int32(p.PasswordStart), passwordEnd: int32(p.PasswordEnd),
		hostStart: int32(p.HostStart), hostEnd: int32(p.HostEnd),
		portStart: int32(p.PortStart), portEnd: int32(p.PortEnd),
		pathStart: int32(p.PathStart), pathEnd: int32(p.PathEnd),
		queryStart: int32(p.QueryStart), fragmentStart: int32(p.FragmentStart),
	}
	for _, f := range [...]struct {
		on  bool
		bit uint8
	}{{p.HasAuthority, flagAuthority}, {p.HasCredentials, flagCredentials}, {p.HasPassword, flagPassword}, {p.HasPort, flagPort}, {p.HasHost, flagHost}} {
		if f.on {
			o.flags |= f.bit
		}
	}
	return o
}

// print is the inverse of toOffsets.
func (o *offsets) print() print.Offsets {
	return print.Offsets{
		SchemeEnd:     int(o.schemeEnd),
		UsernameStart: int(o.usernameStart), UsernameEnd: int(o.usernameEnd),
		PasswordStart: int(o.passwordStart), PasswordEnd: int(o.passwordEnd),
		HostStart: int(o.hostStart), HostEnd: int(o.hostEnd),
		PortStart: int(o.portStart), PortEnd: int(o.portEnd),
		PathStart: int(o.pathStart), PathEnd: int(o.pathEnd),
		QueryStart: int(o.queryStart), FragmentStart: int(o.fragmentStart),
		HasAuthority: o.has(flagAuthority), HasCredentials: o.has(flagCredentials), HasPassword: o.has(flagPassword),
		HasPort: o.has(flagPort), HasHost: o.has(flagHost),
	}
}

// Parse parses input against an optional base (nil for none) exactly as the
// WHATWG basic URL parser does: the result's getters equal those of
// new URL(input, base) in a browser. It fails where the standard fails, with
// an *Error whose Input is input, and with InputTooLong for an input longer
// than MaxInputLen.
//
// Input that is not valid UTF-8 is accepted: each invalid byte reads as
// U+FFFD, as a browser reads a lone surrogate.
func Parse(input string, base *URL) (u URL, err error) {
	if len(input) > MaxInputLen {
		return URL{}, tooLong(input)
	}
	if parseSimple(input, &u) {
		return u, nil
	}
	var po print.Offsets
	if href, ok := print.ParseSimple(input, &po); ok {
		return URL{href: href, off: toOffsets(&po)}, nil
	}
	var b *model.URL
	if base != nil {
		bpo := base.off.print()
		if href, ok := print.ResolveSimple(input, base.href, &bpo, &po); ok {
			return URL{href: href, off: toOffsets(&po)}, nil
		}
		bm := base.model()
		b = &bm
	}
	r, err := parseResolveNormalise(input, b)
	if err != nil {
		return URL{}, err
	}
	return fromModel(r), nil
}

// MaxInputLen is the longest input Parse and ParseRef accept, in bytes (64
// MiB): an URL holds 32-bit offsets into its href, which percent-encoding
// can make up to nine times as long as the input. Longer input fails with
// InputTooLong. (Browsers refuse far shorter URLs.)
const MaxInputLen = 64 << 20

// InputTooLong is the code of the error for an input longer than
// MaxInputLen, or a setter value that would make the href 2 GiB or longer.
const InputTooLong Code = "input-too-long"

func tooLong(input string) error {
	return &Error{Code: InputTooLong, Input: input, Offset: -1, Reason: "the input is longer than urlspec.MaxInputLen"}
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
	if len(href) > math.MaxInt32 {
		return URL{} // Parse refuses such input; setters report InputTooLong
	}
	return URL{href: href, off: toOffsets(&off)}
}

// model returns the URL's normalised model: what the href parses to
// (without a base). The zero URL gives the empty model.
func (u URL) model() model.URL {
	if u.href == "" {
		return model.URL{}
	}
	if m, ok := u.simpleModel(); ok {
		return m
	}
	m, err := parseResolveNormalise(u.href, nil)
	if err != nil {
		return model.URL{} // not reached: an href parses (tested on WPT)
	}
	return m
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

// Model returns the URL's component sequence in the spec's model: the
// normalised model that parsing the href without a base gives, with values
// percent-encoded as the href shows them. It is computed on each call (the
// URL holds only its href), and the caller owns the result.
func (u URL) Model() model.URL { return u.model() }

// String returns the href; it makes URL a fmt.Stringer.
func (u URL) String() string { return u.href }

// Href returns the URL-string (WHATWG href getter).
func (u URL) Href() string { return u.href }

// Protocol returns the scheme followed by ':' (WHATWG protocol getter).
func (u URL) Protocol() string {
	if u.off.schemeEnd < 0 || u.href == "" {
		return ""
	}
	return u.href[:u.off.schemeEnd+1]
}

// Scheme returns the scheme, lower-case and without the ':' (the WHATWG
// URL record's scheme; net/url's Scheme field), or "" for the zero URL.
func (u URL) Scheme() string {
	if u.off.schemeEnd < 0 || u.href == "" {
		return ""
	}
	return u.href[:u.off.schemeEnd]
}

// Username returns the percent-encoded username, or "" (WHATWG username getter).
func (u URL) Username() string { return u.href[u.off.usernameStart:u.off.usernameEnd] }

// Password returns the percent-encoded password, or "" (WHATWG password getter).
func (u URL) Password() string { return u.href[u.off.passwordStart:u.off.passwordEnd] }

// Host returns the host and, when there is one, ':' and the port (WHATWG host getter).
func (u URL) Host() string {
	if !u.off.has(flagHost) {
		return ""
	}
	return u.href[u.off.hostStart:u.off.portEnd]
}

// Hostname returns the serialised host, or "" (WHATWG hostname getter). An
// IPv6 address keeps its brackets ("[::1]"), unlike net/url's Hostname; see
// HostAddr and DialAddress.
func (u URL) Hostname() string { return u.href[u.off.hostStart:u.off.hostEnd] }

// Port returns the port in decimal, or "" (WHATWG port getter). A scheme's
// default port is never there (http://h:80/ has Port ""); see DialAddress.
func (u URL) Port() string {
	if !u.off.has(flagPort) {
		return ""
	}
	return u.href[u.off.portStart:u.off.portEnd]
}

// Pathname returns the path (WHATWG pathname getter).
func (u URL) Pathname() string { return u.href[u.off.pathStart:u.off.pathEnd] }

// Search returns '?' and the query, or "" when the query is absent or empty
// (WHATWG search getter).
func (u URL) Search() string {
	if u.off.queryStart < 0 {
		return ""
	}
	end := len(u.href)
	if u.off.fragmentStart >= 0 {
		end = int(u.off.fragmentStart)
	}
	if end-int(u.off.queryStart) <= 1 {
		return ""
	}
	return u.href[u.off.queryStart:end]
}

// Hash returns '#' and the fragment, or "" when the fragment is absent or
// empty (WHATWG hash getter).
func (u URL) Hash() string {
	if u.off.fragmentStart < 0 || len(u.href)-int(u.off.fragmentStart) <= 1 {
		return ""
	}
	return u.href[u.off.fragmentStart:]
}
