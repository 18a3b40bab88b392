package whatwg

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/model"
)

// parseHost is the host parser (§3.5) on the code points of buf, with
// isOpaque. It returns the serialized host, or false for failure. Its
// validation errors carry the offsets of buf's code points in the original
// input.
func (p *parser) parseHost(buf []cp, isOpaque bool) (string, bool) {
	if len(buf) == 0 {
		// Only an opaque host can be empty (the state machine reports
		// host-missing for the others): the opaque-host parser returns "".
		return "", isOpaque
	}
	start := buf[0].off
	if buf[0].r == '[' {
		if buf[len(buf)-1].r != ']' {
			p.report("IPv6-unclosed", start, "'[' without a closing ']'")
			return "", false
		}
		addr, ok := p.parseIPv6(buf[1:len(buf)-1], buf[len(buf)-1].off)
		if !ok {
			return "", false
		}
		return "[" + serializeIPv6(addr) + "]", true
	}
	if isOpaque {
		return p.parseOpaqueHost(buf)
	}
	input := bufferString(buf)
	if containsPercentEncodedByte(input) {
		p.report("domain-percent-encoded", start, "the domain contains a percent-encoded byte")
	}
	// UTF-8 decode without BOM of the percent-decoding of input (invalid
	// bytes stay as they are: the domain parser reads each as U+FFFD, on
	// which it fails). "Without BOM" means a leading BOM is kept as the
	// code point U+FEFF, not stripped (Encoding Standard, "UTF-8 decode
	// without BOM", https://encoding.spec.whatwg.org/#utf-8-decode-without-bom);
	// UTS #46 then maps it to nothing, and the domain stays non-ASCII.
	domain := string(percentDecode(input))
	// offsetOf maps a byte offset in domain to the original input, exactly
	// when no percent-decoding changed the bytes.
	plain := !strings.Contains(input, "%")
	offsetOf := func(i int) int {
		if !plain || i < 0 {
			return start
		}
		for _, c := range buf {
			n := utf8.RuneLen(c.r)
			if n < 0 {
				n = 3
			}
			if i < n {
				return c.off
			}
			i -= n
		}
		return start
	}
	asciiDomain, ok := p.domainParser(domain, offsetOf)
	if !ok {
		return "", false
	}
	if host.EndsInANumber(asciiDomain) {
		if !isASCIIString(domain) {
			// Reported by whatwg-url 17.3.0 after a change merged into the
			// standard in July 2026 (see docs/conformance.md).
			p.report("IPv4-non-ASCII-input", start, "an IPv4 address written with non-ASCII code points")
		}
		addr, ok := p.parseIPv4(asciiDomain, offsetOf)
		if !ok {
			return "", false
		}
		return serializeIPv4(addr), true
	}
	return asciiDomain, true
}

func isASCIIString(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// domainParser is the domain parser (§3.3 IDNA) with beStrict false: the
// strict Unicode ToASCII reports domain-to-ASCII when it fails, then an
// ASCII domain is lowercased and any other goes through the lenient ToASCII.
func (p *parser) domainParser(domain string, offsetOf func(int) int) (string, bool) {
	if _, err := host.DomainToASCII(domain, true); err != nil {
		off, reason := -1, err.Error()
		var e *model.Error
		if errors.As(err, &e) {
			off, reason = e.Offset, e.Reason
		}
		p.report("domain-to-ASCII", offsetOf(off), "Unicode ToASCII (strict) fails: "+reason)
	}
	if domain == "" {
		return "", false
	}
	// host.DomainToASCII with beStrict false is the rest of the domain
	// parser: lowercase an ASCII domain, else the lenient ToASCII; then fail
	// on an empty result or a forbidden domain code point.
	r, err := host.DomainToASCII(domain, false)
	if err != nil {
		return "", false
	}
	return r, true
}

// parseOpaqueHost is the opaque-host parser (§3.5).
func (p *parser) parseOpaqueHost(buf []cp) (string, bool) {
	for _, c := range buf {
		if isForbiddenHostCodePoint(c.r) {
			p.report("host-invalid-code-point", c.off, quoteRune(c.r)+" is a forbidden host code point")
			return "", false
		}
	}
	for _, c := range buf {
		if !isURLCodePoint(c.r) && c.r != '%' {
			p.report("invalid-URL-unit", c.off, quoteRune(c.r)+" is not a URL code point")
			break
		}
	}
	for i, c := range buf {
		if c.r == '%' && !(i+2 < len(buf) && isASCIIHexDigit(buf[i+1].r) && isASCIIHexDigit(buf[i+2].r)) {
			p.report("invalid-URL-unit", c.off, "'%' not followed by two hex digits")
			break
		}
	}
	var out []byte
	for _, c := range buf {
		out = appendPercentEncoded(out, c.r, inC0ControlSet)
	}
	return string(out), true
}

// parseIPv4 is the IPv4 parser (§3.5) on an ASCII domain.
func (p *parser) parseIPv4(input string, offsetOf func(int) int) (uint32, bool) {
	parts := strings.Split(input, ".")
	partStart := make([]int, len(parts))
	for i, at := 1, 0; i < len(parts); i++ {
		at += len(parts[i-1]) + 1
		partStart[i] = at
	}
	if parts[len(parts)-1] == "" {
		p.report("IPv4-empty-part", offsetOf(len(input)-1), "the IPv4 address ends with '.'")
		if len(parts) > 1 {
			parts = parts[:len(parts)-1]
		}
	}
	if len(parts) > 4 {
		p.report("IPv4-too-many-parts", offsetOf(partStart[4]-1), "more than four parts")
		return 0, false
	}
	if len(parts) < 4 {
		p.report("IPv4-too-few-parts", offsetOf(0), "fewer than four parts")
	}
	numbers := make([]uint64, 0, 4)
	for i, part := range parts {
		n, nonDecimal, ok := parseIPv4Number(part)
		if !ok {
			p.report("IPv4-non-numeric-part", offsetOf(partStart[i]), "part "+strconv.Quote(part)+" is not a number")
			return 0, false
		}
		if nonDecimal {
			p.report("IPv4-non-decimal-part", offsetOf(partStart[i]), "part "+strconv.Quote(part)+" is hexadecimal or octal")
		}
		numbers = append(numbers, n)
	}
	for i, n := range numbers {
		if n > 255 {
			p.report("IPv4-out-of-range-part", offsetOf(partStart[i]), "a part above 255")
			break
		}
	}
	for _, n := range numbers[:len(numbers)-1] {
		if n > 255 {
			return 0, false
		}
	}
	last := numbers[len(numbers)-1]
	if last >= 1<<(8*(5-len(numbers))) {
		return 0, false
	}
	ipv4 := last
	for counter, n := range numbers[:len(numbers)-1] {
		ipv4 += n << (8 * (3 - counter))
	}
	return uint32(ipv4), true
}

// parseIPv4Number is the IPv4 number parser (§3.5): the number (saturated
// above 2^40, which no check distinguishes from larger values), whether it
// was written in hexadecimal or octal, and false for failure.
func parseIPv4Number(input string) (n uint64, nonDecimal, ok bool) {
	if input == "" {
		return 0, false, false
	}
	r := uint64(10)
	if len(input) >= 2 && input[0] == '0' && (input[1] == 'x' || input[1] == 'X') {
		nonDecimal, input, r = true, input[2:], 16
	} else if len(input) >= 2 && input[0] == '0' {
		nonDecimal, input, r = true, input[1:], 8
	}
	if input == "" {
		return 0, true, true
	}
	for i := 0; i < len(input); i++ {
		c := rune(input[i])
		var d uint64
		switch {
		case isASCIIDigit(c):
			d = uint64(c - '0')
		case r == 16 && isASCIIHexDigit(c):
			d = uint64(hexValue(c))
		default:
			return 0, false, false
		}
		if d >= r {
			return 0, false, false
		}
		if n < 1<<40 {
			n = n*r + d
		}
	}
	return n, nonDecimal, true
}

// parseIPv6 is the IPv6 parser (§3.5) on the code points between the
// brackets; end is the offset of the closing ']' (reported for EOF).
func (p *parser) parseIPv6(input []cp, end int) ([8]uint16, bool) {
	var address [8]uint16
	pieceIndex, compress, pointer := 0, -1, 0
	c := func() rune {
		if pointer < len(input) {
			return input[pointer].r
		}
		return eof
	}
	off := func() int {
		if pointer < len(input) {
			return input[pointer].off
		}
		return end
	}
	if c() == ':' {
		if pointer+1 >= len(input) || input[pointer+1].r != ':' {
			p.report("IPv6-invalid-compression", off(), "the address starts with a single ':'")
			return address, false
		}
		pointer += 2
		pieceIndex++
		compress = pieceIndex
	}
	for c() != eof {
		if pieceIndex == 8 {
			p.report("IPv6-too-many-pieces", off(), "more than eight pieces")
			return address, false
		}
		if c() == ':' {
			if compress != -1 {
				p.report("IPv6-multiple-compression", off(), "'::' more than once")
				return address, false
			}
			pointer++
			pieceIndex++
			compress = pieceIndex
			continue
		}
		value, length, pieceStart := 0, 0, pointer
		for length < 4 && isASCIIHexDigit(c()) {
			value = value*0x10 + hexValue(c())
			pointer++
			length++
		}
		if c() == '.' {
			if length == 0 {
				p.report("IPv4-in-IPv6-invalid-code-point", off(), "an IPv4 part is empty")
				return address, false
			}
			pointer -= length
			if pieceIndex > 6 {
				p.report("IPv4-in-IPv6-too-many-pieces", off(), "an embedded IPv4 address after more than six pieces")
				return address, false
			}
			numbersSeen := 0
			for c() != eof {
				ipv4Piece := -1
				if numbersSeen > 0 {
					if c() == '.' && numbersSeen < 4 {
						pointer++
					} else {
						p.report("IPv4-in-IPv6-invalid-code-point", off(), "too many IPv4 parts, or no '.' between them")
						return address, false
					}
				}
				if !isASCIIDigit(c()) {
					p.report("IPv4-in-IPv6-invalid-code-point", off(), "an IPv4 part is empty or not a digit")
					return address, false
				}
				for isASCIIDigit(c()) {
					number := int(c() - '0')
					switch ipv4Piece {
					case -1:
						ipv4Piece = number
					case 0:
						p.report("IPv4-in-IPv6-invalid-code-point", off(), "an IPv4 part with a leading 0")
						return address, false
					default:
						ipv4Piece = ipv4Piece*10 + number
					}
					if ipv4Piece > 255 {
						p.report("IPv4-in-IPv6-out-of-range-part", off(), "an IPv4 part above 255")
						return address, false
					}
					pointer++
				}
				address[pieceIndex] = address[pieceIndex]*0x100 + uint16(ipv4Piece)
				numbersSeen++
				if numbersSeen == 2 || numbersSeen == 4 {
					pieceIndex++
				}
			}
			if numbersSeen != 4 {
				p.report("IPv4-in-IPv6-too-few-parts", off(), "an embedded IPv4 address with fewer than four parts")
				return address, false
			}
			break
		} else if c() == ':' {
			pointer++
			if c() == eof {
				p.report("IPv6-invalid-code-point", off(), "the address ends with a single ':'")
				return address, false
			}
		} else if c() != eof {
			p.report("IPv6-invalid-code-point", off(), quoteRune(c())+" in an IPv6 address")
			return address, false
		}
		if length > 1 && value < 1<<(4*(length-1)) {
			p.report("IPv6-piece-leading-zero", input[pieceStart].off, "a piece with a leading 0")
		}
		address[pieceIndex] = uint16(value)
		pieceIndex++
	}
	if compress != -1 {
		swaps := pieceIndex - compress
		pieceIndex = 7
		for pieceIndex != 0 && swaps > 0 {
			address[pieceIndex], address[compress+swaps-1] = address[compress+swaps-1], address[pieceIndex]
			pieceIndex--
			swaps--
		}
	} else if pieceIndex != 8 {
		p.report("IPv6-too-few-pieces", end, "fewer than eight pieces and no '::'")
		return address, false
	}
	return address, true
}

// serializeIPv6 is the IPv6 serializer (§3.6), without brackets.
func serializeIPv6(address [8]uint16) string {
	// The first longest run of two or more 0 pieces is compressed.
	compress, longest := -1, 1
	for i := 0; i < 8; {
		if address[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && address[j] == 0 {
			j++
		}
		if j-i > longest {
			compress, longest = i, j-i
		}
		i = j
	}
	var b strings.Builder
	ignore0 := false
	for pieceIndex := 0; pieceIndex < 8; pieceIndex++ {
		if ignore0 && address[pieceIndex] == 0 {
			continue
		}
		ignore0 = false
		if compress == pieceIndex {
			if pieceIndex == 0 {
				b.WriteString("::")
			} else {
				b.WriteString(":")
			}
			ignore0 = true
			continue
		}
		b.WriteString(strconv.FormatUint(uint64(address[pieceIndex]), 16))
		if pieceIndex != 7 {
			b.WriteByte(':')
		}
	}
	return b.String()
}

// serializeIPv4 is the IPv4 serializer (§3.6).
func serializeIPv4(address uint32) string {
	return strconv.Itoa(int(address>>24)) + "." + strconv.Itoa(int(address>>16&255)) + "." +
		strconv.Itoa(int(address>>8&255)) + "." + strconv.Itoa(int(address&255))
}
