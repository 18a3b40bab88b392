// Package print implements spec §Printing: an URL is normalised for printing
// (normalize.ForPrinting), each component is percent-encoded with the set of
// the URL's percent-encode profile (encodeprofile.For) and written with its
// sigil:
//
//	scheme  authority  drive    path-root  dir      file   query    fragment
//	value:  //auth     /value   /          value/   value  ?value   #value
//
// ASCII returns the ASCII URL-string (the WHATWG href); Unicode an
// URL-string that keeps non-ASCII code points and shows domains with domain
// to Unicode. Each value is percent-encoded as it is written, into a buffer
// with room for the longest result (LenBound); the string is one copy of it.
package print

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
)

// Offsets locates the parts of a printed URL-string, as byte offsets into
// it. Each span is [Start, End); an absent part has Start = End = the
// position where it would be. Path spans the WHATWG pathname (drive,
// path-root, dirs and file), without a (dir .) inserted for printing.
type Offsets struct {
	SchemeEnd                     int // index of the ':' after the scheme, or -1
	UsernameStart, UsernameEnd    int
	PasswordStart, PasswordEnd    int
	HostStart, HostEnd            int
	PortStart, PortEnd            int
	PathStart, PathEnd            int
	QueryStart, FragmentStart     int // index of '?' and '#', or -1
	HasAuthority, HasCredentials  bool
	HasPassword, HasPort, HasHost bool
}

// CompactOffsets is Offsets in 32 bits (an href is shorter than 4 GiB),
// with the Has flags in one byte: the form the shortcut ResolveSimple and
// AppendASCII read and write, which a caller can keep as it is. It leaves
// out the two starts that follow from an end and a flag (Expand gives
// them): a password starts after UsernameEnd and its ':' (FlagPassword),
// else at UsernameEnd; a port after HostEnd and its ':' (FlagPort), else
// at HostEnd. So it is 48 bytes, and an href with its CompactOffsets 64:
// such a value is copied in four aligned 16-byte moves, which a copy of
// the copy can read back from the store buffer, where a 72-byte one takes
// an overlapping fifth move that makes every such read wait.
type CompactOffsets struct {
	SchemeEnd                 int32 // index of the ':' after the scheme, or -1
	UsernameStart             int32
	UsernameEnd               int32
	PasswordEnd               int32
	HostStart, HostEnd        int32
	PortEnd                   int32
	PathStart, PathEnd        int32
	QueryStart, FragmentStart int32 // index of '?' and '#', or -1
	Flags                     uint8 // FlagAuthority | FlagCredentials | ...
}

// The Flags of CompactOffsets: Offsets's Has fields.
const (
	FlagAuthority uint8 = 1 << iota
	FlagCredentials
	FlagPassword
	FlagPort
	FlagHost
)

// Compact returns o as CompactOffsets; its offsets must fit in 32 bits, and
// its PasswordStart and PortStart be where a printed URL-string has them
// (see CompactOffsets), as the printer's are: CompactOffsets keeps neither.
func (o *Offsets) Compact() CompactOffsets {
	c := CompactOffsets{
		SchemeEnd:     int32(o.SchemeEnd),
		UsernameStart: int32(o.UsernameStart), UsernameEnd: int32(o.UsernameEnd),
		PasswordEnd: int32(o.PasswordEnd),
		HostStart:   int32(o.HostStart), HostEnd: int32(o.HostEnd),
		PortEnd:   int32(o.PortEnd),
		PathStart: int32(o.PathStart), PathEnd: int32(o.PathEnd),
		QueryStart: int32(o.QueryStart), FragmentStart: int32(o.FragmentStart),
	}
	if o.HasAuthority {
		c.Flags |= FlagAuthority
	}
	if o.HasCredentials {
		c.Flags |= FlagCredentials
	}
	if o.HasPassword {
		c.Flags |= FlagPassword
	}
	if o.HasPort {
		c.Flags |= FlagPort
	}
	if o.HasHost {
		c.Flags |= FlagHost
	}
	return c
}

// PasswordStart is where the password starts: after UsernameEnd and the
// ':' before the password when there is one (FlagPassword), else at
// UsernameEnd (the password is then empty).
func (c *CompactOffsets) PasswordStart() int32 {
	return c.UsernameEnd + int32(c.Flags/FlagPassword&1)
}

// PortStart is where the port starts: after HostEnd and the ':' before the
// port when there is one (FlagPort), else at HostEnd.
func (c *CompactOffsets) PortStart() int32 {
	return c.HostEnd + int32(c.Flags/FlagPort&1)
}

// Expand is the inverse of Compact.
func (c *CompactOffsets) Expand() Offsets {
	return Offsets{
		SchemeEnd:     int(c.SchemeEnd),
		UsernameStart: int(c.UsernameStart), UsernameEnd: int(c.UsernameEnd),
		PasswordStart: int(c.PasswordStart()), PasswordEnd: int(c.PasswordEnd),
		HostStart: int(c.HostStart), HostEnd: int(c.HostEnd),
		PortStart: int(c.PortStart()), PortEnd: int(c.PortEnd),
		PathStart: int(c.PathStart), PathEnd: int(c.PathEnd),
		QueryStart: int(c.QueryStart), FragmentStart: int(c.FragmentStart),
		HasAuthority: c.Flags&FlagAuthority != 0, HasCredentials: c.Flags&FlagCredentials != 0,
		HasPassword: c.Flags&FlagPassword != 0, HasPort: c.Flags&FlagPort != 0, HasHost: c.Flags&FlagHost != 0,
	}
}

// ASCII prints u to an ASCII URL-string with the profile for u.
func ASCII(u *model.URL) string {
	return ASCIIOffsets(u, nil)
}

// ASCIIOffsets prints u to an ASCII URL-string with the profile for u and
// writes where its parts are into *off (nil: nowhere), in the form that
// ResolveSimple writes (Expand gives them as ints).
func ASCIIOffsets(u *model.URL, off *CompactOffsets) string {
	if normalize.NeedsPrintingNormalisation(u) {
		if normalize.DotForPrinting(u) {
			return print(u, encodeprofile.For(u), true, false, off)
		}
		v := normalize.ForPrinting(*u)
		return print(&v, encodeprofile.For(&v), false, false, off)
	}
	return print(u, encodeprofile.For(u), false, false, off)
}

// AppendASCII appends the ASCII URL-string of u, ASCII(u), to dst and
// returns the extended slice, writing where its parts are into *off (nil:
// nowhere) as offsets from where it starts in dst. Each value is
// percent-encoded as it is written, into dst's spare capacity while it has
// room: with room for LenBound(u) bytes, dst does not grow.
//
// parsed promises that u is a model as parsing makes it (grammar.Parse of
// preprocessed input, then resolved or normalised): its strings are valid
// UTF-8, as preprocessing replaces each invalid byte with U+FFFD, and no
// dir holds a '/'. The printer then checks neither. With parsed false it
// prints any model as ASCII does: a byte of invalid UTF-8 as U+FFFD
// (%EF%BF%BD), a '/' in a dir as %2F. (A false promise prints such a byte
// percent-encoded as it is, and such a '/' as it is.)
func AppendASCII(dst []byte, u *model.URL, parsed bool, off *CompactOffsets) []byte {
	if normalize.NeedsPrintingNormalisation(u) {
		if normalize.DotForPrinting(u) {
			return appendURL(dst, u, encodeprofile.For(u), true, false, parsed, off)
		}
		v := normalize.ForPrinting(*u)
		return appendURL(dst, &v, encodeprofile.For(&v), false, false, parsed, off)
	}
	return appendURL(dst, u, encodeprofile.For(u), false, false, parsed, off)
}

// Unicode prints u to a Unicode URL-string (spec §Printing: "otherwise
// percent encode control-c0, del-c1, surrogates and non-chars"): code points
// outside ASCII are kept in every component except the host, where a domain
// is shown with domain to Unicode; controls, non-characters and the
// characters of the profile's sets are still percent-encoded.
func Unicode(u *model.URL) string {
	v := *u
	if normalize.NeedsPrintingNormalisation(u) {
		v = normalize.ForPrinting(*u)
	}
	if a := v.AuthorityRef(); a.HasHost() {
		if h := a.Host(); h.Kind == model.Domain {
			if name, err := host.DomainToUnicode(h.Name); err == nil {
				h.Name = name
				b := *a
				b.SetHost(h)
				v.SetAuthority(b)
			}
		}
	}
	s := print(&v, encodeprofile.For(&v), false, true, nil)
	return s
}

// Encoded returns the URL that ASCII(u) represents: u normalised for
// printing, with every value percent-encoded as printing encodes it. For
// every URL that parsing in a mode gives, parsing ASCII(u) in that mode and
// normalising gives normalize.Normalize(Encoded(u)).
func Encoded(u *model.URL) model.URL {
	v := *u
	if normalize.NeedsPrintingNormalisation(u) {
		v = normalize.ForPrinting(*u)
	}
	p := encodeprofile.For(&v)
	if v.Has(model.AuthorityType) {
		a := v.Authority()
		if a.HasUsername() {
			a.SetUsername(encodeprofile.Encode(a.Username(), p.Set(encodeprofile.Username)))
		}
		if a.HasPassword() {
			a.SetPassword(encodeprofile.Encode(a.Password(), p.Set(encodeprofile.Password)))
		}
		if h := a.Host(); a.HasHost() && h.Kind == model.Opaque {
			h.Name = encodeprofile.Encode(h.Name, p.Set(encodeprofile.Host))
			a.SetHost(h)
		}
		v.SetAuthority(a)
	}
	if d := v.Dirs(); len(d) > 0 {
		nd := make([]string, len(d))
		for i, s := range d {
			nd[i] = encodeprofile.Encode(s, p.Set(encodeprofile.Dir))
		}
		v.SetDirs(nd)
	}
	if v.Has(model.FileType) {
		f := v.File()
		if v.HasOpaquePath() && trailingSpace(f) {
			v.Set(model.FileType, encodeprofile.Encode(f[:len(f)-1], p.Set(encodeprofile.File))+"%20")
		} else {
			v.Set(model.FileType, encodeprofile.Encode(f, p.Set(encodeprofile.File)))
		}
	}
	if v.Has(model.QueryType) {
		v.Set(model.QueryType, encodeprofile.Encode(v.Query(), p.Set(encodeprofile.Query)))
	}
	if v.Has(model.FragmentType) {
		v.Set(model.FragmentType, encodeprofile.Encode(v.Fragment(), p.Set(encodeprofile.Fragment)))
	}
	return v
}

// WithProfile prints u to an ASCII URL-string with the profile p (after
// normalise for printing).
func WithProfile(u *model.URL, p *encodeprofile.Profile) string {
	v := *u
	if normalize.NeedsPrintingNormalisation(u) {
		v = normalize.ForPrinting(*u)
	}
	s := print(&v, p, false, false, nil)
	return s
}

// appendValue appends s percent-encoded with set, for an ASCII or a Unicode
// URL-string. valid promises that s is valid UTF-8, so that its bytes are
// encoded one by one; otherwise s is checked when a byte needed encoding,
// and written again with invalid bytes as U+FFFD if it is not.
func appendValue(b []byte, s string, set *encodeprofile.Set, valid, uni bool) []byte {
	if valid && !uni {
		return encodeprofile.AppendEncodedValid(b, s, set)
	}
	return appendValueCheck(b, s, set, uni)
}

// appendValueCheck is appendValue without the promise of valid UTF-8.
func appendValueCheck(b []byte, s string, set *encodeprofile.Set, uni bool) []byte {
	if uni {
		return encodeprofile.AppendEncodedUnicode(b, s, set)
	}
	n := len(b)
	b = encodeprofile.AppendEncodedValid(b, s, set)
	if len(b)-n != len(s) && !utf8.ValidString(s) {
		b = encodeprofile.AppendEncoded(b[:n], s, set)
	}
	return b
}

// dirRun returns the end m of the run of dirs k..m-1 that lie in text one
// after the other, each followed by '/': text[spans[2k]:spans[2m-1]+1] is
// then those dirs as printed. It returns k when dir k is not followed by '/'.
func dirRun(text string, spans []uint32, k int) int {
	m := k
	for {
		e := spans[2*m+1]
		if int(e) >= len(text) || text[e] != '/' {
			return m
		}
		m++
		if 2*m >= len(spans) || spans[2*m] != e+1 {
			return m
		}
	}
}

// appendDirs appends the dirs of u, each percent-encoded with set and
// followed by '/'. A run of dirs that lie one after the other in the
// model's text, each followed by '/' (dirRun; a parsed path's dirs are
// one), is written by one call when no dir in it holds a '/' of its own
// (parsed promises that none does); a single dir, by the call for its
// value.
func appendDirs(b []byte, u *model.URL, set *encodeprofile.Set, parsed, uni bool) []byte {
	valid := parsed
	text, spans := u.DirSpans()
	for k := 0; 2*k < len(spans); {
		if !uni {
			if m := dirRun(text, spans, k); m > k+1 {
				blk := text[spans[2*k] : spans[2*m-1]+1]
				if parsed || strings.Count(blk, "/") == m-k {
					n := len(b)
					b = encodeprofile.AppendEncodedSegments(b, blk, set)
					if valid || len(b)-n == len(blk) || utf8.ValidString(blk) {
						k = m
						continue
					}
					b = b[:n] // invalid UTF-8: dir by dir
				}
			}
		}
		b = appendValue(b, text[spans[2*k]:spans[2*k+1]], set, valid, uni)
		b = append(b, '/')
		k++
	}
	return b
}

// appendURL appends u printed with profile p to b, each value
// percent-encoded as it is written (into b's spare capacity where it has
// room: see lenBound), and writes where its parts are into *off (nil:
// nowhere) as offsets from where it starts in b. parsed is AppendASCII's
// promise: u's strings are valid UTF-8 (appendValue) and its dirs have no
// '/' (appendDirs). With dot it writes the "." dir that printing
// normalisation puts before u's path (normalize.DotForPrinting) itself,
// without a new model that has it.
func appendURL(b []byte, u *model.URL, p *encodeprofile.Profile, dot, uni, parsed bool, off *CompactOffsets) []byte {
	valid := parsed
	if off == nil {
		off = new(CompactOffsets) // on the stack: appendURL does not keep it
	}
	b0 := len(b)
	*off = CompactOffsets{SchemeEnd: -1, QueryStart: -1, FragmentStart: -1}
	if u.Has(model.SchemeType) {
		b = append(b, u.Scheme()...)
		off.SchemeEnd = int32(len(b) - b0)
		b = append(b, ':')
	}
	at := int32(len(b) - b0)
	off.UsernameStart, off.UsernameEnd = at, at
	off.PasswordEnd = at
	if u.Has(model.AuthorityType) {
		off.Flags |= FlagAuthority
		b = append(b, '/', '/')
		a := u.AuthorityRef()
		if a.HasUsername() {
			off.Flags |= FlagCredentials
			off.UsernameStart = int32(len(b) - b0)
			b = appendValue(b, a.Username(), p.Set(encodeprofile.Username), valid, uni)
			off.UsernameEnd = int32(len(b) - b0)
			off.PasswordEnd = off.UsernameEnd
			if a.HasPassword() {
				off.Flags |= FlagPassword
				b = append(b, ':')
				b = appendValue(b, a.Password(), p.Set(encodeprofile.Password), valid, uni)
				off.PasswordEnd = int32(len(b) - b0)
			}
			b = append(b, '@')
		}
		off.HostStart = int32(len(b) - b0)
		if a.HasHost() {
			off.Flags |= FlagHost
			// The usual host, a domain, without a call; the host read in
			// place, not copied.
			if h := a.HostRef(); h.Kind == model.Domain {
				b = append(b, h.Name...)
			} else {
				b = appendHost(b, h, p, valid, uni)
			}
		}
		off.HostEnd = int32(len(b) - b0)
		if a.HasPort() {
			off.Flags |= FlagPort
			b = append(b, ':')
			if port, ok := a.Port(); ok {
				b = strconv.AppendUint(b, uint64(port), 10)
			}
		}
		off.PortEnd = int32(len(b) - b0)
	} else {
		at := int32(len(b) - b0)
		off.HostStart, off.HostEnd, off.PortEnd = at, at, at
	}
	off.PathStart = int32(len(b) - b0)
	if u.Has(model.DriveType) {
		b = append(b, '/')
		b = append(b, u.Drive()...)
	}
	if u.Has(model.PathRootType) {
		b = append(b, '/')
	}
	if dot {
		// The "." dir that printing normalisation puts before a path that
		// starts with an empty dir (normalize.DotForPrinting); the WHATWG
		// pathname does not include the "/." that it makes.
		b = append(b, '.', '/')
		off.PathStart += 2
	}
	return appendFrom(b, b0, u, model.DirType, p, uni, parsed, u.HasOpaquePath(), off)
}

// appendFrom appends the components of u from order o on (o is DirType,
// FileType, QueryType or FragmentType) as appendURL prints them after the
// path-root, setting off.PathEnd (when o is not above FileType),
// off.QueryStart and off.FragmentStart (when u has them; o not above their
// order) as offsets from b[b0]. opaque: u's path is opaque (trailingSpace).
func appendFrom(b []byte, b0 int, u *model.URL, o model.ComponentType, p *encodeprofile.Profile, uni, parsed, opaque bool, off *CompactOffsets) []byte {
	valid := parsed
	if o <= model.FileType {
		if o <= model.DirType && u.NumDirs() > 0 {
			b = appendDirs(b, u, p.Set(encodeprofile.Dir), parsed, uni)
		}
		if u.Has(model.FileType) {
			f, set := u.File(), p.Set(encodeprofile.File)
			if opaque && trailingSpace(f) {
				b = appendValue(b, f[:len(f)-1], set, valid, uni)
				b = append(b, "%20"...)
			} else {
				b = appendValue(b, f, set, valid, uni)
			}
		}
		off.PathEnd = int32(len(b) - b0)
	}
	if o <= model.QueryType && u.Has(model.QueryType) {
		off.QueryStart = int32(len(b) - b0)
		b = append(b, '?')
		b = appendValue(b, u.Query(), p.Set(encodeprofile.Query), valid, uni)
	}
	if u.Has(model.FragmentType) {
		off.FragmentStart = int32(len(b) - b0)
		b = append(b, '#')
		b = appendValue(b, u.Fragment(), p.Set(encodeprofile.Fragment), valid, uni)
	}
	return b
}

// AppendFrom appends to dst the components of u from order o on — its dirs
// and file (o is model.DirType; FileType: the file without the dirs), its
// query (o not above QueryType) and its fragment — as AppendASCII prints
// them with the profile p after an URL's path-root, and sets the offsets of
// those parts in *off as offsets from dst[start]: PathEnd when o is not
// above FileType, QueryStart and FragmentStart (of the parts u has; the
// caller sets an absent one to -1). Other offsets are left as they are.
//
// Printing is compositional (spec §Printing prints each component in turn):
// for an URL v with an authority or a path-root that needs no printing
// normalisation (normalize.NeedsPrintingNormalisation), the URL-string of
// v upto o (model.Upto), with a path-root, followed by AppendFrom(v, o) is
// the URL-string of v. So the result of resolving a reference of order o
// against a normalised base prints as the base's URL-string up to where o
// starts, then the reference's part (for a path, its dirs and file after
// the base's dirs that dot segments leave). parsed is AppendASCII's
// promise about u.
func AppendFrom(dst []byte, start int, u *model.URL, o model.ComponentType, p *encodeprofile.Profile, parsed bool, off *CompactOffsets) []byte {
	return appendFrom(dst, start, u, o, p, false, parsed, false, off)
}

// print prints u with profile p to a new string, writing where its parts
// are into *off (nil: nowhere): appendURL into a buffer with room for
// LenBound bytes (on the stack when that is small, else from a pool), then
// one copy: one allocation.
func print(u *model.URL, p *encodeprofile.Profile, dot, uni bool, off *CompactOffsets) string {
	var small [256]byte
	n := LenBound(u)
	if n <= len(small) {
		return string(appendURL(small[:0], u, p, dot, uni, false, off))
	}
	bp := scratch.Get().(*[]byte)
	b := *bp
	if cap(b) < n {
		b = make([]byte, 0, n)
	}
	b = appendURL(b[:0], u, p, dot, uni, false, off)
	s := string(b)
	if cap(b) <= maxScratch {
		*bp = b
		scratch.Put(bp)
	}
	return s
}

// scratch holds print's buffers for URL-strings too long for its stack
// buffer; maxScratch is the largest it keeps.
var scratch = sync.Pool{New: func() any { return new([]byte) }}

const maxScratch = 64 << 10

// LenBound returns a length that the ASCII URL-string of u (ASCII,
// AppendASCII) does not exceed when u's strings are valid UTF-8: a buffer
// with room for that many bytes lets AppendASCII write without growing it.
// (A byte of invalid UTF-8 can take nine bytes, a Unicode URL-string
// somewhat more; AppendASCII then grows the buffer as append does.)
func LenBound(u *model.URL) int {
	n := len(u.Scheme()) + len(u.Drive()) + len(u.File()) + len(u.Query()) + len(u.Fragment())
	if a := u.AuthorityRef(); u.Has(model.AuthorityType) {
		n += len(a.Username()) + len(a.Password()) + len(a.Host().Name)
	}
	_, spans := u.DirSpans()
	for k := 0; k+1 < len(spans); k += 2 {
		n += int(spans[k+1]-spans[k]) + 1
	}
	// Every byte may take three; the sigils, an IP address, a port, the
	// "/." inserted for printing and a trailing space's %20 take at most 64.
	return 3*n + 64
}

// trailingSpace reports whether the file f (of an opaque path) ends with a
// space. The current WHATWG standard prints a space directly before a query
// or fragment as %20; at the end of the URL-string, preprocessing would strip
// it, so it is printed as %20 there too (see docs/deviations.md).
func trailingSpace(f string) bool {
	return f != "" && f[len(f)-1] == ' '
}

func appendHost(b []byte, h *model.Host, p *encodeprofile.Profile, valid, uni bool) []byte {
	switch h.Kind {
	case model.IPv4:
		return model.AppendIPv4(b, h.IPv4)
	case model.IPv6:
		b = append(b, '[')
		b = model.AppendIPv6(b, h.IPv6)
		return append(b, ']')
	case model.Domain:
		return append(b, h.Name...)
	}
	return appendValue(b, h.Name, p.Set(encodeprofile.Host), valid, uni)
}
