package urlspec

import (
	"iter"
	"net/url"
	"strings"

	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/model"
)

// This file fits URL to Go's standard interfaces: encoding.TextMarshaler and
// TextUnmarshaler (so URLs work in JSON, XML and flag.TextVar),
// encoding.TextAppender, BinaryMarshaler and BinaryUnmarshaler (gob),
// conversion to and from net/url, and an iterator over
// the path segments. fmt.Stringer is URL.String (urlspec.go).

// MarshalText implements encoding.TextMarshaler: the href (WHATWG §URL
// class, toJSON(); spec §Printing).
// The zero URL marshals to empty text.
func (u URL) MarshalText() ([]byte, error) { return []byte(u.href), nil }

// AppendText implements encoding.TextAppender: b with the href appended
// (WHATWG §URL class, href getter).
func (u URL) AppendText(b []byte) ([]byte, error) { return append(b, u.href...), nil }

// UnmarshalText implements encoding.TextUnmarshaler: u becomes the URL that
// text parses to without a base (Parse: WHATWG §URL class, href setter;
// spec §Concluding); empty text gives the zero URL. On
// failure u is unchanged and the error is an *Error.
func (u *URL) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*u = URL{}
		return nil
	}
	p, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = p
	return nil
}

// HasOpaquePath reports whether the URL has an opaque path (WHATWG §URL
// representation): in the spec's model, a scheme but no authority, drive or
// path-root (e.g. mailto:x, data:,y). Such an URL cannot get a host or a
// new path.
func (u URL) HasOpaquePath() bool {
	return u.href != "" && !u.off.has(flagAuthority) && !strings.HasPrefix(u.Pathname(), "/")
}

// PathSegments returns an iterator over the segments of the URL's path (the
// WHATWG URL's path list, §URL representation; in the spec's model the
// drive, dir and file components, spec §URL), percent-encoded as the href shows them: a drive
// (file:///C:/x gives "C:", "x"), each dir, and the file, or "" after a
// final '/'. https://h/ has one segment "", a non-special URL without a path
// none, and an URL with an opaque path none either (its path is one string:
// Pathname). To decode a segment use url.PathUnescape, or
// encodeprofile.Decode to keep invalid percent sequences.
func (u URL) PathSegments() iter.Seq[string] {
	return func(yield func(string) bool) {
		if u.HasOpaquePath() {
			return
		}
		p := u.Pathname()
		if p == "" {
			return
		}
		p = p[1:]
		for {
			i := strings.IndexByte(p, '/')
			if i < 0 {
				yield(p)
				return
			}
			if !yield(p[:i]) {
				return
			}
			p = p[i+1:]
		}
	}
}

// ToNetURL returns the URL as a *net/url.URL (the href, WHATWG §URL
// serializing, split into net/url's fields) whose String() is the href in
// all but the lossy cases below. Fields: Scheme; Opaque for an opaque
// path; User (decoded) for credentials; Host (hostname and port, IPv6 in
// brackets); Path (decoded) with RawPath (as in the href); OmitHost for a
// non-special URL without a host; RawQuery and ForceQuery for "?" alone;
// Fragment (decoded) with RawFragment.
//
// Lossy cases — net/url cannot hold every WHATWG URL:
//   - an invalid percent sequence ("%zz") in the path, fragment or
//     userinfo: net/url re-escapes its '%' as %25 in String();
//   - characters the WHATWG sets leave as they are but net/url escapes,
//     such as '|' in a path, '\' in a non-special path, '#', '[', '|' in a
//     fragment, or '{' in an opaque or domain host, come out
//     percent-encoded;
//   - userinfo, and an opaque host (non-special URL), are held decoded and
//     re-encoded by net/url's rules (e.g. a percent-encoded letter comes
//     out as the letter: sc://H%4fSt/ gives sc://HOSt/, another host);
//   - a non-special URL with an empty host and an empty path (sc:// or
//     sc://?q): net/url prints no "//" (sc: or sc:?q), which is another URL;
//   - an empty fragment (a final "#"): net/url has no field for it;
//   - a non-special URL without a host whose path starts with "//" (href
//     sc:/.//x): Path keeps the "/." ("/.//x"), or net/url would print an
//     authority (sc://x).
//
// The zero URL gives an empty *url.URL.
func (u URL) ToNetURL() *url.URL {
	n := &url.URL{}
	if u.href == "" {
		return n
	}
	if p := u.Protocol(); p != "" {
		n.Scheme = p[:len(p)-1]
	}
	if u.HasOpaquePath() {
		n.Opaque = u.Pathname()
	} else {
		path := u.Pathname()
		if u.off.has(flagAuthority) {
			if u.off.has(flagCredentials) {
				name := decodeLenient(u.Username())
				if u.off.has(flagPassword) {
					n.User = url.UserPassword(name, decodeLenient(u.Password()))
				} else {
					n.User = url.User(name)
				}
			}
			n.Host = u.Host()
			if u.hostKind() == hostOpaque {
				// net/url holds hosts decoded and escapes them in String.
				n.Host = decodeLenient(u.Hostname()) + u.Host()[len(u.Hostname()):]
			}
		} else {
			n.OmitHost = true
			if strings.HasPrefix(path, "//") {
				path = "/." + path
			}
		}
		n.Path, n.RawPath = decodeLenient(path), path
	}
	if q, ok := u.rawQuery(); ok {
		n.RawQuery = q
		n.ForceQuery = q == ""
	}
	if u.off.FragmentStart >= 0 {
		f := u.href[u.off.FragmentStart+1:]
		n.Fragment, n.RawFragment = decodeLenient(f), f
	}
	return n
}

// decodeLenient percent-decodes s as net/url would, keeping invalid
// percent sequences.
func decodeLenient(s string) string {
	if d, err := url.PathUnescape(s); err == nil {
		return d
	}
	return encodeprofile.Decode(s)
}

// FromNetURL returns the URL that n's String() parses to (Parse, without a
// base: WHATWG §URL parsing, spec §Concluding): net/url's fields are printed by net/url's rules and then read by
// the WHATWG parser, so the result is normalised (lower-case scheme and
// host, IDNA, IPv4 forms, default port, dot segments, percent-encoding).
// n must be absolute (have a scheme): a relative reference fails with
// MissingSchemeNonRelativeURL; resolve it with base.Resolve(n.String()). It also fails where the WHATWG parser rejects what net/url
// accepts, e.g. an IPv6 zone ("[fe80::1%25en0]"). Errors are *Error.
func FromNetURL(n *url.URL) (URL, error) {
	if n == nil {
		return URL{}, &Error{Code: model.MissingSchemeNonRelativeURL, Offset: -1, Reason: "nil *url.URL"}
	}
	return Parse(n.String())
}

// MarshalBinary implements encoding.BinaryMarshaler, for encoding/gob
// (which uses neither MarshalText nor unexported fields): the href, as
// MarshalText gives it.
func (u URL) MarshalBinary() ([]byte, error) { return u.MarshalText() }

// UnmarshalBinary implements encoding.BinaryUnmarshaler, for encoding/gob:
// it is UnmarshalText.
func (u *URL) UnmarshalBinary(data []byte) error { return u.UnmarshalText(data) }
