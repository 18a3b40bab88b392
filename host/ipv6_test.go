package host_test

import (
	"fmt"
	"math/rand/v2"
	"net/netip"
	"regexp"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/model"
)

// ipv6Case is one input of the IPv6 parsers (the text between the brackets):
// want is the IPv6 serialisation of the result without brackets, or "" for
// failure with the given code and byte offset.
type ipv6Case struct {
	name   string // the WPT input, or a description
	in     string
	want   string
	code   model.Code
	offset int
}

// ipv6WPTCases are the bracketed hosts of web-platform-tests
// url/resources/urltestdata.json; want is the JSON's hostname without
// brackets ("" where the URL fails). Left out: "non-special://[:80/", which
// fails with IPv6-unclosed before the IPv6 parser runs.
var ipv6WPTCases = []ipv6Case{
	// WHATWG §Host parsing, IPv6 parser: successes.
	{"http://[1::2]:3:4", "1::2", "1::2", "", 0}, // the URL fails on its port, not its host
	{"http://[2001::1]", "2001::1", "2001::1", "", 0},
	{"http://[2001::1]:80", "2001::1", "2001::1", "", 0},
	{"http://[::127.0.0.1]", "::127.0.0.1", "::7f00:1", "", 0},
	{"http://[0:0:0:0:0:0:13.1.68.3]", "0:0:0:0:0:0:13.1.68.3", "::d01:4403", "", 0},
	{"file://[1::8]/C:/", "1::8", "1::8", "", 0},
	{"http://[1:0::]", "1:0::", "1::", "", 0},
	{"non-special://[1:2:0:0:5:0:0:0]/", "1:2:0:0:5:0:0:0", "1:2:0:0:5::", "", 0},
	{"non-special://[1:2:0:0:0:0:0:3]/", "1:2:0:0:0:0:0:3", "1:2::3", "", 0},
	{"non-special://[1:2::3]:80/", "1:2::3", "1:2::3", "", 0},
	{"http://[0:1:0:1:0:1:0:1]", "0:1:0:1:0:1:0:1", "0:1:0:1:0:1:0:1", "", 0},
	{"http://[1:0:1:0:1:0:1:0]", "1:0:1:0:1:0:1:0", "1:0:1:0:1:0:1:0", "", 0},

	// WHATWG §Host parsing, IPv6 parser: failures.
	{"http://[]", "", "", model.IPv6TooFewPieces, 0},
	{"http://[:]", ":", "", model.IPv6InvalidCompression, 0},
	{"data://[:1]", ":1", "", model.IPv6InvalidCompression, 0},
	{"javascript://[:1]", ":1", "", model.IPv6InvalidCompression, 0},
	{"mailto://[:1]", ":1", "", model.IPv6InvalidCompression, 0},
	{"intent://[:1]", ":1", "", model.IPv6InvalidCompression, 0},
	{"urn://[:1]", ":1", "", model.IPv6InvalidCompression, 0},
	{"turn://[:1]", ":1", "", model.IPv6InvalidCompression, 0},
	{"stun://[:1]", ":1", "", model.IPv6InvalidCompression, 0},
	{"file://[example]/", "example", "", model.IPv6InvalidCodePoint, 1},
	{"http://[www.google.com]/", "www.google.com", "", model.IPv6InvalidCodePoint, 0},
	{"http://[google.com]", "google.com", "", model.IPv6InvalidCodePoint, 0},
	{"http://[::%31]", "::%31", "", model.IPv6InvalidCodePoint, 2},
	{"https://[0:0:]", "0:0:", "", model.IPv6InvalidCodePoint, 4},
	{"http://[0:1:2:3:4:5:6:7:8]", "0:1:2:3:4:5:6:7:8", "", model.IPv6TooManyPieces, 16},
	{"https://[0::0::0]", "0::0::0", "", model.IPv6MultipleCompress, 5},

	// WHATWG §Host parsing, IPv6 parser: IPv4 in IPv6 failures.
	{"http://[::127.0.0.1.]", "::127.0.0.1.", "", model.IPv4InIPv6InvalidCP, 11},
	{"http://[::127.0.0.0.1]", "::127.0.0.0.1", "", model.IPv4InIPv6InvalidCP, 11},
	{"http://[::1.2.3.4x]", "::1.2.3.4x", "", model.IPv4InIPv6InvalidCP, 9},
	{"http://[::1.2.3.]", "::1.2.3.", "", model.IPv4InIPv6InvalidCP, 8},
	{"http://[::1.2.]", "::1.2.", "", model.IPv4InIPv6InvalidCP, 6},
	{"http://[::.1.2]", "::.1.2", "", model.IPv4InIPv6InvalidCP, 2},
	{"http://[::1.]", "::1.", "", model.IPv4InIPv6InvalidCP, 4},
	{"http://[::.1]", "::.1", "", model.IPv4InIPv6InvalidCP, 2},
	{"https://[0:.0]", "0:.0", "", model.IPv4InIPv6InvalidCP, 2},
	{"https://[0:1.00.0.0.0]", "0:1.00.0.0.0", "", model.IPv4InIPv6InvalidCP, 5},
	{"https://[0:1:2:3:4:5:6:7.0.0.0.1]", "0:1:2:3:4:5:6:7.0.0.0.1", "", model.IPv4InIPv6TooMany, 14},
	{"https://[0:1.290.0.0.0]", "0:1.290.0.0.0", "", model.IPv4InIPv6OutOfRange, 4},
	{"https://[0:1.23.23]", "0:1.23.23", "", model.IPv4InIPv6TooFewParts, 9},

	// setters_tests.json, host and hostname setters: "IPv6 address syntax is normalized".
	{"setter host [::0:01]", "::0:01", "::1", "", 0},
	{"setter host [2001:db8::2]", "2001:db8::2", "2001:db8::2", "", 0},
	{"setter host [::1]", "::1", "::1", "", 0},
}

// ipv6Cases are further cases for the loose IPv6 parser, by spec step; the
// failures include every example of the WHATWG validation error table.
var ipv6Cases = []ipv6Case{
	// Compression.
	{"all zero", "::", "::", "", 0},
	{"loopback", "::1", "::1", "", 0},
	{"trailing compression", "1::", "1::", "", 0},
	{"full", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8", "", 0},
	{"compression for one piece at the end", "1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0", "", 0},
	{"compression for one piece at the start", "::2:3:4:5:6:7:8", "0:2:3:4:5:6:7:8", "", 0},
	{"compression for one piece inside", "1:2:3::5:6:7:8", "1:2:3:0:5:6:7:8", "", 0},
	{"uncompressed zeros", "0:0:0:0:0:0:0:0", "::", "", 0},
	{"upper case", "FFFF::ABCD", "ffff::abcd", "", 0},
	{"leading zeros (non-fatal)", "0000:0000::0001", "::1", "", 0},
	{"leading zero piece", "::01", "::1", "", 0},
	{"documentation prefix", "2001:DB8:0:0:8:800:200C:417A", "2001:db8::8:800:200c:417a", "", 0},

	// IPv4 in IPv6.
	{"mapped", "::ffff:192.168.0.1", "::ffff:c0a8:1", "", 0},
	{"full with IPv4", "1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:102:304", "", 0},
	{"compatible", "::1.2.3.4", "::102:304", "", 0},
	{"zero IPv4", "::0.0.0.0", "::", "", 0},
	{"max IPv4", "::255.255.255.255", "::ffff:ffff", "", 0},
	{"IPv4 after compression and five pieces", "::1:2:3:4:5:1.2.3.4", "0:1:2:3:4:5:102:304", "", 0},
	{"IPv4 after five pieces and compression", "1:2:3:4:5::1.2.3.4", "1:2:3:4:5:0:102:304", "", 0},

	// Failures: the examples of the WHATWG validation error table.
	{"IPv6-invalid-compression example", ":1", "", model.IPv6InvalidCompression, 0},
	{"IPv6-too-many-pieces example", "1:2:3:4:5:6:7:8:9", "", model.IPv6TooManyPieces, 16},
	{"IPv6-multiple-compression example", "1::1::1", "", model.IPv6MultipleCompress, 5},
	{"IPv6-invalid-code-point example", "1:2:3!:4", "", model.IPv6InvalidCodePoint, 5},
	{"IPv6-invalid-code-point example (end)", "1:2:3:", "", model.IPv6InvalidCodePoint, 6},
	{"IPv6-too-few-pieces example", "1:2:3", "", model.IPv6TooFewPieces, 5},
	{"IPv4-in-IPv6-too-many-pieces example", "1:1:1:1:1:1:1:127.0.0.1", "", model.IPv4InIPv6TooMany, 14},
	{"IPv4-in-IPv6-invalid-code-point example 1", "ffff::.0.0.1", "", model.IPv4InIPv6InvalidCP, 6},
	{"IPv4-in-IPv6-invalid-code-point example 2", "ffff::127.0.xyz.1", "", model.IPv4InIPv6InvalidCP, 12},
	{"IPv4-in-IPv6-invalid-code-point example 3", "ffff::127.0xyz", "", model.IPv4InIPv6InvalidCP, 11},
	{"IPv4-in-IPv6-invalid-code-point example 4", "ffff::127.00.0.1", "", model.IPv4InIPv6InvalidCP, 11},
	{"IPv4-in-IPv6-invalid-code-point example 5", "ffff::127.0.0.1.2", "", model.IPv4InIPv6InvalidCP, 15},
	{"IPv4-in-IPv6-out-of-range-part example", "ffff::127.0.0.4000", "", model.IPv4InIPv6OutOfRange, 14},
	{"IPv4-in-IPv6-too-few-parts example", "ffff::127.0.0", "", model.IPv4InIPv6TooFewParts, 13},

	// Failures: more.
	{"triple colon", ":::", "", model.IPv6MultipleCompress, 2},
	{"triple colon inside", "1:::2", "", model.IPv6MultipleCompress, 3},
	{"compression with eight pieces", "1:2:3:4::5:6:7:8", "", model.IPv6TooManyPieces, 15},
	{"compression after eight pieces", "1:2:3:4:5:6:7:8::", "", model.IPv6TooManyPieces, 16},
	{"piece after compression of the last", "1:2:3:4:5:6:7::8", "", model.IPv6TooManyPieces, 15},
	{"five hex digits", "12345::", "", model.IPv6InvalidCodePoint, 4},
	{"five hex digits at the end", "::12345", "", model.IPv6InvalidCodePoint, 6},
	{"non-hex", "g::", "", model.IPv6InvalidCodePoint, 0},
	{"zone", "fe80::1%eth0", "", model.IPv6InvalidCodePoint, 7},
	{"brackets", "[::1]", "", model.IPv6InvalidCodePoint, 0},
	{"space", ":: 1", "", model.IPv6InvalidCodePoint, 2},
	{"non-ASCII", "::é", "", model.IPv6InvalidCodePoint, 2},
	{"invalid UTF-8", "::\xff", "", model.IPv6InvalidCodePoint, 2},
	{"bare IPv4", "1.2.3.4", "", model.IPv6TooFewPieces, 7},
	{"IPv4 not last", "::1.2.3.4:1", "", model.IPv4InIPv6InvalidCP, 9},
	{"IPv4 with hex letter", "::a.1.2.3", "", model.IPv4InIPv6InvalidCP, 2},
	{"IPv4 after seven pieces with compression", "::1:2:3:4:5:6:1.2.3.4", "", model.IPv4InIPv6TooMany, 14},
	{"IPv4 after six pieces and compression", "1:2:3:4:5:6::1.2.3.4", "", model.IPv4InIPv6TooMany, 13},
	{"IPv4 leading zero", "::1.2.3.04", "", model.IPv4InIPv6InvalidCP, 9},
	{"IPv4 out of range", "::1.2.3.256", "", model.IPv4InIPv6OutOfRange, 8},
	{"IPv4 too few", "::1.2.3", "", model.IPv4InIPv6TooFewParts, 7},
	{"IPv4 too many", "::1.2.3.4.5", "", model.IPv4InIPv6InvalidCP, 9},
}

func checkIPv6Case(t *testing.T, fn string, c ipv6Case, got [8]uint16, err error) {
	t.Helper()
	if c.want != "" {
		if err != nil {
			t.Errorf("%s(%q) [%s]: unexpected error %v", fn, c.in, c.name, err)
			return
		}
		if s := string(host.AppendIPv6(nil, got)); s != c.want {
			t.Errorf("%s(%q) [%s] = %s, want %s", fn, c.in, c.name, s, c.want)
		}
		return
	}
	if err == nil {
		t.Errorf("%s(%q) [%s] = %s, want failure %s", fn, c.in, c.name, host.AppendIPv6(nil, got), c.code)
		return
	}
	if got != [8]uint16{} {
		t.Errorf("%s(%q) [%s]: failure returned non-zero value %v", fn, c.in, c.name, got)
	}
	checkIPError(t, fn, c.in, c.name, err, c.code, c.offset)
}

// WHATWG §Host parsing: IPv6 parser.
func TestParseIPv6(t *testing.T) {
	for _, cases := range [][]ipv6Case{ipv6WPTCases, ipv6Cases} {
		for _, c := range cases {
			got, err := host.ParseIPv6(c.in)
			checkIPv6Case(t, "ParseIPv6", c, got, err)
			// The WHATWG IPv6 parser and RFC 3986 IPv6address accept the
			// same strings, with the same values.
			sgot, serr := host.ParseIPv6Strict(c.in)
			if (err == nil) != (serr == nil) || sgot != got {
				t.Errorf("ParseIPv6Strict(%q) = %v, %v; loose %v, %v", c.in, sgot, serr, got, err)
			}
		}
	}
}

// ipv6StrictCases exercise RFC 3986 IPv6address (spec §IPv6 Address — Strict).
var ipv6StrictCases = []ipv6Case{
	// Valid: each alternative of IPv6address.
	{"6( h16 : ) ls32", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8", "", 0},
	{"6( h16 : ) ls32, IPv4", "1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:102:304", "", 0},
	{":: 5( h16 : ) ls32", "::2:3:4:5:6:7:8", "0:2:3:4:5:6:7:8", "", 0},
	{":: 5( h16 : ) ls32, IPv4", "::1:2:3:4:5:1.2.3.4", "0:1:2:3:4:5:102:304", "", 0},
	{"h16 :: 4( h16 : ) ls32", "1::3:4:5:6:7:8", "1:0:3:4:5:6:7:8", "", 0},
	{":: 4( h16 : ) ls32", "::3:4:5:6:7:8", "::3:4:5:6:7:8", "", 0},
	{"2 h16 :: 3( h16 : ) ls32", "1:2::4:5:6:7:8", "1:2:0:4:5:6:7:8", "", 0},
	{"4 h16 :: h16 : ls32", "1:2:3:4::6:7:8", "1:2:3:4:0:6:7:8", "", 0},
	{"5 h16 :: ls32", "1:2:3:4:5::7:8", "1:2:3:4:5:0:7:8", "", 0},
	{"5 h16 :: ls32, IPv4", "1:2:3:4:5::1.2.3.4", "1:2:3:4:5:0:102:304", "", 0},
	{"6 h16 :: h16", "1:2:3:4:5:6::8", "1:2:3:4:5:6:0:8", "", 0},
	{"7 h16 ::", "1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0", "", 0},
	{"::", "::", "::", "", 0},
	{":: h16", "::1", "::1", "", 0},
	{"h16 ::", "fe80::", "fe80::", "", 0},
	{":: ls32 IPv4", "::127.0.0.1", "::7f00:1", "", 0},
	{"mapped", "::ffff:192.168.0.1", "::ffff:c0a8:1", "", 0},
	{"h16 is 1*4HEXDIG, either case", "0000:00:0:ABCD:abcd:AbCd:f:0FFF", "::abcd:abcd:abcd:f:fff", "", 0},
	{"dec-octet boundaries", "::9.99.199.255", "::963:c7ff", "", 0},
	{"dec-octet zero", "::0.0.0.0", "::", "", 0},

	// Invalid.
	{"empty", "", "", model.IPv6TooFewPieces, 0},
	{"colon", ":", "", model.IPv6InvalidCompression, 0},
	{"leading single colon", ":1:2:3:4:5:6:7", "", model.IPv6InvalidCompression, 0},
	{"trailing single colon", "1:2:3:4:5:6:7:", "", model.IPv6InvalidCodePoint, 14},
	{"triple colon", ":::", "", model.IPv6MultipleCompress, 2},
	{"triple colon inside", "1:::2", "", model.IPv6MultipleCompress, 3},
	{"two compressions", "1::2::3", "", model.IPv6MultipleCompress, 5},
	{"nine pieces", "1:2:3:4:5:6:7:8:9", "", model.IPv6TooManyPieces, 16},
	{"compression with eight pieces", "1:2:3:4::5:6:7:8", "", model.IPv6TooManyPieces, 15},
	{"compression after eight pieces", "1:2:3:4:5:6:7:8::", "", model.IPv6TooManyPieces, 16},
	{"seven pieces", "1:2:3:4:5:6:7", "", model.IPv6TooFewPieces, 13},
	{"five hex digits", "12345::", "", model.IPv6InvalidCodePoint, 4},
	{"five hex digits at the end", "::12345", "", model.IPv6InvalidCodePoint, 6},
	{"non-hex", "g::", "", model.IPv6InvalidCodePoint, 0},
	{"bang", "1:2:3!:4", "", model.IPv6InvalidCodePoint, 5},
	{"zone", "1::%eth0", "", model.IPv6InvalidCodePoint, 3},
	{"brackets", "[::1]", "", model.IPv6InvalidCodePoint, 0},
	{"invalid UTF-8", "::\xff", "", model.IPv6InvalidCodePoint, 2},
	{"bare IPv4", "1.2.3.4", "", model.IPv6TooFewPieces, 7},
	{"IPv4 leading zero", "::1.2.3.04", "", model.IPv4InIPv6InvalidCP, 8},
	{"IPv4 hex", "::0x1.2.3.4", "", model.IPv6InvalidCodePoint, 3},
	{"IPv4 out of range", "::1.2.3.256", "", model.IPv4InIPv6OutOfRange, 8},
	{"IPv4 too few", "::1.2.3", "", model.IPv4InIPv6TooFewParts, 7},
	{"IPv4 trailing dot", "::1.2.3.", "", model.IPv4InIPv6InvalidCP, 7},
	{"IPv4 too many", "::1.2.3.4.5", "", model.IPv4InIPv6InvalidCP, 9},
	{"IPv4 not last", "::1.2.3.4:1", "", model.IPv4InIPv6InvalidCP, 9},
	{"IPv4 then compression", "::1.2.3.4::", "", model.IPv4InIPv6InvalidCP, 9},
	{"IPv4 empty part", "::.1.2.3", "", model.IPv4InIPv6InvalidCP, 2},
	{"IPv4 with hex letter", "::a.1.2.3", "", model.IPv4InIPv6InvalidCP, 2},
	{"IPv4 after seven pieces", "1:2:3:4:5:6:7:1.2.3.4", "", model.IPv4InIPv6TooMany, 14},
	{"IPv4 after compression and six pieces", "::1:2:3:4:5:6:1.2.3.4", "", model.IPv4InIPv6TooMany, 14},
}

// Spec §IPv6 Address — Strict (RFC 3986 IPv6address).
func TestParseIPv6Strict(t *testing.T) {
	for _, c := range ipv6StrictCases {
		got, err := host.ParseIPv6Strict(c.in)
		checkIPv6Case(t, "ParseIPv6Strict", c, got, err)
		if m := ipv6RFC3986.MatchString(c.in); m != (err == nil) {
			t.Errorf("ParseIPv6Strict(%q) error %v, but RFC 3986 regexp match is %v", c.in, err, m)
		}
		if err == nil {
			if v, lerr := host.ParseIPv6(c.in); lerr != nil || v != got {
				t.Errorf("ParseIPv6(%q) = %v, %v; strict gave %v", c.in, v, lerr, got)
			}
		}
	}
}

// WHATWG §Host serializing: IPv6 serializer and find the IPv6 address
// compressed piece index.
func TestAppendIPv6(t *testing.T) {
	for _, c := range []struct {
		addr [8]uint16
		want string
	}{
		{[8]uint16{}, "::"},
		{[8]uint16{0, 0, 0, 0, 0, 0, 0, 1}, "::1"},
		{[8]uint16{1, 0, 0, 0, 0, 0, 0, 0}, "1::"},
		{[8]uint16{0x2001, 0xdb8, 0, 0, 0, 0, 0, 1}, "2001:db8::1"},
		{[8]uint16{0xABCD, 0xEF01, 0x2345, 0x6789, 0xabcd, 0xef01, 0x2345, 0x6789}, "abcd:ef01:2345:6789:abcd:ef01:2345:6789"},
		// A single zero piece is not compressed.
		{[8]uint16{1, 0, 1, 0, 1, 0, 1, 0}, "1:0:1:0:1:0:1:0"},
		{[8]uint16{0, 1, 0, 1, 0, 1, 0, 1}, "0:1:0:1:0:1:0:1"},
		{[8]uint16{1, 2, 3, 4, 5, 6, 7, 0}, "1:2:3:4:5:6:7:0"},
		{[8]uint16{0, 2, 3, 4, 5, 6, 7, 8}, "0:2:3:4:5:6:7:8"},
		{[8]uint16{1, 2, 3, 0, 5, 6, 7, 8}, "1:2:3:0:5:6:7:8"},
		// Two zero pieces are.
		{[8]uint16{1, 2, 3, 4, 5, 6, 0, 0}, "1:2:3:4:5:6::"},
		{[8]uint16{0, 0, 3, 4, 5, 6, 7, 8}, "::3:4:5:6:7:8"},
		// The spec's example: on a tie, the first run.
		{[8]uint16{0, 0xf, 0, 0, 0xf, 0xf, 0, 0}, "0:f::f:f:0:0"},
		{[8]uint16{1, 0, 0, 2, 3, 0, 0, 4}, "1::2:3:0:0:4"},
		{[8]uint16{0, 0, 1, 0, 0, 1, 0, 0}, "::1:0:0:1:0:0"},
		{[8]uint16{0, 0, 0, 1, 0, 0, 0, 1}, "::1:0:0:0:1"},
		// Otherwise, the longest run.
		{[8]uint16{1, 0, 0, 2, 0, 0, 0, 3}, "1:0:0:2::3"},
		{[8]uint16{0, 0, 1, 0, 0, 0, 0, 0}, "0:0:1::"},
		{[8]uint16{0, 0, 0, 0, 1, 0, 0, 0}, "::1:0:0:0"},
		{[8]uint16{0, 1, 0, 0, 0, 0, 0, 0}, "0:1::"},
		{[8]uint16{1, 0, 0, 0, 0, 0, 0, 1}, "1::1"},
		{[8]uint16{0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff}, "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"},
	} {
		if got := string(host.AppendIPv6(nil, c.addr)); got != c.want {
			t.Errorf("AppendIPv6(%v) = %q, want %q", c.addr, got, c.want)
		}
		if got := string(host.AppendIPv6([]byte("["), c.addr)); got != "["+c.want {
			t.Errorf("AppendIPv6(\"[\", %v) = %q", c.addr, got)
		}
	}
}

// The IPv6 serializer follows RFC 5952, as net/netip's Addr.String does for
// addresses that are not IPv4-mapped.
func TestAppendIPv6MatchesNetip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		var a [8]uint16
		var b [16]byte
		for i := range a {
			if r.IntN(2) == 0 {
				a[i] = uint16(r.Uint32())
				if r.IntN(2) == 0 {
					a[i] &= 0xf
				}
			}
			b[2*i], b[2*i+1] = byte(a[i]>>8), byte(a[i])
		}
		addr := netip.AddrFrom16(b)
		if addr.Is4In6() {
			continue
		}
		if got, want := string(host.AppendIPv6(nil, a)), addr.String(); got != want {
			t.Fatalf("AppendIPv6(%v) = %q, netip %q", a, got, want)
		}
	}
}

// Cost is linear in input length (DESIGN, Invariants). Not timed; it must
// just finish and give the right answer.
func TestIPv6HugeInput(t *testing.T) {
	const n = 100000
	for _, c := range []ipv6Case{
		{"100,000 hex digits", "::" + strings.Repeat("1", n), "", model.IPv6InvalidCodePoint, 6},
		{"100,000 colons", strings.Repeat(":", n), "", model.IPv6MultipleCompress, 2},
		{"50,000 pieces", strings.Repeat("1:", n/2), "", model.IPv6TooManyPieces, 16},
		{"100,000-digit IPv4 part", "::1.2.3." + strings.Repeat("9", n), "", model.IPv4InIPv6OutOfRange, 8},
		{"100,000 IPv4 parts", "::" + strings.Repeat("1.", n/2), "", model.IPv4InIPv6InvalidCP, 9},
	} {
		got, err := host.ParseIPv6(c.in)
		checkIPv6Case(t, "ParseIPv6", c, got, err)
		if _, err := host.ParseIPv6Strict(c.in); err == nil {
			t.Errorf("ParseIPv6Strict(%s) succeeded", c.name)
		}
	}
}

// Performance rules (DESIGN): the parsers allocate nothing on success and
// only the error value on failure; the serializer nothing when dst has room.
func TestIPv6Allocs(t *testing.T) {
	for _, s := range []string{"2001:db8::1", "::ffff:192.168.0.1", "1:2:3:4:5:6:7:8", "::"} {
		if n := testing.AllocsPerRun(100, func() { _, _ = host.ParseIPv6(s) }); n != 0 {
			t.Errorf("ParseIPv6(%q): %v allocations, want 0", s, n)
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = host.ParseIPv6Strict(s) }); n != 0 {
			t.Errorf("ParseIPv6Strict(%q): %v allocations, want 0", s, n)
		}
	}
	for _, s := range []string{"1::1::1", "::1.2.3.256", "", "g"} {
		if n := testing.AllocsPerRun(100, func() { _, _ = host.ParseIPv6(s) }); n > 1 {
			t.Errorf("ParseIPv6(%q) failing: %v allocations, want at most 1", s, n)
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = host.ParseIPv6Strict(s) }); n > 1 {
			t.Errorf("ParseIPv6Strict(%q) failing: %v allocations, want at most 1", s, n)
		}
	}
	buf := make([]byte, 0, 64)
	addr := [8]uint16{0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff}
	if n := testing.AllocsPerRun(100, func() { buf = host.AppendIPv6(buf[:0], addr) }); n != 0 {
		t.Errorf("AppendIPv6: %v allocations, want 0", n)
	}
	addr = [8]uint16{0x2001, 0xdb8, 0, 0, 0, 0, 0, 1}
	if n := testing.AllocsPerRun(100, func() { buf = host.AppendIPv6(buf[:0], addr) }); n != 0 {
		t.Errorf("AppendIPv6: %v allocations, want 0", n)
	}
}

// ipv6RFC3986 is RFC 3986 §3.2.2 IPv6address transcribed as a regular
// expression, a reference for the strict parser.
var ipv6RFC3986 = func() *regexp.Regexp {
	const (
		h16  = `[0-9A-Fa-f]{1,4}`
		dec  = `(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])`
		ipv4 = dec + `\.` + dec + `\.` + dec + `\.` + dec
		ls32 = `(?:` + h16 + `:` + h16 + `|` + ipv4 + `)`
	)
	alts := []string{
		`(?:` + h16 + `:){6}` + ls32,
		`::(?:` + h16 + `:){5}` + ls32,
		`(?:` + h16 + `)?::(?:` + h16 + `:){4}` + ls32,
		`(?:(?:` + h16 + `:){0,1}` + h16 + `)?::(?:` + h16 + `:){3}` + ls32,
		`(?:(?:` + h16 + `:){0,2}` + h16 + `)?::(?:` + h16 + `:){2}` + ls32,
		`(?:(?:` + h16 + `:){0,3}` + h16 + `)?::` + h16 + `:` + ls32,
		`(?:(?:` + h16 + `:){0,4}` + h16 + `)?::` + ls32,
		`(?:(?:` + h16 + `:){0,5}` + h16 + `)?::` + h16,
		`(?:(?:` + h16 + `:){0,6}` + h16 + `)?::`,
	}
	return regexp.MustCompile(`^(?:` + strings.Join(alts, `|`) + `)$`)
}()

// FuzzIPv6 checks, on any input: no panic; a parsed address serialises to a
// string that both parsers read back to the same value; the strict parser
// accepts exactly RFC 3986 IPv6address (as a regular expression) and, where
// it succeeds, agrees with net/netip; the strict and loose parsers accept
// the same strings with the same values; failures are *model.Error values
// with an offset inside the input.
func FuzzIPv6(f *testing.F) {
	for _, cases := range [][]ipv6Case{ipv6WPTCases, ipv6Cases, ipv6StrictCases} {
		for _, c := range cases {
			f.Add(c.in)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := host.ParseIPv6(s)
		checkIPErrorShape(t, "ParseIPv6", s, err)
		if err == nil {
			out := string(host.AppendIPv6(nil, a))
			if a2, err2 := host.ParseIPv6(out); err2 != nil || a2 != a {
				t.Fatalf("ParseIPv6(%q) = %v, %v; from %q gave %v", out, a2, err2, s, a)
			}
			if a3, err3 := host.ParseIPv6Strict(out); err3 != nil || a3 != a {
				t.Fatalf("ParseIPv6Strict(%q) = %v, %v; want %v", out, a3, err3, a)
			}
		}
		sa, serr := host.ParseIPv6Strict(s)
		checkIPErrorShape(t, "ParseIPv6Strict", s, serr)
		if m := ipv6RFC3986.MatchString(s); m != (serr == nil) {
			t.Fatalf("ParseIPv6Strict(%q) error %v, but RFC 3986 match is %v", s, serr, m)
		}
		if (serr == nil) != (err == nil) || sa != a {
			t.Fatalf("ParseIPv6Strict(%q) = %v, %v; ParseIPv6 = %v, %v", s, sa, serr, a, err)
		}
		if serr == nil {
			addr, nerr := netip.ParseAddr(s)
			if nerr != nil || !addr.Is6() || addr.Zone() != "" {
				t.Fatalf("netip.ParseAddr(%q) = %v, %v; strict gave %v", s, addr, nerr, sa)
			}
			b := addr.As16()
			for i, p := range sa {
				if uint16(b[2*i])<<8|uint16(b[2*i+1]) != p {
					t.Fatalf("netip.ParseAddr(%q) = %v; strict gave %v", s, addr, sa)
				}
			}
		}
	})
}

func ExampleParseIPv6() {
	addr, err := host.ParseIPv6("0:0:0:0:0:0:13.1.68.3")
	if err != nil {
		panic(err)
	}
	fmt.Printf("[%s]\n", host.AppendIPv6(nil, addr))
	_, err = host.ParseIPv6("1::1::1")
	fmt.Println(err)
	// Output:
	// [::d01:4403]
	// IPv6-multiple-compression: second "::" (at byte 5 of "1::1::1")
}

func ExampleAppendIPv6() {
	fmt.Println(string(host.AppendIPv6(nil, [8]uint16{0x2001, 0xdb8, 0, 0, 1, 0, 0, 1})))
	fmt.Println(string(host.AppendIPv6(nil, [8]uint16{1, 0, 1, 0, 1, 0, 1, 0})))
	// Output:
	// 2001:db8::1:0:0:1
	// 1:0:1:0:1:0:1:0
}

func ExampleIsIPv6Serialization() {
	for _, s := range []string{"2001:db8::1", "2001:DB8::1", "2001:db8:0:0:0:0:0:1", "::ffff:1.2.3.4", "::ffff:102:304", "1::1::1"} {
		_, ok := host.IsIPv6Serialization(s)
		fmt.Println(s, ok)
	}
	// Output:
	// 2001:db8::1 true
	// 2001:DB8::1 false
	// 2001:db8:0:0:0:0:0:1 false
	// ::ffff:1.2.3.4 false
	// ::ffff:102:304 true
	// 1::1::1 false
}

// IsIPv6Serialization agrees with ParseIPv6 and AppendIPv6, and allocates
// nothing.
func TestIsIPv6Serialization(t *testing.T) {
	inputs := []string{"", ":", "::", "::1", "1::", "0::0", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::", "1:0:0:2::3", "1::2:0:0:3",
		"0:0:1::", "::0:1", "fe80::cffa:a951:0:0:f6c5", "fe80:0:0:cffa:a951::f6c5", "2001:db8:d20e::9c5f:3d81", "01::", "1:::2",
		"1:2:3:4:5:6:7:8:9", "12345::", "::ffff:1.2.3.4", "abcd:ef01:2345:6789:abcd:ef01:2345:6789", "ABCD::", "g::"}
	for _, s := range inputs {
		addr, ok := host.IsIPv6Serialization(s)
		want, err := host.ParseIPv6(s)
		wantOK := err == nil && string(host.AppendIPv6(nil, want)) == s
		if ok != wantOK || ok && addr != want {
			t.Errorf("IsIPv6Serialization(%q) = %v, %v; want %v, %v", s, addr, ok, want, wantOK)
		}
		if n := testing.AllocsPerRun(10, func() { host.IsIPv6Serialization(s) }); n != 0 {
			t.Errorf("IsIPv6Serialization(%q): %v allocs", s, n)
		}
	}
}

func FuzzIsIPv6Serialization(f *testing.F) {
	f.Add("2001:db8::1")
	f.Add("::ffff:1.2.3.4")
	f.Add("1:0:0:2::3")
	f.Fuzz(func(t *testing.T, s string) {
		addr, ok := host.IsIPv6Serialization(s)
		want, err := host.ParseIPv6(s)
		wantOK := err == nil && string(host.AppendIPv6(nil, want)) == s
		if ok != wantOK || ok && addr != want {
			t.Errorf("IsIPv6Serialization(%q) = %v, %v; want %v, %v", s, addr, ok, want, wantOK)
		}
	})
}

func ExampleReadIPv6() {
	addr, ok := host.ReadIPv6("0:0:0:0:0:0:13.1.68.3")
	fmt.Printf("[%s] %v\n", host.AppendIPv6(nil, addr), ok)
	_, ok = host.ReadIPv6("1::1::1")
	fmt.Println(ok)
	// Output:
	// [::d01:4403] true
	// false
}
