package grammar

import (
	"sync"

	"github.com/urlspec/urlspec/model"
)

// A Buffer is storage that one parse after another can reuse for the parts
// of its result that are not substrings of the input: the preprocessed
// string when preprocessing changes the input, the spans of the dirs, and a
// host that the host parser changes (lower-cased, percent-decoded or
// converted by domain to ASCII). With a Buffer a parse of an ordinary URL
// allocates nothing.
//
// What a Buffer's methods return (strings, a model.URL and its
// components, the Input of an error) shares the Buffer's memory: it is
// valid only until the next call of the same method or until Release, so
// the caller must copy what it keeps (printing the model does). Each
// method reuses the storage of its previous call: a Buffer serves one
// parse at a time, and one goroutine. A nil *Buffer is valid: its methods
// are Preprocess and Parse, allocating as they do.
type Buffer struct {
	text  []byte   // the preprocessed string (Preprocess)
	spans []uint32 // the dirs (Parse)
	host  []byte   // a changed host (Parse)
	extra []uint32 // the caller's (Spans)
	out   []byte   // the caller's (Bytes)
}

// maxPooled is the largest storage, in bytes, that Release keeps: a
// Buffer that a long URL grew does not hold on to its memory.
const maxPooled = 4 << 10

// maxPooledText is maxPooled for the preprocessed string, which is about
// as long as the input: room for a long URL's query.
const maxPooledText = 16 << 10

// maxPooledOut is maxPooled for Bytes: room for a long URL printed, which
// percent-encoding can make up to three times as long as its input.
const maxPooledOut = 3 * maxPooledText

var bufferPool = sync.Pool{New: func() any { return new(Buffer) }}

// GetBuffer returns a Buffer from a pool of them; Release puts it back.
func GetBuffer() *Buffer { return bufferPool.Get().(*Buffer) }

// Release puts b back into the pool of GetBuffer: everything b's methods
// returned is invalid from then on.
//
// It runs after every parse, so its usual case is kept to a few compares
// and the pool's Put (a few instructions in two cache lines), and dropping
// storage that a long URL grew is a call (trim).
func (b *Buffer) Release() {
	if b == nil {
		return
	}
	if cap(b.text) > maxPooledText || cap(b.spans) > maxPooled/4 || cap(b.host) > maxPooled ||
		cap(b.extra) > maxPooled/4 || cap(b.out) > maxPooledOut {
		b.trim()
	}
	bufferPool.Put(b)
}

// trim drops the storage of b that is larger than Release keeps.
//
//go:noinline
func (b *Buffer) trim() {
	if cap(b.text) > maxPooledText {
		b.text = nil
	}
	if cap(b.spans) > maxPooled/4 {
		b.spans = nil
	}
	if cap(b.host) > maxPooled {
		b.host = nil
	}
	if cap(b.extra) > maxPooled/4 {
		b.extra = nil
	}
	if cap(b.out) > maxPooledOut {
		b.out = nil
	}
}

// Spans returns an empty slice with room for n uint32s, for spans of dirs
// that the caller makes beside the parse's (the dirs of a base URL that a
// reference is resolved against): it shares b's memory, is valid until the
// next call of Spans or until Release, and is new when b is nil or n is
// more than Release keeps.
func (b *Buffer) Spans(n int) []uint32 {
	if b == nil || 4*n > maxPooled {
		return make([]uint32, 0, n)
	}
	if cap(b.extra) < n {
		b.extra = make([]uint32, 0, max(n, 64))
	}
	return b.extra[:0]
}

// Bytes returns an empty byte slice with room for n bytes, for text that
// the caller writes beside the parse's (the URL-string that printing the
// parsed model makes, before it is copied to a string): it shares b's
// memory, is valid until the next call of Bytes or until Release, and is
// new when b is nil or n is more than Release keeps.
func (b *Buffer) Bytes(n int) []byte {
	if b == nil || n > maxPooledOut {
		return make([]byte, 0, n)
	}
	if cap(b.out) < n {
		// At least twice the room it had: a run of longer and longer URLs
		// grows it a few times, not once each.
		b.out = make([]byte, 0, min(max(n, 2*cap(b.out), 256), max(n, maxPooledOut)))
	}
	return b.out[:0]
}

// Preprocess is Preprocess writing the new string, when one is needed,
// into b.
func (b *Buffer) Preprocess(input string) (out string, removed bool) {
	s, k, trimmed, ok := preprocessScan(input)
	if ok {
		return s, trimmed
	}
	if b == nil {
		out, tabs := preprocessSlow(s, k, nil)
		return out, trimmed || tabs
	}
	if n := len(s) + 16; cap(b.text) < n && n <= maxPooledText {
		// Room for s and a few U+FFFDs (see preprocessSlow), and at least
		// twice what it had (see Bytes).
		b.text = make([]byte, 0, min(max(n, 2*cap(b.text), 256), maxPooledText))
	}
	out, tabs := preprocessSlow(s, k, b.text)
	return out, trimmed || tabs
}

// Parse is Parse keeping the dirs' spans and a host that the host parser
// changes in b, writing the model into *u (which it overwrites; on failure
// *u is the empty URL) rather than returning it: a model is 224 bytes, and
// a caller that keeps it in its own variable or in a pool copies none.
func (b *Buffer) Parse(u *model.URL, input string, fallback Mode) error {
	*u = model.URL{}
	if err := parse(u, input, fallback, b, nil); err != nil {
		*u = model.URL{}
		return err
	}
	return nil
}
