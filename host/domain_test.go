package host_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/host/internal/uts46"
	"github.com/urlspec/urlspec/model"
)

// domainCase is one input of DomainToASCII. want is the result, or fail for a
// failure at byte offset (-2: any offset).
type domainCase struct {
	name   string
	in     string
	want   string
	fail   bool
	offset int
}

func ok(in, want string) domainCase { return domainCase{name: in, in: in, want: want} }
func bad(in string, offset int) domainCase {
	return domainCase{name: in, in: in, fail: true, offset: offset}
}

// WHATWG URL Standard §3.3 IDNA, domain parser with beStrict false.
var domainToASCIICases = []domainCase{
	// An ASCII domain is only lowercased, whatever ToASCII says of it.
	ok("example.com", "example.com"),
	ok("EXAMPLE.COM", "example.com"),
	ok("ExAmPlE.cOm.", "example.com."),
	ok("a.b.c.xn--pokxncvks", "a.b.c.xn--pokxncvks"), // urltestdata: "Domain is ASCII, but a label is invalid IDNA"
	ok("10.0.0.xn--pokxncvks", "10.0.0.xn--pokxncvks"),
	ok("xn--", "xn--"),                           // IdnaTestV2: P4 (invalid Punycode), yet ASCII
	ok("xn---", "xn---"),                         // IdnaTestV2: P4
	ok("xn--ASCII-", "xn--ascii-"),               // IdnaTestV2: P4
	ok("xn--ab-j1t", "xn--ab-j1t"),               // IdnaTestV2: C1 (a ZWNJ b)
	ok("xn--a", "xn--a"),                         // toascii: invalid Punycode
	ok("xn--0.pt", "xn--0.pt"),                   // IdnaTestV2: P4
	ok("xn--zn7c.com", "xn--zn7c.com"),           // toascii: U+FFFD encoded in Punycode
	ok("xn--8i7caa", "xn--8i7caa"),               // decodes to ｗｗｗ (mapped): still ASCII
	ok("xn--xn--a--gua.pt", "xn--xn--a--gua.pt"), // IdnaTestV2: V4
	ok("xn--u-ccb", "xn--u-ccb"),                 // IdnaTestV2: V1 (not NFC)
	ok("aa--", "aa--"),
	ok("-x.xn--zca", "-x.xn--zca"),
	ok("x..xn--zca", "x..xn--zca"),
	ok("xn--ls8h=", "xn--ls8h="),
	ok(".", "."),
	ok("x01234567890123456789012345678901234567890123456789012345678901x", "x01234567890123456789012345678901234567890123456789012345678901x"),
	ok("!$&'()*+,;=", "!$&'()*+,;="), // not forbidden without UseSTD3ASCIIRules
	ok("_-~`{}\"", "_-~`{}\""),

	// Non-ASCII: UTS #46 ToASCII, Nontransitional.
	ok("ẞ.com", "xn--zca.com"), // U+1E9E maps to ß (Unicode ≥ 5.2 tables), not "ss"
	ok("faß.de", "xn--fa-hia.de"),
	ok("Faß.de", "xn--fa-hia.de"),
	ok("Bücher.de", "xn--bcher-kva.de"),
	ok("www.éxample.com", "www.xn--xample-9ua.com"),
	ok("-x.ß", "-x.xn--zca"),
	ok("x-.ß", "x-.xn--zca"),
	ok("x..ß", "x..xn--zca"),
	ok("xn--zca.ß", "xn--zca.xn--zca"),
	ok("ab--c.ß", "ab--c.xn--zca"),
	ok("a†--", "xn--a---kp0a"),
	ok("-†", "xn----xhn"),
	ok("⑷.four", "(4).four"), // UseSTD3ASCIIRules is false: "(" and ")" pass
	ok("≠", "xn--1ch"),
	ok("≮", "xn--gdh"),
	ok("≯", "xn--hdh"),
	ok("=\u0338", "xn--1ch"), // NFC composes to ≠
	ok("<\u00AD\u0338", "xn--gdh"),
	ok("ශ්\u200Dරී", "xn--10cl1a0b660p"),      // ZWJ after a virama
	ok("نامه\u200Cای", "xn--mgba3gch31f060k"), // ZWNJ between joining letters
	ok("ب\u200Cا", "xn--mgbb899q"),
	ok("אב", "xn--4dbc"),
	ok("a.אב", "a.xn--4dbc"),
	ok("a1.א", "a1.xn--4db"),
	ok("look\u180Eout.net", "lookout.net"), // U+180E ignored in current tables
	ok("look\u2060out.net", "lookout.net"),
	ok("www.lookout\u2027net", "www.xn--lookoutnet-406e"),
	ok("β\u03CCλος.com", "xn--nxasmm1c.com"),
	ok("\u10A0.ge", "xn--rkj.ge"), // Georgian capital maps to small (Unicode 16+)
	ok("\u04C0", "xn--s5a"),
	ok("\u2183", "xn--r5g"),
	ok("💩", "xn--ls8h"),
	ok("www.lookout.сом", "www.lookout.xn--l1adi"),
	ok("x01234567890123456789012345678901234567890123456789012345678901†", "xn--x01234567890123456789012345678901234567890123456789012345678901-6963b"),
	ok("\u3002", "."), // ideographic full stop
	ok("a\uFF0Eb", "a.b"),

	// Failures.
	bad("", -1),
	bad("exa#mple.org", 3),
	bad("a b", 1),
	bad("a\tb", 1),
	bad("ex%61mple", 2), // percent-decoding happens before; '%' is forbidden
	bad("\x1flookout.net", 0),
	bad("a<b", 1),
	bad("a|b", 1),
	bad("a\x7fb", 1),
	bad("xn--a.ß", -2),
	bad("xn--tešla", 0),
	bad("\u200D.example", 0), // CheckJoiners
	bad("a\u200Cb", 0),
	bad("يa", 0),                 // CheckBidi
	bad("\u0627\u0661\u06F1", 0), // Bidi rule 4: AN and EN
	bad("\uFFFD.com", 0),
	bad("\xff.com", 0), // invalid UTF-8 counts as U+FFFD
	bad("a.\xc3", 2),
	bad("www\u2025lookout.net", 0),
	bad("\u1680lookout.net", -2),
	bad("look\u06DDout.net", 0),
	bad("www.lookout.net\u2A7480", -1), // ⩴ maps to "::=": ':' is forbidden
	bad("www\u00A0.lookout.net", -1),   // maps to a space
	bad("\uFF05", -1),                  // FULLWIDTH PERCENT SIGN maps to '%'
	bad("a.\u0308c", 2),                // label begins with a combining mark
	bad("\u180E", -1),                  // everything ignored: empty result
	ok("a\u034F\u00AD", "a"),           // both ignored
}

func checkDomainError(t *testing.T, fn, in string, err error, offset int) {
	t.Helper()
	var e *model.Error
	if !errors.As(err, &e) {
		t.Errorf("%s(%q): error %v (%T) is not a *model.Error", fn, in, err, err)
		return
	}
	want := model.DomainToASCII
	if strings.HasPrefix(e.Reason, "forbidden domain code point") {
		want = model.DomainInvalidCodePoint
	}
	if !errors.Is(err, want) {
		t.Errorf("%s(%q): code %q, want %q", fn, in, e.Code, want)
	}
	if e.Input != in {
		t.Errorf("%s(%q): error input %q", fn, in, e.Input)
	}
	if offset != -2 && e.Offset != offset {
		t.Errorf("%s(%q): error offset %d, want %d (%v)", fn, in, e.Offset, offset, err)
	}
	if e.Reason == "" {
		t.Errorf("%s(%q): error without a reason", fn, in)
	}
}

func TestDomainToASCII(t *testing.T) {
	for _, c := range domainToASCIICases {
		got, err := host.DomainToASCII(c.in, false)
		if c.fail {
			if err == nil {
				t.Errorf("DomainToASCII(%q, false) = %q, want failure", c.in, got)
				continue
			}
			checkDomainError(t, "DomainToASCII", c.in, err, c.offset)
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("DomainToASCII(%q, false) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

// WHATWG URL Standard §3.3 IDNA, domain parser with beStrict true: UTS #46
// ToASCII with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength.
var domainToASCIIStrictCases = []domainCase{
	ok("example.com", "example.com"),
	ok("EXAMPLE.com", "example.com"),
	ok("faß.de", "xn--fa-hia.de"),
	ok("xn--zca", "xn--zca"),
	ok("XN--ZCA.de", "xn--zca.de"),
	ok("xn--fa-hia.de", "xn--fa-hia.de"),
	ok("ẞ.com", "xn--zca.com"),
	ok("a-b.c", "a-b.c"),
	ok("123", "123"),
	ok(strings.Repeat("a", 63)+".b", strings.Repeat("a", 63)+".b"),
	ok(strings.Repeat("a.", 126)+"b", strings.Repeat("a.", 126)+"b"), // 253
	bad("a.b.c.xn--pokxncvks", 6),
	bad("xn--", 0),
	bad("xn--ab-j1t", 0),
	bad("xn--a", 0),
	bad("xn--8i7caa", 0),
	bad("-x.com", 0),
	bad("x-.com", 0),
	bad("ab--c.com", 0),
	bad("a.ab--c", 2),
	bad("a_b.com", 0),
	bad("⑷.four", 0),
	bad("exa#mple.org", 0),
	bad("a b", 0),
	bad("", 0),
	bad("a.", 2), // the root label is empty
	bad("a..b", 2),
	bad(strings.Repeat("a", 64)+".b", 0),
	bad(strings.Repeat("a.", 126)+"bc", 0), // 254
	bad("\u200D.example", 0),
	bad("يa", 0),
	bad("%", 0),
}

func TestDomainToASCIIStrict(t *testing.T) {
	for _, c := range domainToASCIIStrictCases {
		got, err := host.DomainToASCII(c.in, true)
		if c.fail {
			if err == nil {
				t.Errorf("DomainToASCII(%q, true) = %q, want failure", c.in, got)
				continue
			}
			checkDomainError(t, "DomainToASCII", c.in, err, c.offset)
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("DomainToASCII(%q, true) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

// WHATWG URL Standard §3.3 IDNA, domain to Unicode.
func TestDomainToUnicode(t *testing.T) {
	for _, c := range []struct {
		in, want string
		fail     bool
	}{
		{"example.com", "example.com", false},
		{"EXAMPLE.com", "example.com", false},
		{"xn--fa-hia.de", "faß.de", false},
		{"xn--bcher-kva.de", "bücher.de", false},
		{"xn--mgba3gch31f060k", "نامه\u200Cای", false},
		{"xn--ls8h", "💩", false},
		{"a.xn--4dbc", "a.אב", false},
		{"(4).four", "(4).four", false},
		{"faß.de", "faß.de", false},
		// An error was recorded: the result is the input.
		{"xn--8i7caa", "xn--8i7caa", true},
		{"xn--a", "xn--a", true},
		{"xn--", "xn--", true},
		{"xn--ab-j1t", "xn--ab-j1t", true},
		{"a.b.c.xn--pokxncvks", "a.b.c.xn--pokxncvks", true},
		{"xn--xn--a--gua", "xn--xn--a--gua", true},
		{"\uFFFD", "\uFFFD", true},
	} {
		got, err := host.DomainToUnicode(c.in)
		if got != c.want || (err != nil) != c.fail {
			t.Errorf("DomainToUnicode(%q) = %q, %v; want %q (error: %v)", c.in, got, err, c.want, c.fail)
		}
		if err != nil {
			checkDomainError(t, "DomainToUnicode", c.in, err, -2)
		}
	}
}

// TestDomainRoundTrip checks the note of "domain to Unicode": the domain
// parser and domain to Unicode round-trip.
func TestDomainRoundTrip(t *testing.T) {
	for _, c := range domainToASCIICases {
		if c.fail {
			continue
		}
		checkDomainRoundTrip(t, c.want)
	}
}

func checkDomainRoundTrip(t *testing.T, ascii string) {
	t.Helper()
	u, _ := host.DomainToUnicode(ascii)
	back, err := host.DomainToASCII(u, false)
	if err != nil || back != ascii {
		t.Errorf("DomainToASCII(DomainToUnicode(%q) = %q) = %q, %v; want the start", ascii, u, back, err)
	}
}

// isForbiddenDomainCodePointSpec is a literal transcription of the WHATWG
// definitions of forbidden host and forbidden domain code points.
func isForbiddenDomainCodePointSpec(r rune) bool {
	switch r {
	case 0x0000, 0x0009, 0x000A, 0x000D, 0x0020, '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|':
		return true // forbidden host code point
	}
	return 0x0000 <= r && r <= 0x001F || r == '%' || r == 0x007F
}

func TestIsForbiddenDomainCodePoint(t *testing.T) {
	for r := rune(-1); r <= 0x10FFFF+1; r++ {
		if got, want := host.IsForbiddenDomainCodePoint(r), isForbiddenDomainCodePointSpec(r); got != want {
			t.Errorf("IsForbiddenDomainCodePoint(%U) = %v, want %v", r, got, want)
		}
	}
}

func TestDomainAllocs(t *testing.T) {
	for _, in := range []string{"example.com", "www.a-b.example.co.uk.", "xn--zca.com", "a.b.c.xn--pokxncvks", "localhost", "10.0.0.1"} {
		var got string
		if n := testing.AllocsPerRun(100, func() { got, _ = host.DomainToASCII(in, false) }); n != 0 {
			t.Errorf("DomainToASCII(%q, false): %v allocations, want 0", in, n)
		}
		if got != in || unsafe.StringData(got) != unsafe.StringData(in) {
			t.Errorf("DomainToASCII(%q, false) = %q: not the input itself", in, got)
		}
	}
	for _, in := range []string{"example.com", "www.a-b.example.co.uk"} {
		if n := testing.AllocsPerRun(100, func() { host.DomainToASCII(in, true) }); n != 0 {
			t.Errorf("DomainToASCII(%q, true): %v allocations, want 0", in, n)
		}
		if n := testing.AllocsPerRun(100, func() { host.DomainToUnicode(in) }); n != 0 {
			t.Errorf("DomainToUnicode(%q): %v allocations, want 0", in, n)
		}
	}
	// Non-ASCII: one allocation for the result (scratch buffers are pooled;
	// under the race detector sync.Pool drops them at random).
	if uts46.RaceEnabled {
		return
	}
	for _, in := range []string{"faß.de", "www.bücher.de", "ශ්\u200Dරී.com"} {
		if n := testing.AllocsPerRun(100, func() { host.DomainToASCII(in, false) }); n > 1 {
			t.Errorf("DomainToASCII(%q, false): %v allocations, want at most 1", in, n)
		}
	}
}

// TestDomainHugeInput guards the linear (n log n for Punycode) cost: with a
// quadratic Punycode coder these inputs would take minutes.
func TestDomainHugeInput(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() < 1<<20; i++ {
		b.WriteRune(rune(0x4E00 + i%20000)) // CJK ideographs: valid, all distinct
	}
	in := b.String()
	got, err := host.DomainToASCII(in, false)
	if err != nil || !strings.HasPrefix(got, "xn--") {
		t.Fatalf("DomainToASCII(huge) = %.40q..., %v", got, err)
	}
	u, err := host.DomainToUnicode(got)
	if err != nil || u != in {
		t.Fatalf("DomainToUnicode(DomainToASCII(huge)) differs (%v)", err)
	}
	// Long runs of combining marks (NFC without the stream-safe limit).
	in = "a" + strings.Repeat("\u0301\u0316", 1<<16)
	if _, err := host.DomainToASCII(in, false); err != nil {
		t.Fatalf("DomainToASCII(a + 2^17 marks): %v", err)
	}
}

func FuzzDomainToASCII(f *testing.F) {
	for _, c := range domainToASCIICases {
		f.Add(c.in, false)
	}
	for _, c := range domainToASCIIStrictCases {
		f.Add(c.in, true)
	}
	f.Fuzz(func(t *testing.T, in string, beStrict bool) {
		out, err := host.DomainToASCII(in, beStrict)
		if !beStrict {
			b, aerr := host.AppendDomainToASCII([]byte("x"), in)
			if (err == nil) != (aerr == nil) || err != nil && err.Error() != aerr.Error() || string(b) != "x"+out {
				t.Fatalf("AppendDomainToASCII(%q) = %q, %v; DomainToASCII gives %q, %v", in, b, aerr, out, err)
			}
		}
		u, uerr := host.DomainToUnicode(in)
		if uerr != nil && u != in {
			t.Fatalf("DomainToUnicode(%q) = %q with error %v: want the input", in, u, uerr)
		}
		if err != nil {
			var e *model.Error
			if !errors.As(err, &e) || e.Code != model.DomainToASCII && e.Code != model.DomainInvalidCodePoint || e.Input != in || e.Offset < -1 || e.Offset > len(in) {
				t.Fatalf("DomainToASCII(%q, %v): bad error %#v", in, beStrict, err)
			}
			return
		}
		for i := 0; i < len(out); i++ {
			if c := out[i]; c >= utf8.RuneSelf || 'A' <= c && c <= 'Z' {
				t.Fatalf("DomainToASCII(%q, %v) = %q: not ASCII lowercase", in, beStrict, out)
			}
		}
		if out == "" {
			t.Fatalf("DomainToASCII(%q, %v) = empty", in, beStrict)
		}
		again, err := host.DomainToASCII(out, beStrict)
		if err != nil || again != out {
			t.Fatalf("DomainToASCII(%q, %v) = %q, but DomainToASCII of that = %q, %v", in, beStrict, out, again, err)
		}
		if beStrict {
			if lenient, err := host.DomainToASCII(in, false); err != nil || lenient != out {
				t.Fatalf("DomainToASCII(%q): strict %q, lenient %q, %v", in, out, lenient, err)
			}
		}
		checkDomainRoundTrip(t, out)
	})
}

func BenchmarkDomainToASCII(b *testing.B) {
	for _, in := range []string{"www.example.com", "WWW.EXAMPLE.COM", "www.bücher.de", "www.bu\u0308cher.de", "xn--mgba3gch31f060k.com", "نامه\u200Cای.com"} {
		b.Run(in, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in)))
			for range b.N {
				host.DomainToASCII(in, false)
			}
		})
	}
}

func BenchmarkDomainToUnicode(b *testing.B) {
	for _, in := range []string{"www.example.com", "www.xn--bcher-kva.de"} {
		b.Run(in, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				host.DomainToUnicode(in)
			}
		})
	}
}

func ExampleDomainToASCII() {
	for _, in := range []string{"EXAMPLE.com", "Bücher.de", "ẞ.com", "⑷.four", "a.b.c.xn--pokxncvks", "exa#mple.org"} {
		out, err := host.DomainToASCII(in, false)
		fmt.Printf("%q %v\n", out, err)
	}
	// Output:
	// "example.com" <nil>
	// "xn--bcher-kva.de" <nil>
	// "xn--zca.com" <nil>
	// "(4).four" <nil>
	// "a.b.c.xn--pokxncvks" <nil>
	// "" domain-invalid-code-point: forbidden domain code point '#' (at byte 3 of "exa#mple.org")
}

func ExampleDomainToUnicode() {
	for _, in := range []string{"xn--bcher-kva.de", "xn--8i7caa"} {
		out, err := host.DomainToUnicode(in)
		fmt.Printf("%q %v\n", out, err != nil)
	}
	// Output:
	// "bücher.de" false
	// "xn--8i7caa" true
}

// AppendDomainToASCII agrees with DomainToASCII (beStrict false) on every
// case, and allocates nothing for ASCII into a buffer with room.
func TestAppendDomainToASCII(t *testing.T) {
	for _, c := range domainToASCIICases {
		want, werr := host.DomainToASCII(c.in, false)
		got, err := host.AppendDomainToASCII([]byte("x"), c.in)
		if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() || string(got) != "x"+want {
			t.Errorf("AppendDomainToASCII(%q) = %q, %v; DomainToASCII gives %q, %v", c.in, got, err, want, werr)
		}
	}
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() { host.AppendDomainToASCII(buf[:0], "WWW.Example.COM") }); n != 0 {
		t.Errorf("AppendDomainToASCII: %v allocs for ASCII", n)
	}
}

func ExampleAppendDomainToASCII() {
	b, err := host.AppendDomainToASCII([]byte("host="), "Bücher.DE")
	fmt.Println(string(b), err)
	// Output:
	// host=xn--bcher-kva.de <nil>
}

// TestDomainToASCIIUnicode17 checks inputs whose combining marks are new in
// Unicode 16 and 17 and out of canonical order: NFC at Unicode 17 (as
// browsers' ICU and whatwg-url normalise) reorders them, and the Punycode is
// whatwg-url's (issue 21: Unicode 15 tables gave xn--a-1db953p and
// xn--x-2fc7997x).
func TestDomainToASCIIUnicode17(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a\u1AE8\u0326", "xn--a-1db063p"},                // U+1AE8 (ccc 230, Unicode 17) after U+0326 (ccc 220)
		{"x\u05AE\U0001612F", "xn--x-2fc6997x"},           // U+1612F (ccc 9, Unicode 16) before U+05AE (ccc 228)
		{"a\u0326\u1AE8", "xn--a-1db063p"},                // already in order
		{"x\U0001612F\u05AE", "xn--x-2fc6997x"},           // already in order
		{"a\U0001611E\U0001611E\U0001611F", "xn--a-1n1m"}, // Gurung Khema vowel signs compose (Unicode 16) to U+16126
	} {
		got, err := host.DomainToASCII(c.in, false)
		if err != nil || got != c.want {
			t.Errorf("DomainToASCII(%+q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}
