// Package charset is the encoding override of the WHATWG URL Standard: the
// legacy encodings (Shift_JIS, windows-1252, GBK, …) that HTML uses for the
// query of an URL in a document in such an encoding, and for form
// submission (URL Standard §URL parsing, the basic URL parser's encoding
// argument; §application/x-www-form-urlencoded serializing; the Encoding
// Standard at encoding.spec.whatwg.org). The URL specification allows the
// override for the query only (§Percent Encoding).
//
// It is a package of its own so that programs that only need UTF-8 — all
// of the urlspec package — do not link the encoders' tables
// (golang.org/x/text/encoding). Import it only where a legacy encoding is
// needed.
package charset

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/transform"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/model"
)

// This file implements the query encoding override: the WHATWG standard's
// "percent-encode after encoding" (URL Standard §Percent-encoded bytes) with
// an encoding other than UTF-8 (spec §Percent Encoding: "the encoding
// override, which is only allowed for the query").
//
// The encoders are those of the Encoding Standard. Their mapping tables come
// from golang.org/x/text (generated from the Encoding Standard's indexes); the
// steps of each encoder that x/text does not implement are implemented here:
//
//   - ISO-2022-JP: the Roman state (U+00A5, U+203E), halfwidth katakana
//     written as fullwidth JIS X 0208, U+2212 as U+FF0D, and U+000E, U+000F
//     and U+001B as errors;
//   - Shift_JIS and EUC-JP: U+00A5, U+203E, U+2212 and halfwidth katakana
//     (and U+0080 for Shift_JIS); "index Shift_JIS pointer" excludes the
//     pointers 8272 to 8835 (NEC-selected IBM extensions);
//   - Big5: "index Big5 pointer" excludes the HKSCS pointers below 5024 and
//     takes the first pointer, except the last for U+2550, U+255E, U+2561,
//     U+256A, U+5341 and U+5345;
//   - gb18030 and GBK: U+E5E5 is an error, U+E7C7 is four bytes (ranges
//     pointer 7457), 0xA8 0xBC is U+1E3F, the user-defined areas map to
//     U+E000–U+E765, and the GB18030-2022 mappings (Encoding Standard PR
//     #336: U+FE10–U+FE19 and U+9FB4–U+9FBB two-byte, and their former PUA
//     code points encoded to the same bytes);
//   - x-user-defined: U+F780–U+F7FF to 0x80–0xFF;
//   - single-byte encodings: the C1 controls that the indexes map to bytes
//     0x80–0x9F of the same value (x/text drops them on purpose).
//
// Known difference: x/text's GBK table lacks the Encoding Standard's
// private-use mappings in the GBK area (U+E766–U+E864, other than the
// GB18030-2022 ones above); gb18030 encodes those code points with four
// bytes and GBK reports them as unmappable.

// UnknownEncoding is the code of Lookup's error: the label is not
// one of the Encoding Standard's labels.
const UnknownEncoding model.Code = "unknown-encoding"

// Encoding is an encoding of the Encoding Standard used as a query encoding
// override (URL Standard §URL parsing, the basic URL parser's encoding
// argument). Encodings are immutable; a nil *Encoding means UTF-8.
type Encoding struct {
	name string
	kind encodingKind
	x    encoding.Encoding
	// c1 marks the bytes 0x80–0x9F that x/text leaves undecoded in a
	// single-byte encoding: the Encoding Standard's index maps them to the
	// C1 control of the same value, which x/text drops on purpose.
	c1 [32]bool
}

type encodingKind uint8

const (
	kindUTF8       encodingKind = iota
	kindSingleByte              // x/text's table, plus the C1 controls
	kindEUCKR                   // x/text's table
	kindUserDefined
	kindGB18030
	kindGBK
	kindBig5
	kindEUCJP
	kindISO2022JP
	kindShiftJIS
	kindUTF16BE
	kindUTF16LE
	kindReplacement
)

// Name returns the encoding's name as the Encoding Standard writes it, e.g.
// "UTF-8", "Shift_JIS" or "windows-1252".
func (e *Encoding) Name() string {
	if e == nil {
		return "UTF-8"
	}
	return e.name
}

// IsUTF8 reports whether e is UTF-8 (or nil), the only encoding the URL
// Standard allows outside the query (spec §Percent Encoding).
func (e *Encoding) IsUTF8() bool { return e == nil || e.kind == kindUTF8 }

// Output implements "get an output encoding" (Encoding Standard): UTF-8 for
// the replacement encoding, UTF-16BE and UTF-16LE; e otherwise.
func (e *Encoding) Output() *Encoding {
	if e == nil {
		return utf8Encoding
	}
	switch e.kind {
	case kindReplacement, kindUTF16BE, kindUTF16LE:
		return utf8Encoding
	}
	return e
}

var utf8Encoding = &Encoding{name: "UTF-8", kind: kindUTF8}

// UTF8 returns the UTF-8 encoding (Encoding Standard), the default of
// every URL Standard algorithm.
func UTF8() *Encoding { return utf8Encoding }

// standardNames maps x/text's lower-case names to the Encoding Standard's.
var standardNames = map[string]string{
	"utf-8": "UTF-8", "ibm866": "IBM866", "koi8-r": "KOI8-R", "koi8-u": "KOI8-U",
	"gbk": "GBK", "gb18030": "gb18030", "big5": "Big5", "euc-jp": "EUC-JP",
	"iso-2022-jp": "ISO-2022-JP", "shift_jis": "Shift_JIS", "euc-kr": "EUC-KR",
	"utf-16be": "UTF-16BE", "utf-16le": "UTF-16LE", "iso-8859-8-i": "ISO-8859-8-I",
}

var (
	encodingsMu sync.Mutex
	encodings   = map[string]*Encoding{}
)

// Lookup implements "get an encoding" (Encoding Standard): it
// returns the encoding whose label is label, ignoring ASCII case and leading
// and trailing ASCII whitespace, or an *urlspec.Error with code
// UnknownEncoding.
func Lookup(label string) (*Encoding, error) {
	x, err := htmlindex.Get(strings.Trim(label, "\t\n\f\r "))
	if err != nil {
		return nil, &urlspec.Error{Code: UnknownEncoding, Input: label, Offset: -1, Reason: "not a label of the Encoding Standard"}
	}
	lower, err := htmlindex.Name(x)
	if err != nil {
		return nil, &urlspec.Error{Code: UnknownEncoding, Input: label, Offset: -1, Reason: "not a label of the Encoding Standard"}
	}
	if lower == "utf-8" {
		return utf8Encoding, nil
	}
	encodingsMu.Lock()
	defer encodingsMu.Unlock()
	if e, ok := encodings[lower]; ok {
		return e, nil
	}
	name := lower
	if n, ok := standardNames[lower]; ok {
		name = n
	} else if strings.HasPrefix(lower, "iso-8859-") {
		name = strings.ToUpper(lower)
	}
	e := &Encoding{name: name, x: x}
	switch lower {
	case "x-user-defined":
		e.kind = kindUserDefined
	case "gb18030":
		e.kind = kindGB18030
	case "gbk":
		e.kind = kindGBK
	case "big5":
		e.kind = kindBig5
	case "euc-jp":
		e.kind = kindEUCJP
	case "iso-2022-jp":
		e.kind = kindISO2022JP
	case "shift_jis":
		e.kind = kindShiftJIS
	case "utf-16be":
		e.kind = kindUTF16BE
	case "utf-16le":
		e.kind = kindUTF16LE
	case "replacement":
		e.kind = kindReplacement
	case "euc-kr":
		e.kind = kindEUCKR
	default:
		e.kind = kindSingleByte
		d := x.NewDecoder()
		for b := range e.c1 {
			if r, ok := decodeOne(d, []byte{byte(0x80 + b)}); !ok || r == utf8.RuneError {
				e.c1[b] = true
			}
		}
	}
	encodings[lower] = e
	return e, nil
}

// EncodeAfterEncoding returns s percent-encoded after encoding (URL
// Standard §Percent-encoded bytes; see AppendEncodedAfterEncoding).
func EncodeAfterEncoding(s string, set *encodeprofile.Set, enc *Encoding) string {
	return string(AppendEncodedAfterEncoding(make([]byte, 0, len(s)+len(s)/2), s, set, enc))
}

// AppendEncodedAfterEncoding implements "percent-encode after encoding"
// (URL Standard §Percent-encoded bytes): s is encoded with the output
// encoding of enc (nil is UTF-8); each resulting byte is appended as is
// when its isomorphic code point is not in set and percent-encoded
// otherwise; a code point that enc cannot encode is appended as
// "%26%23" + its decimal value + "%3B" (an HTML character reference,
// percent-encoded). With encodeprofile.FormSet a space is written as '+'. A byte of s
// that is not valid UTF-8 reads as U+FFFD. Unlike the profile sets, set may
// contain '%' (encodeprofile.ComponentSet and FormSet do).
func AppendEncodedAfterEncoding(dst []byte, s string, set *encodeprofile.Set, enc *Encoding) []byte {
	spaceAsPlus := set == encodeprofile.FormSet()
	enc = enc.Output()
	if enc.kind == kindUTF8 && !spaceAsPlus {
		return encodeprofile.AppendEncoded(dst, s, set)
	}
	c := newEncoder(enc)
	var buf [16]byte
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		out, ok := c.encode(buf[:0], r)
		dst = appendBytes(dst, out, set, spaceAsPlus)
		if !ok {
			if c.e.kind == kindISO2022JP && (r == 0x0E || r == 0x0F || r == 0x1B) {
				r = utf8.RuneError // the ISO-2022-JP encoder's "error with U+FFFD"
			}
			dst = append(dst, "%26%23"...)
			dst = strconv.AppendInt(dst, int64(r), 10)
			dst = append(dst, "%3B"...)
		}
	}
	return appendBytes(dst, c.end(buf[:0]), set, spaceAsPlus)
}

func appendBytes(dst, b []byte, set *encodeprofile.Set, spaceAsPlus bool) []byte {
	for _, c := range b {
		switch {
		case spaceAsPlus && c == ' ':
			dst = append(dst, '+')
		case set.Contains(c):
			dst = append(dst, '%', upperhex[c>>4], upperhex[c&15])
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// encoder is one run of an Encoding Standard encoder over a string: it holds
// the ISO-2022-JP state and the x/text transformer.
type encoder struct {
	e     *Encoding
	t     transform.Transformer
	state uint8 // ISO-2022-JP: jpASCII, jpRoman or jpJIS0208
}

const (
	jpASCII uint8 = iota
	jpRoman
	jpJIS0208
)

func newEncoder(e *Encoding) encoder {
	c := encoder{e: e}
	if e.kind == kindSingleByte || e.kind == kindEUCKR || e.kind == kindGB18030 || e.kind == kindGBK {
		c.t = e.x.NewEncoder()
	}
	return c
}

// encode appends the bytes the encoder returns for r; ok is false when it
// returns an error (the bytes appended before the error are kept, as the
// ISO-2022-JP encoder switches back to ASCII first).
func (c *encoder) encode(dst []byte, r rune) ([]byte, bool) {
	switch c.e.kind {
	case kindUTF8:
		return utf8.AppendRune(dst, r), true
	case kindSingleByte:
		if r < 0x80 {
			return append(dst, byte(r)), true
		}
		if out, ok := c.xtext(dst, r); ok {
			return out, true
		}
		if r < 0xA0 && c.e.c1[r-0x80] {
			return append(dst, byte(r)), true
		}
		return dst, false
	case kindEUCKR:
		if r < 0x80 {
			return append(dst, byte(r)), true
		}
		return c.xtext(dst, r)
	case kindUserDefined:
		switch {
		case r < 0x80:
			return append(dst, byte(r)), true
		case r >= 0xF780 && r <= 0xF7FF:
			return append(dst, byte(r-0xF780+0x80)), true
		}
		return dst, false
	case kindGB18030, kindGBK:
		return c.gb18030(dst, r)
	case kindBig5:
		if r < 0x80 {
			return append(dst, byte(r)), true
		}
		p, ok := big5Pointer(r)
		if !ok {
			return dst, false
		}
		lead, trail := p/157+0x81, p%157
		if trail < 0x3f {
			trail += 0x40
		} else {
			trail += 0x62
		}
		return append(dst, byte(lead), byte(trail)), true
	case kindEUCJP:
		return eucJP(dst, r)
	case kindISO2022JP:
		return c.iso2022JP(dst, r)
	case kindShiftJIS:
		return shiftJIS(dst, r)
	}
	return utf8.AppendRune(dst, r), true
}

// end appends what the encoder returns at the end of the input: the
// ISO-2022-JP encoder returns to the ASCII state.
func (c *encoder) end(dst []byte) []byte {
	if c.e.kind == kindISO2022JP && c.state != jpASCII {
		c.state = jpASCII
		dst = append(dst, 0x1b, '(', 'B')
	}
	return dst
}

// xtext encodes r with the x/text encoder; ok is false when x/text reports
// that r is not in the encoding's repertoire.
func (c *encoder) xtext(dst []byte, r rune) ([]byte, bool) {
	var src [utf8.UTFMax]byte
	var out [8]byte
	n := utf8.EncodeRune(src[:], r)
	c.t.Reset()
	nDst, nSrc, err := c.t.Transform(out[:], src[:n], true)
	if err != nil || nSrc != n || nDst == 0 {
		return dst, false
	}
	return append(dst, out[:nDst]...), true
}

// gb18030Map2022 holds the GB18030-2022 two-byte mappings the Encoding
// Standard adopted (PR #336): U+FE10–U+FE19 and U+9FB4–U+9FBB, and the
// private-use code points they replaced, encoded to the same bytes.
var gb18030Map2022 = map[rune]uint16{
	0xFE10: 0xA6D9, 0xFE12: 0xA6DA, 0xFE11: 0xA6DB, 0xFE13: 0xA6DC, 0xFE14: 0xA6DD,
	0xFE15: 0xA6DE, 0xFE16: 0xA6DF, 0xFE17: 0xA6EC, 0xFE18: 0xA6ED, 0xFE19: 0xA6F3,
	0x9FB4: 0xFE59, 0x9FB5: 0xFE61, 0x9FB6: 0xFE66, 0x9FB7: 0xFE67, 0x9FB8: 0xFE6D,
	0x9FB9: 0xFE7E, 0x9FBA: 0xFE90, 0x9FBB: 0xFEA0,
	0xE78D: 0xA6D9, 0xE78E: 0xA6DA, 0xE78F: 0xA6DB, 0xE790: 0xA6DC, 0xE791: 0xA6DD,
	0xE792: 0xA6DE, 0xE793: 0xA6DF, 0xE794: 0xA6EC, 0xE795: 0xA6ED, 0xE796: 0xA6F3,
	0xE81E: 0xFE59, 0xE826: 0xFE61, 0xE82B: 0xFE66, 0xE82C: 0xFE67, 0xE832: 0xFE6D,
	0xE843: 0xFE7E, 0xE854: 0xFE90, 0xE864: 0xFEA0,
}

// gb18030 implements the gb18030 encoder (Encoding Standard), with is GBK
// set for GBK.
func (c *encoder) gb18030(dst []byte, r rune) ([]byte, bool) {
	gbk := c.e.kind == kindGBK
	switch {
	case r < 0x80:
		return append(dst, byte(r)), true
	case r == 0xE5E5:
		return dst, false
	case gbk && r == 0x20AC:
		return append(dst, 0x80), true
	case r == 0x1E3F:
		return append(dst, 0xA8, 0xBC), true
	case r >= 0xE000 && r <= 0xE765:
		// The user-defined areas, in index gb18030 order: 0xAA–0xAF and
		// 0xF8–0xFE with trail 0xA1–0xFE, then 0xA1–0xA7 with trail
		// 0x40–0xA0 (no 0x7F).
		i := int(r - 0xE000)
		switch {
		case i < 6*94:
			return append(dst, byte(0xAA+i/94), byte(0xA1+i%94)), true
		case i < 13*94:
			i -= 6 * 94
			return append(dst, byte(0xF8+i/94), byte(0xA1+i%94)), true
		}
		i -= 13 * 94
		t := byte(0x40 + i%96)
		if t >= 0x7F {
			t++
		}
		return append(dst, byte(0xA1+i/96), t), true
	}
	if b, ok := gb18030Map2022[r]; ok {
		return append(dst, byte(b>>8), byte(b)), true
	}
	if r == 0xE7C7 {
		if gbk {
			return dst, false
		}
		return append(dst, 0x81, 0x35, 0xF4, 0x37), true
	}
	out, ok := c.xtext(dst, r)
	if !ok || gbk && len(out)-len(dst) != 2 {
		return dst, false
	}
	return out, true
}

// iso2022JPKatakana is index ISO-2022-JP katakana: the fullwidth katakana
// for U+FF61–U+FF9F.
var iso2022JPKatakana = [63]uint16{
	0x3002, 0x300C, 0x300D, 0x3001, 0x30FB, 0x30F2, 0x30A1, 0x30A3, 0x30A5, 0x30A7,
	0x30A9, 0x30E3, 0x30E5, 0x30E7, 0x30C3, 0x30FC, 0x30A2, 0x30A4, 0x30A6, 0x30A8,
	0x30AA, 0x30AB, 0x30AD, 0x30AF, 0x30B1, 0x30B3, 0x30B5, 0x30B7, 0x30B9, 0x30BB,
	0x30BD, 0x30BF, 0x30C1, 0x30C4, 0x30C6, 0x30C8, 0x30CA, 0x30CB, 0x30CC, 0x30CD,
	0x30CE, 0x30CF, 0x30D2, 0x30D5, 0x30D8, 0x30DB, 0x30DE, 0x30DF, 0x30E0, 0x30E1,
	0x30E2, 0x30E4, 0x30E6, 0x30E8, 0x30E9, 0x30EA, 0x30EB, 0x30EC, 0x30ED, 0x30EF,
	0x30F3, 0x309B, 0x309C,
}

// iso2022JP implements the ISO-2022-JP encoder (Encoding Standard), a loop
// instead of "restore code point to ioQueue".
func (c *encoder) iso2022JP(dst []byte, r rune) ([]byte, bool) {
	for {
		if c.state != jpJIS0208 && (r == 0x0E || r == 0x0F || r == 0x1B) {
			return dst, false // error with U+FFFD
		}
		if c.state == jpASCII && r < 0x80 {
			return append(dst, byte(r)), true
		}
		if c.state == jpRoman && (r < 0x80 && r != 0x5C && r != 0x7E || r == 0xA5 || r == 0x203E) {
			switch r {
			case 0xA5:
				return append(dst, 0x5C), true
			case 0x203E:
				return append(dst, 0x7E), true
			}
			return append(dst, byte(r)), true
		}
		if r < 0x80 {
			c.state = jpASCII
			dst = append(dst, 0x1b, '(', 'B')
			continue
		}
		if r == 0xA5 || r == 0x203E {
			c.state = jpRoman
			dst = append(dst, 0x1b, '(', 'J')
			continue
		}
		cp := r
		if cp == 0x2212 {
			cp = 0xFF0D
		}
		if cp >= 0xFF61 && cp <= 0xFF9F {
			cp = rune(iso2022JPKatakana[cp-0xFF61])
		}
		p, ok := jis0208Pointer(cp)
		if !ok || p >= 94*94 {
			if c.state == jpJIS0208 {
				c.state = jpASCII
				dst = append(dst, 0x1b, '(', 'B')
				continue
			}
			return dst, false
		}
		if c.state != jpJIS0208 {
			c.state = jpJIS0208
			dst = append(dst, 0x1b, '$', 'B')
		}
		return append(dst, byte(p/94+0x21), byte(p%94+0x21)), true
	}
}

// eucJP implements the EUC-JP encoder (Encoding Standard).
func eucJP(dst []byte, r rune) ([]byte, bool) {
	switch {
	case r < 0x80:
		return append(dst, byte(r)), true
	case r == 0xA5:
		return append(dst, 0x5C), true
	case r == 0x203E:
		return append(dst, 0x7E), true
	case r >= 0xFF61 && r <= 0xFF9F:
		return append(dst, 0x8E, byte(r-0xFF61+0xA1)), true
	case r == 0x2212:
		r = 0xFF0D
	}
	p, ok := jis0208Pointer(r)
	if !ok || p >= 94*94 {
		return dst, false
	}
	return append(dst, byte(p/94+0xA1), byte(p%94+0xA1)), true
}

// shiftJIS implements the Shift_JIS encoder (Encoding Standard).
func shiftJIS(dst []byte, r rune) ([]byte, bool) {
	switch {
	case r <= 0x80:
		return append(dst, byte(r)), true
	case r == 0xA5:
		return append(dst, 0x5C), true
	case r == 0x203E:
		return append(dst, 0x7E), true
	case r >= 0xFF61 && r <= 0xFF9F:
		return append(dst, byte(r-0xFF61+0xA1)), true
	case r == 0x2212:
		r = 0xFF0D
	}
	p, ok := shiftJISPointer(r)
	if !ok {
		return dst, false
	}
	lead, trail := p/188, p%188
	if lead < 0x1F {
		lead += 0x81
	} else {
		lead += 0xC1
	}
	if trail < 0x3F {
		trail += 0x40
	} else {
		trail += 0x41
	}
	return append(dst, byte(lead), byte(trail)), true
}

// The reverse indexes, built once from x/text's decoders (whose tables are
// the Encoding Standard's index jis0208 and index Big5).
var (
	jisOnce   sync.Once
	jisFirst  map[rune]uint16 // index pointer in index jis0208
	jisShift  map[rune]uint16 // index Shift_JIS pointer
	big5Once  sync.Once
	big5Index map[rune]uint16 // index Big5 pointer
)

// decodeOne decodes b with d; ok is false unless the result is one code
// point other than U+FFFD.
func decodeOne(d *encoding.Decoder, b []byte) (rune, bool) {
	var out [16]byte
	n, _, err := d.Transform(out[:], b, true)
	d.Reset()
	if err != nil || n == 0 {
		return 0, false
	}
	r, size := utf8.DecodeRune(out[:n])
	if size != n || r == utf8.RuneError {
		return 0, false
	}
	return r, true
}

func buildJIS() {
	jisFirst = make(map[rune]uint16, 7200)
	jisShift = make(map[rune]uint16, 7200)
	d := japanese.ShiftJIS.NewDecoder()
	for p := 0; p < 11280; p++ {
		if p >= 8836 && p < 10716 {
			continue // user-defined area: no index entries
		}
		lead, trail := p/188, p%188
		if lead < 0x1F {
			lead += 0x81
		} else {
			lead += 0xC1
		}
		if trail < 0x3F {
			trail += 0x40
		} else {
			trail += 0x41
		}
		r, ok := decodeOne(d, []byte{byte(lead), byte(trail)})
		if !ok || r < 0x80 {
			continue
		}
		if _, seen := jisFirst[r]; !seen {
			jisFirst[r] = uint16(p)
		}
		if _, seen := jisShift[r]; !seen && (p < 8272 || p > 8835) {
			jisShift[r] = uint16(p)
		}
	}
}

func jis0208Pointer(r rune) (int, bool) {
	jisOnce.Do(buildJIS)
	p, ok := jisFirst[r]
	return int(p), ok
}

func shiftJISPointer(r rune) (int, bool) {
	jisOnce.Do(buildJIS)
	p, ok := jisShift[r]
	return int(p), ok
}

func buildBig5() {
	big5Index = make(map[rune]uint16, 14000)
	d := traditionalchinese.Big5.NewDecoder()
	for p := (0xA1 - 0x81) * 157; p < 126*157; p++ {
		lead, trail := p/157+0x81, p%157
		if trail < 0x3F {
			trail += 0x40
		} else {
			trail += 0x62
		}
		r, ok := decodeOne(d, []byte{byte(lead), byte(trail)})
		if !ok || r < 0x80 {
			continue
		}
		_, seen := big5Index[r]
		switch r {
		case 0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345:
			big5Index[r] = uint16(p) // the last pointer
		default:
			if !seen {
				big5Index[r] = uint16(p)
			}
		}
	}
}

func big5Pointer(r rune) (int, bool) {
	big5Once.Do(buildBig5)
	p, ok := big5Index[r]
	return int(p), ok
}

const upperhex = "0123456789ABCDEF"
