package gen

import (
	mathrand "math/rand"
	"math/rand/v2"
)

// Source supplies the choices a generator makes. Every generator in this
// package draws all its randomness from a Source, one Choose call at a time,
// so the same generator runs on a random number generator, on the bytes of a
// fuzz input (FromBytes), on a property library's draws (SourceFunc) or on a
// recorded choice sequence (Tape), and a counterexample can be shrunk by
// shrinking its choice sequence (Shrink).
//
// Choice 0 is always the simplest: a Source that returns only zeros makes
// the empty URL, the empty string, the first edge value of each list.
type Source interface {
	// Choose returns a choice in [0, n); n is at least 1.
	Choose(n int) int
}

// SourceFunc adapts a function to a Source. It is the bridge to property
// libraries: with pgregory.net/rapid, for example,
//
//	gen.SourceFunc(func(n int) int { return rapid.IntRange(0, n-1).Draw(t, "choice") })
//
// lets rapid drive (and shrink) any generator of this package. The nested
// module integration/ (rapid_test.go) runs exactly that, so that this
// module itself does not depend on rapid.
type SourceFunc func(n int) int

// Choose calls f.
func (f SourceFunc) Choose(n int) int { return clamp(f(n), n) }

// randSource draws from math/rand/v2.
type randSource struct{ r *rand.Rand }

func (s randSource) Choose(n int) int {
	if n <= 1 {
		return 0
	}
	return s.r.IntN(n)
}

// NewSource returns a pseudo-random Source seeded with seed: the same seed
// gives the same choices on every platform and Go release that keeps
// math/rand/v2's PCG.
func NewSource(seed uint64) Source {
	return randSource{rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// stdSource draws from a math/rand (v1) generator, the kind testing/quick
// hands to Generate methods.
type stdSource struct{ r *mathrand.Rand }

func (s stdSource) Choose(n int) int {
	if n <= 1 {
		return 0
	}
	return s.r.Intn(n)
}

// FromRand returns a Source that draws from r (math/rand, as used by
// testing/quick).
func FromRand(r *mathrand.Rand) Source { return stdSource{r} }

// bytesSource reads choices from a byte string.
type bytesSource struct {
	data []byte
	pos  int
}

// FromBytes returns a Source that reads its choices from data, for go test
// -fuzz targets: each choice takes one byte (two for n > 256, four for
// n > 65536), reduced modulo n; once data is used up every choice is 0, so
// every byte string gives a finite, valid value and the fuzzer's mutations
// of the bytes become structural mutations of the value.
func FromBytes(data []byte) Source { return &bytesSource{data: data} }

// byteWidth is the number of bytes FromBytes reads for a choice in [0, n).
func byteWidth(n int) int {
	switch {
	case n <= 1:
		return 0
	case n > 1<<16:
		return 4
	case n > 1<<8:
		return 2
	}
	return 1
}

func (s *bytesSource) Choose(n int) int {
	if n <= 1 {
		return 0
	}
	width := byteWidth(n)
	v := 0
	for i := 0; i < width; i++ {
		v <<= 8
		if s.pos < len(s.data) {
			v |= int(s.data[s.pos])
			s.pos++
		}
	}
	return v % n
}

// Tape records the choices of a Source as they are made, or replays a
// recorded choice sequence. Replaying never runs out: past the end of the
// sequence every choice is 0, and a recorded choice too large for the n now
// asked for becomes n-1. Choices returns what was actually used, so a replay
// of a shortened or lowered sequence yields the sequence to keep.
type Tape struct {
	src     Source // nil when replaying
	replay  []int
	choices []int
}

// Record returns a Tape that draws from src and records every choice.
func Record(src Source) *Tape { return &Tape{src: src} }

// Replay returns a Tape that replays choices.
func Replay(choices []int) *Tape { return &Tape{replay: choices} }

// Choose implements Source.
func (t *Tape) Choose(n int) int {
	var c int
	switch {
	case t.src != nil:
		c = clamp(t.src.Choose(n), n)
	case len(t.choices) < len(t.replay):
		c = clamp(t.replay[len(t.choices)], n)
	}
	t.choices = append(t.choices, c)
	return c
}

// Choices returns the choices made so far.
func (t *Tape) Choices() []int { return t.choices }

func clamp(c, n int) int {
	switch {
	case n <= 1 || c < 0:
		return 0
	case c >= n:
		return n - 1
	}
	return c
}

// ByteRecorder draws from a Source and writes each choice the way FromBytes
// reads it, so that FromBytes(r.Bytes()) makes the same choices: the way to
// turn generated values into seeds for a go test -fuzz corpus.
type ByteRecorder struct {
	src Source
	buf []byte
}

// NewByteRecorder returns a ByteRecorder drawing from src.
func NewByteRecorder(src Source) *ByteRecorder { return &ByteRecorder{src: src} }

// Choose implements Source.
func (r *ByteRecorder) Choose(n int) int {
	c := clamp(r.src.Choose(n), n)
	for i := byteWidth(n) - 1; i >= 0; i-- {
		r.buf = append(r.buf, byte(c>>(8*i)))
	}
	return c
}

// Bytes returns the choices so far, encoded for FromBytes.
func (r *ByteRecorder) Bytes() []byte { return r.buf }
