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
