package conformance_test

import "github.com/urlspec/urlspec"

// newURL is new URL(input, base) with the base given as a string (nil for
// none): the base is parsed first, and a base that fails makes the whole
// call fail.
func newURL(input string, base *string) (urlspec.URL, error) {
	if base == nil {
		return urlspec.Parse(input)
	}
	b, err := urlspec.Parse(*base)
	if err != nil {
		return urlspec.URL{}, err
	}
	return b.Resolve(input)
}
