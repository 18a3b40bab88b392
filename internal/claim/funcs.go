package claim

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/print"
	"github.com/urlspec/urlspec/resolve"
)

// Value is the value of an expression: an URL, a string, a component type,
// a mode or a truth value (of a test such as has(x, type)), or a failure
// (Err != nil) when an operation failed. Failures propagate: an operation
// on a failure fails.
type Value struct {
	kind kind
	URL  model.URL
	Str  string
	Type model.ComponentType
	Mode grammar.Mode
	Bool bool
	Err  error
}

// URLValue returns the Value of an URL.
func URLValue(u model.URL) Value { return Value{kind: kURL, URL: u} }

// StringValue returns the Value of a string.
func StringValue(s string) Value { return Value{kind: kString, Str: s} }

// Failed reports whether the value is a failure.
func (v Value) Failed() bool { return v.Err != nil }

// String renders the value: an URL structurally with the URL-string it
// prints as, a string Go-quoted, a type or mode by name, a failure as
// "fails (code: reason)".
func (v Value) String() string {
	if v.Err != nil {
		return "fails (" + v.Err.Error() + ")"
	}
	switch v.kind {
	case kURL:
		return fmt.Sprintf("%v  (prints as %q)", v.URL, print.ASCII(&v.URL))
	case kString:
		return fmt.Sprintf("%q", v.Str)
	case kType:
		return v.Type.String()
	case kMode:
		return v.Mode.String()
	case kBool:
		return strconv.FormatBool(v.Bool)
	}
	return "?"
}

// Equal reports whether v and w are the same value: identical URLs (the
// same components with the same values; use norm to compare normal forms),
// equal strings, types or modes. Two failures are equal (both sides are
// undefined); a failure differs from every value.
func (v Value) Equal(w Value) bool {
	if v.Err != nil || w.Err != nil {
		return v.Err != nil && w.Err != nil
	}
	switch v.kind {
	case kURL:
		return v.URL.Equal(&w.URL)
	case kString:
		return v.Str == w.Str
	case kType:
		return v.Type == w.Type
	case kMode:
		return v.Mode == w.Mode
	case kBool:
		return v.Bool == w.Bool
	}
	return false
}

// function is an operation of the claim language.
type function struct {
	params []kind
	result kind
	doc    string
	// call computes the function with the operations of ops (complete).
	call func(ops *Env, args []Value) Value
}

// Functions lists the functions of the claim language with their
// signatures and meaning, one a line, for help texts.
func Functions() string {
	var b strings.Builder
	for _, name := range functionOrder {
		fmt.Fprintf(&b, "  %-22s %s\n", signature(name), functions[name].doc)
	}
	return b.String()
}

func signature(name string) string {
	f := functions[name]
	var ps []string
	for _, k := range f.params {
		ps = append(ps, map[kind]string{kURL: "url", kString: "str", kType: "type", kMode: "mode", kBool: "bool"}[k])
	}
	return name + "(" + strings.Join(ps, ", ") + ")"
}

var functionOrder = []string{"goto", "force", "norm", "print", "parse", "preprocess", "generic", "legacy", "whatwg",
	"ord", "upto", "relativize", "encoded", "min", "has", "defined", "scheme", "drop"}

var functions map[string]*function

func init() {
	functions = map[string]*function{
		"goto": {[]kind{kURL, kURL}, kURL, "x goto y (spec §The Goto Operation)",
			func(_ *Env, a []Value) Value { return URLValue(resolve.Goto(&a[0].URL, &a[1].URL)) }},
		"force": {[]kind{kURL}, kURL, "force x (spec §Forcing): web- and file-URLs forced, other schemes kept, fails without a scheme",
			func(_ *Env, a []Value) Value { return fromResult(Force(a[0].URL)) }},
		"norm": {[]kind{kURL}, kURL, "the normal form of x (spec §Equivalences and Normalisation)",
			func(o *Env, a []Value) Value { return URLValue(o.Normalize(a[0].URL)) }},
		"print": {[]kind{kURL}, kString, "the ASCII URL-string of x (spec §Printing)",
			func(o *Env, a []Value) Value { return StringValue(o.Print(&a[0].URL)) }},
		"parse": {[]kind{kString, kMode}, kURL, "parse s with the URL grammar in mode m (spec §URL Grammar; no preprocessing)",
			func(o *Env, a []Value) Value { return fromResult(o.Parse(a[0].Str, a[1].Mode)) }},
		"preprocess": {[]kind{kString}, kString, "s without leading and trailing c0-space, tabs and newlines (spec §Preprocessing)",
			func(o *Env, a []Value) Value { return StringValue(o.Preprocess(a[0].Str)) }},
		"generic": {[]kind{kURL, kURL}, kURL, "generic-resolve x y: x resolved against y (spec §Generic Resolution)",
			func(_ *Env, a []Value) Value { return fromResult(resolve.GenericResolve(&a[0].URL, &a[1].URL)) }},
		"legacy": {[]kind{kURL, kURL}, kURL, "legacy-resolve x y (spec §Legacy Resolution)",
			func(_ *Env, a []Value) Value { return fromResult(resolve.LegacyResolve(&a[0].URL, &a[1].URL)) }},
		"whatwg": {[]kind{kURL, kURL}, kURL, "WHATWG-resolve x y, not normalised (spec §WHATWG Resolution)",
			func(_ *Env, a []Value) Value {
				r, _, err := resolve.WHATWGResolve(&a[0].URL, &a[1].URL)
				return fromResult(r, err)
			}},
		"ord": {[]kind{kURL}, kType, "the order of x: the type of its first component (spec §The Order of an URL)",
			func(_ *Env, a []Value) Value { return Value{kind: kType, Type: model.Ord(&a[0].URL)} }},
		"upto": {[]kind{kURL, kType}, kURL, "x upto t, the order-limited prefix (spec §Order-Limited Prefix)",
			func(_ *Env, a []Value) Value { return URLValue(model.Upto(&a[0].URL, a[1].Type)) }},
		"relativize": {[]kind{kURL, kURL}, kURL, "a shortest reference r with norm(goto(x, r)) printing as norm(y)",
			func(_ *Env, a []Value) Value { return fromResult(Relativize(a[0].URL, a[1].URL)) }},
		"encoded": {[]kind{kURL}, kURL, "the URL that print(x) represents (normalised for printing, percent-encoded)",
			func(_ *Env, a []Value) Value { return URLValue(print.Encoded(&a[0].URL)) }},
		"min": {[]kind{kType, kType}, kType, "the least of two component types",
			func(_ *Env, a []Value) Value { return Value{kind: kType, Type: min(a[0].Type, a[1].Type)} }},
		"has": {[]kind{kURL, kType}, kBool, "a test: x has a component of type t (for dir: at least one); stands alone in a claim or a premise",
			func(_ *Env, a []Value) Value { return Value{kind: kBool, Bool: a[0].URL.Has(a[1].Type)} }},
		"defined": {[]kind{kURL}, kBool, "a test: x does not fail (defined(force(b)): force is defined on b)",
			func(_ *Env, a []Value) Value { return Value{kind: kBool, Bool: true} }},
		"scheme": {[]kind{kURL}, kString, "the scheme of x as written (scheme(norm(x)) is lower-case); fails without a scheme",
			func(_ *Env, a []Value) Value {
				if !a[0].URL.Has(model.SchemeType) {
					return Value{kind: kString, Err: ErrNoSchemeValue}
				}
				return StringValue(a[0].URL.Scheme())
			}},
		"drop": {[]kind{kURL, kType}, kURL, "x without its components of type t (every dir for dir); fails if that breaks a constraint of the URL model",
			func(_ *Env, a []Value) Value { return fromResult(Drop(a[0].URL, a[1].Type)) }},
	}
}

func fromResult(u model.URL, err error) Value {
	if err != nil {
		return Value{kind: kURL, Err: err}
	}
	return URLValue(u)
}

// ErrNoSchemeValue is the failure of scheme(x) for an URL x without a
// scheme.
var ErrNoSchemeValue = errors.New("scheme: the URL has no scheme")

// Drop returns u without its components of type t (every dir component
// for model.DirType), the claim language's drop(x, t): drop(a, scheme) is
// "a with its scheme removed" of spec §Legacy Resolution. A result that
// breaks a constraint of the URL model (model.Validate), such as an
// authority followed by a dir without a path-root, is an error.
func Drop(u model.URL, t model.ComponentType) (model.URL, error) {
	u = u.Clone()
	u.Remove(t)
	if err := model.Validate(&u); err != nil {
		return model.URL{}, err
	}
	return u, nil
}

// ErrNoScheme is the failure of Force on an URL without a scheme.
var ErrNoScheme = errors.New("force: an URL without a scheme cannot be forced")

// Force is the claim language's force (spec §Forcing): a web-URL is forced
// as a web-URL and a file-URL as a file-URL (resolve.Force), an URL with any
// other scheme is returned as it is, and an URL without a scheme fails.
//
// The spec defines force only for web- and file-URLs and applies it only to
// URLs with a scheme (in WHATWG resolution). Like the spec's reference
// implementation, force here keeps other absolute URLs and rejects relative
// references, which cannot be forced into a base URL; resolve.Force, which
// the library uses inside WHATWG resolution, leaves them unchanged instead.
func Force(u model.URL) (model.URL, error) {
	if !u.Has(model.SchemeType) {
		return model.URL{}, ErrNoScheme
	}
	u = u.Clone()
	if _, err := resolve.Force(&u); err != nil {
		return model.URL{}, err
	}
	return u, nil
}

// Relativize is urlspec.Relativize on model URLs: a shortest reference r
// such that goto(base, r) normalised prints as target normalised.
func Relativize(base, target model.URL) (model.URL, error) {
	b, err := urlspec.FromModel(base)
	if err != nil {
		return model.URL{}, err
	}
	t, err := urlspec.FromModel(target)
	if err != nil {
		return model.URL{}, err
	}
	r, err := urlspec.Relativize(b, t)
	if err != nil {
		return model.URL{}, err
	}
	return r.Model(), nil
}

// check resolves names and checks the types of n and its arguments; want
// is the kind the context expects (kName when any kind will do), which
// decides what a bare name such as file means.
func (p *parser) check(n *node, want kind) error {
	switch n.op {
	case opVar:
		n.kind = variables[n.name]
	case opEmpty:
		n.kind = kURL
	case opString:
		n.kind = kString
	case opName:
		return p.resolveName(n, want)
	case opCall:
		f, ok := functions[n.name]
		if !ok {
			if isVariable(n.name) {
				return p.errorf(n.pos, "%s is a variable, not a function", n.name)
			}
			return p.errorf(n.pos, "unknown function %q; the functions are %s", n.name, strings.Join(functionOrder, ", "))
		}
		if len(n.args) != len(f.params) {
			return p.errorf(n.pos, "%s takes %d argument%s (%s), got %d", n.name, len(f.params), plural(len(f.params)), signature(n.name), len(n.args))
		}
		for i, arg := range n.args {
			if err := p.check(arg, f.params[i]); err != nil {
				return err
			}
			p.literalURL(arg, f.params[i])
			if arg.kind != f.params[i] {
				return p.errorf(arg.pos, "argument %d of %s must be %s, but %s is %s", i+1, n.name, f.params[i], p.src[arg.pos:arg.end], arg.kind)
			}
		}
		n.kind = f.result
	}
	return nil
}

// literalURL makes a string literal where an URL is wanted stand for the
// URL the grammar parses it as (preprocessed, in the parser's literal
// mode), so that goto("//", "./") means goto(parse(preprocess("//"), web),
// parse(preprocess("./"), web)).
func (p *parser) literalURL(n *node, want kind) {
	if n.op == opString && want == kURL {
		n.op, n.kind, n.mode = opURL, kURL, p.literalMode
	}
}

// resolveName gives a bare name its meaning: a component type or a mode,
// as the context wants.
func (p *parser) resolveName(n *node, want kind) error {
	ct, isType := model.ParseComponentType(n.name)
	mode, modeErr := grammar.ParseMode(n.name)
	isMode := modeErr == nil
	switch {
	case want == kType && isType:
		n.kind, n.ct = kType, ct
	case want == kMode && isMode:
		n.kind, n.mode = kMode, mode
	case want == kType:
		return p.errorf(n.pos, "unknown component type %q: the types are scheme, authority, drive, path-root, dir, file, query, fragment", n.name)
	case want == kMode:
		return p.errorf(n.pos, "unknown mode %q: the modes are web, file and generic", n.name)
	case isType || isMode:
		n.kind = kName // resolved against the other side of the comparison
	case want == kName:
		return p.errorf(n.pos, "unknown name %q: the variables are a, b, c (URLs) and s, t (strings); empty (or ε) is the empty URL", n.name)
	default:
		return p.errorf(n.pos, "unknown name %q where %s is expected", n.name, want)
	}
	return nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
