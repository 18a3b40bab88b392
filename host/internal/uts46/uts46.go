// Package uts46 implements Unicode IDNA Compatibility Processing (Unicode
// Technical Standard #46, §4 Processing, §4.1 Validity Criteria, §4.2 ToASCII,
// §4.3 ToUnicode) as the WHATWG URL Standard's "domain to ASCII" and "domain to
// Unicode" use it: Nontransitional processing, IgnoreInvalidPunycode=false, with
// CheckHyphens, CheckBidi, CheckJoiners, UseSTD3ASCIIRules and VerifyDnsLength
// as options.
//
// The IDNA Mapping Table and the character properties the validity criteria
// need (General_Category=Mark, Canonical_Combining_Class=Virama, Joining_Type,
// Bidi_Class) are generated tables (tables.go) from the npm package tr46 6.0.0
// (Unicode 17.0.0; see gen.go and LICENSE-tr46): one Unicode version for the
// mapping and for normalisation (below), the version of the ICU in current
// browsers (ICU 78) and of the Unicode IdnaTestV2.txt the web-platform-tests
// IDNA data is generated from. (tr46 7.0.0, which jsdom's whatwg-url 17.3.0
// uses, has Unicode 18.0.0 mapping tables but normalises with node's ICU at
// Unicode 17: it accepts code points new in Unicode 18, such as CJK Extension J
// U+3E8AC, which browsers and this package reject as unassigned, V7.) golang.org/x/net/idna is
// not used: its tables follow the Go release (Unicode 15.0.0 before Go 1.27)
// and cannot be amended, and its Punycode coder is quadratic.
//
// Normalisation (NFC, step 2 and validity criterion 1) uses package nfc, whose
// tables are generated from Unicode Character Database 17.0.0 data, the
// version of the ICU in current browsers and Node.js (NFCVersion).
// golang.org/x/text/unicode/norm is not used: its tables are Unicode 15.0.0
// before Go 1.27, so combining marks added in Unicode 16 and 17 (e.g. U+1AE8,
// Tulu-Tigalari, Gurung Khema) were neither reordered nor composed as browsers
// do (http://a\u1AE8\u0326/ gave xn--a-1db953p where whatwg-url gives
// xn--a-1db063p), and it implements the Stream-Safe Text Format (it inserts
// U+034F after 30 non-starters), which is not NFC.
//
// Errors are reported with the status codes of the Unicode test file
// IdnaTestV2.txt (P4, V1-V7, U1, C1, C2, B1-B6, A3, A4_1, A4_2); processing
// stops at the first error.
package uts46

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/urlspec/urlspec/host/internal/nfc"
)

// NFCVersion is the Unicode version of the normalisation tables in use.
const NFCVersion = nfc.UnicodeVersion

// Options are the UTS #46 processing flags. Transitional_Processing is always
// false and IgnoreInvalidPunycode is always false.
type Options struct {
	CheckHyphens      bool
	CheckBidi         bool
	CheckJoiners      bool
	UseSTD3ASCIIRules bool
	VerifyDNSLength   bool
}

// Code names the step or criterion of UTS #46 that recorded an error, as the
// Unicode test file IdnaTestV2.txt names them.
type Code string

// Error codes.
const (
	P4   Code = "P4"   // a label starting with "xn--" is not ASCII, not valid Punycode, or decodes to nothing or to ASCII only
	V1   Code = "V1"   // a decoded label is not in NFC
	V2   Code = "V2"   // CheckHyphens: "--" in the third and fourth positions
	V3   Code = "V3"   // CheckHyphens: leading or trailing hyphen-minus
	V4   Code = "V4"   // a decoded label begins with "xn--"
	V5   Code = "V5"   // a decoded label contains a full stop
	V6   Code = "V6"   // the label begins with a combining mark
	V7   Code = "V7"   // a code point whose status is neither valid nor deviation
	U1   Code = "U1"   // UseSTD3ASCIIRules: an ASCII code point other than a-z, 0-9 and "-"
	C1   Code = "C1"   // CheckJoiners: U+200C ZERO WIDTH NON-JOINER out of context
	C2   Code = "C2"   // CheckJoiners: U+200D ZERO WIDTH JOINER out of context
	B1   Code = "B1"   // CheckBidi rule 1: first character not L, R or AL
	B2   Code = "B2"   // CheckBidi rule 2: RTL label with a character not R, AL, AN, EN, ES, CS, ET, ON, BN or NSM
	B3   Code = "B3"   // CheckBidi rule 3: RTL label not ending in R, AL, EN or AN (then NSM*)
	B4   Code = "B4"   // CheckBidi rule 4: RTL label with both EN and AN
	B5   Code = "B5"   // CheckBidi rule 5: LTR label with a character not L, EN, ES, CS, ET, ON, BN or NSM
	B6   Code = "B6"   // CheckBidi rule 6: LTR label not ending in L or EN (then NSM*)
	A3   Code = "A3"   // Punycode encoding failed (overflow)
	A4_1 Code = "A4_1" // VerifyDnsLength: domain name longer than 253 or empty
	A4_2 Code = "A4_2" // VerifyDnsLength: a label longer than 63 or empty
)

var codeText = map[Code]string{
	P4:   "invalid Punycode label",
	V1:   "label not in Normalization Form C",
	V2:   `label has "--" in the third and fourth positions`,
	V3:   "label begins or ends with a hyphen-minus",
	V4:   `decoded label begins with "xn--"`,
	V5:   "label contains a full stop",
	V6:   "label begins with a combining mark",
	V7:   "disallowed code point",
	U1:   "code point not allowed by UseSTD3ASCIIRules",
	C1:   "ZERO WIDTH NON-JOINER not allowed here (ContextJ)",
	C2:   "ZERO WIDTH JOINER not allowed here (ContextJ)",
	B1:   "Bidi rule 1: label must start with L, R or AL",
	B2:   "Bidi rule 2: character not allowed in a right-to-left label",
	B3:   "Bidi rule 3: right-to-left label must end with R, AL, EN or AN",
	B4:   "Bidi rule 4: right-to-left label mixes EN and AN",
	B5:   "Bidi rule 5: character not allowed in a left-to-right label",
	B6:   "Bidi rule 6: left-to-right label must end with L or EN",
	A3:   "Punycode encoding overflow",
	A4_1: "domain name empty or longer than 253",
	A4_2: "label empty or longer than 63",
}

// Error is the first error that processing recorded.
type Error struct {
	Code   Code
	Label  int // index of the label (0-based)
	Offset int // byte offset in the input where that label starts
}

// Error describes the error.
func (e *Error) Error() string {
	return "UTS #46 " + string(e.Code) + ": " + codeText[e.Code] + " (label " + strconv.Itoa(e.Label) + ")"
}

// Describe returns a short description of the error and the label it is
// in, counted from 1 ("V7: disallowed code point in label 2"): written into
// room of its size, with fewer instructions than the runtime's
// concatenation of the five parts takes (a host that fails is common
// input).
func (e *Error) Describe() string {
	text := codeText[e.Code]
	var b strings.Builder
	b.Grow(len(e.Code) + len(": ") + len(text) + len(" in label ") + 4) // grown again for label 10000 on
	b.WriteString(string(e.Code))
	b.WriteString(": ")
	b.WriteString(text)
	b.WriteString(" in label ")
	b.WriteString(strconv.Itoa(e.Label + 1))
	return b.String()
}

// aceLabel is an "xn--" label of the processed domain name, converted to
// Unicode: the other labels are their text in the mapped and normalised
// domain, and only these need a record.
type aceLabel struct {
	k          int32 // index of the label
	start, end int32 // bounds of its Unicode form in scratch.uni
}

type scratch struct {
	mapped []byte
	nfc    []byte
	uni    []byte     // the Unicode forms of the "xn--" labels
	ace    []aceLabel // the "xn--" labels
	out    []byte
	puny   punyScratch
	norm   nfc.Normalizer
}

// longDomain is the length above which process and punyEncode size their
// buffers once for the input rather than let append grow them (which for a
// domain of 10⁵ labels or code points costs more than the work itself: the
// copies and the fresh memory they touch).
const longDomain = 1024

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// maxPooled is the largest buffer a scratch may hold and still go back to
// the pool: 4 MiB, so that the work lists of a long domain (a host of 10⁵
// labels needs about 1 MB) are reused by the next one, as a short domain's
// are, instead of fresh memory every time (with 64 KiB, the cost per byte of
// such hosts grew 15–20× per 10× n in bench/scaling). The pool drops what
// two garbage collections find unused, so a large scratch is not kept for
// long after the last long domain.
const maxPooled = 1 << 22

func putScratch(s *scratch) {
	if cap(s.mapped) > maxPooled || cap(s.nfc) > maxPooled || cap(s.uni) > maxPooled ||
		cap(s.puny.runes) > maxPooled || cap(s.out) > maxPooled || s.norm.Footprint() > maxPooled || cap(s.puny.ops) > maxPooled ||
		cap(s.ace)*int(unsafe.Sizeof(aceLabel{})) > maxPooled {
		return
	}
	scratchPool.Put(s)
}

// ToASCII runs UTS #46 ToASCII (§4.2) on domain, a UTF-8 string whose invalid
// bytes count as U+FFFD, and returns the result or the first error recorded.
func ToASCII(domain string, opts Options) (string, error) {
	if r, ok := asciiFast(domain, opts); ok {
		return r, nil
	}
	s := scratchPool.Get().(*scratch)
	defer putScratch(s)
	out, err := s.process(s.out[:0], domain, opts, true)
	s.out = out
	if err != nil {
		return "", err
	}
	return string(out), nil
}

// AppendToASCII is like ToASCII but appends the result to dst.
func AppendToASCII(dst []byte, domain string, opts Options) ([]byte, error) {
	s := scratchPool.Get().(*scratch)
	defer putScratch(s)
	out, err := s.process(dst, domain, opts, true)
	if err != nil {
		return dst, err
	}
	return out, nil
}

// ToUnicode runs UTS #46 ToUnicode (§4.3) on domain. When an error is recorded
// it returns the empty string and the first error (callers that need the
// converted string despite errors do not exist in the URL Standard, which then
// uses the input).
func ToUnicode(domain string, opts Options) (string, error) {
	opts.VerifyDNSLength = false
	if r, ok := asciiFast(domain, opts); ok {
		return r, nil
	}
	s := scratchPool.Get().(*scratch)
	defer putScratch(s)
	out, err := s.process(s.out[:0], domain, opts, false)
	s.out = out
	if err != nil {
		return "", err
	}
	return string(out), nil
}

// asciiFast handles a domain made of lowercase ASCII letters, digits, "-" and
// "." (and, without UseSTD3ASCIIRules, other ASCII except uppercase letters)
// with no label starting with "xn--", for which processing is the identity when
// no error is recorded. It reports false when the full algorithm must run.
func asciiFast(domain string, opts Options) (string, bool) {
	labelStart := 0
	for i := 0; i <= len(domain); i++ {
		if i < len(domain) {
			c := domain[i]
			if c >= 0x80 || 'A' <= c && c <= 'Z' {
				return "", false
			}
			if opts.UseSTD3ASCIIRules && c != '.' && c != '-' && !('a' <= c && c <= 'z') && !('0' <= c && c <= '9') {
				return "", false
			}
			if c != '.' {
				continue
			}
		}
		lab := domain[labelStart:i]
		if len(lab) >= 4 && lab[0] == 'x' && lab[1] == 'n' && lab[2] == '-' && lab[3] == '-' {
			return "", false
		}
		if opts.CheckHyphens && len(lab) > 0 && (lab[0] == '-' || lab[len(lab)-1] == '-' || len(lab) >= 4 && lab[2] == '-' && lab[3] == '-') {
			return "", false
		}
		if opts.VerifyDNSLength && (len(lab) == 0 || len(lab) > 63) {
			return "", false
		}
		labelStart = i + 1
	}
	if opts.VerifyDNSLength && (len(domain) == 0 || len(domain) > 253) {
		return "", false
	}
	return domain, true
}

// mapRune appends the UTS #46 mapping (§4 step 1, Nontransitional) of r, read
// from src (size bytes; an invalid byte when r is RuneError and size is 1).
func mapRune(dst []byte, r rune, src string) []byte {
	p, run := lookup(r)
	switch p & statusMask {
	case statusMapped:
		return append(dst, mappingOf(run)...)
	case statusIgnored:
		return dst
	}
	if r == utf8.RuneError && len(src) == 1 {
		return append(dst, "\uFFFD"...)
	}
	return append(dst, src...)
}

// unmappedPrefix returns the length of the longest prefix of domain that
// mapping leaves as it is: no uppercase ASCII letter, no invalid byte, no
// code point whose status is mapped or ignored.
func unmappedPrefix(domain string) int {
	for i := 0; i < len(domain); {
		c := domain[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				return i
			}
			i++
			continue
		}
		if c-0xC2 < 0xE0-0xC2 && i+1 < len(domain) && domain[i+1]&0xC0 == 0x80 {
			// A two-byte sequence, decoded here and looked up in
			// lowLookup.
			if p := lowLookup[(rune(c&0x1F)<<6|rune(domain[i+1]&0x3F))&0x7FF] & statusMask; p == statusMapped || p == statusIgnored {
				return i
			}
			i += 2
			continue
		}
		r, size := nfc.DecodeRuneInString(domain[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		if p, _ := lookup(r); p&statusMask == statusMapped || p&statusMask == statusIgnored {
			return i
		}
		i += size
	}
	return len(domain)
}

// mapDomainFrom appends domain[:from], which must be unmapped, and the
// mapping of the rest.
func mapDomainFrom(dst []byte, domain string, from int) []byte {
	dst = append(dst, domain[:from]...)
	for i := from; i < len(domain); {
		c := domain[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		if c-0xC2 < 0xE0-0xC2 && i+1 < len(domain) && domain[i+1]&0xC0 == 0x80 {
			// A two-byte sequence (the scripts below U+0800), decoded
			// here and looked up in lowLookup: mapRune in line.
			v := lowLookup[(rune(c&0x1F)<<6|rune(domain[i+1]&0x3F))&0x7FF]
			switch v & statusMask {
			case statusMapped:
				dst = append(dst, mappingOf(int(v>>propBits))...)
			case statusIgnored:
			default:
				dst = append(dst, c, domain[i+1])
			}
			i += 2
			continue
		}
		r, size := nfc.DecodeRuneInString(domain[i:])
		dst = mapRune(dst, r, domain[i:i+size])
		i += size
	}
	return dst
}

// labelOffset returns the byte offset in domain of the start of label k of the
// mapped domain.
func labelOffset(domain string, k int) int {
	if k == 0 {
		return 0
	}
	var buf [64]byte
	dots := 0
	for i := 0; i < len(domain); {
		if c := domain[i]; c < utf8.RuneSelf {
			// An ASCII code point maps to a full stop only when it is one.
			i++
			if c == '.' {
				if dots++; dots >= k {
					return i
				}
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(domain[i:])
		m := mapRune(buf[:0], r, domain[i:i+size])
		i += size
		for _, c := range m {
			if c == '.' {
				dots++
			}
		}
		if dots >= k {
			return i
		}
	}
	return -1
}

// belowU0300 reports whether the UTF-8 text b has only code points below
// U+0300 (no lead byte from 0xCC on): such a text is in NFC, as each of
// these code points has canonical combining class 0 and no two of them
// compose (TestBelowU0300IsNFC checks every pair).
func belowU0300(b []byte) bool {
	for _, c := range b {
		if c >= 0xCC {
			return false
		}
	}
	return true
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func hasACEPrefix(b []byte) bool {
	return len(b) >= 4 && b[0] == 'x' && b[1] == 'n' && b[2] == '-' && b[3] == '-'
}

// labelEnd returns the end of the label of m that starts at start.
func labelEnd(m []byte, start int) int {
	if i := bytes.IndexByte(m[start:], '.'); i >= 0 {
		return start + i
	}
	return len(m)
}

// labelEnds finds the labels of m again in each pass of process: it keeps
// the ends of the first few labels (most domains have no more) from the
// first pass, and finds those of the others with labelEnd.
type labelEnds struct {
	n    int
	ends [16]int32
}

// end returns the end of label k, which starts at start.
func (e *labelEnds) end(m []byte, k, start int) int {
	if k < e.n {
		return int(e.ends[k])
	}
	end := labelEnd(m, start)
	if k == e.n && k < len(e.ends) {
		e.ends[k] = int32(end)
		e.n++
	}
	return end
}

// hasBidiRTL reports whether the UTF-8 text b has a character of Bidi class
// R, AL or AN. No code point below U+0590 (where the Hebrew block starts)
// has one (TestNoRTLBelowHebrew), so it skips without decoding every byte
// below 0xD6, the first lead byte of a code point from U+0580 on: ASCII,
// the Latin, Greek, Cyrillic and Armenian of two-byte sequences, and every
// continuation byte.
func hasBidiRTL(b []byte) bool {
	for i := 0; i < len(b); {
		if i+8 <= len(b) {
			// Eight bytes at a time: the high bit of a byte of m is set
			// when the byte is from 0x80 on and its low seven bits plus
			// 0x2A reach 0x80, that is when it is from 0xD6 on (the sum
			// stays in its byte).
			w := binary.LittleEndian.Uint64(b[i:])
			if m := w & ((w & 0x7F7F7F7F7F7F7F7F) + 0x2A2A2A2A2A2A2A2A) & 0x8080808080808080; m == 0 {
				i += 8
				continue
			} else {
				i += bits.TrailingZeros64(m) >> 3
			}
		}
		c := b[i]
		if c < 0xD6 {
			i++
			continue
		}
		if c&0xF0 == 0xE0 && i+2 < len(b) && b[i+1]&0xC0 == 0x80 && b[i+2]&0xC0 == 0x80 {
			// A three-byte sequence: its block of 64 code points (c's
			// low bits and the next byte's) is looked up in noRTL3 at
			// once, and only a block with such a code point decoded.
			if k := uint(c&0x0F)<<6 | uint(b[i+1]&0x3F); noRTL3[k>>6]>>(k&63)&1 != 0 {
				i += 3
				continue
			}
		}
		r, size := nfc.DecodeRune(b[i:])
		i += size
		if c := bidiOf(propsOf(r)); c == bidiRAL || c == bidiAN {
			return true
		}
	}
	return false
}

// noRTL3 has the bit k&63 of noRTL3[k>>6] set when no code point from
// k<<6 to k<<6+63 (k < 1024: the code points of three-byte sequences and
// below) has Bidi class R, AL or AN: most blocks of Indic scripts, CJK and
// Hangul, not U+0800-U+08FF (Samaritan, Mandaic, Arabic Extended), the
// block of U+200F RIGHT-TO-LEFT MARK or the Hebrew and Arabic presentation
// forms.
var noRTL3 = func() (t [16]uint64) {
	for k := 0; k < 1024; k++ {
		ok := true
		for r := rune(k << 6); r < rune(k<<6+64); r++ {
			if c := bidiOf(propsOf(r)); c == bidiRAL || c == bidiAN {
				ok = false
				break
			}
		}
		if ok {
			t[k>>6] |= 1 << (k & 63)
		}
	}
	return t
}()

// failAt returns the error of code for label k of domain. It is out of
// line: process, which every parse of a non-ASCII host runs, keeps its
// code for the usual path small.
//
//go:noinline
func failAt(domain string, code Code, k int) *Error {
	return &Error{Code: code, Label: k, Offset: labelOffset(domain, k)}
}

// process runs UTS #46 §4 Processing and then, when toASCII, §4.2 ToASCII steps
// 2 and 3, appending the result to dst. It stops at the first error.
//
// The labels are those of the mapped and normalised domain m; each pass
// finds them again by its full stops, and only the "xn--" labels, converted
// to Unicode, are kept aside (in s.uni and s.ace): for the other labels the
// Unicode form is their text in m. So the memory a long domain needs is m
// and the result, and no record per label.
func (s *scratch) process(dst []byte, domain string, opts Options, toASCII bool) ([]byte, *Error) {
	// 1. Map. 2. Normalise. A domain that mapping leaves as it is is read
	// in place (m is only read), a long one with no copy.
	var m []byte
	if k := unmappedPrefix(domain); k == len(domain) {
		m = unsafe.Slice(unsafe.StringData(domain), len(domain))
	} else {
		// Size the buffer for the input once, so that a long domain costs
		// one allocation rather than a series of growing copies.
		if n := len(domain) + len(domain)/8 + 16; cap(s.mapped) < n {
			s.mapped = make([]byte, 0, n)
		}
		s.mapped = mapDomainFrom(s.mapped[:0], domain, k)
		m = s.mapped
	}
	if !belowU0300(m) {
		if !nfc.QuickCheck(m) {
			s.nfc = s.norm.Append(s.nfc[:0], m)
			m = s.nfc
		}
	}
	// 3. Break into labels. 4. Convert "xn--" labels.
	uni, ace := s.uni[:0], s.ace[:0]
	toEncode := 0 // labels with non-ASCII, for ToASCII's estimate
	var ends labelEnds
	for start, k := 0, 0; start <= len(m); k++ {
		end := ends.end(m, k, start)
		lab := m[start:end]
		if !hasACEPrefix(lab) {
			if len(m) > longDomain && !isASCII(lab) {
				toEncode++
			}
		} else {
			if !isASCII(lab) {
				s.uni, s.ace = uni, ace
				return dst, failAt(domain, P4, k)
			}
			l := aceLabel{k: int32(k), start: int32(len(uni))}
			var ok bool
			uni, ok = punyDecode(uni, lab[4:], &s.puny)
			if !ok || len(uni) == int(l.start) || isASCII(uni[l.start:]) {
				s.uni, s.ace = uni, ace
				return dst, failAt(domain, P4, k)
			}
			l.end = int32(len(uni))
			ace = append(ace, l)
		}
		start = end + 1
	}
	s.uni, s.ace = uni, ace

	// A Bidi domain name has a character of class R, AL or AN: in m outside
	// its "xn--" labels (which are ASCII) or in their Unicode forms.
	isBidi := opts.CheckBidi && (hasBidiRTL(m) || hasBidiRTL(uni))
	// labelText returns label k, which starts at start and ends at end in
	// m, in Unicode, and whether it was an "xn--" label; next is the index
	// in ace of the first "xn--" label from k on.
	labelText := func(k, start, end int, next *int) ([]byte, bool) {
		if *next < len(ace) && int(ace[*next].k) == k {
			l := ace[*next]
			*next++
			return uni[l.start:l.end], true
		}
		return m[start:end], false
	}
	next := 0
	for start, k := 0, 0; start <= len(m); k++ {
		end := ends.end(m, k, start)
		lab, puny := labelText(k, start, end, &next)
		if code := s.validate(lab, puny, opts, isBidi); code != "" {
			return dst, failAt(domain, code, k)
		}
		start = end + 1
	}
	if !toASCII {
		next = 0
		for start, k := 0, 0; start <= len(m); k++ {
			if k > 0 {
				dst = append(dst, '.')
			}
			end := ends.end(m, k, start)
			lab, _ := labelText(k, start, end, &next)
			dst = append(dst, lab...)
			start = end + 1
		}
		return dst, nil
	}

	// ToASCII 2: convert labels with non-ASCII to Punycode. For a long
	// domain, dst grows once to an estimate of the result: the domain, with
	// "xn--" for each label to encode and half a byte more for each of their
	// bytes (a code point of two to four bytes takes one to five Punycode
	// digits, mostly one to three; the estimate is not a bound, append grows
	// dst further if need be).
	if len(m) > longDomain {
		dst = slices.Grow(dst, len(m)+4*toEncode+len(m)/2)
	}
	base := len(dst)
	next = 0
	for start, k := 0, 0; start <= len(m); k++ {
		if k > 0 {
			dst = append(dst, '.')
		}
		end := ends.end(m, k, start)
		lab, puny := labelText(k, start, end, &next)
		switch {
		case puny:
			// Encoding a decoded label gives back the (lowercased) original:
			// Punycode has one encoding per string.
			dst = append(dst, m[start:end]...)
		case isASCII(lab):
			dst = append(dst, lab...)
		default:
			dst = append(dst, "xn--"...)
			var ok bool
			dst, ok = punyEncode(dst, lab, &s.puny)
			if !ok {
				return dst[:base], failAt(domain, A3, k)
			}
		}
		start = end + 1
	}
	// ToASCII 3: VerifyDnsLength.
	if opts.VerifyDNSLength {
		if n := len(dst) - base; n == 0 || n > 253 {
			return dst[:base], failAt(domain, A4_1, 0)
		}
		k, n := 0, 0
		for _, c := range dst[base:] {
			if c != '.' {
				n++
				continue
			}
			if n == 0 || n > 63 {
				return dst[:base], failAt(domain, A4_2, k)
			}
			k++
			n = 0
		}
		if n == 0 || n > 63 {
			return dst[:base], failAt(domain, A4_2, k)
		}
	}
	return dst, nil
}

// validate checks the Validity Criteria (§4.1) for one label and returns the
// code of the first one violated, or "".
func (s *scratch) validate(lab []byte, puny bool, opts Options, isBidi bool) Code {
	if len(lab) == 0 {
		return ""
	}
	// 1. NFC (labels not from Punycode come out of step 2 normalised).
	if puny && !s.norm.IsNormal(lab) {
		return V1
	}
	if opts.CheckHyphens {
		// 2. No "--" in the third and fourth code point positions.
		var cps [4]rune
		n := 0
		for i := 0; i < len(lab) && n < 4; n++ {
			r, size := utf8.DecodeRune(lab[i:])
			cps[n] = r
			i += size
		}
		if n == 4 && cps[2] == '-' && cps[3] == '-' {
			return V2
		}
		// 3. No leading or trailing hyphen-minus.
		if lab[0] == '-' || lab[len(lab)-1] == '-' {
			return V3
		}
	} else if puny && hasACEPrefix(lab) {
		// 4. Without CheckHyphens, no "xn--" prefix.
		return V4
	}
	if puny {
		// 5. No full stop.
		for _, c := range lab {
			if c == '.' {
				return V5
			}
		}
	}
	first, _ := nfc.DecodeRune(lab)
	firstProps := propsOf(first)
	// 6. Must not begin with a combining mark.
	if firstProps&propMark != 0 {
		return V6
	}
	rtl := bidiOf(firstProps) == bidiRAL
	var hasEN, hasAN, badRTL, badLTR bool
	last := uint32(bidiOther) // class of the last character that is not NSM
	for i := 0; i < len(lab); {
		var r rune
		var p uint32
		size := 1
		if c := lab[i]; c < utf8.RuneSelf {
			r = rune(c)
			p = asciiProps(c)
		} else if c-0xC2 < 0xE0-0xC2 && i+1 < len(lab) && lab[i+1]&0xC0 == 0x80 {
			// A two-byte sequence (the scripts below U+0800), decoded
			// here and looked up in lowLookup.
			r = rune(c&0x1F)<<6 | rune(lab[i+1]&0x3F)
			p = lowLookup[r&0x7FF] & propMask
			size = 2
		} else {
			r, size = nfc.DecodeRune(lab[i:])
			p = propsOf(r)
		}
		// 7. Status valid or deviation (Nontransitional).
		if st := p & statusMask; st != statusValid && st != statusDeviation {
			return V7
		}
		if opts.UseSTD3ASCIIRules && r < utf8.RuneSelf && r != '-' && !('a' <= r && r <= 'z') && !('0' <= r && r <= '9') {
			return U1
		}
		// 8. ContextJ (RFC 5892 Appendix A.1 and A.2).
		if opts.CheckJoiners && (r == 0x200C || r == 0x200D) {
			if !joinerOK(lab, i, r) {
				if r == 0x200C {
					return C1
				}
				return C2
			}
		}
		if isBidi {
			switch b := bidiOf(p); b {
			case bidiL:
				badRTL = true
			case bidiRAL:
				badLTR = true
			case bidiAN:
				hasAN = true
				badLTR = true
			case bidiEN:
				hasEN = true
			case bidiOther:
				badRTL, badLTR = true, true
			}
			if b := bidiOf(p); b != bidiNSM {
				last = b
			}
		}
		i += size
	}
	// 9. CheckBidi (RFC 5893 Section 2) for labels of a Bidi domain name.
	if opts.CheckBidi && isBidi {
		switch b := bidiOf(firstProps); {
		case rtl:
			if badRTL {
				return B2
			}
			if last != bidiRAL && last != bidiEN && last != bidiAN {
				return B3
			}
			if hasEN && hasAN {
				return B4
			}
		case b == bidiL:
			if badLTR {
				return B5
			}
			if last != bidiL && last != bidiEN {
				return B6
			}
		default:
			return B1
		}
	}
	return ""
}

// asciiProps returns the property bits of an ASCII code point.
func asciiProps(c byte) uint32 { return asciiPropTable[c] }

var asciiPropTable = func() (t [utf8.RuneSelf]uint32) {
	for c := range t {
		t[c] = propsOf(rune(c))
	}
	return t
}()

// joinerOK reports whether the ZERO WIDTH (NON-)JOINER r at byte i of lab
// satisfies its ContextJ rule: after a virama, or, for U+200C, between a
// character of Joining_Type L or D and one of Joining_Type R or D with only
// Joining_Type T characters in between.
func joinerOK(lab []byte, i int, r rune) bool {
	if i == 0 {
		return false
	}
	prev, _ := utf8.DecodeLastRune(lab[:i])
	if propsOf(prev)&propVirama != 0 {
		return true
	}
	if r != 0x200C {
		return false
	}
	okL := false
	for j := i; j > 0; {
		q, size := utf8.DecodeLastRune(lab[:j])
		p := propsOf(q)
		if p&propJoinT != 0 {
			j -= size
			continue
		}
		okL = p&propJoinL != 0
		break
	}
	if !okL {
		return false
	}
	for j := i + utf8.RuneLen(r); j < len(lab); {
		q, size := utf8.DecodeRune(lab[j:])
		p := propsOf(q)
		if p&propJoinT != 0 {
			j += size
			continue
		}
		return p&propJoinR != 0
	}
	return false
}
