// Package canon canonicalises URLs with named profiles: each profile reads
// an input string into the URL specification's component model (model.URL),
// applies a named set of rewrite rules to it, each traced like the
// normalisation rules of package normalize, and prints the result as an
// URL-string or in SURT form.
//
// Crawlers, web archives and safe-browsing clients all canonicalise URLs
// beyond WHATWG normalisation, each with its own rules. The profiles shipped
// here are
//
//	whatwg             the WHATWG URL Standard: parse, resolve, normalise, print
//	crawl              whatwg without the fragment: the key for a crawler's
//	                   dedupe (nothing else that can change meaning changes)
//	whatwg-sort-query  whatwg, and the query's parameters sorted by name
//	safe-browsing      Google Safe Browsing's URL canonicalisation
//	                   (developers.google.com/safe-browsing/v4/urls-hashing)
//	surt               the Internet Archive's SURT key, as its Python surt
//	                   library's surt.surt(url) computes it for CDX indexes
//	                   (github.com/internetarchive/surt): com,example)/a?a=1&b=2
//	surt-with-scheme   the same with surt(url, with_scheme=True,
//	                   trailing_comma=True): http://(com,example,)/a?a=1&b=2
//	heritrix-surt      the Heritrix form: whatwg plus the usual archive rules,
//	                   hosts reversed: http://(com,example,)/a
//	purell-safe        purell's FlagsSafe: whatwg plus upper-case and
//	                   decoded-unreserved percent-encodings
//	aggressive         purell-safe plus remove-fragment, remove-www,
//	                   remove-directory-index, remove-duplicate-slashes,
//	                   remove-empty-query and sort-query
//
// New builds others from the rules (see Rule), NewSURT other SURT keys (see
// SURTOptions). Profile.Key applies a profile to an urlspec.URL that is
// already parsed; Profile.Canonicalize parses a string first. Every
// profile but the SURT keys is idempotent: canonicalising its own output
// changes nothing (a law of internal/laws; a SURT key is not an URL, and
// surt strips "www." once, so www.www.a gives www.a and then a).
package canon

import (
	"errors"
	"strings"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
	"github.com/urlspec/urlspec/resolve"
)

// Reader is how a profile reads its input into the component model.
type Reader uint8

const (
	// ReadWHATWG reads the input with the WHATWG URL parser (no base): the
	// normalisation steps it takes appear in a trace.
	ReadWHATWG Reader = iota
	// ReadSafeBrowsing reads the input as Google Safe Browsing does: outer
	// spaces trimmed, tabs and newlines removed, "http://" added when there
	// is no scheme, then split at the first "://", '/', '?' and '#' with no
	// host processing and no failure; the host is kept as an opaque string
	// for the safe-browsing rules.
	ReadSafeBrowsing
)

// Form is how a profile prints its result.
type Form uint8

const (
	// FormURL prints an URL-string (the WHATWG href for ReadWHATWG).
	FormURL Form = iota
	// FormSURT prints the SURT key of the Internet Archive's surt library
	// (CDX indexes, the Wayback Machine, pywb): surt.surt(url) with the
	// profile's SURTOptions, e.g. com,example)/a?a=1&b=2. The form applies
	// the library's own canonicalisation (see SURTOptions) after the
	// profile's rules.
	FormSURT
	// FormHeritrixSURT prints the SURT (Sort-friendly URI Reordering
	// Transform) as Heritrix writes it: scheme://(host labels reversed, each
	// followed by ',', then :port and @userinfo when present)path?query, e.g.
	// http://(com,example,www,)/a?b. An URL without a host prints as in
	// FormURL.
	FormHeritrixSURT
)

// Profile is a named canonicalisation: a Reader, rules and a Form. A Profile
// is an immutable value.
type Profile struct {
	name   string
	reader Reader
	form   Form
	rules  []Rule
	surt   SURTOptions
}

// New returns the profile called name that reads with r, applies rules in
// order and prints in form f. It fails on an unknown rule, reader or form.
func New(name string, r Reader, f Form, rules ...Rule) (Profile, error) {
	if r > ReadSafeBrowsing || f > FormHeritrixSURT {
		return Profile{}, errors.New("canon: unknown reader or form")
	}
	for _, x := range rules {
		if x >= numRules {
			return Profile{}, errors.New("canon: unknown rule")
		}
	}
	return Profile{name: name, reader: r, form: f, rules: append([]Rule(nil), rules...)}, nil
}

func mustNew(name string, r Reader, f Form, rules ...Rule) Profile {
	p, err := New(name, r, f, rules...)
	if err != nil {
		panic(err)
	}
	return p
}

var profiles = []Profile{
	mustNew("whatwg", ReadWHATWG, FormURL),
	mustNew("crawl", ReadWHATWG, FormURL, RemoveFragment),
	mustNew("whatwg-sort-query", ReadWHATWG, FormURL, SortQuery),
	mustNew("safe-browsing", ReadSafeBrowsing, FormURL,
		RemoveFragment, RemovePort, RepeatedPercentDecode, SafeBrowsingHost, RemoveDotSegments,
		RemoveDuplicateSlashes, SafeBrowsingEscape),
	NewSURT("surt", SURTOptions{}),
	NewSURT("surt-with-scheme", SURTOptions{WithScheme: true, TrailingComma: true}),
	mustNew("heritrix-surt", ReadWHATWG, FormHeritrixSURT,
		RemoveFragment, RemoveUserinfo, UppercasePercentEncodings, DecodeUnreserved, RemoveWWW, SortQuery),
	mustNew("purell-safe", ReadWHATWG, FormURL, UppercasePercentEncodings, DecodeUnreserved),
	mustNew("aggressive", ReadWHATWG, FormURL,
		UppercasePercentEncodings, DecodeUnreserved, RemoveFragment, RemoveWWW, RemoveDirectoryIndex,
		RemoveDuplicateSlashes, RemoveEmptyQuery, SortQuery),
}

// Profiles returns the shipped profiles, in the order of the package
// documentation.
func Profiles() []Profile { return append([]Profile(nil), profiles...) }

// ByName returns the shipped profile called name.
func ByName(name string) (Profile, bool) {
	for _, p := range profiles {
		if p.name == name {
			return p, true
		}
	}
	return Profile{}, false
}

// Name returns the profile's name.
func (p Profile) Name() string { return p.name }

// Reader returns how the profile reads its input.
func (p Profile) Reader() Reader { return p.reader }

// Form returns how the profile prints its result.
func (p Profile) Form() Form { return p.form }

// Rules returns the profile's rules, in the order it applies them.
func (p Profile) Rules() []Rule { return append([]Rule(nil), p.rules...) }

// PrintEncoding is the name of the trace step in which the WHATWG reader
// percent-encodes the URL's values as printing does (spec §Printing), so
// that the rules see the values the href shows.
const PrintEncoding = "print-encoding"

// Step is one rule application in a trace: the rule's name (a Rule of this
// package, a normalisation rule of package normalize for ReadWHATWG, or
// PrintEncoding) and the URL before and after.
type Step struct {
	Rule          string
	Before, After model.URL
}

// Key returns the canonical form of u, an URL that is already parsed: the
// profile's rules applied to u's components and printed in the profile's
// form, with no second parse. It is Canonicalize without the parse, the
// key for a map that dedupes URLs (see the package example). A profile
// with ReadSafeBrowsing reads u's href with its own reader. The zero URL
// has the empty key in every profile.
func (p Profile) Key(u urlspec.URL) string {
	return string(p.AppendKey(nil, u))
}

// AppendKey appends Key(u) to dst, for callers that reuse a buffer.
func (p Profile) AppendKey(dst []byte, u urlspec.URL) []byte {
	if u.Href() == "" {
		return dst // the zero URL
	}
	if p.reader != ReadWHATWG {
		m := readSafeBrowsing(u.Href())
		for _, r := range p.rules {
			r.apply(&m)
		}
		return p.appendForm(dst, &m)
	}
	if p.form == FormURL && onlyRemoveFragment(p.rules) {
		// The href is the printed model, and its first '#' starts the
		// fragment (printing encodes '#' everywhere before it), so
		// remove-fragment needs no model: crawl's key costs a scan.
		href := u.Href()
		if len(p.rules) > 0 {
			if i := strings.IndexByte(href, '#'); i >= 0 {
				href = href[:i]
			}
		}
		return append(dst, href...)
	}
	m := u.Model()
	if needsEncoding(&m) {
		m = print.Encoded(&m)
	}
	changed := false
	for _, r := range p.rules {
		changed = r.apply(&m) || changed
	}
	if !changed && p.form == FormURL {
		return append(dst, u.Href()...)
	}
	return p.appendForm(dst, &m)
}

// Canonicalize returns the canonical form of input: Key of the URL that
// the WHATWG parser reads from input. It fails where the profile's reader
// fails (for ReadWHATWG, where the WHATWG parser does).
func (p Profile) Canonicalize(input string) (string, error) {
	b, err := p.AppendCanonical(nil, input)
	return string(b), err
}

// AppendCanonical appends the canonical form of input to dst, for callers
// that reuse a buffer (the canon command does, one line at a time).
func (p Profile) AppendCanonical(dst []byte, input string) ([]byte, error) {
	if p.reader == ReadWHATWG {
		// The fast path: the WHATWG parser of package urlspec, and its href
		// whenever no rule changes the URL.
		w, err := urlspec.Parse(input)
		if err != nil {
			return dst, err
		}
		return p.AppendKey(dst, w), nil
	}
	u, err := p.apply(input, nil)
	if err != nil {
		return dst, err
	}
	return p.appendForm(dst, &u), nil
}

// Trace is Canonicalize that also returns every step taken: the reader's
// normalisation steps, then each rule that changed the URL.
func (p Profile) Trace(input string) (string, []Step, error) {
	var steps []Step
	u, err := p.apply(input, &steps)
	if err != nil {
		return "", steps, err
	}
	return string(p.appendForm(nil, &u)), steps, nil
}

// Model returns the canonical URL of input in the component model, before
// printing (its values percent-encoded as printing leaves them).
func (p Profile) Model(input string) (model.URL, error) {
	return p.apply(input, nil)
}

func (p Profile) apply(input string, trace *[]Step) (model.URL, error) {
	var u model.URL
	var err error
	switch p.reader {
	case ReadSafeBrowsing:
		u = readSafeBrowsing(input)
	default:
		u, err = readWHATWG(input, trace)
		if err != nil {
			return model.URL{}, err
		}
	}
	for _, r := range p.rules {
		if trace == nil {
			r.apply(&u)
			continue
		}
		before := u.Clone()
		if r.apply(&u) {
			*trace = append(*trace, Step{Rule: r.String(), Before: before, After: u.Clone()})
		}
	}
	return u, nil
}

// readWHATWG is parse-resolve-and-normalise (spec §Concluding) without a
// base, with the result's values percent-encoded as printing encodes them
// (print.Encoded), so that the rules see what the href shows.
func readWHATWG(input string, trace *[]Step) (model.URL, error) {
	s, _ := grammar.Preprocess(input)
	u, err := grammar.Parse(s, grammar.Web)
	if err != nil {
		return model.URL{}, err
	}
	var empty model.URL
	r, _, err := resolve.WHATWGResolve(&u, &empty)
	if err != nil {
		return model.URL{}, err
	}
	if trace == nil {
		r = normalize.Normalize(r)
	} else {
		var steps []normalize.Step
		r, steps = normalize.Trace(r)
		for _, st := range steps {
			*trace = append(*trace, Step{Rule: st.Rule.String(), Before: st.Before, After: st.After})
		}
	}
	if needsEncoding(&r) {
		e := print.Encoded(&r)
		if trace != nil && !e.Equal(&r) {
			*trace = append(*trace, Step{Rule: PrintEncoding, Before: r, After: e.Clone()})
		}
		r = e
	}
	return r, nil
}

// needsEncoding reports whether print.Encoded would change u: whether
// normalise for printing applies or some value has a byte that the URL's
// percent-encode profile encodes.
func needsEncoding(u *model.URL) bool {
	if normalize.NeedsPrintingNormalisation(u) {
		return true
	}
	p := encodeprofile.For(u)
	enc := func(s string, part encodeprofile.Part) bool {
		return s != "" && encodeprofile.EncodedLen(s, p.Set(part)) != len(s)
	}
	if u.Has(model.AuthorityType) {
		a := u.Authority()
		if enc(a.Username(), encodeprofile.Username) || enc(a.Password(), encodeprofile.Password) ||
			a.Host().Kind == model.Opaque && enc(a.Host().Name, encodeprofile.Host) {
			return true
		}
	}
	for i := 0; i < u.NumDirs(); i++ {
		if enc(u.Dir(i), encodeprofile.Dir) {
			return true
		}
	}
	f := u.File()
	return enc(f, encodeprofile.File) || f != "" && f[len(f)-1] == ' ' ||
		enc(u.Query(), encodeprofile.Query) || enc(u.Fragment(), encodeprofile.Fragment)
}

func (p Profile) appendForm(dst []byte, u *model.URL) []byte {
	if p.reader == ReadSafeBrowsing {
		return appendPlain(dst, u, true)
	}
	switch p.form {
	case FormSURT:
		return appendIASURT(dst, u, p.surt)
	case FormHeritrixSURT:
		return appendSURT(dst, u)
	}
	return print.AppendASCII(dst, u, false, nil)
}

// appendPlain prints u with each value as it is (the values are already
// encoded), scheme://authority/path?query#fragment; withRoot prints a '/'
// path for an URL with an authority and no path.
func appendPlain(dst []byte, u *model.URL, withRoot bool) []byte {
	if u.Has(model.SchemeType) {
		dst = append(dst, u.Scheme()...)
		dst = append(dst, ':')
	}
	if u.Has(model.AuthorityType) {
		dst = append(dst, "//"...)
		dst = appendAuthority(dst, u.Authority())
	}
	dst = appendPath(dst, u, withRoot)
	return appendQueryFragment(dst, u)
}

func appendAuthority(dst []byte, a model.Authority) []byte {
	if a.HasUsername() || a.HasPassword() {
		dst = append(dst, a.Username()...)
		if a.HasPassword() {
			dst = append(dst, ':')
			dst = append(dst, a.Password()...)
		}
		dst = append(dst, '@')
	}
	dst = appendHost(dst, a.Host())
	if p, ok := a.Port(); ok {
		dst = append(dst, ':')
		dst = appendUint(dst, uint64(p))
	}
	return dst
}

func appendHost(dst []byte, h model.Host) []byte {
	switch h.Kind {
	case model.IPv4:
		return model.AppendIPv4(dst, h.IPv4)
	case model.IPv6:
		dst = append(dst, '[')
		dst = model.AppendIPv6(dst, h.IPv6)
		return append(dst, ']')
	}
	return append(dst, h.Name...)
}

func appendPath(dst []byte, u *model.URL, withRoot bool) []byte {
	if u.Has(model.DriveType) {
		dst = append(dst, '/')
		dst = append(dst, u.Drive()...)
	}
	if u.Has(model.PathRootType) || withRoot && u.Has(model.AuthorityType) && !u.Has(model.DriveType) {
		dst = append(dst, '/')
	}
	for i := 0; i < u.NumDirs(); i++ {
		dst = append(dst, u.Dir(i)...)
		dst = append(dst, '/')
	}
	return append(dst, u.File()...)
}

func appendUint(dst []byte, n uint64) []byte {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return append(dst, b[i:]...)
}

// String returns the profile's name.
func (p Profile) String() string { return p.name }

var readerNames = [...]string{"whatwg", "safe-browsing"}

// String returns "whatwg" or "safe-browsing".
func (r Reader) String() string {
	if int(r) < len(readerNames) {
		return readerNames[r]
	}
	return "invalid-reader"
}

// String returns "url", "surt" or "heritrix-surt".
func (f Form) String() string {
	switch f {
	case FormURL:
		return "url"
	case FormSURT:
		return "surt"
	case FormHeritrixSURT:
		return "heritrix-surt"
	}
	return "invalid-form"
}

// Names returns the names of the shipped profiles, comma-separated, for
// usage messages.
func Names() string {
	n := make([]string, len(profiles))
	for i, p := range profiles {
		n[i] = p.name
	}
	return strings.Join(n, ", ")
}

// appendQueryFragment appends u's query and fragment, each with its
// delimiter, as they are.
func appendQueryFragment(dst []byte, u *model.URL) []byte {
	if u.Has(model.QueryType) {
		dst = append(dst, '?')
		dst = append(dst, u.Query()...)
	}
	if u.Has(model.FragmentType) {
		dst = append(dst, '#')
		dst = append(dst, u.Fragment()...)
	}
	return dst
}

// onlyRemoveFragment reports whether every rule is RemoveFragment (or there
// is none).
func onlyRemoveFragment(rules []Rule) bool {
	for _, r := range rules {
		if r != RemoveFragment {
			return false
		}
	}
	return true
}
