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
	"github.com/urlspec/urlspec/encodeprofile"
	"math"
	"strings"
	"unsafe"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/internal/shortcut"
	"github.com/urlspec/urlspec/internal/swar"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
	"github.com/urlspec/urlspec/resolve"
)

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

// offsets is where the components of an href are: print.CompactOffsets
// (print.Offsets in 32 bits, which the shortcuts of print write as they
// are), with its own methods.
type offsets print.CompactOffsets

// The flags of offsets.
const (
	flagAuthority   = print.FlagAuthority
	flagCredentials = print.FlagCredentials
	flagPassword    = print.FlagPassword
	flagPort        = print.FlagPort
	flagHost        = print.FlagHost
)

func (o *offsets) has(f uint8) bool { return o.Flags&f != 0 }

// passwordStart is print.CompactOffsets.PasswordStart.
func (o *offsets) passwordStart() int32 { return (*print.CompactOffsets)(o).PasswordStart() }

// portStart is print.CompactOffsets.PortStart.
func (o *offsets) portStart() int32 { return (*print.CompactOffsets)(o).PortStart() }

// Parse parses an absolute URL exactly as the WHATWG basic URL parser does
// without a base: the result's getters equal those of new URL(input) in a
// browser. It fails where the standard fails, with an *Error whose Input is
// input (and with code model.InputTooLong for an input longer than
// MaxInputLen). To parse a relative reference against a base URL, call the
// base's Resolve method; to parse a reference without resolving it, ParseRef.
//
// Input that is not valid UTF-8 is accepted: each invalid byte reads as
// U+FFFD, as a browser reads a lone surrogate.
func Parse(input string) (URL, error) {
	return parse(input, nil)
}

// parse is the basic URL parser with an optional base.
func parse(input string, base *URL) (u URL, err error) {
	if len(input) > MaxInputLen {
		return URL{}, tooLong(input)
	}
	if !shortcut.Off {
		if parseSimple(input, &u) {
			return u, nil
		}
		// The shortcut writes the offsets straight into u. It takes only
		// a web-URL base (not file:), for which canonical is the base
		// itself: it needs the base's href and offsets, no model.
		if base != nil {
			if href, ok := print.ResolveSimple(input, base.href, (*print.CompactOffsets)(&base.off), (*print.CompactOffsets)(&u.off)); ok {
				u.href = href
				return u, nil
			}
		}
	}
	// The model lives in buf's storage until it is printed.
	buf := grammar.GetBuffer()
	var m model.URL
	s, err := parseRefInto(&m, buf, input, base)
	if err == nil && base != nil {
		// A reference of a path, a query or a fragment against a base
		// whose href shows its components before them: the base's
		// href up to the reference's order, then the reference printed.
		if o := model.Ord(&m); o >= model.PathRootType && base.printsBefore(o) {
			u, err = base.gotoPrinted(&m, o, s, input, buf)
			buf.Release()
			return u, err
		}
	}
	if err == nil {
		err = resolveNormaliseInto(&m, buf, input, s, base)
	}
	if err != nil {
		buf.Release()
		return URL{}, err
	}
	// Printed into buf (the model's strings are valid UTF-8: preprocessing
	// made the input so, and the base's come from its ASCII href), then
	// copied to the href: one allocation, none when it is the input. The
	// model's strings are parts of s and of the base's href (and a host,
	// which domain to ASCII may make a little longer): each byte may take
	// three.
	room := 3*len(s) + 64
	if base != nil {
		room += len(base.href)
	}
	if room > maxBufferedHref {
		// A long input: the model's own bound, which what normalising
		// removed (dot segments, a port's leading zeros) does not count.
		room = print.LenBound(&m)
	}
	b, own := hrefRoom(buf, room)
	b = print.AppendASCII(b, &m, true, (*print.CompactOffsets)(&u.off))
	if len(b) > math.MaxInt32 {
		buf.Release()
		return URL{}, tooLong(input) // not reached: MaxInputLen keeps an href far shorter
	}
	if string(b) == s && within(s, input) {
		// The input was its own href: the href is (part of) the input, as
		// on the shortcuts' fast path, and nothing is allocated.
		u.href = s
	} else {
		u.href = hrefOf(b, own)
	}
	buf.Release()
	return u, nil
}

// hrefRoom returns an empty slice with room for n bytes, into which parse
// prints an href: buf's for up to maxBufferedHref bytes, else room of its
// own (own), which the href may keep (hrefOf).
func hrefRoom(buf *grammar.Buffer, n int) (b []byte, own bool) {
	if n > maxBufferedHref {
		return make([]byte, 0, n), true
	}
	return buf.Bytes(n), false
}

// hrefOf returns the href printed into b (from hrefRoom): a copy, but for
// a long href in room of its own, at least half of it used, which is b
// itself rather than a second copy.
func hrefOf(b []byte, own bool) string {
	if own && 2*len(b) >= cap(b) {
		return unsafe.String(unsafe.SliceData(b), len(b))
	}
	return string(b)
}

// maxBufferedHref is the most room for a printed href that parse takes
// from its Buffer (which keeps up to 48 KB of it between parses); a longer
// href is printed into room of its own.
const maxBufferedHref = 32 << 10

// within reports whether s is a substring of input (its bytes lie in
// input's memory), as the preprocessed input is when preprocessing only
// trimmed it; not when it is a copy in a Buffer.
func within(s, input string) bool {
	d := uintptr(unsafe.Pointer(unsafe.StringData(s))) - uintptr(unsafe.Pointer(unsafe.StringData(input)))
	return len(s) <= len(input) && d <= uintptr(len(input)-len(s))
}

// MaxInputLen is the longest input Parse and ParseRef accept, in bytes (64
// MiB): an URL holds 32-bit offsets into its href, which percent-encoding
// can make up to nine times as long as the input. Longer input fails with
// model.InputTooLong. (Browsers refuse far shorter URLs.)
const MaxInputLen = 64 << 20

func tooLong(input string) error {
	return &Error{Code: model.InputTooLong, Input: input, Offset: -1, Reason: "the input is longer than urlspec.MaxInputLen"}
}

// parseResolveNormalise implements parse-resolve-and-normalise (spec
// §Concluding) up to the normalised URL, against base (nil: none).
//
// The standard's URL constructor takes the base as a string and parses it:
// a base whose href only a setter makes (see Model) counts as the URL its
// href parses to (parsedModel). Resolution keeps of the base only its
// prefix upto the reference's order (spec §Resolution: goto), so the
// base's model is made after the reference is parsed, up to that order
// (parsedModelUpto): a reference with an authority or a path-root needs
// none of the base's path, query or fragment.
func parseResolveNormalise(input string, base *URL) (model.URL, error) {
	var u model.URL
	if _, err := parseResolveNormaliseInto(&u, nil, input, base); err != nil {
		return model.URL{}, err
	}
	return u, nil
}

// parseResolveNormaliseInto is parseResolveNormalise writing the model
// into *u, with the parse's storage in buf (see grammar.Buffer; nil
// allocates): the result may share it. The model is parsed, resolved and
// normalised in place (a model is 224 bytes: no copies). It returns the
// preprocessed input.
func parseResolveNormaliseInto(u *model.URL, buf *grammar.Buffer, input string, base *URL) (string, error) {
	s, err := parseRefInto(u, buf, input, base)
	if err != nil {
		return "", err
	}
	return s, resolveNormaliseInto(u, buf, input, s, base)
}

// parseRefInto is the first half of parseResolveNormaliseInto: input
// preprocessed and parsed, in the mode of base's scheme, into *u. It
// returns the preprocessed input.
func parseRefInto(u *model.URL, buf *grammar.Buffer, input string, base *URL) (string, error) {
	s, _ := buf.Preprocess(input)
	mode := grammar.Web
	if base != nil && base.href != "" {
		mode = grammar.ModeOf(base.Scheme())
	}
	if err := buf.Parse(u, s, mode); err != nil {
		return "", withInput(err, input, s)
	}
	return s, nil
}

// resolveNormaliseInto is the second half of parseResolveNormaliseInto:
// the parsed reference *u (of input, preprocessed to s) resolved against
// base and normalised in place.
func resolveNormaliseInto(u *model.URL, buf *grammar.Buffer, input, s string, base *URL) error {
	bm := &noBase
	if base != nil {
		// Of the base, resolution reads only the part before order o:
		// none of it (o is the scheme's) for a reference with a scheme
		// of its own that legacy resolution keeps, such as a mailto: or
		// javascript: link against a web page, which is then resolved as
		// against no base.
		if o := resolve.BaseOrder(u, base.Scheme()); o > model.SchemeType {
			bm = new(model.URL) // on the stack: nothing keeps it
			room := 0
			if o == model.DirType && base.href != "" {
				// Resolution joins the base's dirs and the reference's:
				// room for the join after the base's spans (bm is ours).
				t, spans := u.DirSpans()
				room = len(spans) + (int(base.off.PathEnd-base.off.PathStart)+len(t)+3)/4
			}
			base.parsedModelUpto(bm, o, room, buf)
		}
	}
	if _, err := resolve.WHATWGResolveOwned(u, bm); err != nil {
		return withInput(err, input, s)
	}
	// u's dirs are its own: the reference's (in buf, or new), the
	// base's (hrefModelUpto makes them, in buf) or new ones (resolution's).
	normalize.NormalizeInPlace(u)
	return nil
}

// printsBefore reports whether the result of resolving a reference of
// order o (a path-root, a dir, a file, a query or a fragment) against u prints as u's
// href up to where o starts followed by the reference's part, as
// gotoPrinted needs: u is not the zero URL, not a file: URL (whose href a
// setter may give a host "localhost" or a drive with '|', which parsing
// changes; see parsedModel), and has an authority or a path-root (not an
// opaque path, against which WHATWG resolution of a query fails); for a
// path reference, u has an authority and a path-root (without an
// authority, a result whose path starts with an empty dir is printed with
// "/." before it: normalise for printing; a reference with a path-root
// replaces the base's path, which may be empty).
func (u *URL) printsBefore(o model.ComponentType) bool {
	off := &u.off
	if u.href == "" || u.isFile() {
		return false
	}
	root := off.PathStart < off.PathEnd && u.href[off.PathStart] == '/'
	if o == model.PathRootType {
		return off.has(flagAuthority)
	}
	if o <= model.FileType {
		return root && off.has(flagAuthority)
	}
	return root || off.has(flagAuthority)
}

// gotoPrinted resolves the parsed reference r (input preprocessed to s),
// of order o (a path-root, a dir, a file, a query or a fragment), against the base u
// (printsBefore), and prints the result (spec §Resolution, §Path Segment
// Normalisation and §Printing), without the base's model. goto keeps the
// base's components before o and appends r's; the base is normal, so
// normalisation only applies the dot segment rules to r's dirs and file,
// each ".." removing the dir before it — r's own or, when r has none left,
// the base's last (dir-dots; at the root, root-dots) —, and no rule reads
// across the start of a query or a fragment; and the printer prints each
// component in turn (print.AppendFrom). So the URL-string is the base's
// href up to o (for a path, up to the end of the base dirs that r's ".."
// leave; for a path with a path-root, up to the base's path) followed by
// the rest of r, printed with the base's profile.
// TestGotoPrinted compares it with the model's way.
func (u *URL) gotoPrinted(r *model.URL, o model.ComponentType, s, input string, buf *grammar.Buffer) (URL, error) {
	var v URL
	v.off = u.off
	off := (*print.CompactOffsets)(&v.off)
	h := u.href
	var cut int
	root := o == model.PathRootType
	switch {
	case o <= model.FileType:
		cut = u.gotoPath(r, root)
		o, off.QueryStart = model.DirType, -1
	case o == model.QueryType:
		cut = int(u.off.PathEnd)
		off.QueryStart = -1
	default:
		cut = len(h)
		if u.off.FragmentStart >= 0 {
			cut = int(u.off.FragmentStart)
		}
	}
	off.FragmentStart = -1
	// Each byte of s may take three; a '?' and a '#'.
	b, own := hrefRoom(buf, cut+3*len(s)+2)
	b = append(b, h[:cut]...)
	if root {
		b = append(b, '/')
	}
	// The result's profile is the base's: the same scheme, and an
	// authority or a path-root.
	b = print.AppendFrom(b, 0, r, o, u.profile(), true, off)
	if len(b) > math.MaxInt32 {
		return URL{}, tooLong(input)
	}
	v.href = hrefOf(b, own)
	return v, nil
}

// gotoPath applies the dot segment rules (normalize.DotRule) to the dirs
// and file of the path reference r, resolved against the base u (printsBefore): r keeps its
// dirs that no ".." removes and its file unless it is a dot or dots
// segment. It returns the end in u's href of the base's dirs that r's
// ".." leave (after the path-root when none is left); with root (r has a
// path-root, which replaces the base's path), where the base's path starts.
// r's dir spans are its own (a parse's): they are rewritten in place.
func (u *URL) gotoPath(r *model.URL, root bool) int {
	path := u.href[u.off.PathStart:u.off.PathEnd]
	end := 0 // the '/' after the base's last dir kept; 0: the root
	if !root {
		end = swar.LastSlash(path)
	}
	text, spans := r.DirSpans()
	out := spans[:0] // the dirs kept: a push writes at most the span just read
	dots := func() { // DirDots removes the dir before it, r's or the base's
		if len(out) > 0 {
			out = out[:len(out)-2]
		} else {
			end = swar.LastSlash(path[:end])
		}
	}
	// The dir before a segment is r's last kept or else the base's last,
	// neither of them a dots segment ("" stands for it: under the path-root
	// a dots segment is never kept, and a base's dirs are normal).
	for k := 0; k < len(spans); k += 2 {
		switch rule, ok := normalize.DotRule(text[spans[k]:spans[k+1]], "", len(out) > 0 || end > 0, true); {
		case !ok:
			out = append(out, spans[k], spans[k+1])
		case rule == normalize.DirDots:
			dots()
		}
	}
	if r.Has(model.FileType) {
		if rule, ok := normalize.DotRule(r.File(), "", len(out) > 0 || end > 0, true); ok {
			if rule == normalize.DirDots {
				dots()
			}
			r.Remove(model.FileType)
		}
	}
	if len(out) < len(spans) {
		r.SetDirSpans(text, out)
	}
	if root {
		return int(u.off.PathStart)
	}
	return int(u.off.PathStart) + end + 1
}

// noBase is the empty model, the base of a parse without one: resolution
// reads it and writes only into a base's dirs, which it has none of.
var noBase model.URL

// fromModel prints r (normalised) to an URL.
func fromModel(r *model.URL) (u URL) {
	u.href = print.ASCIIOffsets(r, (*print.CompactOffsets)(&u.off))
	if len(u.href) > math.MaxInt32 {
		return URL{} // Parse refuses such input; setters report model.InputTooLong
	}
	return u
}

// model returns the URL's model: the components its href shows (see
// Model). The zero URL gives the empty model.
func (u URL) model() model.URL { return u.hrefModel() }

// parsedModel returns the normalised model that the href parses to
// (without a base): the model of u.canonical(). The zero URL gives the
// empty model. It is the model of the href (hrefModel) with the two parts
// that only the WHATWG setters write and parsing changes made as parsing
// makes them (see canonical): a file: URL's host "localhost" removed (spec
// rule file-localhost) and a drive written with '|' written with ':' (rule
// drive-pipe).
func (u URL) parsedModel() (m model.URL) {
	u.parsedModelUpto(&m, model.FragmentType+1, 0, nil)
	return m
}

// parsedModelUpto is parsedModel without the components that u upto
// order (model.Upto) drops of the path and after it: the dirs when order
// is below DirType, the file, query and fragment when order is not above
// theirs; and, for a web- or file-URL, without all but the scheme when
// order is not above AuthorityType. Otherwise the scheme, authority, drive
// and path-root are always there (WHATWG resolution asks whether a base
// that is neither has them; of a web- or file-URL it reads only the
// components before order, resolve.BaseOrder). It is written into *m,
// which must be empty; the dirs' span slice has room for that many more
// uint32s (see hrefModelUpto).
func (u *URL) parsedModelUpto(m *model.URL, order model.ComponentType, room int, buf *grammar.Buffer) {
	u.hrefModelUpto(m, order, room, buf, true)
}

// isFile reports whether u is a file: URL.
func (u URL) isFile() bool { return u.off.SchemeEnd == 4 && u.href[:4] == "file" }

// hrefModel returns the model of the components that u's href shows, each
// value the substring of the href that shows it, without parsing again:
// the href is a printed normal URL, so its model is a split of the href at
// its offsets (spec §Printing read backwards). The components are
//
//   - the scheme, before the ':';
//   - the authority, when the href has one: the username and password
//     when present, the host — an IPv6 address when bracketed; for a
//     special scheme an IPv4 address when the host is dotted decimal as the
//     IPv4 serializer writes it (the host parser reads every other number
//     as an address that prints so), else a domain; for any other scheme
//     an opaque host — and the port;
//   - for a file: URL whose path starts with a drive letter ("/C:", "/C|")
//     followed by '/' or nothing, the drive;
//   - the path-root when the path (after the drive) starts with '/', and
//     the path's segments after it, split at '/': each segment followed by
//     a '/' is a dir, a last non-empty segment the file (an opaque path is
//     split the same way, without a path-root);
//   - the query and the fragment, when the href has them.
//
// For every href that Parse or a setter returns this is the normalised
// model that parsing the href gives, but for the two parts that parsing
// changes in a setter's href (see parsedModel): TestHrefModel checks it
// on WPT, the datasets and setter results, FuzzHrefModel on generated
// URLs. The zero URL gives the empty model.
func (u URL) hrefModel() (m model.URL) {
	u.hrefModelUpto(&m, model.FragmentType+1, 0, nil, false)
	return m
}

// pooledSpans is the most uint32s that grammar.Buffer.Spans returns from
// its pooled storage rather than new memory (grammar's maxPooled bytes).
const pooledSpans = 1 << 10

// hrefModelUpto is hrefModel without the dirs, file, query and fragment
// that order drops (see parsedModelUpto), written into *m, which must be
// empty, with room in the dirs' span slice for that many more uint32s (the
// join of resolve.WHATWGResolveOwned). The span slice is taken from buf
// (see grammar.Buffer.Spans; nil: a new one). When parsed it makes the
// model that the href parses to instead (parsedModelUpto): for a file:
// URL, without the host "localhost" and with a drive's '|' written ':'.
func (u *URL) hrefModelUpto(m *model.URL, order model.ComponentType, room int, buf *grammar.Buffer, parsed bool) {
	h, o := u.href, &u.off
	if h == "" {
		return
	}
	scheme := h[:o.SchemeEnd]
	m.Set(model.SchemeType, scheme)
	// An href's scheme is lowercase: the usual ones compare at once.
	file := scheme == "file"
	special := scheme == "https" || scheme == "http" || file || isSpecial(scheme)
	if parsed && special && order <= model.AuthorityType {
		return // the scheme, all that resolution reads (see parsedModelUpto)
	}
	if o.has(flagAuthority) {
		m.SetAuthority(model.Authority{})
		a := m.AuthorityRef()
		if o.has(flagCredentials) {
			a.SetUsername(h[o.UsernameStart:o.UsernameEnd])
			if o.has(flagPassword) {
				a.SetPassword(h[o.passwordStart():o.PasswordEnd])
			}
		}
		if o.has(flagHost) {
			hs := h[o.HostStart:o.HostEnd]
			if n := len(hs); special && n > 0 && hs[0] != '[' && (hs[n-1] < '0' || hs[n-1] > '9') {
				// The usual host, a domain (as hrefHost finds): neither
				// bracketed (IPv6) nor ending in a digit, as dotted
				// decimal (IPv4) does. Parsing removes a file: URL's
				// host "localhost" (rule file-localhost).
				if !parsed || !file || hs != "localhost" {
					a.SetHost(model.Host{Kind: model.Domain, Name: hs})
				}
			} else {
				a.SetHost(hrefHost(hs, special))
			}
		}
		if o.has(flagPort) {
			if o.portStart() == o.PortEnd {
				a.SetEmptyPort()
			} else {
				p, _ := parsePort(h[o.portStart():o.PortEnd])
				a.SetPort(p)
			}
		}
	}
	start, end := int(o.PathStart), int(o.PathEnd)
	if file && end-start >= 3 && h[start] == '/' && model.IsDrive(h[start+1:start+3]) && (end-start == 3 || h[start+3] == '/') {
		if d := h[start+1 : start+3]; !parsed || d[1] != '|' {
			m.Set(model.DriveType, d)
		} else {
			m.Set(model.DriveType, d[:1]+":") // rule drive-pipe
		}
		start += 3
	}
	if start < end && h[start] == '/' {
		m.Set(model.PathRootType, "/")
		start++
	}
	if start < end && order >= model.DirType {
		seg := start // the start of the last segment, the file
		if i := strings.IndexByte(h[start:end], '/'); i >= 0 {
			// A path has at most one dir per byte: a Buffer keeps room
			// for that bound, so a short path needs no count of its '/'s
			// before the spans are written.
			w := 2*(end-start) + room
			if buf == nil || w > pooledSpans {
				w = 2*strings.Count(h[start:end], "/") + room
			}
			spans := buf.Spans(w)
			for {
				spans = append(spans, uint32(seg), uint32(seg+i))
				if seg += i + 1; seg == end {
					break
				}
				if i = strings.IndexByte(h[seg:end], '/'); i < 0 {
					break
				}
			}
			m.SetDirSpans(h, spans)
		}
		if seg < end && order > model.FileType {
			m.Set(model.FileType, h[seg:end])
		}
	}
	if o.QueryStart >= 0 && order > model.QueryType {
		qend := len(h)
		if o.FragmentStart >= 0 {
			qend = int(o.FragmentStart)
		}
		m.Set(model.QueryType, h[o.QueryStart+1:qend])
	}
	if o.FragmentStart >= 0 && order > model.FragmentType {
		m.Set(model.FragmentType, h[o.FragmentStart+1:])
	}
}

// hrefHost returns the host that the serialised host s of an href is: an
// IPv6 address when bracketed; for a special scheme an IPv4 address when s
// is dotted decimal, else a domain; an opaque host otherwise.
func hrefHost(s string, special bool) model.Host {
	if s != "" && s[0] == '[' && s[len(s)-1] == ']' {
		if v, ok := host.IsIPv6Serialization(s[1 : len(s)-1]); ok {
			return model.Host{Kind: model.IPv6, IPv6: v}
		}
		if v, ok := host.ReadIPv6(s[1 : len(s)-1]); ok {
			return model.Host{Kind: model.IPv6, IPv6: v} // not reached: an href holds the serialisation
		}
	}
	if !special {
		return model.Host{Kind: model.Opaque, Name: s}
	}
	if isDottedDecimal(s) {
		if v, err := host.ParseIPv4(s); err == nil {
			return model.Host{Kind: model.IPv4, IPv4: v}
		}
	}
	return model.Host{Kind: model.Domain, Name: s}
}

// canonical returns the URL that u's href parses to (Parse(u.Href(),
// nil)), which is not a WHATWG operation: it is u itself for every URL
// that Parse returns, and for almost every URL a setter returns. It
// differs for the two kinds of href that only the WHATWG setters make (see
// Model): file://localhost/x becomes file:///x and file://h/C|/x becomes
// file://h/C:/x. The result reparses to itself, as the URL specification's
// algebra (normalisation) wants; the setters, as the standard requires, do
// not make that so.
func (u URL) canonical() URL {
	if u.href == "" || !u.isFile() {
		return u
	}
	c, err := Parse(u.href)
	if err != nil {
		return u // not reached: an href parses
	}
	return c
}

// withInput makes err about the original input: its offset, which is into
// the preprocessed string s, is mapped back into input. The errors of the
// grammar and of resolution are new and nobody else holds them: such an
// *Error is changed in place, so that a failing parse allocates once.
func withInput(err error, input, s string) error {
	e, ok := err.(*Error) // the usual case, without errors.As's reflection
	if !ok {
		var w *Error // on the heap (errors.As takes its address): only here
		if !errors.As(err, &w) {
			return err
		}
		c := *w // wrapped in another error: a copy
		e = &c
	}
	if e.Input != s {
		e.Offset = -1 // the error is about a part that resolution made
	} else if e.Offset >= 0 {
		e.Offset = mapOffset(input, s, e.Offset)
	}
	e.Input = input
	return e
}

// mapOffset maps an offset into s, the preprocessed form of input, back
// into input: it skips the leading c0-space and the tabs and newlines
// removed. When preprocessing only trimmed input, s is a substring of it
// and the offset only moves by where s starts (an offset at the end of s
// may lie beyond a trailing tab or newline: it takes the loop).
func mapOffset(input, s string, off int) int {
	if off < len(s) && within(s, input) {
		return int(uintptr(unsafe.Pointer(unsafe.StringData(s)))-uintptr(unsafe.Pointer(unsafe.StringData(input)))) + off
	}
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
// components the href shows, with values percent-encoded as the href shows
// them. For an URL that Parse returns, that is the normalised model that
// parsing the href without a base gives. The WHATWG setters can make two
// kinds of href that parse to another URL (see canonical): for a file: URL
// whose host is "localhost" Model keeps that host (a domain), and for a
// file: URL whose path starts with a drive letter and '|' ("/C|/x") Model
// has the drive "C|"; normalising such a model (normalize.Normalize) gives
// the model of u.canonical(). It is computed on each call (the URL holds
// only its href), and the caller owns the result.
func (u URL) Model() model.URL { return u.model() }

// String returns the href; it makes URL a fmt.Stringer.
func (u URL) String() string { return u.href }

// Href returns the URL-string (WHATWG href getter).
func (u URL) Href() string { return u.href }

// Protocol returns the scheme followed by ':' (WHATWG protocol getter).
func (u URL) Protocol() string {
	if u.off.SchemeEnd < 0 || u.href == "" {
		return ""
	}
	return u.href[:u.off.SchemeEnd+1]
}

// Scheme returns the scheme, lower-case and without the ':' (the WHATWG
// URL record's scheme; net/url's Scheme field), or "" for the zero URL.
func (u URL) Scheme() string {
	if u.off.SchemeEnd < 0 || u.href == "" {
		return ""
	}
	return u.href[:u.off.SchemeEnd]
}

// Username returns the percent-encoded username, or "" (WHATWG username getter).
func (u URL) Username() string { return u.href[u.off.UsernameStart:u.off.UsernameEnd] }

// Password returns the percent-encoded password, or "" (WHATWG password getter).
func (u URL) Password() string { return u.href[u.off.passwordStart():u.off.PasswordEnd] }

// Host returns the host and, when there is one, ':' and the port (WHATWG host getter).
func (u URL) Host() string {
	if !u.off.has(flagHost) {
		return ""
	}
	return u.href[u.off.HostStart:u.off.PortEnd]
}

// Credentials returns the URL's username and password percent-decoded, as
// net/url's User.Username and User.Password give them and as a database
// driver or an HTTP client wants them: postgres://app:s3cr%40t@h/db gives
// "app" and "s3cr@t". Username and Password give them as the href writes
// them (percent-encoded), as the WHATWG standard's getters do. A percent
// sign not followed by two hex digits is kept as it is.
func (u URL) Credentials() (username, password string) {
	return encodeprofile.Decode(u.Username()), encodeprofile.Decode(u.Password())
}

// Hostname returns the serialised host, or "" (WHATWG hostname getter). An
// IPv6 address keeps its brackets ("[::1]"), unlike net/url's Hostname; see
// HostAddr and DialAddress.
func (u URL) Hostname() string { return u.href[u.off.HostStart:u.off.HostEnd] }

// Port returns the port in decimal, or "" (WHATWG port getter). A scheme's
// default port is never there (http://h:80/ has Port ""); see DialAddress.
func (u URL) Port() string {
	if !u.off.has(flagPort) {
		return ""
	}
	return u.href[u.off.portStart():u.off.PortEnd]
}

// Pathname returns the path (WHATWG pathname getter).
func (u URL) Pathname() string { return u.href[u.off.PathStart:u.off.PathEnd] }

// Search returns '?' and the query, or "" when the query is absent or empty
// (WHATWG search getter).
func (u URL) Search() string {
	if u.off.QueryStart < 0 {
		return ""
	}
	end := len(u.href)
	if u.off.FragmentStart >= 0 {
		end = int(u.off.FragmentStart)
	}
	if end-int(u.off.QueryStart) <= 1 {
		return ""
	}
	return u.href[u.off.QueryStart:end]
}

// Hash returns '#' and the fragment, or "" when the fragment is absent or
// empty (WHATWG hash getter).
func (u URL) Hash() string {
	if u.off.FragmentStart < 0 || len(u.href)-int(u.off.FragmentStart) <= 1 {
		return ""
	}
	return u.href[u.off.FragmentStart:]
}
