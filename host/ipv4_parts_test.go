package host

import (
	"testing"

	"github.com/urlspec/urlspec/model"
)

// parseIPv4PartsRef is parseIPv4Parts as the WHATWG IPv4 parser is written,
// step by step: split on ".", then each part's number, then the ranges.
func parseIPv4PartsRef(s string) (uint32, ipFailure) {
	// Strictly split on ".", dropping one trailing empty part (WHATWG: only
	// when there is more than one part, which a trailing "." guarantees; for
	// "" and "." the single remaining part is empty and fails below).
	end := len(s)
	if end > 0 && s[end-1] == '.' {
		end--
	}
	var starts, ends [4]int
	n := 0
	start := 0
	for i := 0; i <= end; i++ {
		if i == end || s[i] == '.' {
			if n == 4 {
				return 0, ipFailure{model.IPv4TooManyParts, start - 1, "more than four parts"}
			}
			starts[n], ends[n] = start, i
			n++
			start = i + 1
		}
	}
	var numbers [4]uint64
	for k := 0; k < n; k++ {
		if starts[k] == ends[k] {
			return 0, ipFailure{model.IPv4NonNumericPart, starts[k], "empty part"}
		}
		v, bad := ipv4Number(s, starts[k], ends[k])
		if bad >= 0 {
			return 0, ipFailure{model.IPv4NonNumericPart, bad, "not a digit of the part's radix"}
		}
		numbers[k] = v
	}
	for k := 0; k < n-1; k++ {
		if numbers[k] > 255 {
			return 0, ipFailure{model.IPv4OutOfRangePart, starts[k], "part other than the last exceeds 255"}
		}
	}
	if numbers[n-1] >= 1<<(8*(5-n)) {
		return 0, ipFailure{model.IPv4OutOfRangePart, starts[n-1], "last part exceeds the bytes left"}
	}
	ipv4 := numbers[n-1]
	for k := 0; k < n-1; k++ {
		ipv4 += numbers[k] << (8 * (3 - k))
	}
	return uint32(ipv4), ipFailure{}
}

// TestParseIPv4PartsRef checks the one-pass parser against the one that
// takes the WHATWG steps one after the other, on every string of up to
// seven bytes over an alphabet that reaches each of its branches, and on
// the parts of every radix at each position of four.
func TestParseIPv4PartsRef(t *testing.T) {
	check := func(s string) {
		v, f := parseIPv4Parts(s)
		w, g := parseIPv4PartsRef(s)
		if v != w || f != g {
			t.Fatalf("parseIPv4Parts(%q) = %#x, %v; step by step %#x, %v", s, v, f, w, g)
		}
	}
	alpha := "0.x9a8g"
	var rec func(s string, d int)
	rec = func(s string, d int) {
		check(s)
		if d > 0 {
			for i := 0; i < len(alpha); i++ {
				rec(s+alpha[i:i+1], d-1)
			}
		}
	}
	rec("", 7)
	parts := []string{"", "0", "00", "0x", "0X", "0xff", "0x100", "077", "08", "255", "256", "4294967295", "4294967296", "99999999999999999999", "1a", "0xg"}
	for _, a := range parts {
		for _, b := range parts {
			for _, c := range []string{"1", "0x1.2", "1.2.3", "1.2.3.4", "."} {
				check(a + "." + b)
				check(a + "." + b + "." + c)
				check(c + "." + a + "." + b)
			}
		}
	}
}
