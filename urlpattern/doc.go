// Package urlpattern implements the WHATWG URLPattern Standard
// (urlpattern.spec.whatwg.org): patterns such as
// "https://*.example.com/books/:id" that match URLs component by
// component (protocol, username, password, hostname, port, pathname,
// search, hash), with named groups (":id"), wildcards ("*"), optional and
// repeated groups ("{/:page}?", ":path+") and regular expression groups
// ("(\\d+)").
//
// It is the standard on urlspec's own WHATWG machinery: inputs are parsed
// by urlspec.Parse, and each component's fixed text is canonicalised by
// urlspec's setters on the standard's dummy URL (percent-encoding, IDNA for
// hostnames, default ports, dot segments), so a pattern and the URLs it
// matches are canonical in the same way. The pieces of the standard map to
// files: the tokenizer (tokenizer.go), the pattern parser and part lists
// (parser.go), the regular expression and pattern string generators
// (generate.go), the constructor string parser (constructor.go),
// URLPatternInit processing (init.go), the encoding callbacks
// (canonical.go) and the URLPattern class (pattern.go).
//
// # Regular expressions: Go's regexp (RE2), translated
//
// The standard compiles every component to an ECMAScript regular
// expression (flags "v", or "vi" with IgnoreCase). This package runs them
// with Go's regexp package, whose matching time is linear in the input
// (RE2): a pattern cannot be written that makes matching a long URL slow,
// which matters for a router matching URLs from the network. The
// expressions that the standard generates (fixed text, ":name" segments,
// "*" wildcards, modifiers) are all within RE2. A regular expression group
// written by the pattern's author is translated from ECMAScript syntax
// (ecmascript.go): escapes (\d \w \s \p{...} \u{...} \cX ...), the "v"
// flag's class set operations ("[[a-z]--a]", "[\d&&[0-1]]", computed here
// as code point sets), "." (which excludes line terminators), named groups.
// What RE2 cannot express is rejected with an *Error saying so, at
// construction, where the standard would throw: lookahead and lookbehind
// ("(?=", "(?!", "(?<=", "(?<!"), backreferences ("\1", "\k<name>"),
// string literals in classes ("\q{...}"), and repetition counts above
// 1000.
//
// The alternative, a backtracking engine with the full ECMAScript syntax
// (github.com/dlclark/regexp2 in ECMAScript mode, with a match timeout),
// would accept those patterns but expose every match to catastrophic
// backtracking (ReDoS) bounded only by a timeout, and it has no "v" flag
// either. The trade-off chosen: no pattern can make matching superlinear;
// a pattern with a lookaround or a backreference does not compile.
//
// Two ECMAScript semantics are reproduced on top of RE2: an iteration of a
// quantified group beyond its minimum may not match the empty string, so
// in "*{}**?" (the expression /^(.*)(.*)?$/) the second group is undefined
// (Matched false), not empty; and ignoreCase folds case as Unicode simple
// case folding, which Go's (?i) also uses. A negated class nested inside a
// class set operation is complemented before case folding, which differs
// from ECMAScript's "vi" only for letters whose case partners fall on both
// sides of the set.
//
// Of the web-platform-tests cases, those with regular expression groups
// depend on the translation: the v-flag set operations (urlpatterntestdata
// cases 351–354), the errors for ECMAScript syntax errors ((?R), \H, \m:
// cases 364, 365, 201), named groups inside a regexp group (366, 367), and
// the empty-iteration rule (329). None needs lookaround or backreferences;
// all 369 pass.
//
// # Speed
//
// Test and Exec on a URL string cost one urlspec.Parse of the string and,
// per component, nothing for the wildcard "*", a string comparison for a
// pattern of fixed text, and one regexp match otherwise.
//
// # Beyond the standard
//
// CompareComponent and Pattern.Generate implement URLPattern.compareComponent
// and URLPattern.generate as proposed in the standard's repository and
// shipped by Chromium and the urlpattern-polyfill; web-platform-tests holds
// data for both.
package urlpattern
