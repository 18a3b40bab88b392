// Package claim parses and checks claims about URLs: equations between
// expressions of the URL specification's operations, evaluated on generated
// URLs (package gen). It is what `urlspec claim` runs, for spec authors who
// want to know whether an equivalence they are about to write down holds.
//
// The language:
//
//	claim     = [ condition "==>" ] condition
//	condition = relation { "&&" relation }
//	relation  = term ( "==" | "!=" ) term | [ "!" ] term
//	term      = variable | "empty" | "ε" | name | string | call | "(" term ")"
//	call      = function "(" [ term { "," term } ] ")"
//
// A relation without a comparison is a test: its term is a truth value,
// has(x, type); "!" negates it. A test whose term fails is false, and so is
// its negation. A guarded claim premise ==> conclusion is checked only on
// the cases where the premise holds; Check counts them (Result.Satisfied)
// and reports a guarded claim whose premise no case satisfies as vacuous,
// not as holding. So "legacy resolution is generic resolution after
// removing the same scheme" (spec §Legacy Resolution) is
//
//	has(a, scheme) && has(b, scheme) && scheme(norm(a)) == scheme(norm(b))
//	    ==> legacy(a, b) == generic(drop(a, scheme), b)
//
// Variables a, b and c are URLs; s and t are strings (URL-strings). A name
// is a component type (scheme, authority, drive, path-root, dir, file,
// query, fragment) or a parser mode (web, file, generic), as the context
// requires; a string is a Go string literal, which stands for an URL where
// an URL is expected: the URL the grammar parses it as after preprocessing
// (web mode in claims; ParseExpr takes the mode), so goto("//", "./") is the
// goto of two references. ParseExpr parses one expression without
// variables, which Expr.Eval evaluates (urlspec eval). The functions are
//
//	goto(x, y)        x goto y (spec §The Goto Operation)
//	force(x)          force x (spec §Forcing); see Force
//	norm(x)           the normal form (spec §Equivalences and Normalisation)
//	print(x)          the ASCII URL-string (spec §Printing)
//	parse(s, mode)    parse s with the URL grammar in mode (spec §URL Grammar)
//	preprocess(s)     s preprocessed (spec §Preprocessing)
//	generic(x, y)     generic-resolve x y: x resolved against y
//	legacy(x, y)      legacy-resolve x y
//	whatwg(x, y)      WHATWG-resolve x y, not normalised
//	ord(x)            the order of x, a component type
//	upto(x, type)     the order-limited prefix x upto type
//	relativize(x, y)  a shortest reference from base x to target y
//	encoded(x)        the URL that print(x) represents
//	min(t1, t2)       the least of two component types
//	has(x, type)      a test: x has a component of the type (a dir for dir)
//	defined(x)        a test: x does not fail
//	scheme(x)         the scheme of x as written, a string; fails without one
//	drop(x, type)     x without its components of the type; fails if the
//	                  result breaks a constraint of the URL model
//
// URLs compare equal when they have the same components with the same
// values (compare norm(x) with norm(y) for normal-form equivalence).
// An operation that fails (a resolution without a scheme, a force that
// cannot find a host, a parse with a bad host) yields a failure, which
// propagates; two failures compare equal and a failure differs from every
// value.
//
// Check generates the variables (gen.URL in each configured mode,
// gen.URLString), evaluates the claim on each case and, on the first
// counterexample, shrinks it (gen.Shrink) and reports every intermediate
// value. Config.Env checks a claim under a changed specification: an Env
// replaces the operations preprocess, parse, norm, print and the WHATWG
// parser. A malformed claim is a *SyntaxError with the position of the
// problem; terms nested deeper than MaxDepth levels make a claim malformed.
package claim
