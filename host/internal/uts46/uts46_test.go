package uts46

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urlspec/urlspec/host/internal/nfc"
)

func TestTablesWellFormed(t *testing.T) {
	if tr46Version != "6.0.0" || UnicodeVersion == "" {
		t.Errorf("tables from tr46 %s, Unicode %s", tr46Version, UnicodeVersion)
	}
	if ranges[0]>>propBits != 0 {
		t.Fatal("ranges do not start at U+0000")
	}
	for i := 1; i < len(ranges); i++ {
		if ranges[i]>>propBits <= ranges[i-1]>>propBits {
			t.Fatalf("ranges not sorted at %d", i)
		}
		if ranges[i]&propMask == ranges[i-1]&propMask && rangeMaps[i] == rangeMaps[i-1] {
			t.Fatalf("ranges %d and %d could be merged", i-1, i)
		}
	}
	// lookup agrees with a linear walk over the runs for every code point.
	run := 0
	for r := rune(0); r <= maxRune; r++ {
		for run+1 < len(ranges) && rune(ranges[run+1]>>propBits) <= r {
			run++
		}
		p, got := lookup(r)
		if got != run || p != ranges[run]&propMask {
			t.Fatalf("lookup(%U) = run %d, want %d", r, got, run)
		}
		if st := p & statusMask; st > statusDisallowed {
			t.Fatalf("%U: bad status %d", r, st)
		}
		if m := mappingOf(run); (m != "") != (p&statusMask == statusMapped || p&statusMask == statusDeviation && r != 0x200C && r != 0x200D) {
			t.Fatalf("%U: status %d with mapping %q", r, p&statusMask, m)
		}
	}
	if p, _ := lookup(-1); p != propsOf(0xFFFD) {
		t.Error("lookup(-1) is not U+FFFD's")
	}
}

func TestProperties(t *testing.T) {
	for _, c := range []struct {
		r       rune
		status  uint32
		mapping string
		bits    uint32 // property bits that must be set
		bidi    uint32
	}{
		{'A', statusMapped, "a", 0, bidiL},
		{'a', statusValid, "", 0, bidiL},
		{'1', statusValid, "", 0, bidiEN},
		{'-', statusValid, "", 0, bidiON},
		{'(', statusValid, "", 0, bidiON},
		{0x00DF, statusDeviation, "ss", 0, bidiL},
		{0x03C2, statusDeviation, "σ", 0, bidiL},
		{0x200C, statusDeviation, "", 0, bidiON},
		{0x200D, statusDeviation, "", 0, bidiON},
		{0x00AD, statusIgnored, "", 0, bidiON},
		{0x034F, statusIgnored, "", propMark, bidiNSM},
		{0xFFFD, statusDisallowed, "", 0, bidiON},
		{0x1E9E, statusMapped, "ß", 0, bidiL},
		{0x2474, statusMapped, "(1)", 0, bidiON},
		{0x3002, statusMapped, ".", 0, bidiON},
		{0x10A0, statusMapped, "ⴀ", 0, bidiL}, // Unicode 16+: Georgian capitals map
		{0x0301, statusValid, "", propMark, bidiNSM},
		{0x094D, statusValid, "", propMark | propVirama | propJoinT, bidiNSM},
		{0x0627, statusValid, "", propJoinR, bidiRAL},
		{0x0628, statusValid, "", propJoinL | propJoinR, bidiRAL},
		{0x05D0, statusValid, "", 0, bidiRAL},
		{0x0660, statusValid, "", 0, bidiAN},
		{0x06F1, statusValid, "", 0, bidiEN},
		{0x0020, statusValid, "", 0, bidiOther},
		{0x3E8AC, statusDisallowed, "", 0, bidiOther}, // CJK Extension J, unassigned in Unicode 17
	} {
		p, run := lookup(c.r)
		if p&statusMask != c.status || mappingOf(run) != c.mapping || p&c.bits != c.bits || bidiOf(p) != c.bidi {
			t.Errorf("%U: status %d mapping %q props %#x bidi %d; want status %d mapping %q bits %#x bidi %d",
				c.r, p&statusMask, mappingOf(run), p, bidiOf(p), c.status, c.mapping, c.bits, c.bidi)
		}
	}
}

var whatwg = Options{CheckBidi: true, CheckJoiners: true}
var strict = Options{CheckHyphens: true, CheckBidi: true, CheckJoiners: true, UseSTD3ASCIIRules: true, VerifyDNSLength: true}

func TestErrorCodes(t *testing.T) {
	for _, c := range []struct {
		in    string
		opts  Options
		code  Code
		label int
		off   int
	}{
		{"xn--a-ä.pt", whatwg, P4, 0, 0},
		{"a.xn--99999999999", whatwg, P4, 1, 2}, // overflow
		{"xn--", whatwg, P4, 0, 0},
		{"xn--ab-", whatwg, P4, 0, 0}, // decodes to ASCII only
		{"xn--u-ccb", whatwg, V1, 0, 0},
		{"ab--c", strict, V2, 0, 0},
		{"-a", strict, V3, 0, 0},
		{"a.b-", strict, V3, 1, 2},
		{"xn--xn--a--gua", whatwg, V4, 0, 0},
		{"a.\u0308b", whatwg, V6, 1, 2},
		{"a\uFFFDb", whatwg, V7, 0, 0},
		{"ab.cd.e\u2028", whatwg, V7, 2, 6},
		{"a_b", strict, U1, 0, 0},
		{"a\u200Cb", whatwg, C1, 0, 0},
		{"a\u200Db", whatwg, C2, 0, 0},
		{"\u0660a", whatwg, B1, 0, 0},
		{"\u05D0a", whatwg, B2, 0, 0},
		{"\u05D0\u0021", whatwg, B3, 0, 0},
		{"\u0627\u0661\u06F1", whatwg, B4, 0, 0},
		{"a\u05D0", whatwg, B5, 0, 0},
		{"a!.\u05D0", whatwg, B6, 0, 0},
		{"", strict, A4_1, 0, 0},
		{"a.", strict, A4_2, 1, 2},
		{strings.Repeat("a", 64), strict, A4_2, 0, 0},
		{"a\u3002\u0308b", whatwg, V6, 1, 4}, // U+3002 maps to "."
	} {
		_, err := ToASCII(c.in, c.opts)
		var e *Error
		if !errors.As(err, &e) || e.Code != c.code || e.Label != c.label || e.Offset != c.off {
			t.Errorf("ToASCII(%q) error %+v, want %s in label %d at %d", c.in, e, c.code, c.label, c.off)
		}
		if err != nil && !strings.Contains(err.Error(), string(c.code)) {
			t.Errorf("ToASCII(%q): message %q lacks the code", c.in, err)
		}
		if want := string(c.code) + ": " + codeText[c.code] + " in label " + strconv.Itoa(c.label+1); e != nil && e.Describe() != want {
			t.Errorf("ToASCII(%q): Describe() = %q, want %q", c.in, e.Describe(), want)
		}
	}
}

func TestToUnicode(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"example.com", "example.com"},
		{"EXAMPLE.com", "example.com"},
		{"xn--fa-hia.de", "faß.de"},
		{"Faß.DE", "faß.de"},
		{"xn--mgba3gch31f060k.com", "نامه\u200cای.com"},
		{"a\u3002b", "a.b"},
	} {
		got, err := ToUnicode(c.in, whatwg)
		if err != nil || got != c.want {
			t.Errorf("ToUnicode(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	if got, err := ToUnicode("xn--8i7caa", whatwg); err == nil || got != "" {
		t.Errorf("ToUnicode(xn--8i7caa) = %q, %v; want an error", got, err)
	}
}

func TestAppendToASCII(t *testing.T) {
	got, err := AppendToASCII([]byte("x:"), "Bücher.de", whatwg)
	if err != nil || string(got) != "x:xn--bcher-kva.de" {
		t.Errorf("AppendToASCII = %q, %v", got, err)
	}
	got, err = AppendToASCII([]byte("x:"), "a\u200Cb", whatwg)
	if err == nil || string(got) != "x:" {
		t.Errorf("AppendToASCII = %q, %v; want the prefix and an error", got, err)
	}
	// A long domain (staged in the scratch's buffer, then appended).
	long := strings.Repeat("Bücher.xn--fa-hia.", 100) + "de"
	want, err := ToASCII(long, whatwg)
	if err != nil || want != strings.Repeat("xn--bcher-kva.xn--fa-hia.", 100)+"de" {
		t.Fatalf("ToASCII(long) = %q, %v", want, err)
	}
	got, err = AppendToASCII([]byte("x:"), long, whatwg)
	if err != nil || string(got) != "x:"+want {
		t.Errorf("AppendToASCII(long) = %q, %v", got, err)
	}
	got, err = AppendToASCII([]byte("x:"), long+".a\u200Cb", whatwg)
	if e, ok := err.(*Error); !ok || e.Code != C1 || e.Label != 201 || string(got) != "x:" {
		t.Errorf("AppendToASCII(long + a ZWNJ b) = %q, %v; want the prefix and C1 in label 201", got, err)
	} else if d := e.Describe(); d != "C1: ZERO WIDTH NON-JOINER not allowed here (ContextJ) in label 202" {
		t.Errorf("Describe() = %q", d)
	}
}

// TestLongCombiningRuns checks that a run of more than 30 non-starters is
// normalised (no U+034F inserted, as the Stream-Safe Text Format would), in
// canonical order, and passes validity criterion 1 when it comes from Punycode.
func TestLongCombiningRuns(t *testing.T) {
	for _, n := range []int{29, 30, 31, 32, 100} {
		in := "a" + strings.Repeat("\u0301\u0316", n)
		norm := "á" + strings.Repeat("\u0316", n) + strings.Repeat("\u0301", n-1)
		got, err := ToUnicode(in, Options{})
		if err != nil || got != norm {
			t.Errorf("ToUnicode(a + %d U+0301 U+0316) = %+q, %v", n, got, err)
		}
		ace, err := ToASCII(norm, Options{})
		if err != nil {
			t.Fatalf("ToASCII(á + %d U+0316 + U+0301): %v", n, err)
		}
		if back, err := ToUnicode(ace, Options{}); err != nil || back != norm {
			t.Errorf("ToUnicode(%q) = %+q, %v", ace, back, err)
		}
	}
}

func TestToASCIIAllocs(t *testing.T) {
	for _, in := range []string{"faß.de", "www.bücher.de", "ශ්\u200Dරී.com", "a\u0301.com", "xn--fa-hia.de", "EXAMPLE.COM"} {
		if RaceEnabled {
			break // sync.Pool drops scratch space at random
		}
		if n := testing.AllocsPerRun(100, func() { ToASCII(in, whatwg) }); n > 1 {
			t.Errorf("ToASCII(%q): %v allocations, want at most 1", in, n)
		}
	}
	for _, in := range []string{"example.com", "a-b.c"} {
		if n := testing.AllocsPerRun(100, func() { ToASCII(in, strict) }); n != 0 {
			t.Errorf("ToASCII(%q, strict): %v allocations, want 0", in, n)
		}
	}
}

// Every code point below U+0300 passes the NFC quick check, and no two
// of them compose: a text of them is in NFC (the shortcut of belowU0300).
func TestBelowU0300IsNFC(t *testing.T) {
	for r := rune(0); r < 0x300; r++ {
		if utf8.ValidRune(r) && !nfc.QuickCheck(utf8.AppendRune(nil, r)) {
			t.Fatalf("U+%04X: NFC quick check is not Yes", r)
		}
	}
	buf := make([]byte, 0, 8)
	for r1 := rune(0); r1 < 0x300; r1++ {
		for r2 := rune(0); r2 < 0x300; r2++ {
			buf = utf8.AppendRune(utf8.AppendRune(buf[:0], r1), r2)
			if !nfc.IsNormal(buf) {
				t.Fatalf("U+%04X U+%04X is not in NFC", r1, r2)
			}
			if !belowU0300(buf) {
				t.Fatalf("belowU0300(U+%04X U+%04X) = false", r1, r2)
			}
		}
	}
	if belowU0300([]byte("e\u0301")) {
		t.Error("belowU0300 accepts U+0301")
	}
}

// TestNoRTLBelowHebrew checks what hasBidiRTL skips on: no code point below
// U+0580, whose UTF-8 starts with a byte below 0xD6, has Bidi class R, AL
// or AN.
func TestNoRTLBelowHebrew(t *testing.T) {
	for r := rune(0); r < 0x580; r++ {
		if c := bidiOf(propsOf(r)); c == bidiRAL || c == bidiAN {
			t.Errorf("U+%04X has Bidi class R, AL or AN", r)
		}
	}
	if b := utf8.AppendRune(nil, 0x580); b[0] != 0xD6 {
		t.Fatalf("U+0580 starts with %#x", b[0])
	}
	for _, s := range []string{"\u05d0", "a\u05d0", "\u0660", "\u0627b", "é\u0780"} {
		if !hasBidiRTL([]byte(s)) {
			t.Errorf("hasBidiRTL(%+q) = false", s)
		}
	}
	for _, s := range []string{"", "abc", "ελλάδα", "москва", "\u057f", "\xd6", "\x80\x80"} {
		if hasBidiRTL([]byte(s)) {
			t.Errorf("hasBidiRTL(%+q) = true", s)
		}
	}
}

// TestTwoByteInLine checks the two-byte sequences that unmappedPrefix and
// mapDomainFrom decode and look up in line against mapRune, for every code
// point from U+0080 to U+07FF and for two-byte sequences that are not valid
// UTF-8 (overlong, a missing or extra continuation byte).
func TestTwoByteInLine(t *testing.T) {
	check := func(s string) {
		t.Helper()
		want := []byte("a")
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			want = mapRune(want, r, s[i:i+size])
			i += size
		}
		want = append(want, 'b')
		d := "a" + s + "b"
		if got := mapDomainFrom(nil, d, 0); string(got) != string(want) {
			t.Errorf("mapDomainFrom(%+q) = %+q, want %+q", d, got, want)
		}
		k := unmappedPrefix(d)
		if mapped := string(want) != d; mapped != (k < len(d)) || string(mapDomainFrom(nil, d, k)) != string(want) {
			t.Errorf("unmappedPrefix(%+q) = %d, mapping gives %+q", d, k, want)
		}
	}
	for r := rune(0x80); r < 0x800; r++ {
		check(string(r))
		check(string(r) + "\u00e9")
	}
	for _, s := range []string{"\xc0\x80", "\xc1\xbf", "\xc2", "\xc2\x41", "\xdf\xc0", "\xc2\x80\x80", "\xe0\xa0\x80", "\xed\xa0\x80"} {
		check(s)
	}
}

// TestHasBidiRTL checks hasBidiRTL, which skips eight bytes at a time,
// against decoding every code point: each byte value and each two-byte
// sequence at each position of a 20-byte text, every code point up to
// U+FFFF alone and after "a", and texts of Greek, Cyrillic and ASCII with
// one of Hebrew, Arabic, Arabic digits, Samaritan, U+200F, presentation
// forms, Devanagari, CJK, Hangul or a malformed three-byte sequence at
// every length up to 40 bytes.
func TestHasBidiRTL(t *testing.T) {
	ref := func(b []byte) bool {
		for i := 0; i < len(b); {
			r, size := utf8.DecodeRune(b[i:])
			if c := bidiOf(propsOf(r)); c == bidiRAL || c == bidiAN {
				return true
			}
			i += size
		}
		return false
	}
	for pos := 0; pos < 20; pos++ {
		for v := 0; v < 256; v++ {
			for _, next := range []byte{'a', 0x80, 0x90, 0xA0, 0xBF} {
				b := []byte(strings.Repeat("a", 20))
				b[pos] = byte(v)
				if pos+1 < len(b) {
					b[pos+1] = next
				}
				if got, want := hasBidiRTL(b), ref(b); got != want {
					t.Fatalf("hasBidiRTL(%+q) = %v, want %v", b, got, want)
				}
			}
		}
	}
	for r := rune(0); r < 0x10000; r++ {
		for _, b := range [][]byte{utf8.AppendRune(nil, r), utf8.AppendRune([]byte("a"), r)} {
			if got, want := hasBidiRTL(b), ref(b); got != want {
				t.Fatalf("hasBidiRTL(%+q) = %v, want %v", b, got, want)
			}
		}
	}
	for _, filler := range []string{"ελλάδα-", "abc-", "москва"} {
		for _, rtl := range []string{"\u05d0", "\u0627", "\u0660", "\U00010800", "\u057f", "\u0800", "\u08a0", "\u200f", "\ufb1d", "\ufe70", "\u0915", "\u4e2d", "\uac00", "\u2010", "\xe0\x80\x80", "\xed\xa0\x80", "\xe0\x9f\xbf"} {
			for n := 0; n < 40; n++ {
				pre := []byte(strings.Repeat(filler, 10))[:n]
				b := append(append(pre, rtl...), filler...)
				if got, want := hasBidiRTL(b), ref(b); got != want {
					t.Fatalf("hasBidiRTL(%+q) = %v, want %v", b, got, want)
				}
			}
		}
	}
}

// labelOffset finds label k by mapping every code point and counting the
// full stops of the result: its shortcut for ASCII (which maps to a full
// stop only when it is one) agrees with that on domains of ASCII, of code
// points that map to full stops (U+3002, U+FF0E, U+FF61; U+2488 "1."), of
// uppercase and of other mapped code points, for every k.
func TestLabelOffsetMapsEach(t *testing.T) {
	ref := func(domain string, k int) int {
		if k == 0 {
			return 0
		}
		dots := 0
		for i := 0; i < len(domain); {
			r, size := utf8.DecodeRuneInString(domain[i:])
			m := mapRune(nil, r, domain[i:i+size])
			i += size
			dots += strings.Count(string(m), ".")
			if dots >= k {
				return i
			}
		}
		return -1
	}
	parts := []string{"a", "B", ".", "\u3002", "\uFF0E", "\uFF61", "\u2488", "ß", "\uFFFD", "\xff", "-", "\u00AD"}
	n := 0
	var walk func(s string, depth int)
	walk = func(s string, depth int) {
		for k := 0; k <= 6; k++ {
			if got, want := labelOffset(s, k), ref(s, k); got != want {
				t.Fatalf("labelOffset(%q, %d) = %d, want %d", s, k, got, want)
			}
			n++
		}
		if depth == 4 {
			return
		}
		for _, p := range parts {
			walk(s+p, depth+1)
		}
	}
	walk("", 0)
	if n < 100000 {
		t.Fatalf("only %d cases", n)
	}
}
