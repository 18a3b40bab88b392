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
// to Unicode. The output is sized first and allocated once.
package print

import (
	"strconv"
	"unicode/utf8"
	"unsafe"

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
// with the Has flags in one byte: the form the shortcuts ParseSimple and
// ResolveSimple read and write, which a caller can keep as it is.
type CompactOffsets struct {
	SchemeEnd                  int32 // index of the ':' after the scheme, or -1
	UsernameStart, UsernameEnd int32
	PasswordStart, PasswordEnd int32
	HostStart, HostEnd         int32
	PortStart, PortEnd         int32
	PathStart, PathEnd         int32
	QueryStart, FragmentStart  int32 // index of '?' and '#', or -1
	Flags                      uint8 // FlagAuthority | FlagCredentials | ...
}

// The Flags of CompactOffsets: Offsets's Has fields.
const (
	FlagAuthority uint8 = 1 << iota
	FlagCredentials
	FlagPassword
	FlagPort
	FlagHost
)

// Compact returns o as CompactOffsets; its offsets must fit in 32 bits.
func (o *Offsets) Compact() CompactOffsets {
	c := CompactOffsets{
		SchemeEnd:     int32(o.SchemeEnd),
		UsernameStart: int32(o.UsernameStart), UsernameEnd: int32(o.UsernameEnd),
		PasswordStart: int32(o.PasswordStart), PasswordEnd: int32(o.PasswordEnd),
		HostStart: int32(o.HostStart), HostEnd: int32(o.HostEnd),
		PortStart: int32(o.PortStart), PortEnd: int32(o.PortEnd),
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

// Expand is the inverse of Compact.
func (c *CompactOffsets) Expand() Offsets {
	return Offsets{
		SchemeEnd:     int(c.SchemeEnd),
		UsernameStart: int(c.UsernameStart), UsernameEnd: int(c.UsernameEnd),
		PasswordStart: int(c.PasswordStart), PasswordEnd: int(c.PasswordEnd),
		HostStart: int(c.HostStart), HostEnd: int(c.HostEnd),
		PortStart: int(c.PortStart), PortEnd: int(c.PortEnd),
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
// ParseSimple and ResolveSimple write (Expand gives them as ints).
func ASCIIOffsets(u *model.URL, off *CompactOffsets) string {
	if normalize.NeedsPrintingNormalisation(u) {
		v := normalize.ForPrinting(*u)
		return print(&v, encodeprofile.For(&v), v.NumDirs() > u.NumDirs(), false, off)
	}
	return print(u, encodeprofile.For(u), false, false, off)
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
		if trailingSpace(&v, f) {
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
// URL-string; n is its encoded length (valueLen): when it equals len(s),
// nothing needs encoding and s is copied as it is. valid tells that s is
// valid UTF-8 (so that its bytes are encoded one by one).
func appendValue(b []byte, s string, n int, valid bool, set *encodeprofile.Set, uni bool) []byte {
	switch {
	case uni:
		return encodeprofile.AppendEncodedUnicode(b, s, set)
	case n == len(s):
		return append(b, s...)
	case valid:
		return encodeprofile.AppendEncodedValid(b, s, set)
	}
	return encodeprofile.AppendEncoded(b, s, set)
}

// valueLen returns the encoded length of s and whether s is valid UTF-8
// (always true for a Unicode URL-string, where it does not matter).
func valueLen(s string, set *encodeprofile.Set, uni bool) (int, bool) {
	if uni {
		return encodeprofile.EncodedLenUnicode(s, set), true
	}
	// Every byte >= 0x80 counts 3: n == len(s) means ASCII, nothing to encode.
	n := encodeprofile.EncodedLenValid(s, set)
	if n == len(s) || utf8.ValidString(s) {
		return n, true
	}
	return encodeprofile.EncodedLen(s, set), false
}

// The bits of lengths.invalid: the components that hold invalid UTF-8.
const (
	invUsername uint8 = 1 << iota
	invPassword
	invHost
	invFile
	invQuery
	invFragment
	invDirs
)

// lengths holds the encoded lengths of the components that size computed,
// for print (see appendValue); dirs is -1 when the dirs need encoding.
type lengths struct {
	username, password, host, dirs, file, query, fragment int
	invalid                                               uint8
	dirBlock                                              string       // the dirs as printed, if dirsLen found them so
	runs                                                  *[256]uint32 // room for dirsLen's pieces, or nil
	nruns                                                 int
}

func (ls *lengths) set(n *int, bit uint8, m int, valid bool) {
	*n = m
	if !valid {
		ls.invalid |= bit
	}
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

// dirsLen returns the printed length of the dirs of u, each with its '/',
// and whether none needs encoding; block is the dirs as printed when they
// are one string of the model's text that needs no encoding (one run,
// dirRun).
// Runs of dirs that lie one after the other in the text are measured as
// one string.
// valid tells that every dir is valid UTF-8.
//
// When ls.runs is not nil, the pieces of the dirs as printed are recorded
// in it while they fit (else it is set to nil), for appendDirs: pairs of
// offsets into the text, the end with runSlash set when a '/' follows that
// is not in the text.
func dirsLen(u *model.URL, set *encodeprofile.Set, uni bool, ls *lengths) (n int, clean, valid bool, block string) {
	text, spans := u.DirSpans()
	runs := !uni
	if !uni {
		// Each '/' of a block counts 3 in the set of a dir.
		if nd := len(spans) / 2; dirRun(text, spans, 0) == nd {
			blk := text[spans[0] : spans[2*nd-1]+1]
			m := encodeprofile.EncodedLenValid(blk, set)
			if m == len(blk)+len(spans) {
				return len(blk), true, true, blk
			}
			if utf8.ValidString(blk) {
				return m - len(spans), false, true, ""
			}
			runs = false // measure dir by dir
		}
	}
	if !runs {
		ls.runs = nil
	}
	clean, valid = true, true
	for k := 0; 2*k < len(spans); {
		if runs {
			if m := dirRun(text, spans, k); m > k {
				a, e := spans[2*k], spans[2*m-1]+1
				blk := text[a:e]
				if encodeprofile.EncodedLenValid(blk, set) == len(blk)+2*(m-k) {
					n += len(blk)
					k = m
					if ls.runs != nil {
						ls.record(a, e)
					}
					continue
				}
			}
		}
		d := text[spans[2*k]:spans[2*k+1]]
		l, ok := valueLen(d, set, uni)
		if l != len(d) {
			clean = false
		}
		valid = valid && ok
		n += l + 1
		if ls.runs != nil {
			ls.record(spans[2*k], spans[2*k+1]|runSlash)
		}
		k++
	}
	return n, clean, valid, ""
}

// runSlash marks the end of a piece recorded by dirsLen that a '/' follows.
const runSlash = 1 << 31

// record records the piece text[a:e] of the dirs (see dirsLen).
func (ls *lengths) record(a, e uint32) {
	if ls.nruns+2 > len(ls.runs) {
		ls.runs = nil
		return
	}
	ls.runs[ls.nruns], ls.runs[ls.nruns+1] = a, e
	ls.nruns += 2
}

// appendDirs appends the dirs of u, each with its '/', for an ASCII
// URL-string; clean tells that no dir needs encoding, valid that every dir
// is valid UTF-8.
// runs are the pieces that dirsLen recorded, if any.
func appendDirs(b []byte, u *model.URL, set *encodeprofile.Set, clean, valid, uni bool, runs []uint32) []byte {
	text, spans := u.DirSpans()
	if clean && runs != nil {
		for k := 0; k+1 < len(runs); k += 2 {
			e := runs[k+1]
			b = append(b, text[runs[k]:e&^runSlash]...)
			if e&runSlash != 0 {
				b = append(b, '/')
			}
		}
		return b
	}
	for k := 0; 2*k < len(spans); {
		if clean && !uni {
			if m := dirRun(text, spans, k); m > k {
				b = append(b, text[spans[2*k]:spans[2*m-1]+1]...)
				k = m
				continue
			}
		}
		d := text[spans[2*k]:spans[2*k+1]]
		if clean && !uni {
			b = append(b, d...)
		} else {
			b = appendValue(b, d, -1, valid, set, uni)
		}
		b = append(b, '/')
		k++
	}
	return b
}

// print prints u with profile p, writing where its parts are into *off
// (nil: nowhere).
func print(u *model.URL, p *encodeprofile.Profile, insertedDot, uni bool, off *CompactOffsets) string {
	if off == nil {
		off = new(CompactOffsets) // on the stack: print does not keep it
	}
	var ls lengths
	if u.NumDirs() > 8 {
		// Room for dirsLen to record the pieces of many dirs.
		var runs [256]uint32
		ls.runs = &runs
	}
	n := size(u, p, uni, &ls)
	b := make([]byte, 0, n)
	*off = CompactOffsets{SchemeEnd: -1, QueryStart: -1, FragmentStart: -1}
	if u.Has(model.SchemeType) {
		b = append(b, u.Scheme()...)
		off.SchemeEnd = int32(len(b))
		b = append(b, ':')
	}
	off.UsernameStart, off.UsernameEnd = int32(len(b)), int32(len(b))
	off.PasswordStart, off.PasswordEnd = int32(len(b)), int32(len(b))
	if u.Has(model.AuthorityType) {
		off.Flags |= FlagAuthority
		b = append(b, '/', '/')
		a := u.AuthorityRef()
		if a.HasUsername() {
			off.Flags |= FlagCredentials
			off.UsernameStart = int32(len(b))
			b = appendValue(b, a.Username(), ls.username, ls.invalid&invUsername == 0, p.Set(encodeprofile.Username), uni)
			off.UsernameEnd = int32(len(b))
			off.PasswordStart, off.PasswordEnd = int32(len(b)), int32(len(b))
			if a.HasPassword() {
				off.Flags |= FlagPassword
				b = append(b, ':')
				off.PasswordStart = int32(len(b))
				b = appendValue(b, a.Password(), ls.password, ls.invalid&invPassword == 0, p.Set(encodeprofile.Password), uni)
				off.PasswordEnd = int32(len(b))
			}
			b = append(b, '@')
		}
		off.HostStart = int32(len(b))
		if a.HasHost() {
			off.Flags |= FlagHost
			b = appendHost(b, a.Host(), ls.host, ls.invalid&invHost == 0, p, uni)
		}
		off.HostEnd = int32(len(b))
		off.PortStart = int32(len(b))
		if a.HasPort() {
			off.Flags |= FlagPort
			b = append(b, ':')
			off.PortStart = int32(len(b))
			if port, ok := a.Port(); ok {
				b = strconv.AppendUint(b, uint64(port), 10)
			}
		}
		off.PortEnd = int32(len(b))
	} else {
		off.HostStart, off.HostEnd, off.PortStart, off.PortEnd = int32(len(b)), int32(len(b)), int32(len(b)), int32(len(b))
	}
	off.PathStart = int32(len(b))
	if u.Has(model.DriveType) {
		b = append(b, '/')
		b = append(b, u.Drive()...)
	}
	if u.Has(model.PathRootType) {
		b = append(b, '/')
	}
	fileSet := p.Set(encodeprofile.File)
	if ls.dirBlock != "" {
		b = append(b, ls.dirBlock...)
	} else if u.NumDirs() > 0 {
		var runs []uint32
		if ls.runs != nil {
			runs = ls.runs[:ls.nruns]
		}
		b = appendDirs(b, u, p.Set(encodeprofile.Dir), ls.dirs >= 0, ls.invalid&invDirs == 0, uni, runs)
	}
	if insertedDot {
		// The WHATWG pathname does not include the "/." inserted for printing.
		off.PathStart += 2
	}
	if u.Has(model.FileType) {
		f := u.File()
		if trailingSpace(u, f) {
			b = appendValue(b, f[:len(f)-1], -1, ls.invalid&invFile == 0, fileSet, uni)
			b = append(b, "%20"...)
		} else {
			b = appendValue(b, f, ls.file, ls.invalid&invFile == 0, fileSet, uni)
		}
	}
	off.PathEnd = int32(len(b))
	if u.Has(model.QueryType) {
		off.QueryStart = int32(len(b))
		b = append(b, '?')
		b = appendValue(b, u.Query(), ls.query, ls.invalid&invQuery == 0, p.Set(encodeprofile.Query), uni)
	}
	if u.Has(model.FragmentType) {
		off.FragmentStart = int32(len(b))
		b = append(b, '#')
		b = appendValue(b, u.Fragment(), ls.fragment, ls.invalid&invFragment == 0, p.Set(encodeprofile.Fragment), uni)
	}
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// trailingSpace reports whether the file f of u ends an opaque path with a
// space. The current WHATWG standard prints a space directly before a query
// or fragment as %20; at the end of the URL-string, preprocessing would strip
// it, so it is printed as %20 there too (see docs/deviations.md).
func trailingSpace(u *model.URL, f string) bool {
	return f != "" && f[len(f)-1] == ' ' && u.HasOpaquePath()
}

func appendHost(b []byte, h model.Host, n int, valid bool, p *encodeprofile.Profile, uni bool) []byte {
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
	return appendValue(b, h.Name, n, valid, p.Set(encodeprofile.Host), uni)
}

// size returns an upper bound of the length of the printed URL-string
// (exact but for IP addresses and ports), and records the components'
// encoded lengths in ls.
func size(u *model.URL, p *encodeprofile.Profile, uni bool, ls *lengths) int {
	n := 0
	if u.Has(model.SchemeType) {
		n += len(u.Scheme()) + 1
	}
	if u.Has(model.AuthorityType) {
		n += 2
		a := u.AuthorityRef()
		if a.HasUsername() {
			m, ok := valueLen(a.Username(), p.Set(encodeprofile.Username), uni)
			ls.set(&ls.username, invUsername, m, ok)
			n += m + 1
			if a.HasPassword() {
				m, ok := valueLen(a.Password(), p.Set(encodeprofile.Password), uni)
				ls.set(&ls.password, invPassword, m, ok)
				n += m + 1
			}
		}
		if a.HasHost() {
			switch h := a.Host(); h.Kind {
			case model.IPv4:
				n += 15
			case model.IPv6:
				n += 41
			case model.Domain:
				n += len(h.Name)
			default:
				m, ok := valueLen(h.Name, p.Set(encodeprofile.Host), uni)
				ls.set(&ls.host, invHost, m, ok)
				n += m
			}
		}
		if a.HasPort() {
			n += 6
		}
	}
	if u.Has(model.DriveType) {
		n += 1 + len(u.Drive())
	}
	if u.Has(model.PathRootType) {
		n++
	}
	if u.NumDirs() > 0 {
		m, clean, valid, block := dirsLen(u, p.Set(encodeprofile.Dir), uni, ls)
		ls.dirBlock = block
		if !valid {
			ls.invalid |= invDirs
		}
		if !clean {
			ls.dirs = -1
		}
		n += m
	}
	if u.Has(model.FileType) {
		m, ok := valueLen(u.File(), p.Set(encodeprofile.File), uni)
		ls.set(&ls.file, invFile, m, ok)
		n += m + 2
	}
	if u.Has(model.QueryType) {
		m, ok := valueLen(u.Query(), p.Set(encodeprofile.Query), uni)
		ls.set(&ls.query, invQuery, m, ok)
		n += 1 + m
	}
	if u.Has(model.FragmentType) {
		m, ok := valueLen(u.Fragment(), p.Set(encodeprofile.Fragment), uni)
		ls.set(&ls.fragment, invFragment, m, ok)
		n += 1 + m
	}
	return n
}
