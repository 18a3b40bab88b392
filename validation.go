package urlspec

import "github.com/urlspec/urlspec/whatwg"

// ValidationError is one validation error of the WHATWG URL Standard's
// parser: Name is the standard's name for it (its validation-error tables,
// e.g. "invalid-URL-unit", "special-scheme-missing-following-solidus",
// "IPv4-non-decimal-part"), Offset the byte offset into the original input
// (before tabs and newlines are removed) and Reason a short explanation.
// Validation errors are not failures: most leave the URL as it is parsed;
// the last one of a failing parse is the reason it fails.
type ValidationError = whatwg.ValidationError

// InvalidURLString is the code of CheckURLString's error: the input is not a
// valid URL string in the WHATWG URL Standard's sense (§4.3 URL writing).
const InvalidURLString Code = "invalid-URL-string"

// ParseWithValidationErrors is Parse that also returns every validation
// error the WHATWG basic URL parser reports on the way, in the order it
// reports them (what browsers print to their developer consoles; whatwg-url's
// parseURLWithValidationErrors). The URL and the error are Parse's; the
// validation errors come from a step-by-step transcription of the standard's
// parser (package whatwg), whose result equals Parse's; that parser is
// slower than Parse (about 4 µs instead of 0.6 µs for a typical web URL), so
// call Parse when the errors are not needed. A base's own validation errors
// are not included.
func ParseWithValidationErrors(input string, base *URL) (URL, []ValidationError, error) {
	u, err := Parse(input, base)
	var wbase *whatwg.URL
	if base != nil {
		wbase = whatwgRecord(base)
	}
	_, errs := whatwg.Parse(input, wbase)
	return u, errs, err
}

// whatwgRecord returns the URL record of u (its href reparses to it).
func whatwgRecord(u *URL) *whatwg.URL {
	r, _ := whatwg.Parse(u.Href(), nil)
	return r
}

// IsValidURLString reports whether input is a valid URL string as the WHATWG
// URL Standard defines it (§4.3 URL writing) without a base URL, that is an
// absolute-URL-with-fragment string (whatwg-url's isValidURLString(input)).
// This is the standard's verdict; Valid is the URL specification's strict
// grammar, a different rule: "file:///C|/x" is valid under the strict
// grammar (a drive) but not a valid URL string ('|' is not a URL code
// point), and "example.com" is valid under the strict grammar as a relative
// reference but not a valid URL string without a base.
func IsValidURLString(input string) bool {
	return whatwg.ValidURLString(input, nil) == nil
}

// CheckURLString is IsValidURLString with a base URL and a reason: it returns
// nil when input is a valid URL string (an absolute-URL-with-fragment
// string or, when base is not nil, a relative-URL-with-fragment string
// against base), and otherwise an *Error with code InvalidURLString, the
// byte offset where the writing rules first fail and the rule in Reason.
func CheckURLString(input string, base *URL) error {
	var wbase *whatwg.URL
	if base != nil {
		wbase = whatwgRecord(base)
	}
	v := whatwg.ValidURLString(input, wbase)
	if v == nil {
		return nil
	}
	return &Error{Code: InvalidURLString, Input: input, Offset: v.Offset, Reason: v.Rule + ": " + v.Reason}
}
