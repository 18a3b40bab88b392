// Package host implements spec §Host Parsing: the host parser of web- and
// file-URLs (percent-decoding, domain to ASCII, the IPv4 parser when the
// domain ends in a number), the opaque-host parser of generic URLs, the IPv6
// parser, and the serialisers of IPv4 and IPv6 addresses; with the strict
// grammars of IPv4 and IPv6 addresses (spec §IPv4 Address – Strict, §IPv6
// Address — Strict) and the WHATWG URL Standard's "domain to ASCII" and
// "domain to Unicode" (§3.3 IDNA) on UTS #46 processing (internal/uts46).
//
// The specification is the URL Specification
// (github.com/alwinb/url-specification), whose host parsing equals the
// WHATWG URL Standard's (url.spec.whatwg.org, §3 Hosts). The grammar package
// finds the host in an authority; this package reads it.
package host

import (
	"slices"
	"unsafe"

	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/model"
)

// Parse implements the WHATWG host parser for web- and file-URLs (spec
// §Host Parsing): an IPv6 address in brackets; otherwise percent-decode,
// domain to ASCII (which rejects forbidden domain code points, as the current
// standard's domain to ASCII does), and read an IPv4 address when the result
// ends in a number. For file-URLs (isFile) the same rules apply; "localhost"
// is removed later by normalisation.
func Parse(s string, isFile bool) (model.Host, error) {
	h, _, err := AppendParse(nil, s, isFile)
	return h, err
}

// AppendParse is Parse writing a domain that it has to change (one that is
// percent-decoded, lower-cased or converted by domain to ASCII) at the end
// of dst rather than into new memory: the host's Name then shares the
// memory of the returned buffer, as may an error's Input, so that both are
// valid only while the caller does not reuse that buffer. It returns dst
// extended by what it wrote. A domain that is its own ASCII form (ASCII,
// lowercase, no '%') is a substring of s, as with Parse; with a dst that
// has room, a host allocates nothing but the scratch space of UTS #46
// processing, which is pooled.
func AppendParse(dst []byte, s string, isFile bool) (model.Host, []byte, error) {
	if s != "" && s[0] == '[' {
		h, err := parseBracketed(s)
		return h, dst, err
	}
	var ascii string
	var err error
	switch or := domainClassOf(s); {
	case or == 0 && s != "":
		ascii = s // its own ASCII form
	case or&dcPercent != 0:
		// Percent-decode into dst and lower-case it there when it is
		// ASCII, so that domain to ASCII need not copy it again.
		start := len(dst)
		dst = encodeprofile.AppendDecoded(slices.Grow(dst, len(s)), s)
		b := dst[start:]
		if isASCII(b) {
			lowerASCII(b)
		}
		decoded := unsafe.String(unsafe.SliceData(b), len(b))
		ascii, dst, err = appendDomainToASCII(dst, decoded, domainClassOf(decoded))
	default:
		ascii, dst, err = appendDomainToASCII(dst, s, or)
	}
	if err != nil {
		return model.Host{}, dst, err
	}
	h, err := FromASCII(ascii)
	return h, dst, err
}

// FromASCII implements the host parser's last steps (WHATWG host parser:
// "if asciiDomain ends in a number, return the result of IPv4 parsing
// asciiDomain"; otherwise asciiDomain is the host) for ascii, a non-empty
// ASCII domain that domain to ASCII returned: an IPv4 address or a domain.
// A host that is its own ASCII form (lowercase ASCII without a forbidden
// domain code point) needs no other step: the grammar calls it for such a
// host when it ends in a number, and sets one that does not (a domain, the
// usual host) itself, in place, rather than copy the model.Host this
// returns.
func FromASCII(ascii string) (model.Host, error) {
	if ascii == "" {
		return model.Host{}, model.NewError(model.DomainToASCII, ascii, -1, "an empty domain")
	}
	// EndsInANumber, written out: its test of the last byte, then the
	// common IPv4 address, of decimal parts, read at once (it ends in a
	// number), then the walk back over the last label.
	if c := ascii[len(ascii)-1]; ipMayEndNumber[c] {
		if c-'0' <= 9 {
			if v, ok := parseIPv4Decimal(ascii); ok {
				return model.Host{Kind: model.IPv4, IPv4: v}, nil
			}
		}
		if endsInANumber(ascii) {
			// The IPv4 parser without its decimal pass (parseIPv4),
			// which failed above or was not tried: parseIPv4Parts
			// alone gives the same result on every input.
			v, f := parseIPv4Parts(ascii)
			if f.code != "" {
				return model.Host{}, f.err(ascii)
			}
			return model.Host{Kind: model.IPv4, IPv4: v}, nil
		}
	}
	return model.Host{Kind: model.Domain, Name: ascii}, nil
}

// ParseOpaque implements the WHATWG opaque-host parser (spec §URL Grammar,
// rule opaque-host): an IPv6 address in brackets, or a non-empty string
// without forbidden host code points; '%' and any other code point are kept
// as they are.
func ParseOpaque(s string) (model.Host, error) {
	if s != "" && s[0] == '[' {
		return parseBracketed(s)
	}
	if i := indexForbiddenHost(s); i >= 0 {
		return model.Host{}, model.NewError(model.HostInvalidCodePoint, s, i, forbiddenReason(true, s[i]))
	}
	if s == "" {
		return model.Host{}, model.NewError(model.HostMissing, s, 0, "empty host")
	}
	return model.Host{Kind: model.Opaque, Name: s}, nil
}

func parseBracketed(s string) (model.Host, error) {
	if len(s) < 2 || s[len(s)-1] != ']' {
		return model.Host{}, model.NewError(model.IPv6Unclosed, s, len(s), "missing ]")
	}
	// parseIPv6 rather than ParseIPv6: the address is not copied
	// through one more frame.
	in := s[1 : len(s)-1]
	a, f := parseIPv6(in)
	if f.code != "" {
		return model.Host{}, model.RebaseOwned(f.err(in), s, 1)
	}
	return model.Host{Kind: model.IPv6, IPv6: a}, nil
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// IsForbiddenHostCodePoint reports whether r is a forbidden host code point
// (WHATWG URL Standard §3.2 Host miscellaneous): U+0000 NULL, U+0009 TAB,
// U+000A LF, U+000D CR, U+0020 SPACE, #, /, :, <, >, ?, @, [, \, ], ^ or |.
func IsForbiddenHostCodePoint(r rune) bool {
	return 0 <= r && r < 0x80 && forbiddenHost[r]
}

// forbiddenHost holds the WHATWG forbidden host code points (ASCII only).
var forbiddenHost = func() (t [128]bool) {
	for _, c := range "\x00\t\n\r #/:<>?@[\\]^|" {
		t[c] = true
	}
	return
}()

// indexForbiddenHost returns the index of the first forbidden host code
// point in s, or -1: one pass over s with domain to ASCII's byte classes
// (domainClassOf, four bytes at a time) decides the usual case, none.
func indexForbiddenHost(s string) int {
	if domainClassOf(s)&dcHost == 0 {
		return -1
	}
	return indexClass(s, dcHost)
}

// forbiddenReason returns the Reason of the error about the forbidden host
// (isHost) or domain code point c: "forbidden host code point '|'", with
// U+00XX for a control or space. The reasons of the ASCII bytes are made
// once, into one string, so that a failure builds none.
func forbiddenReason(isHost bool, c byte) string {
	if c >= 0x80 {
		return forbiddenWhat(isHost) + quoteByte(c) // not reached: the code points are ASCII
	}
	i := int(c)
	if isHost {
		i += 0x80
	}
	return forbiddenReasons[forbiddenReasonEnds[i]:forbiddenReasonEnds[i+1]]
}

func forbiddenWhat(isHost bool) string {
	if isHost {
		return "forbidden host code point "
	}
	return "forbidden domain code point "
}

// forbiddenReasons holds forbiddenReason's texts for the ASCII bytes, the
// domain's then the host's; the one of byte k ends at forbiddenReasonEnds[k+1].
var forbiddenReasons, forbiddenReasonEnds = func() (string, [0x101]uint16) {
	var b []byte
	var ends [0x101]uint16
	for k := 0; k < 0x100; k++ {
		b = append(append(b, forbiddenWhat(k >= 0x80)...), quoteByte(byte(k&0x7f))...)
		ends[k+1] = uint16(len(b))
	}
	return string(b), ends
}()

func quoteByte(c byte) string {
	if c >= 0x21 && c < 0x7f {
		return "'" + string(rune(c)) + "'"
	}
	const hexd = "0123456789ABCDEF"
	return "U+00" + string([]byte{hexd[c>>4], hexd[c&15]})
}
