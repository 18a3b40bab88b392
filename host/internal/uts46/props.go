package uts46

// Property bits of a code point, as written by gen/main.go (keep in sync).
const (
	statusValid      = 0
	statusMapped     = 1
	statusDeviation  = 2
	statusIgnored    = 3
	statusDisallowed = 4
	statusMask       = 7

	propMark   = 1 << 3 // General_Category=Mark
	propVirama = 1 << 4 // Canonical_Combining_Class=Virama
	propJoinL  = 1 << 5 // Joining_Type L or D
	propJoinR  = 1 << 6 // Joining_Type R or D
	propJoinT  = 1 << 7 // Joining_Type T

	bidiShift = 8
	bidiMask  = 7
	bidiOther = 0 // B, S, WS and the explicit formatting classes
	bidiL     = 1
	bidiRAL   = 2 // R or AL
	bidiAN    = 3
	bidiEN    = 4
	bidiNSM   = 5
	bidiON    = 6 // ES, CS, ET, ON or BN

	propBits = 11
	propMask = 1<<propBits - 1
)

const maxRune = 0x10FFFF

// lookup returns the property bits of r and the index of its run in ranges.
// Code points outside the Unicode range are treated as U+FFFD.
func lookup(r rune) (props uint32, run int) {
	if uint32(r) < uint32(len(lowLookup)) {
		v := lowLookup[r]
		return v & propMask, int(v >> propBits)
	}
	return search(r)
}

// lowLookup holds search's result for the code points below U+1000 (the
// scripts of most non-ASCII domain names: Latin, Greek, Cyrillic, Hebrew,
// Arabic, and from U+0900 the Indic scripts, Thai, Lao and Tibetan, whose
// blocks hold many runs for search to bisect): the run's index above
// propBits and the property bits; 16 KB, of which a domain name reads the
// few cache lines of its scripts.
var lowLookup = func() (t [0x1000]uint32) {
	for r := range t {
		p, run := search(rune(r))
		t[r] = uint32(run)<<propBits | p
	}
	return
}()

// search is lookup by a binary search of the runs of r's block.
func search(r rune) (props uint32, run int) {
	if r < 0 || r > maxRune {
		r = 0xFFFD
	}
	b := r >> 8
	lo, hi := int(blockIndex[b]), int(blockIndex[b+1])
	u := uint32(r)
	for lo < hi {
		mid := int(uint(lo+hi+1) >> 1)
		if ranges[mid]>>propBits <= u {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return ranges[lo] & propMask, lo
}

// propsOf returns the property bits of r.
func propsOf(r rune) uint32 {
	p, _ := lookup(r)
	return p
}

// mappingOf returns the mapping of the run at index run (empty unless the run's
// status is mapped or deviation).
func mappingOf(run int) string {
	m := rangeMaps[run]
	off := m >> 8
	return mappingData[off : off+m&0xFF]
}

func bidiOf(p uint32) uint32 { return p >> bidiShift & bidiMask }
