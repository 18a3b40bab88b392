package host

import (
	"github.com/urlspec/urlspec/model"
)

// This file implements IPv4 host parsing and serialisation: the WHATWG "ends in a
// number checker", "IPv4 parser", "IPv4 number parser" and "IPv4 serializer"
// (spec §Host Parsing, IPv4 Address; WHATWG §Host parsing and §Host serializing),
// and the strict grammar ip4-address-strict of spec §IPv4 Address – Strict.
//
// The parsers index bytes of the input string, never allocate except for the
// returned error, and run in time linear in the length of the input: numbers
// saturate instead of growing, so a part of any length is cheap to reject.
// Bytes outside ASCII (including invalid UTF-8) are never digits and so make
// the parsers fail; they are never decoded.

// ipFailure describes a parse failure as plain values so that the internal
// parsers allocate nothing; the exported functions turn it into a *model.Error.
// The zero ipFailure (empty code) means success.
type ipFailure struct {
	code   model.Code
	offset int
	reason string
}

// err builds the *model.Error for f, which must be a failure, about input.
func (f ipFailure) err(input string) error {
	return model.NewError(f.code, input, f.offset, f.reason)
}

// ipNotHex marks bytes that are not ASCII hex digits in ipHexVal. It is
// greater than every radix, so "d >= radix" rejects it.
const ipNotHex = 0xff

// ipHexVal maps a byte to its value as an ASCII hex digit, or to ipNotHex.
var ipHexVal = func() (t [256]uint8) {
	for i := range t {
		c := byte(i)
		switch {
		case '0' <= c && c <= '9':
			t[i] = c - '0'
		case 'a' <= c && c <= 'f':
			t[i] = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			t[i] = c - 'A' + 10
		default:
			t[i] = ipNotHex
		}
	}
	return t
}()

// ipMayEndNumber marks the bytes that a number can end in: the hex digits,
// and 'x' or 'X' of "0x"; and '.', which a host may have after it.
var ipMayEndNumber = func() (t [256]bool) {
	for i := range t {
		t[i] = ipHexVal[i] != ipNotHex || i|0x20 == 'x' || i == '.'
	}
	return t
}()

// ipIsDigit reports whether c is an ASCII digit.
func ipIsDigit(c byte) bool { return '0' <= c && c <= '9' }

// ipv4Saturated is the value at which the IPv4 number parser stops
// accumulating: every IPv4 part of 2^32 or more fails, so larger values need
// not be told apart. Accumulating stops once the value reaches it, so the
// value stays below 2^32*16 + 16 and never overflows a uint64.
const ipv4Saturated = 1 << 32

// ipv4Number implements the WHATWG "IPv4 number parser" on s[lo:hi], which
// must be non-empty. It returns the value (saturated at ipv4Saturated) and -1,
// or the offset in s of the first byte that is not a digit of the radix.
// "0x"/"0X" selects radix 16 (and "0x" alone is 0), a leading "0" of a
// longer part radix 8, and anything else radix 10.
func ipv4Number(s string, lo, hi int) (v uint64, bad int) {
	radix := uint64(10)
	if hi-lo >= 2 && s[lo] == '0' && s[lo+1]|0x20 == 'x' {
		radix = 16
		lo += 2
	} else if hi-lo >= 2 && s[lo] == '0' {
		radix = 8
		lo++
	}
	for i := lo; i < hi; i++ {
		d := uint64(ipHexVal[s[i]])
		if d >= radix {
			return 0, i
		}
		if v < ipv4Saturated {
			v = v*radix + d
		}
	}
	return v, -1
}

// EndsInANumber reports the WHATWG "ends in a number checker" result for a host
// string that has already been domain-to-ASCII'd (ASCII, lowercase): whether
// its last dot-separated label, ignoring one trailing empty label, consists of
// ASCII digits only or is "0x"/"0X" followed by zero or more ASCII hex digits
// (spec §Host Parsing; WHATWG §Host parsing, "ends in a number checker").
// Such a host must then be an IPv4 address or the host parser fails. The
// spec asserts a non-empty input; for "" the result is false.
func EndsInANumber(s string) bool {
	// The test is written to be inlined; endsInANumber is not.
	if s == "" || !ipMayEndNumber[s[len(s)-1]] {
		// A number ends in a hex digit, or is "0x" (as "com" does not).
		return false
	}
	return endsInANumber(s)
}

// endsInANumber is EndsInANumber for a non-empty s that ends in a hex
// digit, 'x', 'X' or '.'.
func endsInANumber(s string) bool {
	end := len(s)
	if s[end-1] == '.' {
		end--
		if end == 0 || !ipMayEndNumber[s[end-1]] || s[end-1] == '.' {
			return false
		}
	}
	start := end
	for start > 0 && s[start-1] != '.' {
		start--
	}
	if !ipIsDigit(s[start]) {
		// A number starts with a digit: it is digits, or "0x" and hex
		// digits ("de" is not).
		return false
	}
	allDigits := true
	for i := start; i < end; i++ {
		if !ipIsDigit(s[i]) {
			allDigits = false
			break
		}
	}
	if allDigits {
		return true
	}
	// The IPv4 number parser succeeds on a part that is not all digits only
	// when it is "0x"/"0X" followed by hex digits.
	_, bad := ipv4Number(s, start, end)
	return bad < 0
}

// ParseIPv4 is the WHATWG IPv4 parser (loose grammar: 1-4 parts, decimal/octal/hex
// incl. "0x" alone = 0, optional trailing dot, last part may fill remaining bytes,
// overflow rules). Returns the address as a uint32.
//
// ParseIPv4 implements the WHATWG "IPv4 parser" and "IPv4 number parser" (spec
// §Host Parsing, IPv4 Address: ip4-address). The input is the host after
// domain to ASCII, for which EndsInANumber returned true. Failures are
// *model.Error values with code IPv4TooManyParts (more than four parts after
// dropping one trailing empty part; offset of the dot that begins the fifth),
// IPv4NonNumericPart (a part, possibly empty, that the IPv4 number parser
// rejects; offset of the first bad byte or of the empty part), or
// IPv4OutOfRangePart (a part other than the last above 255, or the last part
// too large for the bytes left; offset of the start of the part). The
// non-fatal validation errors IPv4-empty-part, IPv4-too-few-parts and
// IPv4-non-decimal-part are not reported; ParseIPv4Strict reports them as
// failures.
func ParseIPv4(s string) (uint32, error) {
	v, f := parseIPv4(s)
	if f.code != "" {
		return 0, f.err(s)
	}
	return v, nil
}

// ReadIPv4 is ParseIPv4 reporting only whether it succeeds: it allocates
// no error (for a caller that hands failures to a parser that reports them).
func ReadIPv4(s string) (addr uint32, ok bool) {
	addr, f := parseIPv4(s)
	return addr, f.code == ""
}

func parseIPv4(s string) (uint32, ipFailure) {
	if v, ok := parseIPv4Decimal(s); ok {
		return v, ipFailure{}
	}
	return parseIPv4Parts(s)
}

// parseIPv4Decimal is parseIPv4 in one pass for the common spelling: one
// to four parts, each "0" or decimal digits without a leading zero (radix
// 10 in the IPv4 number parser), an optional trailing dot, and values in
// range. It reports false for anything else (hex or octal parts, empty or
// too many parts, a value out of range), which parseIPv4Parts then reads;
// when it reports true the result is parseIPv4Parts's.
func parseIPv4Decimal(s string) (uint32, bool) {
	end := len(s)
	if end > 0 && s[end-1] == '.' {
		end--
	}
	var addr uint64 // the finished parts, each in a byte
	var v uint64    // the current part
	n, digits := 0, 0
	for i := 0; i <= end; i++ {
		if i == end || s[i] == '.' {
			if digits == 0 || n == 3 && i != end {
				return 0, false
			}
			if i == end {
				// The last part fills the bytes left.
				if v >= 1<<(8*(4-n)) {
					return 0, false
				}
				return uint32(addr<<(8*(4-n)) | v), true
			}
			if v > 255 {
				return 0, false
			}
			addr = addr<<8 | v
			n++
			v, digits = 0, 0
			continue
		}
		c := s[i] - '0'
		if c > 9 || digits == 1 && v == 0 || digits == 10 {
			return 0, false // not a digit, a leading zero, or too long
		}
		v = v*10 + uint64(c)
		digits++
	}
	return 0, false // not reached
}

// parseIPv4Parts is the WHATWG IPv4 parser in one pass: each part is read
// (the IPv4 number parser, written out) as it is split off. Its failures are
// those of the parser's steps in their order: more than four parts before
// any part's number, the first part (empty, or with a byte that is not a
// digit of its radix) that the IPv4 number parser rejects before the
// ranges.
func parseIPv4Parts(s string) (uint32, ipFailure) {
	// Strictly split on ".", dropping one trailing empty part (WHATWG: only
	// when there is more than one part, which a trailing "." guarantees; for
	// "" and "." the single remaining part is empty and fails below).
	end := len(s)
	if end > 0 && s[end-1] == '.' {
		end--
	}
	var numbers [4]uint64
	var starts [4]int
	var fail ipFailure // the first part that is no number
	n := 0
	for i := 0; ; i++ {
		if n == 4 {
			return 0, ipFailure{model.IPv4TooManyParts, i - 1, "more than four parts"}
		}
		start := i
		starts[n] = start
		// The IPv4 number parser on the part from start on: "0x" or
		// "0X" selects radix 16, a leading "0" of a longer part radix 8.
		radix := uint64(10)
		if i+1 < end && s[i] == '0' && s[i+1] != '.' {
			if s[i+1]|0x20 == 'x' {
				radix = 16
				i += 2
			} else {
				radix = 8
				i++
			}
		}
		var v uint64
		for ; i < end && s[i] != '.'; i++ {
			d := uint64(ipHexVal[s[i]])
			if d >= radix {
				if fail.code == "" {
					fail = ipFailure{model.IPv4NonNumericPart, i, "not a digit of the part's radix"}
				}
				for i < end && s[i] != '.' {
					i++
				}
				break
			}
			if v < ipv4Saturated {
				v = v*radix + d
			}
		}
		if i == start && fail.code == "" {
			fail = ipFailure{model.IPv4NonNumericPart, start, "empty part"}
		}
		numbers[n] = v
		n++
		if i >= end {
			break
		}
	}
	if fail.code != "" {
		return 0, fail
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

// ipv4StrictKind classifies a violation of ip4-address-strict; the caller maps
// it to a Code for its context (a bare IPv4 address or the ls32 of an IPv6
// address).
type ipv4StrictKind uint8

const (
	ipv4StrictOK          ipv4StrictKind = iota
	ipv4StrictNonNumeric                 // a byte that is neither digit nor separator
	ipv4StrictEmptyPart                  // an empty part before a "." (or an empty input)
	ipv4StrictTrailingDot                // the address ends with "."
	ipv4StrictNonDecimal                 // a leading zero or a "0x" prefix
	ipv4StrictOutOfRange                 // a part above 255
	ipv4StrictTooFew                     // fewer than four parts
	ipv4StrictTooMany                    // more than four parts
)

// ipv4StrictReason gives the human-readable reason for each kind.
var ipv4StrictReason = [...]string{
	ipv4StrictOK:          "",
	ipv4StrictNonNumeric:  "not a decimal digit",
	ipv4StrictEmptyPart:   "empty part",
	ipv4StrictTrailingDot: "trailing dot",
	ipv4StrictNonDecimal:  "part is not num-dec (leading zero or hex prefix)",
	ipv4StrictOutOfRange:  "part exceeds 255",
	ipv4StrictTooFew:      "fewer than four parts",
	ipv4StrictTooMany:     "more than four parts",
}

// ipv4StrictCode maps a kind to its Code for a bare IPv4 address. There is no
// IPv4-too-few-parts code among the failure codes; a missing part is reported
// as IPv4EmptyPart, like the trailing dot.
var ipv4StrictCode = [...]model.Code{
	ipv4StrictNonNumeric:  model.IPv4NonNumericPart,
	ipv4StrictEmptyPart:   model.IPv4NonNumericPart,
	ipv4StrictTrailingDot: model.IPv4EmptyPart,
	ipv4StrictNonDecimal:  model.IPv4NonDecimalPart,
	ipv4StrictOutOfRange:  model.IPv4OutOfRangePart,
	ipv4StrictTooFew:      model.IPv4EmptyPart,
	ipv4StrictTooMany:     model.IPv4TooManyParts,
}

// parseIPv4StrictAt matches ip4-address-strict against s[i:], which it must
// consume entirely. On failure it returns the kind and the offset in s of
// the offending byte (len(s) when the input ends too early).
func parseIPv4StrictAt(s string, i int) (uint32, ipv4StrictKind, int) {
	n := len(s)
	var addr uint32
	for part := 0; part < 4; part++ {
		if part > 0 {
			if i == n {
				return 0, ipv4StrictTooFew, n
			}
			if s[i] != '.' {
				return 0, ipv4StrictNonNumeric, i
			}
			i++
			if i == n {
				return 0, ipv4StrictTrailingDot, i - 1
			}
		}
		if i == n || s[i] == '.' {
			return 0, ipv4StrictEmptyPart, i
		}
		if !ipIsDigit(s[i]) {
			return 0, ipv4StrictNonNumeric, i
		}
		start := i
		var v uint32
		if s[i] == '0' {
			// num-dec ::= 0 | (digit-nonzero digit*)
			i++
			if i < n && (ipIsDigit(s[i]) || s[i]|0x20 == 'x') {
				return 0, ipv4StrictNonDecimal, start
			}
		} else {
			for i < n && ipIsDigit(s[i]) {
				if v <= 255 {
					v = v*10 + uint32(s[i]-'0')
				}
				i++
			}
			if v > 255 {
				return 0, ipv4StrictOutOfRange, start
			}
		}
		addr = addr<<8 | v
	}
	if i < n {
		if s[i] != '.' {
			return 0, ipv4StrictNonNumeric, i
		}
		if i+1 == n {
			return 0, ipv4StrictTrailingDot, i
		}
		return 0, ipv4StrictTooMany, i
	}
	return addr, ipv4StrictOK, -1
}

// ParseIPv4Strict accepts only ip4-address-strict: exactly four num-dec parts
// (0 or nonzero digit then digits, no leading zeros), each <= 255, no trailing dot.
//
// ParseIPv4Strict implements the grammar rule ip4-address-strict (spec §Host
// Parsing, IPv4 Address – Strict), which is the WHATWG "valid IPv4-address
// string". The strings it accepts are exactly the outputs of AppendIPv4, and
// ParseIPv4 gives the same value for each of them. Failures are *model.Error
// values with code IPv4NonNumericPart (a byte that is not a digit where one
// is needed, or an empty part), IPv4NonDecimalPart (leading zero or "0x"),
// IPv4OutOfRangePart (a part above 255), IPv4TooManyParts, or IPv4EmptyPart
// (a trailing dot, or fewer than four parts: the closest code to the WHATWG
// IPv4-too-few-parts validation error).
func ParseIPv4Strict(s string) (uint32, error) {
	v, kind, off := parseIPv4StrictAt(s, 0)
	if kind != ipv4StrictOK {
		return 0, model.NewError(ipv4StrictCode[kind], s, off, ipv4StrictReason[kind])
	}
	return v, nil
}

// AppendIPv4 appends the WHATWG "IPv4 serializer" output (spec §Host
// Parsing, IPv4 Address): dotted decimal. It is model.AppendIPv4, the one
// implementation, exported here beside the parsers.
func AppendIPv4(dst []byte, addr uint32) []byte { return model.AppendIPv4(dst, addr) }
