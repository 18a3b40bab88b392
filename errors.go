package urlspec

import "github.com/urlspec/urlspec/model"

// The error codes of every operation of the package (re-exported from the
// model package, so errors.Is(err, urlspec.HostMissing) needs no other
// import). Codes are named like the validation errors of the WHATWG URL
// Standard (§Validation errors) where one fits, and otherwise after the
// operation of the URL specification that failed. The setters' own codes
// (EmptyURL, InvalidScheme, …) are declared with the setters.
const (
	// Host parsing (WHATWG §Host parsing; spec §Host Parsing).
	DomainToASCII          = model.DomainToASCII
	DomainInvalidCodePoint = model.DomainInvalidCodePoint
	HostInvalidCodePoint   = model.HostInvalidCodePoint
	IPv4EmptyPart          = model.IPv4EmptyPart
	IPv4TooManyParts       = model.IPv4TooManyParts
	IPv4NonNumericPart     = model.IPv4NonNumericPart
	IPv4NonDecimalPart     = model.IPv4NonDecimalPart
	IPv4OutOfRangePart     = model.IPv4OutOfRangePart
	IPv6Unclosed           = model.IPv6Unclosed
	IPv6InvalidCompression = model.IPv6InvalidCompression
	IPv6TooManyPieces      = model.IPv6TooManyPieces
	IPv6MultipleCompress   = model.IPv6MultipleCompress
	IPv6InvalidCodePoint   = model.IPv6InvalidCodePoint
	IPv6TooFewPieces       = model.IPv6TooFewPieces
	IPv4InIPv6TooMany      = model.IPv4InIPv6TooMany
	IPv4InIPv6InvalidCP    = model.IPv4InIPv6InvalidCP
	IPv4InIPv6OutOfRange   = model.IPv4InIPv6OutOfRange
	IPv4InIPv6TooFewParts  = model.IPv4InIPv6TooFewParts

	// Authority (spec §Authority; WHATWG authority and port states).
	HostMissing      = model.HostMissing
	PortOutOfRange   = model.PortOutOfRange
	PortInvalid      = model.PortInvalid
	InvalidAuthority = model.InvalidAuthority

	// Resolution (spec §Reference Resolution).
	MissingSchemeNonRelativeURL = model.MissingSchemeNonRelativeURL
	FileCredentials             = model.FileCredentials

	// Validity (spec §Strict URL Grammar), reported by grammar.Valid.
	InvalidURLUnit                       = model.InvalidURLUnit
	PctInvalid                           = model.PctInvalid
	InvalidReverseSolidus                = model.InvalidReverseSolidus
	InvalidCredentials                   = model.InvalidCredentials
	SpecialSchemeMissingFollowingSolidus = model.SpecialSchemeMissingFollowingSolidus
	FileInvalidWindowsDriveLetter        = model.FileInvalidWindowsDriveLetter
	LeadingOrTrailingSpace               = model.LeadingOrTrailingSpace

	// Model constraints (spec §URL Model), reported by Validate.
	ConstraintViolation = model.ConstraintViolation

	// Input problems of the library's own entry points.
	InvalidMode  = model.InvalidMode
	InvalidLevel = model.InvalidLevel

	// Relativize (no reference gives the target from the base).
	NotRelativizable = model.NotRelativizable
)
