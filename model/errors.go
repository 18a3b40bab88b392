package model

import (
	"errors"
	"strconv"
	"unicode/utf8"
)

// Code is a stable error code. Codes are named like the validation errors of the
// WHATWG URL Standard (§Validation errors) where one fits, and otherwise after
// the operation of the URL specification that failed. A Code is itself an error,
// so callers can write errors.Is(err, model.HostMissing).
type Code string

// Error returns the code itself.
func (c Code) Error() string { return string(c) }

// Failure codes. Each failure of a parse, resolve or host operation carries one.
const (
	// Host parsing (WHATWG §Host parsing; spec §Host Parsing).
	DomainToASCII          Code = "domain-to-ASCII"
	DomainInvalidCodePoint Code = "domain-invalid-code-point"
	HostInvalidCodePoint   Code = "host-invalid-code-point"
	IPv4EmptyPart          Code = "IPv4-empty-part"
	IPv4TooManyParts       Code = "IPv4-too-many-parts"
	IPv4NonNumericPart     Code = "IPv4-non-numeric-part"
	IPv4NonDecimalPart     Code = "IPv4-non-decimal-part"
	IPv4OutOfRangePart     Code = "IPv4-out-of-range-part"
	IPv6Unclosed           Code = "IPv6-unclosed"
	IPv6InvalidCompression Code = "IPv6-invalid-compression"
	IPv6TooManyPieces      Code = "IPv6-too-many-pieces"
	IPv6MultipleCompress   Code = "IPv6-multiple-compression"
	IPv6InvalidCodePoint   Code = "IPv6-invalid-code-point"
	IPv6TooFewPieces       Code = "IPv6-too-few-pieces"
	IPv4InIPv6TooMany      Code = "IPv4-in-IPv6-too-many-pieces"
	IPv4InIPv6InvalidCP    Code = "IPv4-in-IPv6-invalid-code-point"
	IPv4InIPv6OutOfRange   Code = "IPv4-in-IPv6-out-of-range-part"
	IPv4InIPv6TooFewParts  Code = "IPv4-in-IPv6-too-few-parts"

	// Authority (spec §Authority; WHATWG authority and port states).
	HostMissing      Code = "host-missing"
	PortOutOfRange   Code = "port-out-of-range"
	PortInvalid      Code = "port-invalid"
	InvalidAuthority Code = "invalid-authority"

	// Resolution (spec §Reference Resolution).
	MissingSchemeNonRelativeURL Code = "missing-scheme-non-relative-URL"
	FileCredentials             Code = "file-credentials-or-port"

	// Validity (spec §Strict URL Grammar), reported by grammar.Valid.
	InvalidURLUnit                       Code = "invalid-URL-unit"
	PctInvalid                           Code = "pct-invalid"
	InvalidReverseSolidus                Code = "invalid-reverse-solidus"
	InvalidCredentials                   Code = "invalid-credentials"
	SpecialSchemeMissingFollowingSolidus Code = "special-scheme-missing-following-solidus"
	FileInvalidWindowsDriveLetter        Code = "file-invalid-Windows-drive-letter"
	LeadingOrTrailingSpace               Code = "leading-or-trailing-C0-control-or-space"

	// Model constraints (spec §URL Model), reported by Validate.
	ConstraintViolation Code = "constraint-violation"

	// Input problems of the library's own entry points.
	InvalidMode  Code = "invalid-mode"
	InvalidLevel Code = "invalid-level"

	// Relativize (no reference gives the target from the base).
	NotRelativizable Code = "not-relativizable"

	// The URL API of package urlspec (its Error's codes besides the above).

	// InputTooLong: an input longer than urlspec.MaxInputLen, or a setter
	// value that would make the href 2 GiB or longer.
	InputTooLong Code = "input-too-long"
	// InvalidURLString: the input is not a valid URL string in the WHATWG
	// URL Standard's sense (§4.3 URL writing); urlspec.Validate.
	InvalidURLString Code = "invalid-URL-string"
	// FilePath: a file path has no file URL, or a file URL no path in the
	// style asked for (urlspec.FromFilePath, URL.FilePath); the error wraps
	// package fileurl's reason (fileurl.ErrRelative, …).
	FilePath Code = "file-path"
	// RequestTarget: an HTTP request's target or Host header gives no URL
	// (urlspec.FromRequest).
	RequestTarget Code = "request-target"
	// UnsupportedScanType: URL.Scan was given a value that is neither a
	// string, a []byte nor nil.
	UnsupportedScanType Code = "unsupported-scan-type"
	// Internal: an error of another kind, kept as the cause.
	Internal Code = "internal"

	// The setters (the WHATWG URL Standard's URL class setters, urlspec's
	// With methods) refuse with these codes where the standard leaves the
	// URL unchanged.

	// EmptyURL: a setter called on the zero URL.
	EmptyURL Code = "empty-url"
	// OpaquePathRefused: the URL has an opaque path (mailto:x), which the
	// host, port and pathname setters do not change.
	OpaquePathRefused Code = "opaque-path"
	// CredentialsRefused: the URL cannot have a username, password or port
	// (no host, an empty host, or a file URL).
	CredentialsRefused Code = "cannot-have-username-password-port"
	// InvalidScheme: the protocol setter's value does not start with a
	// scheme.
	InvalidScheme Code = "invalid-scheme"
	// SchemeChangeRefused: the protocol setter may not change between a
	// special and a non-special scheme, nor to file with credentials or a
	// port, nor from file with an empty host.
	SchemeChangeRefused Code = "scheme-change-refused"
	// HostnameWithPort: the hostname setter's value has a port.
	HostnameWithPort Code = "hostname-with-port"
)

// Error is a failure with its stable Code, the input it concerns and a byte
// offset into that input (-1 when no single position is to blame): the
// error of every failure of the spec packages (grammar, host, resolve, …)
// and of package urlspec, whose Error it is. Use errors.As to get at it and
// errors.Is with a Code to test for a kind.
type Error struct {
	// Code is the stable name of the failure: a validation error's name
	// from the WHATWG URL Standard where one fits (e.g. "host-missing",
	// "port-out-of-range"), otherwise the failed operation's (e.g.
	// "invalid-URL-string", "file-path").
	Code Code
	// Input is the whole input that failed: the string parsed, the value
	// given to a setter, or the file path converted.
	Input string
	// Offset is the byte offset into Input at fault, or -1 when no single
	// byte is to blame.
	Offset int
	// Reason is a short human-readable detail, or "".
	Reason string
	// Cause is the error beneath this one, or nil: for a file-path
	// conversion, package fileurl's error (so that errors.Is(err,
	// fileurl.ErrRelative) works); for code Internal, the error of
	// another kind that it stands for.
	Cause error
}

// Error formats the error as "code: reason (at byte N of "input")". An
// input longer than 64 bytes is quoted in part: about 64 bytes around the
// offset (from the start when there is none), cut on UTF-8 boundaries and
// marked with "..." and the input's length, so that a message stays short
// however long the input; the Input field keeps all of it.
func (e *Error) Error() string {
	b := make([]byte, 0, len(e.Code)+len(e.Reason)+min(len(e.Input), 2*excerptLen)+48)
	b = append(b, e.Code...)
	if e.Reason != "" {
		b = append(b, ": "...)
		b = append(b, e.Reason...)
	}
	if e.Offset >= 0 {
		b = append(b, " (at byte "...)
		b = strconv.AppendInt(b, int64(e.Offset), 10)
		b = append(b, " of "...)
		b = appendExcerpt(b, e.Input, e.Offset)
		b = append(b, ')')
	} else if e.Input != "" {
		b = append(b, " (in "...)
		b = appendExcerpt(b, e.Input, 0)
		b = append(b, ')')
	}
	return string(b)
}

// excerptLen is how many bytes of an input an error message quotes.
const excerptLen = 64

// appendExcerpt appends s quoted, or for a long s about excerptLen bytes
// of it around off, as ..."part"... (N bytes).
func appendExcerpt(b []byte, s string, off int) []byte {
	if len(s) <= excerptLen {
		return strconv.AppendQuote(b, s)
	}
	start := max(0, min(off-excerptLen/2, len(s)-excerptLen))
	end := start + excerptLen
	for start > 0 && !utf8.RuneStart(s[start]) {
		start--
	}
	for end < len(s) && !utf8.RuneStart(s[end]) {
		end++
	}
	if start > 0 {
		b = append(b, "..."...)
	}
	b = strconv.AppendQuote(b, s[start:end])
	if end < len(s) {
		b = append(b, "..."...)
	}
	b = append(b, " ("...)
	b = strconv.AppendInt(b, int64(len(s)), 10)
	return append(b, " bytes)"...)
}

// Unwrap returns the Code (so errors.Is(err, HostMissing) works) and the
// Cause when there is one.
func (e *Error) Unwrap() []error {
	if e.Cause != nil {
		return []error{e.Code, e.Cause}
	}
	return []error{e.Code}
}

// Rebase makes err, when it is an *Error about a part of input that starts
// at byte base, an *Error about input: its offset is shifted by base (an
// error without an offset points at base). Any other error is returned as
// it is.
func Rebase(err error, input string, base int) error {
	e, ok := err.(*Error) // the usual case, without errors.As's reflection
	if ok || errors.As(err, &e) {
		off := e.Offset
		if off >= 0 {
			off += base
		} else {
			off = base
		}
		return &Error{Code: e.Code, Input: input, Offset: off, Reason: e.Reason, Cause: e.Cause}
	}
	return err
}

// RebaseOwned is Rebase for an error that its caller has just made and
// that nobody else holds (as the grammar and the host parser make a new
// error each time): an *Error is changed in place rather than copied.
func RebaseOwned(err error, input string, base int) error {
	e, ok := err.(*Error)
	if !ok {
		return Rebase(err, input, base)
	}
	if e.Offset >= 0 {
		e.Offset += base
	} else {
		e.Offset = base
	}
	e.Input = input
	return e
}

// Errorf is a small constructor for an *Error.
func NewError(code Code, input string, offset int, reason string) *Error {
	return &Error{Code: code, Input: input, Offset: offset, Reason: reason}
}
