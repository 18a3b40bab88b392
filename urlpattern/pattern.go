package urlpattern

import (
	"fmt"
	"github.com/urlspec/urlspec/internal/refops"

	"github.com/urlspec/urlspec"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Component names one of the eight components a pattern matches, in the
// order of the URLPattern Standard's URL pattern struct.
type Component uint8

// The components.
const (
	Protocol Component = iota
	Username
	Password
	Hostname
	Port
	Pathname
	Search
	Hash
	numComponents
)

var componentNames = [...]string{"protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"}

// String returns the component's name as the standard spells it, e.g.
// "pathname".
func (c Component) String() string {
	if c < numComponents {
		return componentNames[c]
	}
	return "Component(" + strconv.Itoa(int(c)) + ")"
}

// ComponentNamed returns the component with the given name ("protocol",
// ..., "hash"); it fails for any other name.
func ComponentNamed(name string) (Component, error) {
	for i, n := range componentNames {
		if n == name {
			return Component(i), nil
		}
	}
	return 0, &Error{Input: name, Offset: -1, Reason: "not a component name"}
}

// Error is the error of every failure: a pattern that does not parse, a
// regular expression that is invalid or that Go's regexp cannot run, a
// component that does not canonicalise (the standard's TypeError).
type Error struct {
	Component string // the component concerned, or ""
	Input     string // the pattern string or value that failed
	Offset    int    // byte offset into Input, or -1
	Reason    string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("urlpattern: ")
	if e.Component != "" {
		b.WriteString(e.Component + ": ")
	}
	b.WriteString(e.Reason)
	if e.Input != "" {
		if e.Offset >= 0 {
			fmt.Fprintf(&b, " (at byte %d of %q)", e.Offset, e.Input)
		} else {
			fmt.Fprintf(&b, " (in %q)", e.Input)
		}
	}
	return b.String()
}

// Options are the URLPatternOptions of the standard.
type Options struct {
	// IgnoreCase makes the pathname, search and hash match without regard
	// to case (the regular expressions' "i" flag).
	IgnoreCase bool
}

// matchKind is how a component matches: the fast kinds need no regexp.
type matchKind uint8

const (
	kindRegexp   matchKind = iota
	kindWildcard           // the pattern "*": every value, group "0" = value
	kindFixed              // fixed text only: string equality
)

// component is the standard's component struct, compiled.
type component struct {
	pattern         string
	parts           []part
	source          string // the standard's ECMAScript regular expression
	re              *regexp.Regexp
	reTest          *regexp.Regexp // re without capturing groups, for test
	names           []string
	emptyUnmatched  []bool // by group number: an empty match is ECMAScript's undefined
	hasRegexpGroups bool
	kind            matchKind
	fixed           string
	litPrefix       string // fixed text every match starts with (kindRegexp)
	litSuffix       string // fixed text every match ends with (kindRegexp)
	opts            options
	encode          encodingCallback
}

// compileComponent implements "compile a component" (§Internals).
func compileComponent(c Component, input string, encode encodingCallback, opts options) (*component, error) {
	parts, err := parsePatternString(input, opts, encode)
	if err != nil {
		return nil, withComponent(err, c, input)
	}
	source, names := generateRegexp(parts, opts)
	goSource, emptyUnmatched, err := translateRegexp(source, opts.ignoreCase)
	if err != nil {
		reason := err.Error()
		if e, ok := err.(*Error); ok {
			reason = fmt.Sprintf("%s (at byte %d of the regular expression %s)", e.Reason, e.Offset, e.Input)
		}
		return nil, &Error{Component: c.String(), Input: input, Offset: -1, Reason: reason}
	}
	comp := &component{
		pattern:        generatePatternString(parts, opts),
		parts:          parts,
		source:         source,
		names:          names,
		emptyUnmatched: emptyUnmatched,
		opts:           opts,
		encode:         encode,
	}
	for i := range parts {
		if parts[i].typ == partRegexp {
			comp.hasRegexpGroups = true
		}
	}
	switch {
	case len(parts) == 1 && parts[0].typ == partFullWildcard && parts[0].modifier == modNone &&
		parts[0].prefix == "" && parts[0].suffix == "":
		comp.kind = kindWildcard
	case len(parts) == 0:
		comp.kind = kindFixed
	case len(parts) == 1 && parts[0].typ == partFixedText && parts[0].modifier == modNone:
		comp.kind, comp.fixed = kindFixed, parts[0].value
	default:
		// A prefilter: the fixed text that starts and ends every match
		// (a value without it cannot match, so no regexp runs).
		if first := parts[0]; first.modifier == modNone {
			if first.typ == partFixedText {
				comp.litPrefix = first.value
			} else {
				comp.litPrefix = first.prefix
			}
		}
		if last := parts[len(parts)-1]; last.modifier == modNone {
			if last.typ == partFixedText {
				comp.litSuffix = last.value
			} else {
				comp.litSuffix = last.suffix
			}
		}
	}
	if comp.kind != kindRegexp {
		// Matched by string comparison: the regular expression, which
		// test and exec never run, is not compiled (compiling a long
		// literal costs far more than the comparison).
		return comp, nil
	}
	re, err := regexp.Compile(goSource)
	if err != nil {
		return nil, &Error{Component: c.String(), Input: input, Offset: -1, Reason: "regular expression: " + err.Error()}
	}
	comp.re, comp.reTest = re, re
	if re.NumSubexp() > 0 {
		// The same language without capturing groups: test needs no
		// groups, and Go's regexp matches faster without them.
		if src, _, err := translate(source, opts.ignoreCase, false); err == nil {
			if nc, err := regexp.Compile(src); err == nil {
				comp.reTest = nc
			}
		}
	}
	return comp, nil
}

func withComponent(err error, c Component, input string) error {
	if e, ok := err.(*Error); ok {
		e2 := *e
		e2.Component = c.String()
		if e2.Input == "" {
			e2.Input = input
		}
		return &e2
	}
	return err
}

// test reports whether the component's regular expression matches v.
// A wildcard never holds a line terminator that "." would refuse: every
// matched value is canonical, and canonical values percent-encode them.
func (c *component) test(v string) bool {
	switch c.kind {
	case kindWildcard:
		return true
	case kindFixed:
		if c.opts.ignoreCase {
			return strings.EqualFold(v, c.fixed)
		}
		return v == c.fixed
	}
	return c.prefilter(v) && c.reTest.MatchString(v)
}

// prefilter reports whether v has the literal prefix and suffix that every
// match has (compared without case under ignoreCase).
func (c *component) prefilter(v string) bool {
	n, m := len(c.litPrefix), len(c.litSuffix)
	if len(v) < n || len(v) < m {
		return false
	}
	if c.opts.ignoreCase {
		return true // case folding can change byte lengths: no byte-wise filter
	}
	return v[:n] == c.litPrefix && v[len(v)-m:] == c.litSuffix
}

// exec implements RegExpBuiltinExec and "create a component match result".
func (c *component) exec(v string) (ComponentResult, bool) {
	switch c.kind {
	case kindWildcard:
		return ComponentResult{Input: v, Groups: []Group{{Name: c.names[0], Value: v, Matched: true}}}, true
	case kindFixed:
		if !c.test(v) {
			return ComponentResult{}, false
		}
		return ComponentResult{Input: v}, true
	}
	if !c.prefilter(v) {
		return ComponentResult{}, false
	}
	m := c.re.FindStringSubmatchIndex(v)
	if m == nil {
		return ComponentResult{}, false
	}
	r := ComponentResult{Input: v}
	if len(c.names) > 0 {
		r.Groups = make([]Group, len(c.names))
		for i, name := range c.names {
			g := Group{Name: name}
			if lo, hi := m[2*i+2], m[2*i+3]; lo >= 0 && !(lo == hi && i+1 < len(c.emptyUnmatched) && c.emptyUnmatched[i+1]) {
				g.Value, g.Matched = v[lo:hi], true
			}
			r.Groups[i] = g
		}
	}
	return r, true
}

// matchesSpecialScheme implements "protocol component matches a special
// scheme".
func (c *component) matchesSpecialScheme() bool {
	for _, s := range specialSchemes {
		if c.test(s) {
			return true
		}
	}
	return false
}

// Pattern is a compiled URL pattern (the standard's URLPattern): one
// compiled pattern per component. It is immutable and safe for concurrent
// use.
type Pattern struct {
	comps           [numComponents]*component
	hasRegexpGroups bool
}

// New compiles a pattern string such as "https://*.example.com/books/:id"
// (the standard's new URLPattern(input, options)). The pattern must be
// absolute (have a protocol); use NewWithBase for a relative one. Like the
// standard's constructor string, it sets every component it reaches: a
// component that the string leaves out after one it gives matches only
// the empty string (a hostname without a port means the default port).
func New(pattern string, opts Options) (*Pattern, error) {
	return newFromString(pattern, nil, opts)
}

// NewWithBase compiles a pattern string relative to baseURL, which
// supplies the components the pattern leaves out (the standard's
// new URLPattern(input, baseURL, options)).
func NewWithBase(pattern, baseURL string, opts Options) (*Pattern, error) {
	return newFromString(pattern, &baseURL, opts)
}

// MustNew is New for patterns known to be valid, such as a route table's:
// it panics if pattern does not compile.
func MustNew(pattern string) *Pattern {
	p, err := New(pattern, Options{})
	if err != nil {
		panic(err)
	}
	return p
}

// NewInit compiles a pattern given component by component (the standard's
// new URLPattern(init, options)); an absent component is the wildcard "*"
// unless init.BaseURL supplies it.
func NewInit(init Init, opts Options) (*Pattern, error) {
	return create(init.cleaned(), opts)
}

func newFromString(pattern string, baseURL *string, opts Options) (*Pattern, error) {
	pattern = wellFormed(pattern)
	init, err := parseConstructorString(pattern)
	if err != nil {
		return nil, err
	}
	if baseURL == nil && init.Protocol == nil {
		return nil, &Error{Input: pattern, Offset: -1, Reason: "a relative pattern needs a base URL"}
	}
	if baseURL != nil {
		init.BaseURL = new(wellFormed(*baseURL))
	}
	return create(init, opts)
}

// create implements "create" a URL pattern (§High-level operations).
func create(init Init, opts Options) (*Pattern, error) {
	pi, err := processInit(init, typePattern, nil)
	if err != nil {
		return nil, err
	}
	for c := Protocol; c < numComponents; c++ {
		if pi.get(c) == nil {
			pi.set(c, "*")
		}
	}
	if isSpecialScheme(*pi.Protocol) && *pi.Port == defaultPort(*pi.Protocol) {
		pi.Port = new("")
	}
	p := &Pattern{}
	compile := func(c Component, encode encodingCallback, o options) {
		if err != nil {
			return
		}
		p.comps[c], err = compileComponent(c, *pi.get(c), encode, o)
	}
	compile(Protocol, canonicalizeProtocol, defaultOptions)
	compile(Username, canonicalizeUsername, defaultOptions)
	compile(Password, canonicalizePassword, defaultOptions)
	if isIPv6Pattern(*pi.Hostname) {
		compile(Hostname, canonicalizeIPv6Hostname, hostnameOptions)
	} else {
		compile(Hostname, canonicalizeHostname, hostnameOptions)
	}
	compile(Port, canonicalizePort, defaultOptions)
	if err != nil {
		return nil, err
	}
	o := defaultOptions
	o.ignoreCase = opts.IgnoreCase
	if p.comps[Protocol].matchesSpecialScheme() {
		po := pathnameOptions
		po.ignoreCase = opts.IgnoreCase
		compile(Pathname, canonicalizePathname, po)
	} else {
		compile(Pathname, canonicalizeOpaquePathname, o)
	}
	compile(Search, canonicalizeSearch, o)
	compile(Hash, canonicalizeHash, o)
	if err != nil {
		return nil, err
	}
	for _, c := range p.comps {
		p.hasRegexpGroups = p.hasRegexpGroups || c.hasRegexpGroups
	}
	return p, nil
}

// isIPv6Pattern implements "hostname pattern is an IPv6 address".
func isIPv6Pattern(s string) bool {
	if utf8.RuneCountInString(s) < 2 {
		return false
	}
	return s[0] == '[' || s[0] == '{' && s[1] == '[' || s[0] == '\\' && s[1] == '['
}

// Protocol returns the normalised protocol pattern string.
func (p *Pattern) Protocol() string { return p.comps[Protocol].pattern }

// Username returns the normalised username pattern string.
func (p *Pattern) Username() string { return p.comps[Username].pattern }

// Password returns the normalised password pattern string.
func (p *Pattern) Password() string { return p.comps[Password].pattern }

// Hostname returns the normalised hostname pattern string.
func (p *Pattern) Hostname() string { return p.comps[Hostname].pattern }

// Port returns the normalised port pattern string.
func (p *Pattern) Port() string { return p.comps[Port].pattern }

// Pathname returns the normalised pathname pattern string.
func (p *Pattern) Pathname() string { return p.comps[Pathname].pattern }

// Search returns the normalised search pattern string.
func (p *Pattern) Search() string { return p.comps[Search].pattern }

// Hash returns the normalised hash pattern string.
func (p *Pattern) Hash() string { return p.comps[Hash].pattern }

// Component returns the normalised pattern string of component c.
func (p *Pattern) Component(c Component) string {
	if c >= numComponents {
		return ""
	}
	return p.comps[c].pattern
}

// HasRegExpGroups reports whether a component uses a regular expression
// group such as "(\\d+)" (the standard's hasRegExpGroups).
func (p *Pattern) HasRegExpGroups() bool { return p.hasRegexpGroups }

// Result is the URLPatternResult of a match: what was matched and, per
// component, the input and the groups.
type Result struct {
	// Inputs are the arguments as given: the URL string (and the base
	// URL string, if one was given), or the Init.
	Inputs   []any
	Protocol ComponentResult
	Username ComponentResult
	Password ComponentResult
	Hostname ComponentResult
	Port     ComponentResult
	Pathname ComponentResult
	Search   ComponentResult
	Hash     ComponentResult
}

// Get returns the result of component c.
func (r *Result) Get(c Component) ComponentResult {
	switch c {
	case Protocol:
		return r.Protocol
	case Username:
		return r.Username
	case Password:
		return r.Password
	case Hostname:
		return r.Hostname
	case Port:
		return r.Port
	case Pathname:
		return r.Pathname
	case Search:
		return r.Search
	case Hash:
		return r.Hash
	}
	return ComponentResult{}
}

func (r *Result) ptr(c Component) *ComponentResult {
	return [...]*ComponentResult{&r.Protocol, &r.Username, &r.Password, &r.Hostname, &r.Port, &r.Pathname, &r.Search, &r.Hash}[c]
}

// ComponentResult is the URLPatternComponentResult of one component: the
// canonical value matched and its groups, in pattern order. A named group
// ":id" has the name "id"; an unnamed group ("*" or a regexp group) has the
// name "0", "1", ... in order.
type ComponentResult struct {
	Input  string
	Groups []Group
}

// Group is one group of a component match. Matched is false when an
// optional group took no part in the match (the standard's undefined).
type Group struct {
	Name    string
	Value   string
	Matched bool
}

// Group returns the value of the named group and whether it matched.
func (r ComponentResult) Group(name string) (string, bool) {
	for _, g := range r.Groups {
		if g.Name == name {
			return g.Value, g.Matched
		}
	}
	return "", false
}

// Test reports whether the URL string input matches (the standard's
// test(input)). An input that does not parse as a URL does not match.
func (p *Pattern) Test(input string) bool {
	u, err := refops.NewURL(input, nil)
	if err != nil {
		return false
	}
	r, ok := stringRecord(&u)
	return ok && p.testRecord(&r)
}

// TestWithBase reports whether input, parsed against baseURL, matches (the
// standard's test(input, baseURL)).
func (p *Pattern) TestWithBase(input, baseURL string) bool {
	u, err := refops.NewURL(input, &baseURL)
	if err != nil {
		return false
	}
	r, ok := stringRecord(&u)
	return ok && p.testRecord(&r)
}

// TestInit reports whether the components of init match (the standard's
// test(init)); an absent component is the empty string unless
// init.BaseURL supplies it.
func (p *Pattern) TestInit(init Init) bool {
	r, ok := recordOfInit(init)
	return ok && p.testRecord(&r)
}

// Exec matches the URL string input and returns the groups of every
// component (the standard's exec(input)); ok is false when it does not
// match.
func (p *Pattern) Exec(input string) (res Result, ok bool) {
	u, err := refops.NewURL(input, nil)
	if err != nil {
		return Result{}, false
	}
	r, ok := stringRecord(&u)
	if !ok {
		return Result{}, false
	}
	return p.execRecord(&r, []any{input})
}

// ExecWithBase is Exec for input parsed against baseURL (the standard's
// exec(input, baseURL)).
func (p *Pattern) ExecWithBase(input, baseURL string) (res Result, ok bool) {
	u, err := refops.NewURL(input, &baseURL)
	if err != nil {
		return Result{}, false
	}
	r, ok := stringRecord(&u)
	if !ok {
		return Result{}, false
	}
	return p.execRecord(&r, []any{input, baseURL})
}

// ExecInit is Exec for an input given component by component (the
// standard's exec(init)).
func (p *Pattern) ExecInit(init Init) (res Result, ok bool) {
	r, ok := recordOfInit(init)
	if !ok {
		return Result{}, false
	}
	return p.execRecord(&r, []any{init})
}

// stringRecord returns the components of a parsed input URL. (The
// urlpattern-polyfill canonicalises them once more as an init's, which the
// differential test's model of it does.)
func stringRecord(u *urlspec.URL) (urlRecord, bool) {
	r := recordOf(u)
	if polyfillCompat.on {
		return recordOfInit(Init{Protocol: &r.protocol, Username: &r.username, Password: &r.password,
			Hostname: &r.hostname, Port: &r.port, Pathname: &r.pathname, Search: &r.search, Hash: &r.hash})
	}
	return r, true
}

var emptyInit = Init{Protocol: new(""), Username: new(""), Password: new(""), Hostname: new(""),
	Port: new(""), Pathname: new(""), Search: new(""), Hash: new("")}

// recordOfInit runs "process a URLPatternInit" with type "url" on init.
func recordOfInit(init Init) (urlRecord, bool) {
	start := emptyInit
	pi, err := processInit(init.cleaned(), typeURL, &start)
	if err != nil {
		return urlRecord{}, false
	}
	return urlRecord{protocol: *pi.Protocol, username: *pi.Username, password: *pi.Password,
		hostname: *pi.Hostname, port: *pi.Port, pathname: *pi.Pathname, search: *pi.Search, hash: *pi.Hash}, true
}

func (r *urlRecord) get(c Component) string {
	switch c {
	case Protocol:
		return r.protocol
	case Username:
		return r.username
	case Password:
		return r.password
	case Hostname:
		return r.hostname
	case Port:
		return r.port
	case Pathname:
		return r.pathname
	case Search:
		return r.search
	}
	return r.hash
}

func (p *Pattern) testRecord(r *urlRecord) bool {
	for c := Protocol; c < numComponents; c++ {
		if !p.comps[c].test(r.get(c)) {
			return false
		}
	}
	return true
}

func (p *Pattern) execRecord(r *urlRecord, inputs []any) (Result, bool) {
	res := Result{Inputs: inputs}
	for c := Protocol; c < numComponents; c++ {
		cr, ok := p.comps[c].exec(r.get(c))
		if !ok {
			return Result{}, false
		}
		*res.ptr(c) = cr
	}
	return res, true
}

// CompareComponent orders two patterns by component c, from the least to
// the most specific: it returns -1, 0 or +1. A fixed text part is more
// specific than a regexp group, which is more specific than a named
// group, which is more specific than a wildcard; then modifiers (none >
// "+" > "?" > "*"), then the prefix, value and suffix texts. Sorting a
// route table by it (descending) tries the most specific routes first.
// This is URLPattern.compareComponent of the urlpattern-polyfill and
// Chromium (tested by web-platform-tests' urlpattern-compare data).
func CompareComponent(c Component, left, right *Pattern) int {
	if c >= numComponents {
		return 0
	}
	l, r := left.comps[c], right.comps[c]
	wildcard := []part{{typ: partFullWildcard, modifier: modNone}}
	switch {
	case l.pattern == "" && r.pattern == "":
		return 0
	case l.pattern == "":
		return comparePartList(wildcard, r.parts)
	case r.pattern == "":
		return comparePartList(l.parts, wildcard)
	}
	return comparePartList(l.parts, r.parts)
}

func comparePartList(a, b []part) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if c := comparePart(&a[i], &b[i]); c != 0 {
			return c
		}
	}
	if len(a) == len(b) {
		return 0
	}
	empty := part{typ: partFixedText, modifier: modNone}
	x, y := &empty, &empty
	if n < len(a) {
		x = &a[n]
	}
	if n < len(b) {
		y = &b[n]
	}
	return comparePart(x, y)
}

func comparePart(a, b *part) int {
	if a.typ != b.typ {
		return sign(int(a.typ) - int(b.typ))
	}
	if a.modifier != b.modifier {
		return sign(int(a.modifier) - int(b.modifier))
	}
	if c := compareUTF16(a.prefix, b.prefix); c != 0 {
		return c
	}
	if c := compareUTF16(a.value, b.value); c != 0 {
		return c
	}
	return compareUTF16(a.suffix, b.suffix)
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

// compareUTF16 compares as JavaScript compares strings: by UTF-16 code
// units.
func compareUTF16(a, b string) int {
	if a == b {
		return 0
	}
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			return sign(int(firstUnit(ra)) - int(firstUnit(rb)))
		}
		a, b = a[na:], b[nb:]
	}
	return sign(len(a) - len(b))
}

// firstUnit returns r's first UTF-16 code unit, with the second unit of a
// surrogate pair as a tiebreaker that cannot matter here (pairs that
// differ differ in their first unit, or both are equal runes).
func firstUnit(r rune) int {
	if r >= 0x10000 {
		hi, lo := utf16.EncodeRune(r)
		return int(hi)<<16 | int(lo)
	}
	return int(r) << 16
}

// Generate fills the named groups of component c's pattern with values and
// returns the component string (URLPattern.generate, proposed in the
// WHATWG URLPattern repository and tested by web-platform-tests'
// urlpattern-generate data). Each value is canonicalised as the
// component's fixed text is (percent-encoded, or IDNA-mapped for a
// hostname). It fails when the pattern has a regexp group, a wildcard or
// a modifier, when a group has no value, and when a value does not fit
// its group (it is empty or holds the component's delimiter, such as '/').
func (p *Pattern) Generate(c Component, groups map[string]string) (string, error) {
	if c >= numComponents {
		return "", &Error{Offset: -1, Reason: "not a component"}
	}
	comp := p.comps[c]
	fail := func(reason string) (string, error) {
		return "", &Error{Component: c.String(), Input: comp.pattern, Offset: -1, Reason: reason}
	}
	var b strings.Builder
	for i := range comp.parts {
		pt := &comp.parts[i]
		if pt.modifier != modNone {
			return fail("cannot generate from a group with a modifier")
		}
		switch pt.typ {
		case partFixedText:
			b.WriteString(pt.value)
		case partSegmentWildcard:
			v, ok := groups[pt.name]
			if !ok {
				return fail("no value for group " + strconv.Quote(pt.name))
			}
			enc, err := comp.encode(wellFormed(v))
			if err != nil {
				return "", err
			}
			if enc == "" || comp.opts.delimiter != "" && strings.Contains(enc, comp.opts.delimiter) {
				return fail("the value " + strconv.Quote(v) + " does not fit group " + strconv.Quote(pt.name))
			}
			b.WriteString(pt.prefix + enc + pt.suffix)
		default:
			return fail("cannot generate from a regexp group or a wildcard")
		}
	}
	return b.String(), nil
}

// ExecComponent matches one component's pattern against value, which must
// be canonical already (as a parsed URL's getter gives it, without ':',
// '?' or '#'). It tells which component of a URL fails to match.
func (p *Pattern) ExecComponent(c Component, value string) (ComponentResult, bool) {
	if c >= numComponents {
		return ComponentResult{}, false
	}
	return p.comps[c].exec(value)
}
