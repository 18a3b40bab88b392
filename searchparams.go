package urlspec

import (
	"iter"
	"slices"
	"strings"
	"unicode/utf8"
)

// SearchParams implements the URLSearchParams class (WHATWG §URLSearchParams
// class): a list of name-value tuples in the application/x-www-form-urlencoded
// format.
//
// A SearchParams is detached: URL is a value, so a SearchParams from
// URL.SearchParams is a copy of the URL's query as a list, and changing it
// does not change any URL. Write it back with u.WithSearch(p.String()), which
// returns the URL with the list as its query (the standard's "update": an
// empty list removes the query). Names and values are Go strings; a byte
// that is not valid UTF-8 reads as U+FFFD when serialized. The zero
// SearchParams is an empty list. A SearchParams is not safe for concurrent
// use.
type SearchParams struct {
	list []param
}

// NewSearchParams implements new URLSearchParams(init) for a string init
// (WHATWG §URLSearchParams class): one leading '?' is removed and the rest
// is parsed with parseURLEncoded.
func NewSearchParams(init string) *SearchParams {
	return &SearchParams{list: parseURLEncoded(strings.TrimPrefix(init, "?"))}
}

// SearchParams returns the URL's query as a new, detached list (WHATWG §URL
// class, searchParams getter): the query parsed with parseURLEncoded (no
// query is the empty list). Changes to it do not change u; to write them
// back call u.WithSearch(p.String()).
func (u URL) SearchParams() *SearchParams {
	// Small enough to inline, so that the SearchParams can stay on the
	// caller's stack.
	return &SearchParams{list: u.queryList()}
}

// queryList returns the URL's query parsed with parseURLEncoded.
func (u *URL) queryList() []param {
	q, _ := u.rawQuery()
	return parseURLEncoded(q)
}

// rawQuery returns the URL's query as its href shows it (percent-encoded,
// without '?') and whether it has one.
func (u URL) rawQuery() (string, bool) {
	if u.off.QueryStart < 0 || int(u.off.QueryStart) >= len(u.href) {
		return "", false
	}
	end := len(u.href)
	if u.off.FragmentStart >= 0 {
		end = int(u.off.FragmentStart)
	}
	return u.href[u.off.QueryStart+1 : end], true
}

// Len returns the number of tuples (WHATWG §URLSearchParams class: the
// size getter).
func (p *SearchParams) Len() int {
	return len(p.list)
}

// Append implements append(name, value) (WHATWG §URLSearchParams class):
// the tuple is added at the end.
func (p *SearchParams) Append(name, value string) {
	p.list = append(p.list, param{Name: name, Value: value})
}

// Delete implements delete(name) (WHATWG §URLSearchParams class): every
// tuple named name is removed.
func (p *SearchParams) Delete(name string) {
	p.list = slices.DeleteFunc(p.list, func(t param) bool { return t.Name == name })
}

// DeleteValue implements delete(name, value) (WHATWG §URLSearchParams
// class): every tuple named name with the value value is removed.
func (p *SearchParams) DeleteValue(name, value string) {
	p.list = slices.DeleteFunc(p.list, func(t param) bool { return t.Name == name && t.Value == value })
}

// Get implements get(name) (WHATWG §URLSearchParams class): the value of the first tuple named name, and
// false when there is none (the standard's null).
func (p *SearchParams) Get(name string) (string, bool) {
	for _, t := range p.list {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// GetAll implements getAll(name) (WHATWG §URLSearchParams class): the values of the tuples named name, in
// order (nil when there are none).
func (p *SearchParams) GetAll(name string) []string {
	var out []string
	for _, t := range p.list {
		if t.Name == name {
			out = append(out, t.Value)
		}
	}
	return out
}

// Has implements has(name) (WHATWG §URLSearchParams class): whether a
// tuple is named name.
func (p *SearchParams) Has(name string) bool {
	_, ok := p.Get(name)
	return ok
}

// HasValue implements has(name, value) (WHATWG §URLSearchParams class):
// whether a tuple is named name and
// has the value value.
func (p *SearchParams) HasValue(name, value string) bool {
	for _, t := range p.list {
		if t.Name == name && t.Value == value {
			return true
		}
	}
	return false
}

// Set implements set(name, value) (WHATWG §URLSearchParams class): the first tuple named name gets the
// value and the others named name are removed; without one, the tuple is
// appended.
func (p *SearchParams) Set(name, value string) {
	found := false
	out := p.list[:0]
	for _, t := range p.list {
		if t.Name == name {
			if found {
				continue
			}
			found = true
			t.Value = value
		}
		out = append(out, t)
	}
	p.list = out
	if !found {
		p.list = append(p.list, param{Name: name, Value: value})
	}
}

// Sort implements sort() (WHATWG §URLSearchParams class): a stable sort of the tuples by name, comparing
// names by UTF-16 code units as the standard does ("code unit less than";
// it differs from Go's byte order for code points above U+FFFF against
// U+E000–U+FFFF).
func (p *SearchParams) Sort() {
	slices.SortStableFunc(p.list, func(a, b param) int { return compareUTF16(a.Name, b.Name) })
}

// compareUTF16 compares a and b by their UTF-16 code units (invalid UTF-8
// reads as U+FFFD).
func compareUTF16(a, b string) int {
	var ia, ib int
	var pa, pb uint16
	for {
		ua, oka := nextUnit(a, &ia, &pa)
		ub, okb := nextUnit(b, &ib, &pb)
		switch {
		case !oka && !okb:
			return 0
		case !oka:
			return -1
		case !okb:
			return 1
		case ua != ub:
			if ua < ub {
				return -1
			}
			return 1
		}
	}
}

// nextUnit returns the next UTF-16 code unit of s at *i, with *pending the
// low surrogate still to return.
func nextUnit(s string, i *int, pending *uint16) (uint16, bool) {
	if *pending != 0 {
		u := *pending
		*pending = 0
		return u, true
	}
	if *i >= len(s) {
		return 0, false
	}
	r, size := utf8.DecodeRuneInString(s[*i:])
	*i += size
	if r >= 0x10000 {
		r -= 0x10000
		*pending = uint16(0xDC00 + r&0x3FF)
		return uint16(0xD800 + r>>10), true
	}
	return uint16(r), true
}

// All returns an iterator over the tuples, name and value, in order
// (WHATWG §URLSearchParams class: the value pairs to iterate over). Like the standard's iterator it reads the
// list as it is at each step, so changes made while iterating are seen.
func (p *SearchParams) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for i := 0; i < len(p.list); i++ {
			t := p.list[i]
			if !yield(t.Name, t.Value) {
				return
			}
		}
	}
}

// String implements the stringification behavior (WHATWG §URLSearchParams
// class): the list serialized with
// serializeURLEncoded in UTF-8 (without a leading '?').
func (p *SearchParams) String() string {
	if p == nil {
		return ""
	}
	return serializeURLEncoded(p.list)
}
