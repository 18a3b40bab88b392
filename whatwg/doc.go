// Package whatwg is the WHATWG URL Standard's basic URL parser (§4.4 URL
// parsing, url.spec.whatwg.org), transcribed state by state, with the host
// parser (§3.5 Host parsing: opaque hosts, IPv4, IPv6, domains) and the
// standard's "valid URL string" (§4.3 URL writing).
//
// It exists for two jobs. First, the validation errors: the standard defines
// them by the steps of its state machine, so this package reports every one
// the standard's parser reports, in order, each with its name from the
// standard's validation-error tables (§1.3 Validation), the byte offset into
// the original input (before any tab or newline was removed) and a short
// reason. Second, it is a slow, literal cross-check of the algebraic
// pipeline of the root package: its href must equal urlspec.Parse's on every
// input (the tests check it on the web-platform-tests, the URL corpora and
// generated strings), as net/netip keeps a slow literal parser in its tests.
//
// Speed is not a goal: the input is decoded to code points once and the
// state machine walks them, but the cost stays linear in the input length.
// Domains go through the repository's UTS #46 implementation (the domain
// parser of package host), so IDNA is shared with urlspec.Parse; every
// other step is written out here.
//
// Input that is not valid UTF-8 is read with each invalid byte as U+FFFD, as
// urlspec.Parse reads it. Only the UTF-8 query encoding is supported.
package whatwg
