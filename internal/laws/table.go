package laws

import (
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/claim"
)

func claimLaw(name string, kind Kind, section, text string, modes ...grammar.Mode) Law {
	return Law{Name: name, Kind: kind, Section: section, Statement: text, Claim: claim.MustParse(text), Modes: modes}
}

func roundTrip(m grammar.Mode) Law {
	mode := m.String()
	l := claimLaw("print-parse-"+mode, MustHold, "§Printing",
		"norm(parse(print(norm(a)), "+mode+")) == norm(encoded(norm(a))) && print(norm(parse(print(norm(a)), "+mode+"))) == print(norm(a))", m)
	l.Note = "a is generated in " + mode + " mode; parse is the grammar alone (no preprocessing)"
	return l
}

var table = []Law{
	claimLaw("goto-ord", MustHold, "§Goto Properties", "ord(goto(a, b)) == min(ord(a), ord(b))"),
	claimLaw("goto-associative", MustHold, "§Goto Properties", "goto(goto(a, b), c) == goto(a, goto(b, c))"),
	claimLaw("goto-left-identity", MustHold, "§Goto Properties", "goto(ε, a) == a"),
	{
		Name: "goto-right-identity", Kind: MustHold, Section: "§Goto Properties",
		Statement: "goto(a, ε) == a, if a has no fragment",
		Note:      "checked as goto(upto(a, fragment), ε) == upto(a, fragment), and goto(a, ε) == upto(a, fragment) for every a",
		Claim:     claim.MustParse("goto(upto(a, fragment), ε) == upto(a, fragment) && goto(a, ε) == upto(a, fragment)"),
	},
	{
		Name: "goto-postfix", Kind: MustHold, Section: "§Goto Properties",
		Statement: "b is a postfix of goto(a, b)", Property: gotoPostfix,
		// goto only: the same in every environment
	},
	{
		Name: "validate", Kind: MustHold, Section: "§URL Model",
		Statement:   "model.Validate holds for the result of every operation: grammar.Parse (each mode), goto, generic, legacy and WHATWG resolution, force, normalisation (and each traced step), normalise for printing, encoded, relativize, the WHATWG parser; no operation panics",
		Property:    validateAll,
		PropertyEnv: validateEnv,
	},
	claimLaw("norm-idempotent", MustHold, "§Equivalences and Normalisation", "norm(norm(a)) == norm(a)"),
	{
		Name: "norm-trace", Kind: MustHold, Section: "§Equivalences and Normalisation",
		Statement: "the traced normalisation ends in norm(a), each step starting where the last ended and changing the URL",
		Property:  normTrace,
		Uses:      []string{"Normalize"}, // the trace is normalize.Trace
	},
	roundTrip(grammar.Web),
	roundTrip(grammar.File),
	roundTrip(grammar.Generic),
	equivalenceLaw(0),
	equivalenceLaw(1),
	equivalenceLaw(2),
	equivalenceLaw(3),
	equivalenceLaw(4),
	nestingLaw("equivalence-identical-implies-normal", MustHold, 0, 1, ""),
	nestingLaw("equivalence-normal-implies-encoded", MustHold, 1, 2, ""),
	nestingLaw("equivalence-encoded-implies-decoded", MustHold, 2, 3, ""),
	nestingLaw("equivalence-normal-implies-decoded", MustHold, 1, 3, ""),
	nestingLaw("equivalence-normal-implies-whatwg", NonLaw, 1, 4,
		"force runs before normalisation in WHATWG resolution, so a dot segment that normalisation removes can still become a web-URL's host (http:/./ resolves, http:/ does not)"),
	{
		Name: "relativize", Kind: MustHold, Section: "§Reference Resolution",
		Statement: "print(norm(goto(a, relativize(a, b)))) == print(norm(b)) whenever relativize(a, b) succeeds, for a normalised base a; it succeeds when b has a scheme, and is then no longer than print(norm(b))",
		Property:  relativizeLaw(true),
		Uses:      []string{"Normalize", "Print"}, // urlspec.Relativize
	},
	{
		Name: "relativize-unnormalised-base", Kind: MustHold, Section: "§Reference Resolution",
		Statement: "print(norm(goto(a, relativize(a, b)))) == print(norm(b)) whenever relativize(a, b) succeeds, for any base a",
		Property:  relativizeLaw(false),
		Uses:      []string{"Normalize", "Print"}, // urlspec.Relativize
	},
	{
		Name: "whatwg-getters", Kind: MustHold, Section: "§Concluding",
		Statement: "the getters of the WHATWG parser's result (href, protocol, username, password, host, hostname, port, pathname, search, hash, origin) agree with its component model",
		Property:  whatwgGetters,
		Uses:      allOps, // urlspec.Parse and its getters
	},
	{
		Name: "whatwg-reparse", Kind: MustHold, Section: "§Concluding",
		Statement: "the href of a WHATWG parse result parses (without a base) to the same URL",
		Property:  whatwgReparse,
		Uses:      allOps, // urlspec.Parse and its getters
	},
	claimLaw("force-idempotent", MustHold, "§Forcing", "force(force(a)) == force(a)"),
	{
		Name: "force-goto-force-defined", Kind: MustHold, Section: "§Force Properties",
		Statement: "force(goto(a, force(b))) == force(goto(a, b)) whenever force(b) is defined",
		Note:      "why the third force non-law has only counterexamples where force(b) is undefined",
		Property:  forceGotoForceDefined,
	},
	{
		Name: "norm-goto-0.10.1", Kind: NonLaw, Section: "spec 0.10.1 §Equivalences and Normalisation",
		Statement: "norm(goto(norm(a), norm(b))) == norm(goto(a, b))",
		Note:      "spec 0.10.1 asks this of a normalisation function; it does not hold for ours (nor, by the counterexample, for any norm that removes dot segments and keeps goto's path-root insertion)",
		Claim:     claim.MustParse("norm(goto(norm(a), norm(b))) == norm(goto(a, b))"),
	},
	{
		Name: "parser-mode-scheme", Kind: MustHold, Section: "§Parser modes",
		Statement:   "the parser-mode only influences how scheme-less URLs are parsed: parse(s, web) == parse(s, file) == parse(s, generic) for every s with a scheme",
		Note:        "s is a generated URL-string, given a scheme when it has none",
		Property:    parserModeScheme,
		PropertyEnv: parserModeSchemeEnv,
	},
	{
		Name: "force-modified", Kind: MustHold, Section: "§Forcing",
		Statement: "any application of force that modifies its input issues a validation warning: force's modified flag is true exactly when force(a) != a",
		Note:      "a is an absolute URL or the goto of one with any URL (force's input in WHATWG resolution); inputs on which force fails are skipped",
		Property:  forceModified,
	},
	{
		Name: "norm-confluent", Kind: MustHold, Section: "§Equivalences and Normalisation",
		Statement: "the equations applied in any order, one redex at a time, reach norm(a), with dir-dots applied only where its x is not a dot, wherever the rule file-drive does not apply",
		Note:      "normalize.Redexes and normalize.Rewrite apply one equation at a randomly chosen place; the side condition on dir-dots is what the seed's equations lack (see norm-confluent-seed); inputs where file-drive applies are skipped (see norm-confluent-file-drive)",
		Property:  confluence(false, false),
		Uses:      []string{"Normalize"}, // compared with normalize.Trace
	},
	{
		Name: "authority-procedure", Kind: MustHold, Section: "§Authority Normalisation",
		Statement: "the authority-normalisation procedure (remove an empty port and an empty password, then an empty username if no password is left) equals the exhaustive application of its equations in any order, and norm's authority equals the exhaustive application of the authority and scheme-based authority equations",
		Property:  authorityProcedure,
		Uses:      []string{"Normalize"},
	},
	{
		Name: "print-parse-unnormalised-web", Kind: MustHold, Section: "§Printing",
		Statement: "parse(print(a), web) == encoded(a) for an unnormalised a generated in web mode whose scheme selects web mode",
		Property:  printParseUnnormalised(grammar.Web),
		Uses:      []string{"Print"}, PropertyEnv: printParseUnnormalisedEnv(grammar.Web),
	},
	{
		Name: "print-parse-unnormalised-file", Kind: MustHold, Section: "§Printing",
		Statement: "parse(print(a), file) == encoded(a) for an unnormalised a generated in file mode whose scheme selects file mode, except an authority whose host is one letter and whose port is empty",
		Note:      "the exception prints as //d:, which file mode reads as (authority ε)・(drive d:) (deviation 8); see print-parse-unnormalised-drive",
		Property:  printParseUnnormalised(grammar.File),
		Uses:      []string{"Print"}, PropertyEnv: printParseUnnormalisedEnv(grammar.File),
	},
	{
		Name: "print-parse-unnormalised-generic", Kind: MustHold, Section: "§Printing",
		Statement: "parse(print(a), generic) == encoded(a) for an unnormalised a generated in generic mode whose scheme selects generic mode",
		Property:  printParseUnnormalised(grammar.Generic),
		Uses:      []string{"Print"}, PropertyEnv: printParseUnnormalisedEnv(grammar.Generic),
	},
	{
		Name: "parse-resolve-normalise", Kind: MustHold, Section: "§Concluding",
		Statement:   "parse-resolve-and-normalise written out from the spec's operations (preprocess, parser-mode-for, parse, WHATWG-resolve, normalise, print) is the WHATWG parser urlspec.Parse: same failures, same components, same href",
		Note:        "conformance.TestPipelineLawWHATWGURL compares the same generated inputs with whatwg-url when node is present",
		Property:    pipelineLaw,
		PropertyEnv: pipelineLawEnv,
	},
	{
		Name: "force-nonlaw-1-defined", Kind: MustHold, Section: "§Force Properties",
		Statement: "defined(force(goto(force(a), force(b)))) && defined(force(goto(a, b))) ==> force(goto(force(a), force(b))) == force(goto(a, b))",
		Note:      "the first force non-law holds wherever both sides are defined: its counterexamples all rest on force being undefined (docs/spec-notes.md)",
		Claim:     claim.MustParse("defined(force(goto(force(a), force(b)))) && defined(force(goto(a, b))) ==> force(goto(force(a), force(b))) == force(goto(a, b))"),
	},
	{
		Name: "force-nonlaw-3-defined", Kind: MustHold, Section: "§Force Properties",
		Statement: "defined(force(goto(a, force(b)))) && defined(force(goto(a, b))) ==> force(goto(a, force(b))) == force(goto(a, b))",
		Note:      "the third force non-law holds wherever both sides are defined (docs/spec-notes.md)",
		Claim:     claim.MustParse("defined(force(goto(a, force(b)))) && defined(force(goto(a, b))) ==> force(goto(a, force(b))) == force(goto(a, b))"),
	},
	{
		Name: "legacy-generic-same-scheme", Kind: MustHold, Section: "§Legacy Resolution",
		Statement: "has(a, scheme) && has(b, scheme) && scheme(norm(a)) == scheme(norm(b)) ==> legacy(a, b) == generic(drop(a, scheme), b)",
		Note:      "legacy resolution is generic resolution after removing the same scheme (compared case-insensitively: norm lower-cases it)",
		Claim:     claim.MustParse("has(a, scheme) && has(b, scheme) && scheme(norm(a)) == scheme(norm(b)) ==> legacy(a, b) == generic(drop(a, scheme), b)"),
	},
	forceNonLaw(1, "force(goto(force(a), force(b))) == force(goto(a, b))"),
	forceNonLaw(2, "force(goto(force(a), b)) == force(goto(a, b))"),
	forceNonLaw(3, "force(goto(a, force(b))) == force(goto(a, b))"),
	{
		Name: "norm-confluent-file-drive", Kind: NonLaw, Section: "§Equivalences and Normalisation (deviation 15)",
		Statement: "the equations, with the rule file-drive, applied in any order reach norm(a)",
		Note:      "file-drive overlaps dir-dots: in file:///C:/../x, file-drive first gives file:///C:/x (what WHATWG and Normalize give), dir-dots first gives file:///x; Normalize applies the rules leftmost first",
		Property:  confluence(false, true),
		Uses:      []string{"Normalize"}, // compared with normalize.Trace
	},
	{
		Name: "norm-confluent-seed", Kind: NonLaw, Section: "§Path Segment Normalisation",
		Statement: "the path equations as the seed writes them (dir x・dir y ≈ ε if y :: dots and not x :: dots), applied in any order, reach norm(a)",
		Note:      "dir-dots also applies to ./.. (a dot is not dots) and removes both segments, giving ε, where dot first gives ..; left to right, as the spec prescribes (and Normalize does), dot applies first. The side condition 'not x :: dot' makes the path equations confluent (norm-confluent)",
		Property:  confluence(true, false),
		Uses:      []string{"Normalize"}, // compared with normalize.Trace
	},
	{
		Name: "print-parse-unnormalised-drive", Kind: NonLaw, Section: "§Printing",
		Statement: "parse(print(a), file) == encoded(a) for every unnormalised a generated in file mode whose scheme selects file mode",
		Note:      "(authority (host d)・(port ε)) prints as //d:, which file mode reads as (authority ε)・(drive d:): no URL-string reads back as that authority in file mode (a normalised URL has no empty port, so print-parse-file holds)",
		Property:  printDomainNonLaw,
		Uses:      []string{"Print"}, PropertyEnv: printDomainNonLawEnv,
	},
}
