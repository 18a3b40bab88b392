package urlspec

import (
	"iter"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/urlspec/urlspec/model"
)

// SearchParams implements the URLSearchParams class (WHATWG §URLSearchParams
// class): a list of name-value tuples in the application/x-www-form-urlencoded
// format, either on its own (NewSearchParams) or bound to an URL
// (URL.SearchParams), whose query it reads and writes.
//
// A bound SearchParams is kept in sync with its URL both ways: every change
// to the list sets the URL's query to the list's serialization ("update":
// an empty list removes the query), and a query changed through the URL
// (SetSearch, SetHref, …) is read again before the next use of the list.
// It is bound to the URL variable it was obtained from (a pointer), not to
// copies of that URL. Names and values are Go strings; a byte that is not
// valid UTF-8 reads as U+FFFD when serialized. The zero SearchParams is an
// empty, unbound list. A SearchParams is not safe for concurrent use.
type SearchParams struct {
	list []Param
	url  *URL
	// query and hasQuery are the bound URL's query as last read or written.
	query    string
	hasQuery bool
	synced   bool
}

// NewSearchParams implements new URLSearchParams(init) for a string init
// (WHATWG §URLSearchParams class): one leading '?' is removed and the rest
// is parsed with ParseURLEncoded. The result is not bound to an URL.
func NewSearchParams(init string) *SearchParams {
	return &SearchParams{list: ParseURLEncoded(strings.TrimPrefix(init, "?"))}
}

// NewSearchParamsFrom implements new URLSearchParams(init) for a sequence of
// pairs or a record: the pairs of seq, in order, become the list. The
// result is not bound to an URL (WHATWG §URLSearchParams class,
// "initialize" with a sequence or record). A Go map has no order: iterate
// it in the order wanted, e.g. over slices.Sorted(maps.Keys(m)).
func NewSearchParamsFrom(seq iter.Seq2[string, string]) *SearchParams {
	p := &SearchParams{}
	for name, value := range seq {
		p.list = append(p.list, Param{Name: name, Value: value})
	}
	return p
}

// SearchParams returns the URL's query object (WHATWG §URL class,
// searchParams getter): a SearchParams bound to u that parses u's query
// (ParseURLEncoded; none is the empty list) and writes its changes back to
// u. On the zero URL it is an unbound empty list.
func (u *URL) SearchParams() *SearchParams {
	if u.href == "" {
		return &SearchParams{}
	}
	return &SearchParams{url: u}
}

// rawQuery returns the URL's query as its href shows it (percent-encoded,
// without '?') and whether it has one.
func (u *URL) rawQuery() (string, bool) {
	if u.off.QueryStart < 0 || u.off.QueryStart >= len(u.href) {
		return "", false
	}
	end := len(u.href)
	if u.off.FragmentStart >= 0 {
		end = u.off.FragmentStart
	}
	return u.href[u.off.QueryStart+1 : end], true
}

// sync reads the bound URL's query again when it changed.
func (p *SearchParams) sync() {
	if p.url == nil {
		return
	}
	q, has := p.url.rawQuery()
	if p.synced && q == p.query && has == p.hasQuery {
		return
	}
	p.list = ParseURLEncoded(q)
	p.query, p.hasQuery, p.synced = q, has, true
}

// update implements "update" (WHATWG §URLSearchParams class): the bound
// URL's query becomes the serialization of the list, or none when that is
// empty. In the model: the query component is set or removed.
func (p *SearchParams) update() {
	if p.url == nil || p.url.href == "" {
		return
	}
	m := p.url.record()
	if s := SerializeURLEncoded(p.list, nil); s != "" {
		m.Set(model.QueryType, s)
	} else {
		m.Remove(model.QueryType)
	}
	_ = p.url.commit(m) // a query never breaks a constraint
	p.query, p.hasQuery = p.url.rawQuery()
	p.synced = true
}

// Len returns the number of tuples (WHATWG §URLSearchParams class: the
// size getter).
func (p *SearchParams) Len() int {
	p.sync()
	return len(p.list)
}

// Append implements append(name, value) (WHATWG §URLSearchParams class):
// the tuple is added at the end, then the URL is updated.
func (p *SearchParams) Append(name, value string) {
	p.sync()
	p.list = append(p.list, Param{Name: name, Value: value})
	p.update()
}

// Delete implements delete(name) (WHATWG §URLSearchParams class): every
// tuple named name is removed, then the URL is updated.
func (p *SearchParams) Delete(name string) {
	p.sync()
	p.list = slices.DeleteFunc(p.list, func(t Param) bool { return t.Name == name })
	p.update()
}

// DeleteValue implements delete(name, value) (WHATWG §URLSearchParams
// class): every tuple named name with the value value is removed, then the
// URL is updated.
func (p *SearchParams) DeleteValue(name, value string) {
	p.sync()
	p.list = slices.DeleteFunc(p.list, func(t Param) bool { return t.Name == name && t.Value == value })
	p.update()
}

// Get implements get(name) (WHATWG §URLSearchParams class): the value of the first tuple named name, and
// false when there is none (the standard's null).
func (p *SearchParams) Get(name string) (string, bool) {
	p.sync()
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
	p.sync()
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
	p.sync()
	for _, t := range p.list {
		if t.Name == name && t.Value == value {
			return true
		}
	}
	return false
}

// Set implements set(name, value) (WHATWG §URLSearchParams class): the first tuple named name gets the
// value and the others named name are removed; without one, the tuple is
// appended. Then the URL is updated.
func (p *SearchParams) Set(name, value string) {
	p.sync()
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
		p.list = append(p.list, Param{Name: name, Value: value})
	}
	p.update()
}

// Sort implements sort() (WHATWG §URLSearchParams class): a stable sort of the tuples by name, comparing
// names by UTF-16 code units as the standard does ("code unit less than";
// it differs from Go's byte order for code points above U+FFFF against
// U+E000–U+FFFF). Then the URL is updated.
func (p *SearchParams) Sort() {
	p.sync()
	slices.SortStableFunc(p.list, func(a, b Param) int { return compareUTF16(a.Name, b.Name) })
	p.update()
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
		p.sync()
		for i := 0; i < len(p.list); i++ {
			t := p.list[i]
			if !yield(t.Name, t.Value) {
				return
			}
			p.sync()
		}
	}
}

// Keys returns an iterator over the names, in order (WHATWG
// §URLSearchParams class, keys() of the iterable).
func (p *SearchParams) Keys() iter.Seq[string] {
	return func(yield func(string) bool) {
		for name := range p.All() {
			if !yield(name) {
				return
			}
		}
	}
}

// Values returns an iterator over the values, in order (WHATWG
// §URLSearchParams class, values() of the iterable).
func (p *SearchParams) Values() iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, value := range p.All() {
			if !yield(value) {
				return
			}
		}
	}
}

// Params returns a copy of the list (WHATWG §URLSearchParams class).
func (p *SearchParams) Params() []Param {
	p.sync()
	return slices.Clone(p.list)
}

// String implements the stringification behavior (WHATWG §URLSearchParams
// class): the list serialized with
// SerializeURLEncoded in UTF-8 (without a leading '?').
func (p *SearchParams) String() string {
	p.sync()
	return SerializeURLEncoded(p.list, nil)
}
