package laws

import (
	"github.com/urlspec/urlspec/conformance/claim"
	"github.com/urlspec/urlspec/grammar"
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
	},
	{
		Name: "validate", Kind: MustHold, Section: "§URL Model",
		Statement: "model.Validate holds for the result of every operation: grammar.Parse (each mode), goto, generic, legacy and WHATWG resolution, force, normalisation (and each traced step), normalise for printing, encoded, relativize, the WHATWG parser; no operation panics",
		Property:  validateAll,
	},
	claimLaw("norm-idempotent", MustHold, "§Equivalences and Normalisation", "norm(norm(a)) == norm(a)"),
	{
		Name: "norm-trace", Kind: MustHold, Section: "§Equivalences and Normalisation",
		Statement: "the traced normalisation ends in norm(a), each step starting where the last ended and changing the URL",
		Property:  normTrace,
	},
	roundTrip(grammar.Web),
	roundTrip(grammar.File),
	roundTrip(grammar.Generic),
	equivalenceLaw(0),
	equivalenceLaw(1),
	equivalenceLaw(2),
	equivalenceLaw(3),
	nestingLaw("equivalence-identical-implies-normal", MustHold, 0, 1, ""),
	nestingLaw("equivalence-normal-implies-decoded", MustHold, 1, 2, ""),
	nestingLaw("equivalence-normal-implies-whatwg", NonLaw, 1, 3,
		"force runs before normalisation in WHATWG resolution, so a dot segment that normalisation removes can still become a web-URL's host (http:/./ resolves, http:/ does not)"),
	{
		Name: "relativize", Kind: MustHold, Section: "§Reference Resolution",
		Statement: "print(norm(goto(a, relativize(a, b)))) == print(norm(b)) whenever relativize(a, b) succeeds, for a normalised base a; it succeeds when b has a scheme, and is then no longer than print(norm(b))",
		Property:  relativizeLaw(true),
	},
	{
		Name: "relativize-unnormalised-base", Kind: MustHold, Section: "§Reference Resolution",
		Statement: "print(norm(goto(a, relativize(a, b)))) == print(norm(b)) whenever relativize(a, b) succeeds, for any base a",
		Property:  relativizeLaw(false),
	},
	{
		Name: "whatwg-getters", Kind: MustHold, Section: "§Concluding",
		Statement: "the getters of the WHATWG parser's result (href, protocol, username, password, host, hostname, port, pathname, search, hash, origin) agree with its component model",
		Property:  whatwgGetters,
	},
	{
		Name: "whatwg-reparse", Kind: MustHold, Section: "§Concluding",
		Statement: "the href of a WHATWG parse result parses (without a base) to the same URL",
		Property:  whatwgReparse,
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
	forceNonLaw(1, "force(goto(force(a), force(b))) == force(goto(a, b))"),
	forceNonLaw(2, "force(goto(force(a), b)) == force(goto(a, b))"),
	forceNonLaw(3, "force(goto(a, force(b))) == force(goto(a, b))"),
}
