package grammar

import "testing"

// TestReleaseTrims checks that Release drops each kind of storage that is
// larger than it keeps, one at a time, and keeps storage within the limits.
func TestReleaseTrims(t *testing.T) {
	big := func(b *Buffer, k int) {
		switch k {
		case 0:
			b.text = make([]byte, 0, maxPooledText+1)
		case 1:
			b.spans = make([]uint32, 0, maxPooled/4+1)
		case 2:
			b.host = make([]byte, 0, maxPooled+1)
		case 3:
			b.extra = make([]uint32, 0, maxPooled/4+1)
		case 4:
			b.out = make([]byte, 0, maxPooledOut+1)
		}
	}
	caps := func(b *Buffer) [5]int {
		return [5]int{cap(b.text), cap(b.spans), cap(b.host), cap(b.extra), cap(b.out)}
	}
	for k := 0; k < 5; k++ {
		b := &Buffer{text: make([]byte, 0, maxPooledText), spans: make([]uint32, 0, maxPooled/4),
			host: make([]byte, 0, maxPooled), extra: make([]uint32, 0, maxPooled/4), out: make([]byte, 0, maxPooledOut)}
		want := caps(b)
		want[k] = 0
		big(b, k)
		b.Release() // b is still ours to read: nothing else holds it yet in this goroutine's test
		if got := caps(b); got != want {
			t.Errorf("storage %d too large: after Release caps %v, want %v", k, got, want)
		}
	}
}
