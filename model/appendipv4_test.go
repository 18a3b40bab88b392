package model

import (
	"strconv"
	"testing"
)

// AppendIPv4 writes every byte value as strconv does, after what dst holds.
func TestAppendIPv4Bytes(t *testing.T) {
	for v := 0; v < 256; v++ {
		for _, pos := range []uint{0, 8, 16, 24} {
			a := uint32(v)<<pos | 0x01020304&^(0xff<<pos)
			want := "x"
			for i := 3; i >= 0; i-- {
				want += strconv.Itoa(int(a >> (8 * uint(i)) & 0xff))
				if i > 0 {
					want += "."
				}
			}
			if got := string(AppendIPv4([]byte("x"), a)); got != want {
				t.Errorf("AppendIPv4(%#x) = %q, want %q", a, got, want)
			}
		}
	}
}

// appendIPv6Ref is the IPv6 serializer as the WHATWG standard writes it,
// piece by piece, to check AppendIPv6 against.
func appendIPv6Ref(dst []byte, addr [8]uint16) []byte {
	start, length := -1, 1
	for i := 0; i < 8; {
		if addr[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && addr[j] == 0 {
			j++
		}
		if j-i > length {
			start, length = i, j-i
		}
		i = j
	}
	for i := 0; i < 8; i++ {
		if i == start {
			if i == 0 {
				dst = append(dst, ':')
			}
			dst = append(dst, ':')
			i += length - 1
			continue
		}
		dst = strconv.AppendUint(dst, uint64(addr[i]), 16)
		if i < 7 {
			dst = append(dst, ':')
		}
	}
	return dst
}

// AppendIPv6 agrees with the reference on every pattern of zero pieces,
// with pieces of every number of hex digits.
func TestAppendIPv6Patterns(t *testing.T) {
	values := []uint16{1, 0xf, 0x10, 0xab, 0xfff, 0x100, 0x1000, 0xffff, 0x2001}
	for z := 0; z < 256; z++ {
		for v := range values {
			var a [8]uint16
			for i := range a {
				if z&(1<<i) == 0 {
					a[i] = values[(v+i)%len(values)]
				}
			}
			want := string(appendIPv6Ref([]byte("x"), a))
			if got := string(AppendIPv6([]byte("x"), a)); got != want {
				t.Errorf("AppendIPv6(%x) = %q, want %q", a, got, want)
			}
		}
	}
}
