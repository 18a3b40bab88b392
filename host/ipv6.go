package host

import (
	"github.com/urlspec/urlspec/model"
)

// This file implements IPv6 host parsing and serialisation: the WHATWG "IPv6
// parser", "IPv6 serializer" and "find the IPv6 address compressed piece
// index" (spec §Host Parsing, IPv6 Address — loose; WHATWG §Host parsing and
// §Host serializing), and the strict grammar of spec §IPv6 Address — Strict,
// which is RFC 3986's IPv6address.
//
// Like the IPv4 parsers, these index bytes of the input, allocate nothing but
// the returned error and run in linear time (they stop at the first byte that
// cannot continue an address, and an address has at most 8 pieces). Bytes
// outside ASCII (including invalid UTF-8) are invalid code points.

// ParseIPv6 is the WHATWG IPv6 parser; s is the text between '[' and ']'
// (brackets not included). Includes embedded IPv4 and '::' compression.
//
// ParseIPv6 implements the WHATWG "IPv6 parser" (spec §Host Parsing, IPv6
// Address — loose), step by step. Failures are *model.Error values whose code
// is the WHATWG validation error that the parser reports on failure
// (IPv6InvalidCompression, IPv6TooManyPieces, IPv6MultipleCompress,
// IPv6InvalidCodePoint, IPv6TooFewPieces, IPv4InIPv6TooMany,
// IPv4InIPv6InvalidCP, IPv4InIPv6OutOfRange, IPv4InIPv6TooFewParts) and whose
// offset is the parser's pointer at that moment (len(s) when the input ends
// too early). The non-fatal IPv6-piece-leading-zero validation error is not
// reported. IPv6-unclosed concerns the brackets and is the caller's to report.
func ParseIPv6(s string) ([8]uint16, error) {
	addr, f := parseIPv6(s)
	if f.code != "" {
		return [8]uint16{}, f.err(s)
	}
	return addr, nil
}

// ReadIPv6 is ParseIPv6 reporting only whether it succeeds: it allocates
// no error (for a caller that hands failures to a parser that reports them).
func ReadIPv6(s string) (addr [8]uint16, ok bool) {
	addr, f := parseIPv6(s)
	return addr, f.code == ""
}

// IsIPv6Serialization reports whether s is an IPv6 address as the WHATWG
// IPv6 serializer writes it (without brackets): ParseIPv6 accepts s and
// AppendIPv6 of the address gives s back. It allocates nothing.
func IsIPv6Serialization(s string) (addr [8]uint16, ok bool) {
	if len(s) < 2 || len(s) > 39 {
		return addr, false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; ipHexVal[c] == ipNotHex && c != ':' || 'A' <= c && c <= 'F' {
			return addr, false // the serializer writes lowercase hex and ':' only
		}
	}
	addr, f := parseIPv6(s)
	if f.code != "" {
		return addr, false
	}
	var b [40]byte
	return addr, string(model.AppendIPv6(b[:0], addr)) == s
}

func parseIPv6(s string) (address [8]uint16, _ ipFailure) {
	n := len(s)
	pieceIndex := 0
	compress := -1 // null
	pointer := 0
	if pointer < n && s[pointer] == ':' {
		if pointer+1 >= n || s[pointer+1] != ':' {
			return address, ipFailure{model.IPv6InvalidCompression, pointer, "single leading \":\""}
		}
		pointer += 2
		pieceIndex++
		compress = pieceIndex
	}
	for pointer < n {
		if pieceIndex == 8 {
			return address, ipFailure{model.IPv6TooManyPieces, pointer, "more than eight pieces"}
		}
		if s[pointer] == ':' {
			if compress >= 0 {
				return address, ipFailure{model.IPv6MultipleCompress, pointer, "second \"::\""}
			}
			pointer++
			pieceIndex++
			compress = pieceIndex
			continue
		}
		var value uint16
		start := pointer
		if pointer+4 <= n {
			// Four hex digits, the common piece, at once: ipNotHex
			// has the high bits that no digit has.
			t := s[pointer : pointer+4]
			d0, d1, d2, d3 := ipHexVal[t[0]], ipHexVal[t[1]], ipHexVal[t[2]], ipHexVal[t[3]]
			if d0|d1|d2|d3 < 16 {
				value = uint16(d0)<<12 | uint16(d1)<<8 | uint16(d2)<<4 | uint16(d3)
				pointer += 4
			}
		}
		if pointer == start {
			// Up to four hex digits: the bound is computed once.
			for lim := min(pointer+4, n); pointer < lim; pointer++ {
				d := ipHexVal[s[pointer]]
				if d == ipNotHex {
					break
				}
				value = value<<4 | uint16(d)
			}
		}
		length := pointer - start
		if pointer < n && s[pointer] == ':' {
			pointer++
			if pointer >= n {
				return address, ipFailure{model.IPv6InvalidCodePoint, pointer, "ends with a single \":\""}
			}
		} else if pointer < n && s[pointer] == '.' {
			if length == 0 {
				return address, ipFailure{model.IPv4InIPv6InvalidCP, pointer, "empty IPv4 part"}
			}
			pointer -= length
			if pieceIndex > 6 {
				return address, ipFailure{model.IPv4InIPv6TooMany, pointer, "no room for an IPv4 address"}
			}
			numbersSeen := 0
			for pointer < n {
				ipv4Piece := -1 // null
				if numbersSeen > 0 {
					if s[pointer] == '.' && numbersSeen < 4 {
						pointer++
					} else {
						return address, ipFailure{model.IPv4InIPv6InvalidCP, pointer, "unexpected code point after IPv4 part"}
					}
				}
				if pointer >= n || !ipIsDigit(s[pointer]) {
					return address, ipFailure{model.IPv4InIPv6InvalidCP, pointer, "IPv4 part does not start with a digit"}
				}
				start := pointer
				for pointer < n && ipIsDigit(s[pointer]) {
					number := int(s[pointer] - '0')
					if ipv4Piece < 0 {
						ipv4Piece = number
					} else if ipv4Piece == 0 {
						return address, ipFailure{model.IPv4InIPv6InvalidCP, pointer, "IPv4 part with a leading zero"}
					} else {
						ipv4Piece = ipv4Piece*10 + number
					}
					if ipv4Piece > 255 {
						return address, ipFailure{model.IPv4InIPv6OutOfRange, start, "IPv4 part exceeds 255"}
					}
					pointer++
				}
				address[pieceIndex] = address[pieceIndex]<<8 + uint16(ipv4Piece)
				numbersSeen++
				if numbersSeen == 2 || numbersSeen == 4 {
					pieceIndex++
				}
			}
			if numbersSeen != 4 {
				return address, ipFailure{model.IPv4InIPv6TooFewParts, pointer, "fewer than four IPv4 parts"}
			}
			break
		} else if pointer < n {
			return address, ipFailure{model.IPv6InvalidCodePoint, pointer, "not a hex digit or \":\""}
		}
		address[pieceIndex] = value
		pieceIndex++
	}
	if compress >= 0 {
		swaps := pieceIndex - compress
		pieceIndex = 7
		for pieceIndex != 0 && swaps > 0 {
			j := compress + swaps - 1
			address[pieceIndex], address[j] = address[j], address[pieceIndex]
			pieceIndex--
			swaps--
		}
	} else if pieceIndex != 8 {
		return address, ipFailure{model.IPv6TooFewPieces, n, "fewer than eight pieces and no \"::\""}
	}
	return address, ipFailure{}
}

// ipv4InIPv6Code maps a violation of ip4-address-strict inside an IPv6 address
// to the WHATWG IPv4-in-IPv6 validation error for it.
var ipv4InIPv6Code = [...]model.Code{
	ipv4StrictNonNumeric:  model.IPv4InIPv6InvalidCP,
	ipv4StrictEmptyPart:   model.IPv4InIPv6InvalidCP,
	ipv4StrictTrailingDot: model.IPv4InIPv6InvalidCP,
	ipv4StrictNonDecimal:  model.IPv4InIPv6InvalidCP,
	ipv4StrictOutOfRange:  model.IPv4InIPv6OutOfRange,
	ipv4StrictTooFew:      model.IPv4InIPv6TooFewParts,
	ipv4StrictTooMany:     model.IPv4InIPv6InvalidCP,
}

// ParseIPv6Strict accepts exactly RFC 3986 IPv6address (h16, ls32 with strict
// dotted-decimal IPv4 via the same rules as ParseIPv4Strict, '::' at most once).
//
// ParseIPv6Strict implements spec §Host Parsing, IPv6 Address — Strict (RFC
// 3986 §3.2.2 IPv6address): h16 is one to four hex digits of either case; an
// IPv4 address may only take the last two pieces; "::" stands for one or more
// zero pieces, so it appears with at most seven explicit pieces. Every string
// it accepts is accepted by ParseIPv6 with the same value. Failures carry the
// same codes as ParseIPv6, for the first violation from the left.
func ParseIPv6Strict(s string) ([8]uint16, error) {
	addr, f := parseIPv6Strict(s)
	if f.code != "" {
		return [8]uint16{}, f.err(s)
	}
	return addr, nil
}

func parseIPv6Strict(s string) (pieces [8]uint16, _ ipFailure) {
	n := len(s)
	i := 0
	count := 0     // explicit pieces seen (an IPv4 address counts two)
	compress := -1 // index of the piece where "::" stands, if any
	if n >= 1 && s[0] == ':' {
		if n < 2 || s[1] != ':' {
			return pieces, ipFailure{model.IPv6InvalidCompression, 0, "single leading \":\""}
		}
		compress = 0
		i = 2
	}
	for i < n {
		if s[i] == ':' {
			// Only reachable right after a "::".
			return pieces, ipFailure{model.IPv6MultipleCompress, i, "\":::\""}
		}
		if count == 8 || compress >= 0 && count == 7 {
			return pieces, ipFailure{model.IPv6TooManyPieces, i, "more than eight pieces"}
		}
		start := i
		var v uint16
		for i < n && i-start < 4 && ipHexVal[s[i]] != ipNotHex {
			v = v<<4 | uint16(ipHexVal[s[i]])
			i++
		}
		if i < n && s[i] == '.' {
			// ls32 as IPv4address: it must end the string.
			if i == start {
				return pieces, ipFailure{model.IPv4InIPv6InvalidCP, i, "empty IPv4 part"}
			}
			if count > 6 || compress >= 0 && count > 5 {
				return pieces, ipFailure{model.IPv4InIPv6TooMany, start, "no room for an IPv4 address"}
			}
			v4, kind, off := parseIPv4StrictAt(s, start)
			if kind != ipv4StrictOK {
				return pieces, ipFailure{ipv4InIPv6Code[kind], off, ipv4StrictReason[kind]}
			}
			pieces[count] = uint16(v4 >> 16)
			pieces[count+1] = uint16(v4)
			count += 2
			i = n
			break
		}
		if i == start {
			return pieces, ipFailure{model.IPv6InvalidCodePoint, i, "not a hex digit"}
		}
		if i < n && ipHexVal[s[i]] != ipNotHex {
			return pieces, ipFailure{model.IPv6InvalidCodePoint, i, "more than four hex digits in a piece"}
		}
		pieces[count] = v
		count++
		if i == n {
			break
		}
		if s[i] != ':' {
			return pieces, ipFailure{model.IPv6InvalidCodePoint, i, "not a hex digit or \":\""}
		}
		i++
		if i == n {
			return pieces, ipFailure{model.IPv6InvalidCodePoint, i, "ends with a single \":\""}
		}
		if s[i] == ':' {
			if compress >= 0 {
				return pieces, ipFailure{model.IPv6MultipleCompress, i, "second \"::\""}
			}
			if count == 8 {
				return pieces, ipFailure{model.IPv6TooManyPieces, i, "\"::\" after eight pieces"}
			}
			compress = count
			i++
		}
	}
	if compress < 0 {
		if count != 8 {
			return pieces, ipFailure{model.IPv6TooFewPieces, n, "fewer than eight pieces and no \"::\""}
		}
		return pieces, ipFailure{}
	}
	if count > 7 {
		return pieces, ipFailure{model.IPv6TooManyPieces, n, "\"::\" with eight explicit pieces"}
	}
	// Move the pieces after "::" to the end and zero the gap.
	gap := 8 - count
	for j := count - 1; j >= compress; j-- {
		pieces[j+gap] = pieces[j]
	}
	for j := compress; j < compress+gap; j++ {
		pieces[j] = 0
	}
	return pieces, ipFailure{}
}

// AppendIPv6 appends the WHATWG "IPv6 serializer" output without brackets
// (spec §Host Parsing, IPv6 Address): lowercase hex, the first longest run of
// two or more zero pieces compressed to "::". It is model.AppendIPv6, the one
// implementation, exported here beside the parsers.
func AppendIPv6(dst []byte, address [8]uint16) []byte { return model.AppendIPv6(dst, address) }
