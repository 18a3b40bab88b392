package host_test

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/model"
)

// ipv4Case is one input of the IPv4 parsers: want is the IPv4 serialisation
// of the result, or "" for failure with the given code and byte offset.
type ipv4Case struct {
	name   string // the WPT input, or a description
	in     string
	want   string
	code   model.Code
	offset int
}

// ipv4WPTCases are the hosts of web-platform-tests url/resources/urltestdata.json
// that end in a number, as the IPv4 parser receives them (percent-decoded,
// domain-to-ASCII'd); want is the JSON's hostname ("" where the URL fails).
// Left out: "http://%3g%78%63%30%2e%30%32%35%30%2E.01", whose host contains
// "%" and fails as a forbidden domain code point before the IPv4 parser runs.
var ipv4WPTCases = []ipv4Case{
	// WHATWG §Host parsing, IPv4 parser: successes.
	{"http://192.0x00A80001", "192.0x00a80001", "192.168.0.1", "", 0},
	{"http://%30%78%63%30%2e%30%32%35%30.01", "0xc0.0250.01", "192.168.0.1", "", 0},
	{"http://%30%78%63%30%2e%30%32%35%30.01%2e", "0xc0.0250.01.", "192.168.0.1", "", 0},
	{"http://０Ｘｃ０．０２５０．０１", "0xc0.0250.01", "192.168.0.1", "", 0},
	{"http://127.0.0.1:10100/relative_import.html", "127.0.0.1", "127.0.0.1", "", 0},
	{"http://1.2.3.4/", "1.2.3.4", "1.2.3.4", "", 0},
	{"http://1.2.3.4./", "1.2.3.4.", "1.2.3.4", "", 0},
	{"http://192.168.257", "192.168.257", "192.168.1.1", "", 0},
	{"http://192.168.257.", "192.168.257.", "192.168.1.1", "", 0},
	{"http://256", "256", "0.0.1.0", "", 0},
	{"http://999999999", "999999999", "59.154.201.255", "", 0},
	{"http://999999999.", "999999999.", "59.154.201.255", "", 0},
	{"http://4294967295", "4294967295", "255.255.255.255", "", 0},
	{"http://0xffffffff", "0xffffffff", "255.255.255.255", "", 0},
	{"https://0x.0x.0", "0x.0x.0", "0.0.0.0", "", 0},
	{"https://0x.0x.0x.0x", "0x.0x.0x.0x", "0.0.0.0", "", 0},
	{"https://00.00.00.00", "00.00.00.00", "0.0.0.0", "", 0},
	{"https://0000000000000000000000000000000000000000177.0.0.1", "0000000000000000000000000000000000000000177.0.0.1", "127.0.0.1", "", 0},
	{"file://1.2.3.4/C:/", "1.2.3.4", "1.2.3.4", "", 0},

	// WHATWG §Host parsing, IPv4 parser: last part too large for the bytes left.
	{"http://10000000000", "10000000000", "", model.IPv4OutOfRangePart, 0},
	{"http://4294967296", "4294967296", "", model.IPv4OutOfRangePart, 0},
	{"http://18446744073709551616", "18446744073709551616", "", model.IPv4OutOfRangePart, 0},
	{"http://18446744075840258049", "18446744075840258049", "", model.IPv4OutOfRangePart, 0},
	{"http://0xffffffff1", "0xffffffff1", "", model.IPv4OutOfRangePart, 0},
	{"https://0x100000000/test", "0x100000000", "", model.IPv4OutOfRangePart, 0},
	{"http://192.168.0.257", "192.168.0.257", "", model.IPv4OutOfRangePart, 10},

	// WHATWG §Host parsing, IPv4 parser: a part other than the last above 255.
	{"http://256.256.256.256", "256.256.256.256", "", model.IPv4OutOfRangePart, 0},
	{"https://256.0.0.1/test", "256.0.0.1", "", model.IPv4OutOfRangePart, 0},
	{"http://0x100.2.3.4", "0x100.2.3.4", "", model.IPv4OutOfRangePart, 0},
	{"http://0x100.2.3.4.", "0x100.2.3.4.", "", model.IPv4OutOfRangePart, 0},

	// WHATWG §Host parsing, IPv4 parser: more than four parts.
	{"http://1.2.3.4.5", "1.2.3.4.5", "", model.IPv4TooManyParts, 7},
	{"http://1.2.3.4.5.", "1.2.3.4.5.", "", model.IPv4TooManyParts, 7},
	{"http://256.256.256.256.256", "256.256.256.256.256", "", model.IPv4TooManyParts, 15},
	{"http://256.256.256.256.256.", "256.256.256.256.256.", "", model.IPv4TooManyParts, 15},
	{"http://01.2.3.4.5", "01.2.3.4.5", "", model.IPv4TooManyParts, 8},
	{"http://01.2.3.4.5.", "01.2.3.4.5.", "", model.IPv4TooManyParts, 8},
	{"http://0x1.2.3.4.5", "0x1.2.3.4.5", "", model.IPv4TooManyParts, 9},
	{"http://0x1.2.3.4.5.", "0x1.2.3.4.5.", "", model.IPv4TooManyParts, 9},
	{"http://foo.1.2.3.4", "foo.1.2.3.4", "", model.IPv4TooManyParts, 9},
	{"http://foo.1.2.3.4.", "foo.1.2.3.4.", "", model.IPv4TooManyParts, 9},

	// WHATWG §Host parsing, IPv4 number parser: failure (IPv4-non-numeric-part).
	{"http://0..0x300/", "0..0x300", "", model.IPv4NonNumericPart, 2},
	{"http://0..0x300./", "0..0x300.", "", model.IPv4NonNumericPart, 2},
	{"http://1.2.3.08", "1.2.3.08", "", model.IPv4NonNumericPart, 7},
	{"http://1.2.3.08.", "1.2.3.08.", "", model.IPv4NonNumericPart, 7},
	{"http://1.2.3.09", "1.2.3.09", "", model.IPv4NonNumericPart, 7},
	{"http://09.2.3.4", "09.2.3.4", "", model.IPv4NonNumericPart, 1},
	{"http://09.2.3.4.", "09.2.3.4.", "", model.IPv4NonNumericPart, 1},
	{"http://foo.2.3.4", "foo.2.3.4", "", model.IPv4NonNumericPart, 0},
	{"http://foo.2.3.4.", "foo.2.3.4.", "", model.IPv4NonNumericPart, 0},
	{"http://foo.09", "foo.09", "", model.IPv4NonNumericPart, 0},
	{"http://foo.09.", "foo.09.", "", model.IPv4NonNumericPart, 0},
	{"http://foo.0x4", "foo.0x4", "", model.IPv4NonNumericPart, 0},
	{"http://foo.0x4.", "foo.0x4.", "", model.IPv4NonNumericPart, 0},
	{"http://0999999999999999999/", "0999999999999999999", "", model.IPv4NonNumericPart, 1},
	{"http://foo.0x", "foo.0x", "", model.IPv4NonNumericPart, 0},
	{"http://foo.0XFfFfFfFfFfFfFfFfFfAcE123", "foo.0xfffffffffffffffffface123", "", model.IPv4NonNumericPart, 0},
	{"http://💩.123/", "xn--ls8h.123", "", model.IPv4NonNumericPart, 0},

	// setters_tests.json, host and hostname setters: "IPv4 address syntax is normalized".
	{"setter host 0x7F000001", "0x7f000001", "127.0.0.1", "", 0},
}

// ipv4Cases are further cases for the loose IPv4 parser, by spec step.
var ipv4Cases = []ipv4Case{
	// IPv4 number parser: radix prefixes.
	{"hex, example of the brief", "0x7f.1", "127.0.0.1", "", 0},
	{"hex upper prefix", "0X7F.0X0.0X0.0X1", "127.0.0.1", "", 0},
	{"hex upper digits", "0xC0.0xA8.0x00.0x01", "192.168.0.1", "", 0},
	{"0x alone is 0", "0x", "0.0.0.0", "", 0},
	{"0X alone is 0", "0X", "0.0.0.0", "", 0},
	{"0x alone last part", "1.2.3.0x", "1.2.3.0", "", 0},
	{"octal", "0177.0.0.01", "127.0.0.1", "", 0},
	{"00 is octal 0", "00", "0.0.0.0", "", 0},
	{"single 0 is decimal", "0", "0.0.0.0", "", 0},
	{"octal whole address", "037777777777", "255.255.255.255", "", 0},
	{"hex many leading zeros", "0x00000000000000000000000000000000000000000000000001", "0.0.0.1", "", 0},
	{"octal many leading zeros", "0000000000000000000000000000000000000000000000000001", "0.0.0.1", "", 0},
	{"mixed radixes", "0x7F.0.00.1", "127.0.0.1", "", 0},

	// IPv4 parser: fewer than four parts fill the remaining bytes.
	{"one part", "3232235521", "192.168.0.1", "", 0},
	{"two parts", "127.1", "127.0.0.1", "", 0},
	{"two parts max", "255.16777215", "255.255.255.255", "", 0},
	{"three parts", "127.0.1", "127.0.0.1", "", 0},
	{"three parts max", "255.255.65535", "255.255.255.255", "", 0},
	{"four parts max", "255.255.255.255", "255.255.255.255", "", 0},
	{"all zero", "0.0.0.0", "0.0.0.0", "", 0},

	// IPv4 parser: one trailing empty part is dropped.
	{"trailing dot", "1.2.3.4.", "1.2.3.4", "", 0},
	{"trailing dot three parts", "1.2.3.", "1.2.0.3", "", 0},
	{"trailing dot one part", "0x.", "0.0.0.0", "", 0},
	{"two trailing dots", "1.2.3..", "", model.IPv4NonNumericPart, 6},
	{"two trailing dots, five parts", "1.2.3.4..", "", model.IPv4TooManyParts, 7},

	// IPv4 parser: empty parts (the IPv4 number parser fails on "").
	{"empty input", "", "", model.IPv4NonNumericPart, 0},
	{"single dot", ".", "", model.IPv4NonNumericPart, 0},
	{"two dots", "..", "", model.IPv4NonNumericPart, 0},
	{"leading dot", ".1.2.3", "", model.IPv4NonNumericPart, 0},
	{"empty middle", "1..2", "", model.IPv4NonNumericPart, 2},

	// IPv4 parser: too many parts is checked before the numbers.
	{"five non-numeric parts", "a.b.c.d.e", "", model.IPv4TooManyParts, 7},
	{"many dots", "1.........", "", model.IPv4TooManyParts, 4},

	// IPv4 parser: non-numeric parts are found before out-of-range ones.
	{"range after non-numeric", "300.x", "", model.IPv4NonNumericPart, 4},
	{"bad hex digit", "0x.0xg", "", model.IPv4NonNumericPart, 5},
	{"sign", "-1", "", model.IPv4NonNumericPart, 0},
	{"plus", "+1", "", model.IPv4NonNumericPart, 0},
	{"hex sign", "0x-1", "", model.IPv4NonNumericPart, 2},
	{"underscore", "1_000", "", model.IPv4NonNumericPart, 1},
	{"space", "1.2.3.4 ", "", model.IPv4NonNumericPart, 7},
	{"0x0x", "0x0x1", "", model.IPv4NonNumericPart, 3},
	{"octal then x", "00x1", "", model.IPv4NonNumericPart, 2},
	{"fullwidth digit, raw UTF-8", "１.2.3.4", "", model.IPv4NonNumericPart, 0},
	{"invalid UTF-8", "1.2.3.\xff", "", model.IPv4NonNumericPart, 6},

	// IPv4 parser: range rules.
	{"middle part 256", "1.256.3", "", model.IPv4OutOfRangePart, 2},
	{"two parts, last 2^24", "1.16777216", "", model.IPv4OutOfRangePart, 2},
	{"three parts, last 2^16", "1.2.65536", "", model.IPv4OutOfRangePart, 4},
	{"four parts, last 256", "1.2.3.256", "", model.IPv4OutOfRangePart, 6},
	{"octal 2^32", "040000000000", "", model.IPv4OutOfRangePart, 0},
	{"hex 2^32 - 1 as non-last", "0xffffffff.1", "", model.IPv4OutOfRangePart, 0},
	{"2^64 + 1, saturation", "18446744073709551617", "", model.IPv4OutOfRangePart, 0},
	{"hex 2^64 + 1, saturation", "0x10000000000000001", "", model.IPv4OutOfRangePart, 0},
}

func checkIPv4Case(t *testing.T, fn string, c ipv4Case, got uint32, err error) {
	t.Helper()
	if c.want != "" {
		if err != nil {
			t.Errorf("%s(%q) [%s]: unexpected error %v", fn, c.in, c.name, err)
			return
		}
		if s := string(host.AppendIPv4(nil, got)); s != c.want {
			t.Errorf("%s(%q) [%s] = %s, want %s", fn, c.in, c.name, s, c.want)
		}
		return
	}
	if err == nil {
		t.Errorf("%s(%q) [%s] = %s, want failure %s", fn, c.in, c.name, host.AppendIPv4(nil, got), c.code)
		return
	}
	if got != 0 {
		t.Errorf("%s(%q) [%s]: failure returned non-zero value %d", fn, c.in, c.name, got)
	}
	checkIPError(t, fn, c.in, c.name, err, c.code, c.offset)
}

// checkIPError checks that err is a *model.Error about in with the code and
// offset wanted, and that errors.Is matches the code.
func checkIPError(t *testing.T, fn, in, name string, err error, code model.Code, offset int) {
	t.Helper()
	var e *model.Error
	if !errors.As(err, &e) {
		t.Errorf("%s(%q) [%s]: error %v is not a *model.Error", fn, in, name, err)
		return
	}
	if e.Code != code || e.Offset != offset || e.Input != in {
		t.Errorf("%s(%q) [%s]: error (%s, %d, %q), want (%s, %d)", fn, in, name, e.Code, e.Offset, e.Input, code, offset)
	}
	if !errors.Is(err, code) {
		t.Errorf("%s(%q) [%s]: errors.Is(err, %s) = false", fn, in, name, code)
	}
}

// WHATWG §Host parsing: IPv4 parser and IPv4 number parser.
func TestParseIPv4(t *testing.T) {
	for _, cases := range [][]ipv4Case{ipv4WPTCases, ipv4Cases} {
		for _, c := range cases {
			got, err := host.ParseIPv4(c.in)
			checkIPv4Case(t, "ParseIPv4", c, got, err)
		}
	}
}

// WHATWG §Host parsing: every host the host parser gives to the IPv4 parser
// ends in a number.
func TestEndsInANumberWPT(t *testing.T) {
	for _, c := range ipv4WPTCases {
		if !host.EndsInANumber(c.in) {
			t.Errorf("EndsInANumber(%q) [%s] = false, want true", c.in, c.name)
		}
	}
}

// WHATWG §Host parsing: ends in a number checker.
func TestEndsInANumber(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		// Last part all digits (even if the IPv4 parser later fails).
		{"1", true},
		{"09", true},
		{"foo.09", true},
		{"foo.123.", true},
		{"1.2.3.4.5", true},
		{"0", true},
		// Last part "0x"/"0X" and hex digits.
		{"0x", true},
		{"0X", true},
		{"foo.0x", true},
		{"foo.0xff", true},
		{"foo.0XfF.", true},
		// Not a number.
		{"", false},
		{".", false},
		{"..", false},
		{"1..", false}, // only one trailing empty part is dropped
		{"example.com", false},
		{"0x7f.0.0.0x7g", false},        // WPT http://0x7f.0.0.0x7g
		{"10.0.0.xn--pokxncvks", false}, // WPT http://10.0.0.xn--pokxncvks
		{"foo.0xg", false},
		{"foo.x1", false},
		{"1.2.3.4a", false},
		{"1.2.3.a4", false},
		{"foo.0x1.", true},
		{"foo.-1", false},
		{"foo.1\xff", false},
		{"foo.１", false},
	} {
		if got := host.EndsInANumber(c.in); got != c.want {
			t.Errorf("EndsInANumber(%q) = %v, want %v", c.in, got, c.want)
		}
		if got := ipv4EndsInANumberSlow(c.in); got != c.want {
			t.Errorf("ipv4EndsInANumberSlow(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

// ipv4StrictCases exercise ip4-address-strict (spec §IPv4 Address – Strict).
var ipv4StrictCases = []ipv4Case{
	// Valid: four num-dec parts, each at most 255.
	{"zero", "0.0.0.0", "0.0.0.0", "", 0},
	{"simple", "1.2.3.4", "1.2.3.4", "", 0},
	{"max", "255.255.255.255", "255.255.255.255", "", 0},
	{"loopback", "127.0.0.1", "127.0.0.1", "", 0},
	{"private", "192.168.100.200", "192.168.100.200", "", 0},
	{"two-digit parts", "10.20.30.99", "10.20.30.99", "", 0},
	{"boundaries", "9.99.199.249", "9.99.199.249", "", 0},
	{"boundaries 2", "100.200.250.254", "100.200.250.254", "", 0},

	// Not num-dec: leading zeros and hex prefixes.
	{"leading zero first", "01.2.3.4", "", model.IPv4NonDecimalPart, 0},
	{"leading zero last", "1.2.3.04", "", model.IPv4NonDecimalPart, 6},
	{"double zero", "00.0.0.0", "", model.IPv4NonDecimalPart, 0},
	{"hex", "0x1.2.3.4", "", model.IPv4NonDecimalPart, 0},
	{"hex alone", "1.2.3.0x", "", model.IPv4NonDecimalPart, 6},
	{"hex upper", "1.2.0X3.4", "", model.IPv4NonDecimalPart, 4},

	// Out of range.
	{"256 first", "256.0.0.0", "", model.IPv4OutOfRangePart, 0},
	{"256 last", "1.2.3.256", "", model.IPv4OutOfRangePart, 6},
	{"huge last", "1.2.3.99999999999999999999", "", model.IPv4OutOfRangePart, 6},

	// Part count.
	{"one part", "1", "", model.IPv4EmptyPart, 1},
	{"one large part", "16909060", "", model.IPv4OutOfRangePart, 0},
	{"three parts", "1.2.3", "", model.IPv4EmptyPart, 5},
	{"five parts", "1.2.3.4.5", "", model.IPv4TooManyParts, 7},
	{"trailing dot", "1.2.3.4.", "", model.IPv4EmptyPart, 7},
	{"trailing dot three parts", "1.2.3.", "", model.IPv4EmptyPart, 5},

	// Empty and non-numeric parts.
	{"empty", "", "", model.IPv4NonNumericPart, 0},
	{"dot", ".", "", model.IPv4NonNumericPart, 0},
	{"empty middle", "1..3.4", "", model.IPv4NonNumericPart, 2},
	{"leading dot", ".1.2.3", "", model.IPv4NonNumericPart, 0},
	{"letter", "a.2.3.4", "", model.IPv4NonNumericPart, 0},
	{"suffix", "1.2.3.4x", "", model.IPv4NonNumericPart, 7},
	{"after zero", "0a.2.3.4", "", model.IPv4NonNumericPart, 1},
	{"sign", "1.2.3.-4", "", model.IPv4NonNumericPart, 6},
	{"space after", "1.2.3.4 ", "", model.IPv4NonNumericPart, 7},
	{"space before", " 1.2.3.4", "", model.IPv4NonNumericPart, 0},
	{"fullwidth", "1.2.3.４", "", model.IPv4NonNumericPart, 6},
	{"invalid UTF-8", "1.2.\x80.4", "", model.IPv4NonNumericPart, 4},
}

// Spec §IPv4 Address – Strict.
func TestParseIPv4Strict(t *testing.T) {
	for _, c := range ipv4StrictCases {
		got, err := host.ParseIPv4Strict(c.in)
		checkIPv4Case(t, "ParseIPv4Strict", c, got, err)
		// The loose parser accepts every strict address with the same value.
		if err == nil {
			if v, lerr := host.ParseIPv4(c.in); lerr != nil || v != got {
				t.Errorf("ParseIPv4(%q) = %d, %v; strict gave %d", c.in, v, lerr, got)
			}
		}
	}
	// Of the loose cases, exactly those that are already serialised are strict.
	for _, cases := range [][]ipv4Case{ipv4WPTCases, ipv4Cases} {
		for _, c := range cases {
			_, err := host.ParseIPv4Strict(c.in)
			if want := c.want != "" && c.want == c.in; (err == nil) != want {
				t.Errorf("ParseIPv4Strict(%q) error %v, want success %v", c.in, err, want)
			}
		}
	}
}

// WHATWG §Host serializing: IPv4 serializer.
func TestAppendIPv4(t *testing.T) {
	for _, c := range []struct {
		addr uint32
		want string
	}{
		{0, "0.0.0.0"},
		{1, "0.0.0.1"},
		{0x7f000001, "127.0.0.1"},
		{0xc0a80001, "192.168.0.1"},
		{0xffffffff, "255.255.255.255"},
		{0x0a00ff10, "10.0.255.16"},
		{999999999, "59.154.201.255"},
	} {
		if got := string(host.AppendIPv4(nil, c.addr)); got != c.want {
			t.Errorf("AppendIPv4(%#x) = %q, want %q", c.addr, got, c.want)
		}
		if got := string(host.AppendIPv4([]byte("host="), c.addr)); got != "host="+c.want {
			t.Errorf("AppendIPv4(\"host=\", %#x) = %q", c.addr, got)
		}
	}
}

// Cost is linear in input length (DESIGN, Invariants): huge parts are
// scanned once with saturating arithmetic. Not timed; it must just finish
// and give the right answer.
func TestIPv4HugeInput(t *testing.T) {
	const n = 100000
	zeros := strings.Repeat("0", n)
	for _, c := range []ipv4Case{
		{"100,000-digit decimal", "1" + zeros, "", model.IPv4OutOfRangePart, 0},
		{"100,000-digit hex, value 1", "0x" + zeros + "1", "0.0.0.1", "", 0},
		{"100,000-digit octal, value 1", zeros + "1", "0.0.0.1", "", 0},
		{"100,000-digit non-last part", "1" + zeros + ".1", "", model.IPv4OutOfRangePart, 0},
		{"100,000-digit hex then bad digit", "0x" + strings.Repeat("f", n) + "g", "", model.IPv4NonNumericPart, n + 2},
		{"100,000 dots", strings.Repeat(".", n), "", model.IPv4TooManyParts, 3},
		{"100,000-digit first part, too many parts", "9" + zeros + ".1.2.3.4", "", model.IPv4TooManyParts, n + 7},
	} {
		got, err := host.ParseIPv4(c.in)
		checkIPv4Case(t, "ParseIPv4", c, got, err)
		_, _ = host.ParseIPv4Strict(c.in)
		_ = host.EndsInANumber(c.in)
	}
	if _, err := host.ParseIPv4Strict("1.2.3." + "2" + zeros); !errors.Is(err, model.IPv4OutOfRangePart) {
		t.Errorf("ParseIPv4Strict(huge last part) error %v, want %s", err, model.IPv4OutOfRangePart)
	}
	if !host.EndsInANumber("a." + zeros) {
		t.Errorf("EndsInANumber(huge number) = false")
	}
}

// Performance rules (DESIGN): the parsers allocate nothing on success and
// only the error value on failure; the serializer nothing when dst has room.
func TestIPv4Allocs(t *testing.T) {
	for _, s := range []string{"192.168.0.1", "0x7f.1", "4294967295", "1.2.3.4."} {
		if n := testing.AllocsPerRun(100, func() { _, _ = host.ParseIPv4(s) }); n != 0 {
			t.Errorf("ParseIPv4(%q): %v allocations, want 0", s, n)
		}
		_ = host.EndsInANumber(s)
		if n := testing.AllocsPerRun(100, func() { _ = host.EndsInANumber(s) }); n != 0 {
			t.Errorf("EndsInANumber(%q): %v allocations, want 0", s, n)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = host.ParseIPv4Strict("192.168.0.1") }); n != 0 {
		t.Errorf("ParseIPv4Strict: %v allocations, want 0", n)
	}
	for _, s := range []string{"1.2.3.4.5", "256.1", "foo.1", ""} {
		if n := testing.AllocsPerRun(100, func() { _, _ = host.ParseIPv4(s) }); n > 1 {
			t.Errorf("ParseIPv4(%q) failing: %v allocations, want at most 1", s, n)
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = host.ParseIPv4Strict(s) }); n > 1 {
			t.Errorf("ParseIPv4Strict(%q) failing: %v allocations, want at most 1", s, n)
		}
	}
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() { buf = host.AppendIPv4(buf[:0], 0xffffffff) }); n != 0 {
		t.Errorf("AppendIPv4: %v allocations, want 0", n)
	}
}

// ipv4NumberSlow is a literal transcription of the WHATWG IPv4 number parser
// with arbitrary-precision integers, as a reference for fuzzing.
func ipv4NumberSlow(input string) (*big.Int, bool) {
	if input == "" {
		return nil, false
	}
	r := 10
	if len(input) >= 2 && (input[:2] == "0x" || input[:2] == "0X") {
		input, r = input[2:], 16
	} else if len(input) >= 2 && input[0] == '0' {
		input, r = input[1:], 8
	}
	if input == "" {
		return new(big.Int), true
	}
	digits := "0123456789abcdef"[:r]
	for i := 0; i < len(input); i++ {
		c := input[i]
		if 'A' <= c && c <= 'F' {
			c += 'a' - 'A'
		}
		if strings.IndexByte(digits, c) < 0 {
			return nil, false
		}
	}
	n, ok := new(big.Int).SetString(input, r)
	return n, ok
}

// ipv4Slow is a literal transcription of the WHATWG IPv4 parser.
func ipv4Slow(input string) (uint32, bool) {
	parts := strings.Split(input, ".")
	if parts[len(parts)-1] == "" && len(parts) > 1 {
		parts = parts[:len(parts)-1]
	}
	if len(parts) > 4 {
		return 0, false
	}
	var numbers []*big.Int
	for _, part := range parts {
		n, ok := ipv4NumberSlow(part)
		if !ok {
			return 0, false
		}
		numbers = append(numbers, n)
	}
	b255 := big.NewInt(255)
	for _, n := range numbers[:len(numbers)-1] {
		if n.Cmp(b255) > 0 {
			return 0, false
		}
	}
	limit := new(big.Int).Exp(big.NewInt(256), big.NewInt(int64(5-len(numbers))), nil)
	if numbers[len(numbers)-1].Cmp(limit) >= 0 {
		return 0, false
	}
	ipv4 := new(big.Int).Set(numbers[len(numbers)-1])
	for counter, n := range numbers[:len(numbers)-1] {
		f := new(big.Int).Exp(big.NewInt(256), big.NewInt(int64(3-counter)), nil)
		ipv4.Add(ipv4, f.Mul(f, n))
	}
	return uint32(ipv4.Uint64()), true
}

// ipv4EndsInANumberSlow is a literal transcription of the WHATWG ends in a
// number checker (for "" it returns false).
func ipv4EndsInANumberSlow(input string) bool {
	parts := strings.Split(input, ".")
	if parts[len(parts)-1] == "" && len(parts) > 1 {
		parts = parts[:len(parts)-1]
	}
	last := parts[len(parts)-1]
	if last != "" && strings.Trim(last, "0123456789") == "" {
		return true
	}
	_, ok := ipv4NumberSlow(last)
	return ok
}

// FuzzIPv4 checks, on any input: no panic; ParseIPv4 agrees with a literal
// big-integer transcription of the spec; a parsed address serialises to a
// string that both parsers read back to the same value; the strict parser
// accepts exactly the serialised forms, with the loose parser's value; a
// failure is a *model.Error with an offset inside the input; and
// EndsInANumber agrees with its transcription and holds for every address.
func FuzzIPv4(f *testing.F) {
	for _, cases := range [][]ipv4Case{ipv4WPTCases, ipv4Cases, ipv4StrictCases} {
		for _, c := range cases {
			f.Add(c.in)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := host.ParseIPv4(s)
		sv, sok := ipv4Slow(s)
		if (err == nil) != sok || sok && v != sv {
			t.Fatalf("ParseIPv4(%q) = %d, %v; transcription gives %d, %v", s, v, err, sv, sok)
		}
		checkIPErrorShape(t, "ParseIPv4", s, err)
		if got, want := host.EndsInANumber(s), ipv4EndsInANumberSlow(s); got != want {
			t.Fatalf("EndsInANumber(%q) = %v, transcription %v", s, got, want)
		}
		var out string
		if err == nil {
			if !host.EndsInANumber(s) {
				t.Fatalf("ParseIPv4(%q) succeeded but EndsInANumber is false", s)
			}
			out = string(host.AppendIPv4(nil, v))
			if v2, err2 := host.ParseIPv4(out); err2 != nil || v2 != v {
				t.Fatalf("ParseIPv4(%q) = %d, %v; from %q gave %d", out, v2, err2, s, v)
			}
			if v3, err3 := host.ParseIPv4Strict(out); err3 != nil || v3 != v {
				t.Fatalf("ParseIPv4Strict(%q) = %d, %v; want %d", out, v3, err3, v)
			}
		}
		strict, serr := host.ParseIPv4Strict(s)
		checkIPErrorShape(t, "ParseIPv4Strict", s, serr)
		if serr == nil && (err != nil || strict != v) {
			t.Fatalf("ParseIPv4Strict(%q) = %d but ParseIPv4 = %d, %v", s, strict, v, err)
		}
		if (serr == nil) != (err == nil && out == s) {
			t.Fatalf("ParseIPv4Strict(%q) error %v; loose serialisation %q", s, serr, out)
		}
	})
}

// checkIPErrorShape checks that a non-nil err is a *model.Error about in,
// with an offset inside in (or at its end).
func checkIPErrorShape(t *testing.T, fn, in string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var e *model.Error
	if !errors.As(err, &e) {
		t.Fatalf("%s(%q): error %v is not a *model.Error", fn, in, err)
	}
	if e.Input != in || e.Offset < 0 || e.Offset > len(in) || e.Code == "" {
		t.Fatalf("%s(%q): error %+v has a bad shape", fn, in, e)
	}
}

func ExampleParseIPv4() {
	for _, name := range []string{"0x7f.1", "192.168.257", "1.2.3.4.5"} {
		if host.EndsInANumber(name) {
			addr, err := host.ParseIPv4(name)
			if err != nil {
				fmt.Println(name, "->", err)
				continue
			}
			fmt.Println(name, "->", string(host.AppendIPv4(nil, addr)))
		}
	}
	// Output:
	// 0x7f.1 -> 127.0.0.1
	// 192.168.257 -> 192.168.1.1
	// 1.2.3.4.5 -> IPv4-too-many-parts: more than four parts (at byte 7 of "1.2.3.4.5")
}

func ExampleParseIPv4Strict() {
	_, err := host.ParseIPv4Strict("127.0.0.01")
	fmt.Println(errors.Is(err, model.IPv4NonDecimalPart))
	// Output:
	// true
}

func ExampleReadIPv4() {
	for _, s := range []string{"0x7f.1", "192.168.0.1.", "1.2.3.256"} {
		addr, ok := host.ReadIPv4(s)
		fmt.Println(string(host.AppendIPv4(nil, addr)), ok)
	}
	// Output:
	// 127.0.0.1 true
	// 192.168.0.1 true
	// 0.0.0.0 false
}
