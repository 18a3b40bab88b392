package urlspec

import (
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/whatwg"
)

// ValidationError is one validation error of the WHATWG URL Standard's
// parser: Name is the standard's name for it (its validation-error tables,
// e.g. "invalid-URL-unit", "special-scheme-missing-following-solidus",
// "IPv4-non-decimal-part"), Offset the byte offset into the original input
// (before tabs and newlines are removed) and Reason a short explanation.
// Validation errors are not failures: most leave the URL as it is parsed;
// the last one of a failing parse is the reason it fails.
type ValidationError = whatwg.ValidationError

// Validity of user input comes in one family of three calls, from the
// cheapest answer to the fullest:
//
//   - Valid(s) bool: is s a valid URL string?
//   - Validate(s) error: the same verdict with the first offending byte
//     and the writing rule it breaks;
//   - ValidationErrors(s): every validation error a browser's parser
//     reports on s (what it prints to the developer console), whether or
//     not s parses.
//
// Parse accepts far more than the valid URL strings, as browsers do.

// Valid reports whether input is a valid URL string as the WHATWG URL
// Standard defines it (§4.3 URL writing) without a base URL: an
// absolute-URL-with-fragment string (whatwg-url's isValidURLString(input)).
// "https://example.com/a b" parses but is not valid (a space is not a URL
// code point). The URL specification's own strict grammar, per parser
// mode, is grammar.Valid.
func Valid(input string) bool {
	return whatwg.ValidURLString(input, nil) == nil
}

// Validate is Valid with a reason: nil when input is a valid URL string,
// otherwise an *Error with code model.InvalidURLString, the byte offset
// where the writing rules first fail and the rule in Reason.
func Validate(input string) error {
	v := whatwg.ValidURLString(input, nil)
	if v == nil {
		return nil
	}
	return &Error{Code: model.InvalidURLString, Input: input, Offset: v.Offset, Reason: v.Rule + ": " + v.Reason}
}

// ValidationErrors returns every validation error the WHATWG basic URL
// parser reports on input (without a base), in the order it reports them:
// what browsers print to their developer consoles, whatwg-url's
// parseURLWithValidationErrors. When Parse(input) fails, the last one is
// the reason. They come from a step-by-step transcription of the
// standard's parser (package whatwg), slower than Parse (about 4 µs for a
// typical web URL): call Parse when only the URL is needed.
func ValidationErrors(input string) []ValidationError {
	_, errs := whatwg.Parse(input, nil)
	return errs
}
