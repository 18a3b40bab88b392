package host

import (
	"errors"
	"strings"
	"unsafe"

	"github.com/urlspec/urlspec/host/internal/uts46"
	"github.com/urlspec/urlspec/model"
)

// This file implements the WHATWG URL Standard §3.3 IDNA: the "domain parser"
// (also known as "domain to ASCII") and "domain to Unicode", on top of UTS #46
// processing in internal/uts46 (Nontransitional, CheckBidi and CheckJoiners
// on; CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength set to beStrict).
// The UTS #46 tables are those of the Unicode version the web-platform-tests
// IDNA data expects (see internal/uts46).

// domainOptions are the UTS #46 options of "domain parser ToASCII" with
// beStrict false, and of "domain to Unicode".
var domainOptions = uts46.Options{CheckBidi: true, CheckJoiners: true}

// domainStrictOptions are those of "domain parser ToASCII" with beStrict true.
var domainStrictOptions = uts46.Options{
	CheckHyphens:      true,
	CheckBidi:         true,
	CheckJoiners:      true,
	UseSTD3ASCIIRules: true,
	VerifyDNSLength:   true,
}

// domainForbiddenTable marks the forbidden domain code points (all ASCII):
// the forbidden host code points (forbiddenHost, host.go), C0 controls,
// '%' and DEL.
var domainForbiddenTable = func() (t [128]bool) {
	t = forbiddenHost
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	t['%'], t[0x7f] = true, true
	return t
}()

// IsForbiddenDomainCodePoint reports whether r is a forbidden domain code point
// (WHATWG URL Standard §3.2 Host miscellaneous): a forbidden host code point
// (U+0000 NULL, U+0009 TAB, U+000A LF, U+000D CR, U+0020 SPACE, #, /, :, <, >,
// ?, @, [, \, ], ^ or |), a C0 control, U+0025 (%) or U+007F DELETE.
func IsForbiddenDomainCodePoint(r rune) bool {
	return 0 <= r && r < 0x80 && domainForbiddenTable[r]
}

// DomainToASCII implements the WHATWG "domain to ASCII" with beStrict as given.
// domain is a UTF-8 string (already percent-decoded; invalid UTF-8 bytes count as U+FFFD).
// On success the result is ASCII and lowercase.
//
// This is the "domain parser" of the WHATWG URL Standard §3.3 IDNA (given a
// domain and beStrict). With beStrict true it returns the result of UTS #46
// ToASCII with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength set, or
// failure. With beStrict false, an ASCII domain is only ASCII-lowercased,
// whatever ToASCII would say of it (web compatibility: "xn--" labels that are
// not valid Punycode pass), and any other domain goes through ToASCII; then
// an empty result or one containing a forbidden domain code point is a
// failure. The validation error the standard reports when the strict
// ToASCII fails but the lenient one succeeds is not computed here.
//
// An ASCII domain that is already lowercase is returned as is, without
// allocating. Failures are *model.Error values with the domain as input and
// the byte offset in it of the offending code point or label when there is one
// (else -1). Their code is model.DomainToASCII, except that a result
// containing a forbidden domain code point has the more specific code
// model.DomainInvalidCodePoint (the name of this validation error before the
// standard folded it into domain-to-ASCII; the seed specification's separate
// "forbidden domain codepoints" phase of host parsing).
func DomainToASCII(domain string, beStrict bool) (string, error) {
	if beStrict {
		r, err := uts46.ToASCII(domain, domainStrictOptions)
		if err != nil {
			return "", domainError(domain, err)
		}
		return r, nil
	}
	r, _, err := appendDomainToASCII(nil, domain, domainClassOf(domain))
	return r, err
}

// appendDomainToASCII is DomainToASCII with beStrict false that returns
// domain itself when it is its own ASCII form and otherwise writes the
// result at the end of dst (a nil dst: into new memory), returning dst
// extended. or is domainClassOf(domain).
func appendDomainToASCII(dst []byte, domain string, or uint8) (string, []byte, error) {
	switch {
	case or == 0:
		if domain == "" {
			return "", dst, model.NewError(model.DomainToASCII, domain, -1, "empty domain")
		}
		return domain, dst, nil
	case or&dcNonASCII != 0:
		return domainToASCIIUnicode(dst, domain)
	case or&dcForbidden != 0:
		i := indexClass(domain, dcForbidden)
		return "", dst, forbiddenError(domain, i, domain[i])
	}
	// ASCII with upper-case letters.
	start := len(dst)
	dst = append(dst, domain...)
	b := dst[start:]
	lowerASCII(b)
	return unsafe.String(unsafe.SliceData(b), len(b)), dst, nil
}

// domainClassOf returns the OR of the classes (domainClass) of s's bytes:
// zero for an ASCII domain that is lowercase and has no forbidden domain
// code point, which is its own ASCII form when it is not empty. One pass
// over the bytes decides that common case.
func domainClassOf(s string) uint8 {
	var x, y uint8
	i := 0
	for ; i+4 <= len(s); i += 4 {
		t := s[i : i+4]
		x |= domainClass[t[0]] | domainClass[t[1]]
		y |= domainClass[t[2]] | domainClass[t[3]]
	}
	for ; i < len(s); i++ {
		x |= domainClass[s[i]]
	}
	return x | y
}

// indexClass returns the index of the first byte of s in class c (see
// domainClass), which s has (domainClassOf(s)&c != 0).
func indexClass(s string, c uint8) int {
	i := 0
	for domainClass[s[i]]&c == 0 {
		i++
	}
	return i
}

// Classes of bytes for domain to ASCII and the opaque-host parser
// (domainClass).
const (
	dcUpper     = 1 << iota // 'A'–'Z'
	dcForbidden             // a forbidden domain code point
	dcNonASCII              // 0x80 and above
	dcPercent               // '%' (also dcForbidden): the host parser decodes first
	dcHost                  // a forbidden host code point (also dcForbidden), which the opaque-host parser refuses
)

var domainClass = func() (t [256]uint8) {
	for c := 0; c < 0x80; c++ {
		if domainForbiddenTable[c] {
			t[c] = dcForbidden
		}
	}
	t['%'] |= dcPercent
	for c, f := range forbiddenHost {
		if f {
			t[c] |= dcHost
		}
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = dcUpper
	}
	for c := 0x80; c < 0x100; c++ {
		t[c] = dcNonASCII
	}
	return t
}()

// lowerASCII lower-cases the ASCII letters of b in place.
func lowerASCII(b []byte) {
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
}

// AppendDomainToASCII appends DomainToASCII(domain, false) to dst: the
// same result or the same error (dst is then returned as it was). With dst
// in scratch space of the caller's, it allocates nothing for an ASCII
// domain and nothing beyond UTS #46's pooled scratch for any other.
func AppendDomainToASCII(dst []byte, domain string) ([]byte, error) {
	start := len(dst)
	for i := 0; i < len(domain); i++ {
		if domain[i] >= 0x80 {
			out, err := uts46.AppendToASCII(dst, domain, domainOptions)
			if err != nil {
				return dst[:start], domainError(domain, err)
			}
			return checkDomain(out, start, domain)
		}
	}
	for i := 0; i < len(domain); i++ {
		c := domain[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return checkDomain(dst, start, domain)
}

// checkDomain fails, as domain to ASCII does, when the result out[start:]
// is empty or has a forbidden domain code point.
func checkDomain(out []byte, start int, domain string) ([]byte, error) {
	r := out[start:]
	if len(r) == 0 {
		return out[:start], model.NewError(model.DomainToASCII, domain, -1, "empty domain")
	}
	for _, c := range r {
		if c < 0x80 && domainForbiddenTable[c] {
			return out[:start], forbiddenError(domain, strings.IndexByte(domain, c), c)
		}
	}
	return out, nil
}

// domainToASCIIUnicode is appendDomainToASCII for a domain that is not
// ASCII.
func domainToASCIIUnicode(dst []byte, domain string) (string, []byte, error) {
	var r string
	if dst == nil {
		s, err := uts46.ToASCII(domain, domainOptions)
		if err != nil {
			return "", dst, domainError(domain, err)
		}
		r = s
	} else {
		start := len(dst)
		out, err := uts46.AppendToASCII(dst, domain, domainOptions)
		if err != nil {
			return "", dst, domainError(domain, err)
		}
		dst = out
		r = unsafe.String(unsafe.SliceData(out[start:]), len(out)-start)
	}
	if r == "" {
		return "", dst, model.NewError(model.DomainToASCII, domain, -1, "empty domain")
	}
	if domainClassOf(r)&dcForbidden != 0 {
		for i := 0; i < len(r); i++ {
			if c := r[i]; domainForbiddenTable[c&0x7f] {
				// The code point is in the input as is, unless a mapping made it
				// (U+FF03 FULLWIDTH NUMBER SIGN becomes '#').
				return "", dst, forbiddenError(domain, strings.IndexByte(domain, c), c)
			}
		}
	}
	return r, dst, nil
}

func forbiddenError(domain string, offset int, c byte) error {
	return model.NewError(model.DomainInvalidCodePoint, domain, offset, forbiddenReason(false, c))
}

// domainError converts a UTS #46 error into a *model.Error.
func domainError(domain string, err error) error {
	ue, ok := err.(*uts46.Error) // the usual case, without errors.As's reflection
	if !ok {
		var w *uts46.Error // on the heap (errors.As takes its address): only here
		ok = errors.As(err, &w)
		ue = w
	}
	if ok {
		return model.NewError(model.DomainToASCII, domain, ue.Offset, ue.Describe())
	}
	return model.NewError(model.DomainToASCII, domain, -1, err.Error())
}

// DomainToUnicode implements the WHATWG "domain to Unicode" (never fails per the standard
// except that it may report errors; return the result and an error if UTS46 reported one).
//
// This is WHATWG URL Standard §3.3 IDNA "domain to Unicode": UTS #46
// ToUnicode with CheckHyphens false, CheckBidi true, CheckJoiners true,
// UseSTD3ASCIIRules false and Nontransitional processing. When ToUnicode
// records an error the standard's result is domain itself, so that the domain
// parser and domain to Unicode round-trip on input such as "xn--8i7caa"; this
// function then returns domain and a *model.Error (code model.DomainToASCII)
// describing the error. A domain that is ASCII, lowercase and without "xn--"
// labels is returned as is, without allocating.
func DomainToUnicode(domain string) (string, error) {
	r, err := uts46.ToUnicode(domain, domainOptions)
	if err != nil {
		e := domainError(domain, err).(*model.Error)
		e.Reason = "domain to Unicode: " + e.Reason
		return domain, e
	}
	return r, nil
}
