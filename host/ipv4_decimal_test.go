package host

import (
	"strconv"
	"testing"
)

// ipv4DecimalCases are spellings around parseIPv4Decimal's edges.
var ipv4DecimalCases = []string{
	"", ".", "..", "0", "0.", "00", "1", "1.", "1..", "1.2", "1.2.3", "1.2.3.4", "1.2.3.4.", "1.2.3.4..", "1.2.3.4.5",
	"255.255.255.255", "256.1.1.1", "1.256.1.1", "1.1.1.256", "1.1.65535", "1.1.65536", "1.16777215", "1.16777216",
	"4294967295", "4294967296", "9999999999", "99999999999", "01.1.1.1", "1.01.1.1", "0.0.0.0", "0x1.1.1.1", "1.0x1",
	"1.2.3.09", "1..2.3", ".1.2.3", "1.2.3.4 ", "1.2.-3.4", "127.0.0.1", "128.144.194.31", "2127232794", "00000000001",
	"1.2.3.0", "10.20.30", "0.0", "1.a", "a", "1.2.3.4.5.", "000", "0.00",
}

// parseIPv4Decimal, where it reports true, gives what the step-by-step
// parser gives, and it reports true on the plain decimal spellings.
func TestParseIPv4Decimal(t *testing.T) {
	check := func(s string) {
		v, ok := parseIPv4Decimal(s)
		w, f := parseIPv4Parts(s)
		if ok && (f.code != "" || v != w) {
			t.Errorf("parseIPv4Decimal(%q) = %#x; parseIPv4Parts gives %#x, %q", s, v, w, f.code)
		}
	}
	for _, s := range ipv4DecimalCases {
		check(s)
	}
	for _, s := range []string{"1.2.3.4", "255.255.255.255", "0.0.0.0", "4294967295", "1.2.3.4.", "10.20.30"} {
		if _, ok := parseIPv4Decimal(s); !ok {
			t.Errorf("parseIPv4Decimal(%q) reports false", s)
		}
	}
	for a := 0; a < 300; a += 7 {
		for b := 0; b < 70000; b += 997 {
			check(strconv.Itoa(a) + "." + strconv.Itoa(b))
			check(strconv.Itoa(a) + ".1." + strconv.Itoa(b))
			check("9." + strconv.Itoa(a) + ".1." + strconv.Itoa(b%300) + ".")
		}
	}
}

func FuzzParseIPv4Decimal(f *testing.F) {
	for _, s := range ipv4DecimalCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if v, ok := parseIPv4Decimal(s); ok {
			if w, fail := parseIPv4Parts(s); fail.code != "" || v != w {
				t.Errorf("parseIPv4Decimal(%q) = %#x; parseIPv4Parts gives %#x, %q", s, v, w, fail.code)
			}
		}
	})
}

// ReadIPv4 and ReadIPv6 give what ParseIPv4 and ParseIPv6 give, without
// allocating.
func TestReadIP(t *testing.T) {
	for _, s := range ipv4DecimalCases {
		v, ok := ReadIPv4(s)
		w, err := ParseIPv4(s)
		if ok != (err == nil) || ok && v != w {
			t.Errorf("ReadIPv4(%q) = %#x, %v; ParseIPv4 gives %#x, %v", s, v, ok, w, err)
		}
		if n := testing.AllocsPerRun(10, func() { ReadIPv4(s) }); n != 0 {
			t.Errorf("ReadIPv4(%q): %v allocs", s, n)
		}
	}
	for _, s := range []string{"", "::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8:9", "::ffff:1.2.3.4", "::ffff:1.2.3", "1::1::1",
		"2001:0DB8:0000:0000:8A2B:0000:0000:b1ac", "fe80::1%eth0", "12345::", ":1::"} {
		v, ok := ReadIPv6(s)
		w, err := ParseIPv6(s)
		if ok != (err == nil) || ok && v != w {
			t.Errorf("ReadIPv6(%q) = %v, %v; ParseIPv6 gives %v, %v", s, v, ok, w, err)
		}
		if n := testing.AllocsPerRun(10, func() { ReadIPv6(s) }); n != 0 {
			t.Errorf("ReadIPv6(%q): %v allocs", s, n)
		}
	}
}
