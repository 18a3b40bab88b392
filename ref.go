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
	ModeWeb     = grammar.Web     // '\' is a separator, hosts are domains or IP addresses
	ModeFile    = grammar.File    // web mode plus drives (C: or C|)
	ModeGeneric = grammar.Generic // only '/' separates, hosts are opaque
)

// Ref is a reference in the spec's model (spec §URL): a sequence of
// components that may lack a scheme (a relative reference such as
// "../a?b" or "//host/x") and need not be normalised. It is what the
// spec's operations work on: ParseRef, Goto, the resolutions, Normalize,
// Relativize and Equivalent. A Ref has no WHATWG getters and no setters;
// convert explicitly: Ref.URL makes the URL a browser would (it needs a
// scheme), URL.Ref gives an URL's components as a Ref.
//
// A Ref holds its component sequence, so unlike URL it is not comparable
// with ==; compare with Equivalent. The zero Ref is the empty reference
// (no components, href ""). Methods have value receivers; copies are
// independent.
type Ref struct {
	m    model.URL
	href string
	off  offsets
}

func refOf(m model.URL) Ref {
	r := Ref{m: m}
	r.href = print.ASCIIOffsets(&r.m, (*print.CompactOffsets)(&r.off))
	return r
}

// parts returns the href and offsets as an URL value, for the getters
// (they read the href only).
func (r Ref) parts() URL { return URL{href: r.href, off: r.off} }

// Protocol returns the scheme as written and ':', or "" when the reference
// has no scheme (the WHATWG protocol getter on the printed reference).
func (r Ref) Protocol() string {
	if !r.HasScheme() {
		return ""
	}
	return r.parts().Protocol()
}

// Username returns the username as printed, or "".
func (r Ref) Username() string { return r.parts().Username() }

// Password returns the password as printed, or "".
func (r Ref) Password() string { return r.parts().Password() }

// Host returns the host and, when there is one, ':' and the port, as
// printed, or "".
func (r Ref) Host() string { return r.parts().Host() }

// Hostname returns the host as printed, or "".
func (r Ref) Hostname() string { return r.parts().Hostname() }

// Port returns the port as printed, or "".
func (r Ref) Port() string { return r.parts().Port() }

// Pathname returns the path as printed (drive, path-root, dirs and file).
func (r Ref) Pathname() string { return r.parts().Pathname() }

// Search returns '?' and the query, or "" when it is absent or empty.
func (r Ref) Search() string { return r.parts().Search() }

// Hash returns '#' and the fragment, or "" when it is absent or empty.
func (r Ref) Hash() string { return r.parts().Hash() }

// Href returns the reference printed as an ASCII URL-string (spec
// §Printing), e.g. "../a?b".
func (r Ref) Href() string { return r.href }

// String returns the href; it makes Ref a fmt.Stringer.
func (r Ref) String() string { return r.href }

// Model returns a copy of the reference's component sequence.
func (r Ref) Model() model.URL { return r.m.Clone() }

// Scheme returns the scheme component as written (not lower-cased), or ""
// when the reference has none.
func (r Ref) Scheme() string { return r.m.Scheme() }

// HasScheme reports whether the reference has a scheme, i.e. whether it is
// an absolute reference that URL can accept.
func (r Ref) HasScheme() bool { return r.m.Has(model.SchemeType) }

// Unicode returns the reference printed as a Unicode URL-string (see
// URL.Unicode).
func (r Ref) Unicode() string { return print.Unicode(&r.m) }

// URL returns the URL the WHATWG pipeline makes of r without a base:
// WHATWG-resolve against the empty URL (which forces web- and file-URLs),
// then normalise and print (spec §Concluding). For a reference parsed with
// ParseRef(s, ModeWeb) it is Parse(s). It fails when r has no scheme
// (MissingSchemeNonRelativeURL) or force fails (e.g. a web-URL without a
// host).
func (r Ref) URL() (URL, error) {
	var empty model.URL
	u, _, err := resolve.WHATWGResolve(&r.m, &empty)
	if err != nil {
		return URL{}, asError(err)
	}
	n := normalize.Normalize(u) // u shares r's dir spans
	return fromModel(&n), nil
}

// Ref returns the URL's components as a reference: its model (see Model),
// normalised except for the two kinds of href that only the WHATWG setters
// make (file://localhost/x, file://h/C|/x), whose components it keeps as
// the href shows them; u.canonical().Ref() is normalised.
func (u URL) Ref() Ref { return Ref{m: u.model(), href: u.href, off: u.off} }

// ParseRef parses a reference — an absolute URL or a relative reference, in
// the spec's model — from input in mode (the mode only matters when input
// has no scheme). It preprocesses and parses, nothing more: no base, no
// resolution, no normalisation. It fails only where the grammar does (a bad
// host or port), and with model.InputTooLong beyond MaxInputLen.
func ParseRef(input string, mode Mode) (Ref, error) {
	if len(input) > MaxInputLen {
		return Ref{}, tooLong(input)
	}
	s, _ := grammar.Preprocess(input)
	u, err := grammar.Parse(s, mode)
	if err != nil {
		return Ref{}, withInput(err, input, s)
	}
	return refOf(u), nil
}

// FromModel returns the reference with the components of m. It fails
// when m breaks a constraint of the model (model.Validate).
func FromModel(m model.URL) (Ref, error) {
	if err := model.Validate(&m); err != nil {
		return Ref{}, asError(err)
	}
	return refOf(m.Clone()), nil
}

// Unicode returns the URL printed as a Unicode URL-string, for display:
// domains with domain to Unicode, and every percent-encoded sequence that
// is valid UTF-8 for a non-ASCII code point decoded (an URL is its href, so
// whether the input had "é" or "%C3%A9" is not known; both show as é).
// Controls, non-characters and the profile's characters stay
// percent-encoded, as do ASCII bytes and invalid sequences.
func (u URL) Unicode() string {
	m := u.model()
	decodeNonASCII(&m)
	return print.Unicode(&m)
}
