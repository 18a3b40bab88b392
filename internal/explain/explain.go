// Package explain shows every phase of parse-resolve-and-normalise (spec
// §Concluding), the URL specification's description of the WHATWG basic URL
// parser, for one input and an optional base: preprocessing, the parser
// mode, the grammar's component sequence, WHATWG resolution (which case,
// what goto keeps, what force changed and why), each normalisation rule
// applied, printing (normalise for printing, the percent-encode profile,
// the characters encoded) and the WHATWG getters. It is what `urlspec
// explain` prints and what the web page (web/) shows; the steps are
// recomputed with the library's packages and checked against urlspec.Parse.
package explain

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/display"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
	"github.com/urlspec/urlspec/resolve"
)

// Base is the base URL of an explanation, parsed as new URL(BASE).
type Base struct {
	input string
	url   urlspec.URL
	model model.URL
	err   error
}

// NewBase parses input as new URL(input), the base of an explanation. A
// base that fails to parse is kept with its error, which the explanation
// shows.
func NewBase(input string) *Base {
	b := &Base{input: input}
	b.url, b.err = urlspec.Parse(input)
	if b.err == nil {
		b.model = b.url.Model()
	}
	return b
}

// removal is a character that preprocessing removed.
type removal struct {
	Offset int    `json:"offset"`
	Char   string `json:"char"`
}

// change is one change that force made, with the reason.
type change struct {
	Before string `json:"before"`
	After  string `json:"after"`
	Why    string `json:"why"`
}

// encoding is one character that printing percent-encoded.
type encoding struct {
	Component string `json:"component"`
	Set       string `json:"set"`
	Char      string `json:"char"`
	As        string `json:"as"`
	Count     int    `json:"count"`
}

// Explanation holds every phase of parse-resolve-and-normalise for one
// input. A phase that failed has its error set and the phases after it are
// empty.
type Explanation struct {
	input string
	base  *Base
	// modeSet is set when Options.Mode replaced the fallback mode.
	modeSet bool

	pre                  string
	leading, trailing    string
	inner                []removal
	fallback, mode       grammar.Mode
	fallbackWhy, modeWhy string
	parsed               model.URL
	parseErr             error
	hostNote             string
	ex                   resolve.Explanation
	resolved             model.URL // after force
	resolveErr           error
	forceChanges         []change
	gotoAddedRoot        bool
	steps                []normalize.Step
	normal               model.URL
	forPrinting          model.URL
	printingWhy          string
	profile              *encodeprofile.Profile
	profileWhy           string
	encoded              []encoding
	href, unicode        string
	result               urlspec.URL
	resultErr            error
	mismatch             string         // explain's steps disagree with urlspec.Parse (never expected)
	branch               resolve.Branch // the case of WHATWG resolution, even when a step of it failed
	baseFailed           bool
	modeErr              error
}

// Failed reports whether the input (or the base) fails: the WHATWG parser
// returns failure.
func (x *Explanation) Failed() bool {
	return x.baseFailed || x.modeErr != nil || x.parseErr != nil || x.resolveErr != nil
}

// Failure returns, when the input (or the base) fails, the phase that
// fails (as the JSON's failed_phase names it: "base", "mode", "parse" or
// "resolve"), the string its error is about (the base, or the preprocessed
// input) and the error, which the text shows after "failure"; "", "" and
// nil otherwise.
func (x *Explanation) Failure() (phase, in string, err error) {
	switch {
	case x.baseFailed:
		return "base", x.base.input, x.base.err
	case x.modeErr != nil:
		return "mode", x.pre, x.modeErr
	case x.parseErr != nil:
		return "parse", x.pre, x.parseErr
	case x.resolveErr != nil:
		return "resolve", x.pre, x.resolveErr
	}
	return "", "", nil
}

// Options change an explanation.
type Options struct {
	// Mode, when not "", is the fallback parser mode ("web", "file" or
	// "generic") for an input without a scheme, in place of the base's
	// mode (or web without a base). The result is then the URL that
	// parse-resolve-and-normalise gives in that mode, which need not be
	// new URL(INPUT, BASE).
	Mode string
}

// New runs parse-resolve-and-normalise on input against base (nil: no
// base) step by step, the way urlspec.Parse runs it, recording each phase.
// A bad Options.Mode is reported as the failure of the mode phase.
func New(input string, base *Base, opts Options) *Explanation {
	x := &Explanation{input: input, base: base}
	var optMode grammar.Mode
	if opts.Mode != "" {
		m, err := grammar.ParseMode(opts.Mode)
		if err != nil {
			x.modeErr = err
			return x
		}
		optMode, x.modeSet = m, true
	}
	var baseModel model.URL
	if base != nil {
		if base.err != nil {
			x.baseFailed = true
			return x
		}
		baseModel = base.model
	}

	// 1. Preprocessing.
	x.pre, _ = grammar.Preprocess(input)
	i, j := 0, len(input)
	for i < j && input[i] <= ' ' {
		i++
	}
	for j > i && input[j-1] <= ' ' {
		j--
	}
	x.leading, x.trailing = input[:i], input[j:]
	for k := i; k < j; k++ {
		if c := input[k]; c == '\t' || c == '\n' || c == '\r' {
			x.inner = append(x.inner, removal{k, string(c)})
		}
	}

	// 2. Parser mode.
	x.fallback = grammar.ModeForURL(&baseModel, grammar.Web)
	switch {
	case base == nil:
		x.fallbackWhy = "web, as there is no base"
	case baseModel.Has(model.SchemeType):
		x.fallbackWhy = fmt.Sprintf("%s, the mode of the base's scheme %q", x.fallback, baseModel.Scheme())
	default:
		x.fallbackWhy = "web"
	}
	if x.modeSet {
		x.fallback, x.fallbackWhy = optMode, optMode.String()+", set by the caller (--mode)"
	}
	x.mode, x.modeWhy = display.ModeWhy(x.pre, x.fallback, x.fallbackWhy)

	// 3. Parsing.
	x.parsed, x.parseErr = grammar.Parse(x.pre, x.fallback)
	if x.parseErr != nil {
		return x
	}
	x.hostNote = HostNote(x.pre, x.mode, &x.parsed)

	// 4. WHATWG resolution.
	x.resolved, _, x.resolveErr = resolve.WHATWGResolveExplained(&x.parsed, &baseModel, &x.ex)
	x.branch = whatwgCase(&x.parsed, &baseModel)
	if x.resolveErr != nil {
		return x
	}
	x.gotoAddedRoot = x.ex.Resolved.Has(model.PathRootType) && !x.ex.Prefix.Has(model.PathRootType) &&
		!x.ex.Reference.Has(model.PathRootType)
	if x.ex.Forced {
		x.forceChanges = forceChanges(&x.ex.Resolved, &x.resolved, x.ex.Force)
	}

	// 5. Normalisation.
	x.normal, x.steps = normalize.Trace(x.resolved)

	// 6. Printing.
	x.forPrinting = x.normal
	if normalize.NeedsPrintingNormalisation(&x.normal) {
		x.forPrinting = normalize.ForPrinting(x.normal)
		x.printingWhy = printingWhy(&x.normal, &x.forPrinting)
	}
	x.profile = encodeprofile.For(&x.forPrinting)
	x.profileWhy = profileWhy(&x.forPrinting)
	enc := print.Encoded(&x.normal)
	x.encoded = encodings(&x.forPrinting, &enc, x.profile)
	x.href = print.ASCII(&x.normal)
	x.unicode = print.Unicode(&x.normal)

	// 7. The result, from the library's own pipeline.
	if x.modeSet {
		// Not new URL(INPUT, BASE): the caller chose the mode.
		var r urlspec.Ref
		if r, x.resultErr = urlspec.FromModel(x.normal); x.resultErr == nil {
			x.result, x.resultErr = r.URL()
		}
		if x.resultErr != nil {
			x.mismatch = "the result is not a valid URL: " + x.resultErr.Error()
		}
		return x
	}
	if base != nil {
		x.result, x.resultErr = base.url.Resolve(input)
	} else {
		x.result, x.resultErr = urlspec.Parse(input)
	}
	switch {
	case x.resultErr != nil:
		x.mismatch = "urlspec.Parse fails: " + x.resultErr.Error()
	case x.result.Href() != x.href:
		x.mismatch = "urlspec.Parse gives " + strconv.Quote(x.result.Href())
	}
	return x
}

// whatwgCase returns the case of WHATWG resolution (spec §Resolution) that
// applies to url1 against url2, by the conditions alone.
func whatwgCase(url1, url2 *model.URL) resolve.Branch {
	if url1.IsWebURL() || url1.IsFileURL() || !url1.Has(model.SchemeType) && (url2.IsWebURL() || url2.IsFileURL()) {
		return resolve.BranchForcedLegacy
	}
	if o := model.Ord(url1); !url1.IsEmpty() && (o == model.SchemeType || o == model.FragmentType) ||
		url2.Has(model.AuthorityType) || url2.Has(model.PathRootType) {
		return resolve.BranchGeneric
	}
	return resolve.BranchFailed
}

// HostNote says what host parsing did to the host as written in the
// URL-string s, parsed in mode as u, when it changed it (web and file mode:
// percent-decoding, domain to ASCII, IPv4 and IPv6 serialisation); "" when
// it did not.
func HostNote(s string, mode grammar.Mode, u *model.URL) string {
	if mode == grammar.Generic || !u.Has(model.AuthorityType) {
		return ""
	}
	a := u.AuthorityRef()
	if !a.HasHost() {
		return ""
	}
	raw, ok := rawHost(s)
	h := a.Host()
	if !ok || raw == h.String() {
		return ""
	}
	var steps []string
	if strings.Contains(raw, "%") {
		steps = append(steps, "percent-decode")
	}
	switch h.Kind {
	case model.Domain:
		steps = append(steps, "domain to ASCII")
	case model.IPv4:
		steps = append(steps, "domain to ASCII", "the IPv4 parser (it ends in a number)")
	case model.IPv6:
		steps = append(steps, "the IPv6 parser and serialiser")
	}
	return fmt.Sprintf("← written %s: %s", display.Show(raw), strings.Join(steps, ", "))
}

// rawHost finds the host as written in a web- or file-mode URL-string s:
// after the scheme and two slashes (or backslashes), up to the next
// delimiter, without credentials and port.
func rawHost(s string) (string, bool) {
	if sc := display.SchemeOf(s); sc != "" {
		s = s[len(sc)+1:]
	}
	if len(s) < 2 || !isSlash(s[0]) || !isSlash(s[1]) {
		return "", false
	}
	s = s[2:]
	end := strings.IndexAny(s, "/\\?#")
	if end >= 0 {
		s = s[:end]
	}
	if k := strings.LastIndexByte(s, '@'); k >= 0 {
		s = s[k+1:]
	}
	if strings.HasPrefix(s, "[") {
		if k := strings.IndexByte(s, ']'); k >= 0 {
			return s[:k+1], true
		}
		return s, true
	}
	if k := strings.IndexByte(s, ':'); k >= 0 {
		s = s[:k]
	}
	return s, s != ""
}

func isSlash(c byte) bool { return c == '/' || c == '\\' }

// forceChanges lists what force changed between before and after, with the
// rule of §Forcing that made each change.
func forceChanges(before, after *model.URL, kind string) []change {
	var cs []change
	if !before.Has(model.AuthorityType) && after.Has(model.AuthorityType) && kind == "file" {
		cs = append(cs, change{"ε", "(authority ε)", "a forced file-URL has an authority; it had none"})
	}
	if !before.Has(model.PathRootType) && after.Has(model.PathRootType) {
		why := "a forced web-URL has a path-root"
		if kind == "file" {
			why = "a forced file-URL without a drive has a path-root"
		}
		cs = append(cs, change{"ε", "(path-root /)", why})
	}
	if kind == "web" && before.Authority() != after.Authority() {
		// The authority came from the first dir or file that is not ε: show
		// it and the dirs before it, which force removed, beside the new
		// authority.
		var taken []model.Component
		if before.Has(model.AuthorityType) {
			taken = append(taken, model.Component{Type: model.AuthorityType, Authority: before.Authority()})
		}
		bd := before.Dirs()
		for _, d := range bd[:len(bd)-len(after.Dirs())] {
			taken = append(taken, model.Component{Type: model.DirType, Value: d})
		}
		if before.Has(model.FileType) && !after.Has(model.FileType) {
			taken = append(taken, model.Component{Type: model.FileType, Value: before.File()})
		}
		why := "the authority has no host, so the first dir or file that is not ε becomes the authority"
		if !before.Has(model.AuthorityType) {
			why = "there is no authority, so the first dir or file that is not ε becomes the authority"
		}
		why += " (parsed in web mode); it and the dirs before it are removed"
		auth := model.Component{Type: model.AuthorityType, Authority: after.Authority()}
		cs = append(cs, change{renderSeq(taken), display.Render(auth), why})
	}
	return cs
}

// printingWhy says which rule of normalise for printing applied to before.
func printingWhy(before, after *model.URL) string {
	if len(after.Dirs()) > len(before.Dirs()) {
		return "(dir .) inserted: without a drive or an authority, a first (dir ε) would print as // and read back as an authority"
	}
	first := before.File()
	if d := before.Dirs(); len(d) > 0 {
		first = d[0]
	}
	if len(first) == 2 && model.IsDrive(first) {
		return "the drive-like first segment printed with %3A or %7C: it would read back as a drive (docs/deviations.md #15)"
	}
	return "the first ':' printed as %3A: the first dir or file looks like a scheme and would read back as one (spec 0.10.1)"
}

// profileWhy says why percent-encode-profile-for chose u's profile.
func profileWhy(u *model.URL) string {
	switch {
	case u.IsWebURL():
		return "a web-URL"
	case u.IsFileURL():
		return "a file-URL"
	case !u.Has(model.SchemeType):
		return "no scheme"
	case u.Has(model.AuthorityType) || u.Has(model.PathRootType):
		return "a scheme that is neither web nor file, with an authority or a path-root"
	}
	return "a scheme that is neither web nor file, without an authority or a path-root: an opaque path"
}

// encodings compares u with its encoded form enc component by component and
// lists the characters that printing percent-encoded, by component.
func encodings(u, enc *model.URL, p *encodeprofile.Profile) []encoding {
	if u.Equal(enc) {
		return nil // nothing encoded; skip the component-by-component walk
	}
	cu, ce := display.ComponentList(u), display.ComponentList(enc)
	if len(cu) != len(ce) {
		return nil
	}
	var out []encoding
	add := func(part encodeprofile.Part, name, before, after string) {
		if before == after {
			return
		}
		set := p.Set(part).Name()
		for _, e := range charDiff(before, after) {
			found := false
			for k := range out {
				if out[k].Component == name && out[k].Char == e.Char {
					out[k].Count++
					found = true
				}
			}
			if !found {
				e.Component, e.Set, e.Count = name, set, 1
				out = append(out, e)
			}
		}
	}
	for i := range cu {
		a, b := cu[i], ce[i]
		switch a.Type {
		case model.AuthorityType:
			x, y := a.Authority, b.Authority
			add(encodeprofile.Username, "username", x.Username(), y.Username())
			add(encodeprofile.Password, "password", x.Password(), y.Password())
			add(encodeprofile.Host, "host", x.Host().String(), y.Host().String())
		case model.DirType:
			add(encodeprofile.Dir, "dir", a.Value, b.Value)
		case model.FileType:
			add(encodeprofile.File, "file", a.Value, b.Value)
		case model.QueryType:
			add(encodeprofile.Query, "query", a.Value, b.Value)
		case model.FragmentType:
			add(encodeprofile.Fragment, "fragment", a.Value, b.Value)
		}
	}
	return out
}

// charDiff walks a value and its percent-encoded form together and returns
// each character that was encoded (one entry per occurrence).
func charDiff(before, after string) []encoding {
	var out []encoding
	j := 0
	for i := 0; i < len(before); {
		r, n := utf8.DecodeRuneInString(before[i:])
		if strings.HasPrefix(after[j:], before[i:i+n]) && !(r == utf8.RuneError && n == 1) {
			i, j = i+n, j+n
			continue
		}
		k := j
		for k+2 < len(after) && after[k] == '%' && k-j < 3*utf8.UTFMax {
			k += 3
			if enc := after[j:k]; utf8.FullRune([]byte(encodeprofile.Decode(enc))) {
				break
			}
		}
		if k == j {
			return []encoding{{Char: display.Show(before), As: after}} // not expected
		}
		ch := strconv.QuoteRune(r)
		if r == utf8.RuneError && n == 1 {
			ch = fmt.Sprintf(`'\x%02x'`, before[i])
		}
		out = append(out, encoding{Char: ch, As: after[j:k]})
		i, j = i+n, k
	}
	return out
}

// WriteText writes the explanation readably, as `urlspec explain` prints
// it; color adds ANSI colours for a terminal.
func (x *Explanation) WriteText(w io.Writer, color bool) {
	x.write(&output{W: w, Pal: display.Palette{On: color}})
}

func (x *Explanation) write(out *output) {
	p := out.Pal
	out.Field(0, "input", out.Pal.Heading(display.Show(x.input)))
	if x.base == nil {
		out.Field(0, "base", "none")
	} else {
		out.Field(0, "base", display.Show(x.base.input))
		if x.base.err != nil {
			out.Failure(2, "failure", x.base.input, x.base.err)
			out.Printf("%s\n", p.Dim("  the base must be an absolute URL: new URL(BASE) fails"))
			return
		}
		if h := x.base.url.Href(); h != x.base.input {
			out.Field(2, "href", display.Show(h))
		}
		out.Field(2, "components", x.base.model.String())
	}

	phase := func(n int, name, ref string) {
		out.Printf("\n%s %s\n", p.Heading(display.Pad(strconv.Itoa(n)+" "+name, display.LabelWidth)), p.Dim(ref))
	}

	phase(1, "preprocess", "§Preprocessing")
	if x.leading == "" && x.trailing == "" && len(x.inner) == 0 {
		out.Field(2, "removed", "nothing")
	} else {
		if x.leading != "" {
			out.Field(2, "removed", fmt.Sprintf("leading c0-space %s (bytes 0–%d)", strconv.Quote(x.leading), len(x.leading)-1))
		}
		for _, r := range x.inner {
			out.Field(2, "removed", fmt.Sprintf("%s at byte %d", strconv.Quote(r.Char), r.Offset))
		}
		if x.trailing != "" {
			out.Field(2, "removed", fmt.Sprintf("trailing c0-space %s (from byte %d)", strconv.Quote(x.trailing), len(x.input)-len(x.trailing)))
		}
		out.Printf("  %s\n", p.Dim("(validation warnings: invalid-URL-unit)"))
	}
	out.Field(2, "result", display.Show(x.pre))

	phase(2, "mode", "§Parser modes: parser-mode-for")
	if x.modeErr != nil {
		out.Failure(2, "failure", x.pre, x.modeErr)
		return
	}
	out.Field(2, "mode", x.mode.String())
	out.Field(2, "why", x.modeWhy)

	phase(3, "parse", "§URL Grammar in "+x.mode.String()+" mode, §Host Parsing")
	if x.parseErr != nil {
		out.Failure(2, "failure", x.pre, x.parseErr)
		return
	}
	out.Components(2, &x.parsed, x.hostNote)

	phase(4, "resolve", "§Resolution: WHATWG resolution against the base")
	x.writeResolve(out)
	if x.resolveErr != nil {
		return
	}

	phase(5, "normalise", "§Equivalences and Normalisation")
	if len(x.steps) == 0 {
		out.Field(2, "rules", "none apply: already in normal form")
	}
	for _, s := range x.steps {
		if s.Count > 1 {
			out.Field(2, "…", summary(s))
			continue
		}
		b, a := diff(&s.Before, &s.After)
		out.Field(2, s.Rule.String(), b+" → "+a)
	}
	out.Field(2, "result", x.normal.String())

	phase(6, "print", "§Printing")
	if x.printingWhy == "" {
		out.Field(2, "for printing", "nothing to change")
	} else {
		b, a := diffContext(&x.normal, &x.forPrinting, 1)
		out.Field(2, "for printing", b+" → "+a)
		out.Field(2, "why", x.printingWhy)
	}
	out.Field(2, "profile", x.profile.Name()+" "+p.Dim("("+x.profileWhy+"; §Encode Profile Selection)"))
	if len(x.encoded) == 0 {
		out.Field(2, "encoded", "nothing: every character stands as it is")
	}
	for _, e := range x.encoded {
		s := fmt.Sprintf("%s %s → %s", display.Pad(e.Component, 8), e.Char, e.As)
		if e.Count > 1 {
			s += fmt.Sprintf(" ×%d", e.Count)
		}
		out.Field(2, "encoded", s+" "+p.Dim("(set "+e.Set+")"))
	}

	phase(7, "result", "§Concluding: the getters")
	out.Field(2, "href", p.Heading(display.Show(x.href)))
	if x.unicode != x.href {
		out.Field(2, "unicode", display.Show(x.unicode))
	}
	if x.mismatch != "" {
		out.Field(2, "mismatch", p.Bad(x.mismatch))
		return
	}
	if x.modeSet {
		out.Field(2, "note", p.Dim("in the mode set by the caller: not necessarily new URL(INPUT, BASE)"))
	}
	for _, g := range display.GettersOf(x.result).List() {
		if g.Name != "href" {
			out.Field(2, g.Name, quote(g.Value))
		}
	}
}

func (x *Explanation) writeResolve(out *output) {
	p := out.Pal
	ex := &x.ex
	switch x.branch {
	case resolve.BranchForcedLegacy:
		out.Field(2, "case", "force (legacy-resolve reference base)")
	case resolve.BranchGeneric:
		out.Field(2, "case", "generic-resolve reference base")
	default:
		out.Field(2, "case", p.Bad("none applies"))
	}
	out.Field(2, "why", ex.Why)
	if x.branch == resolve.BranchFailed {
		out.Failure(2, "failure", x.pre, x.resolveErr)
		return
	}
	if x.branch == resolve.BranchForcedLegacy {
		switch {
		case ex.SchemeRemoved:
			out.Field(2, "legacy", fmt.Sprintf("scheme %q removed from the reference: it equals the base's, ignoring case", x.parsed.Scheme()))
		case !x.parsed.Has(model.SchemeType):
			out.Field(2, "legacy", "nothing to remove: the reference has no scheme")
		case x.base == nil:
			out.Field(2, "legacy", "nothing to remove: there is no base")
		default:
			out.Field(2, "legacy", "scheme kept: the base's scheme differs")
		}
	}
	out.Field(2, "reference", ex.Reference.String())
	ord := model.Ord(&ex.Reference)
	keeps := fmt.Sprintf("base upto (ord reference) = base upto %s", ord)
	if x.base == nil {
		keeps += " = ε " + p.Dim("(no base)")
		out.Field(2, "goto keeps", keeps)
	} else {
		out.Field(2, "goto keeps", keeps+" =")
		out.Field(2, "", ex.Prefix.String())
	}
	if ex.Resolved.IsEmpty() && x.resolveErr != nil {
		out.Failure(2, "failure", x.pre, x.resolveErr)
		return
	}
	out.Field(2, "goto result", ex.Resolved.String())
	if x.gotoAddedRoot {
		out.Field(2, "", p.Dim("(goto added (path-root /) for the path-root-constraint)"))
	}
	if ex.Force == "" {
		if x.branch == resolve.BranchForcedLegacy {
			out.Field(2, "force", "nothing to force: the result is neither a web- nor a file-URL")
		} else {
			out.Field(2, "force", "none: generic resolution does not force")
		}
		if x.resolveErr != nil {
			out.Failure(2, "failure", x.pre, x.resolveErr)
		}
		return
	}
	section := "§Forced Web URL"
	if ex.Force == "file" {
		section = "§Forced File URL"
	}
	if x.resolveErr != nil {
		out.Field(2, "force", ex.Force+" "+p.Dim("("+section+")"))
		out.Failure(2, "failure", x.pre, x.resolveErr)
		return
	}
	if !ex.Forced {
		what := "it has a host and a path-root"
		if ex.Force == "file" {
			what = "it has an authority without credentials or port, and a drive or a path-root"
		}
		out.Field(2, "force", ex.Force+" "+p.Dim("("+section+")")+": nothing to change")
		out.Field(2, "why", what)
		return
	}
	out.Field(2, "force", ex.Force+" "+p.Dim("("+section+")")+": changed "+p.Warn("(a validation warning)"))
	for _, c := range x.forceChanges {
		out.Field(4, "changed", c.Before+" → "+c.After)
		out.Field(4, "why", c.Why)
	}
	out.Field(2, "forced", x.resolved.String())
}

// explainJSON is the --json form of an explanation.
type explainJSON struct {
	Input      string              `json:"input"`
	Base       *baseJSON           `json:"base"`
	Preprocess *preprocessJSON     `json:"preprocess,omitempty"`
	Mode       *modeJSON           `json:"mode,omitempty"`
	Parse      *phaseJSON          `json:"parse,omitempty"`
	Resolve    *explainResolveJSON `json:"resolve,omitempty"`
	Normalise  *normaliseJSON      `json:"normalise,omitempty"`
	Print      *printJSON          `json:"print,omitempty"`
	Result     *display.Getters    `json:"result,omitempty"`
	Unicode    string              `json:"unicode,omitempty"`
	Failure    *display.ErrorInfo  `json:"failure,omitempty"`
	Phase      string              `json:"failed_phase,omitempty"`
	Mismatch   string              `json:"mismatch,omitempty"`
}

type baseJSON struct {
	Input      string `json:"input"`
	Href       string `json:"href,omitempty"`
	Components string `json:"components,omitempty"`
}

type preprocessJSON struct {
	Result   string    `json:"result"`
	Leading  string    `json:"leading"`
	Trailing string    `json:"trailing"`
	Inner    []removal `json:"inner"`
}

type modeJSON struct {
	Mode     string `json:"mode"`
	Why      string `json:"why"`
	Fallback string `json:"fallback"`
}

type phaseJSON struct {
	Components []display.ComponentJSON `json:"components"`
	Structure  string                  `json:"structure"`
	HostNote   string                  `json:"host_note,omitempty"`
}

type explainResolveJSON struct {
	Case          string   `json:"case"`
	Why           string   `json:"why"`
	SchemeRemoved bool     `json:"scheme_removed"`
	Reference     string   `json:"reference"`
	Upto          string   `json:"upto"`
	Prefix        string   `json:"prefix"`
	Resolved      string   `json:"resolved"`
	GotoAddedRoot bool     `json:"goto_added_path_root"`
	Force         string   `json:"force"`
	Forced        bool     `json:"forced"`
	ForceChanges  []change `json:"force_changes"`
	Result        string   `json:"result"`
}

type stepJSON struct {
	Rule   string         `json:"rule"`
	From   string         `json:"from"`
	To     string         `json:"to"`
	Before string         `json:"before"`
	After  string         `json:"after"`
	Count  int            `json:"count,omitempty"`  // a summarised run of Count steps
	Counts map[string]int `json:"counts,omitempty"` // how often each rule applied in it
}

type normaliseJSON struct {
	Steps  []stepJSON `json:"steps"`
	Result string     `json:"result"`
}

type printJSON struct {
	ForPrinting    string     `json:"for_printing"`
	ForPrintingWhy string     `json:"for_printing_why,omitempty"`
	Profile        string     `json:"profile"`
	ProfileWhy     string     `json:"profile_why"`
	Encoded        []encoding `json:"encoded"`
	Href           string     `json:"href"`
}

// MarshalJSON returns the explanation as one JSON object with every phase,
// as `urlspec explain --json` prints it.
func (x *Explanation) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	if err := x.WriteJSON(&b); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// WriteJSON writes the explanation to w as MarshalJSON returns it, followed
// by a newline, without the copies that json.Marshal makes of a
// Marshaler's output (it checks and compacts it): for a long input, the
// way to write it.
//
// The parse phase's components, one record per component (a long path has
// many), are written one by one, and every other member of the object is
// encoded on its own: the output is the encoding of the whole object, byte
// for byte (TestWriteJSONIsTheEncoding), without holding it in memory.
func (x *Explanation) WriteJSON(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	put := func(v any) error {
		buf.Reset()
		if err := enc.Encode(v); err != nil {
			return err
		}
		_, err := bw.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
		return err
	}
	j := x.toJSON(false)
	err := writeObject(bw, reflect.ValueOf(j), put, func(name string, v reflect.Value) error {
		if name != "parse" {
			return put(v.Interface())
		}
		return writeObject(bw, v.Elem(), put, func(name string, v reflect.Value) error {
			if name != "components" {
				return put(v.Interface())
			}
			bw.WriteByte('[')
			first := true
			cj := new(display.ComponentJSON) // one variable for all: no allocation per component
			for c := range display.ComponentsJSON(&x.parsed) {
				if !first {
					bw.WriteByte(',')
				}
				first = false
				*cj = c
				if err := put(cj); err != nil {
					return err
				}
			}
			return bw.WriteByte(']')
		})
	})
	if err != nil {
		return err
	}
	bw.WriteByte('\n')
	return bw.Flush()
}

// writeObject writes the struct v as encoding/json encodes it (its fields in
// order, named by their json tags, those tagged omitempty left out when
// zero), each member's value written by member.
func writeObject(w *bufio.Writer, v reflect.Value, put func(any) error, member func(name string, v reflect.Value) error) error {
	w.WriteByte('{')
	first := true
	t := v.Type()
	for i := range t.NumField() {
		name, opts, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		f := v.Field(i)
		if opts == "omitempty" && f.IsZero() {
			continue
		}
		if !first {
			w.WriteByte(',')
		}
		first = false
		if err := put(name); err != nil {
			return err
		}
		w.WriteByte(':')
		if err := member(name, f); err != nil {
			return err
		}
	}
	return w.WriteByte('}')
}

// toJSON returns the explanation as the JSON object's Go value; with
// components false, the parse phase's components are left out (nil), for
// WriteJSON to write one by one.
func (x *Explanation) toJSON(components bool) explainJSON {
	j := explainJSON{Input: x.input}
	if x.base != nil {
		j.Base = &baseJSON{Input: x.base.input}
		if x.base.err != nil {
			j.Failure, j.Phase = display.Ptr(display.ErrorInfoOf(x.base.err)), "base"
			return j
		}
		j.Base.Href, j.Base.Components = x.base.url.Href(), x.base.model.String()
	}
	inner := x.inner
	if inner == nil {
		inner = []removal{}
	}
	j.Preprocess = &preprocessJSON{x.pre, x.leading, x.trailing, inner}
	if x.modeErr != nil {
		j.Failure, j.Phase = display.Ptr(display.ErrorInfoOf(x.modeErr)), "mode"
		return j
	}
	j.Mode = &modeJSON{x.mode.String(), x.modeWhy, x.fallback.String()}
	if x.parseErr != nil {
		j.Failure, j.Phase = display.Ptr(display.ErrorInfoOf(x.parseErr)), "parse"
		return j
	}
	j.Parse = &phaseJSON{nil, x.parsed.String(), x.hostNote}
	if components {
		j.Parse.Components = display.ComponentRecords(&x.parsed)
	}
	ex := &x.ex
	r := &explainResolveJSON{Why: ex.Why, SchemeRemoved: ex.SchemeRemoved, Reference: ex.Reference.String(),
		Upto: model.Ord(&ex.Reference).String(), Prefix: ex.Prefix.String(), Resolved: ex.Resolved.String(),
		GotoAddedRoot: x.gotoAddedRoot, Force: ex.Force, Forced: ex.Forced, ForceChanges: x.forceChanges}
	if r.ForceChanges == nil {
		r.ForceChanges = []change{}
	}
	switch x.branch {
	case resolve.BranchForcedLegacy:
		r.Case = "force-legacy"
	case resolve.BranchGeneric:
		r.Case = "generic"
	default:
		r.Case = "failed"
	}
	j.Resolve = r
	if x.resolveErr != nil {
		j.Failure, j.Phase = display.Ptr(display.ErrorInfoOf(x.resolveErr)), "resolve"
		return j
	}
	r.Result = x.resolved.String()
	steps := []stepJSON{}
	for _, s := range x.steps {
		st := stepJSON{Rule: s.Rule.String(), Before: s.Before.String(), After: s.After.String()}
		if s.Count == 1 {
			st.From, st.To = diff(&s.Before, &s.After)
		} else {
			st.Count, st.Counts = s.Count, map[string]int{}
			for _, c := range s.Counts {
				st.Counts[c.Rule.String()] = c.N
			}
		}
		steps = append(steps, st)
	}
	j.Normalise = &normaliseJSON{steps, x.normal.String()}
	enc := x.encoded
	if enc == nil {
		enc = []encoding{}
	}
	j.Print = &printJSON{x.forPrinting.String(), x.printingWhy, x.profile.Name(), x.profileWhy, enc, x.href}
	j.Unicode = x.unicode
	if x.mismatch != "" {
		j.Mismatch = x.mismatch
		return j
	}
	j.Result = display.Ptr(display.GettersOf(x.result))
	return j
}

// summary describes a summarised run of normalisation steps.
func summary(s normalize.Step) string {
	var parts []string
	for _, c := range s.Counts {
		parts = append(parts, fmt.Sprintf("%s ×%d", c.Rule, c.N))
	}
	return fmt.Sprintf("%d more steps, summarised: %s", s.Count, strings.Join(parts, ", "))
}

// Input returns the input as given.
func (x *Explanation) Input() string { return x.input }

// Href returns the href that the explained phases give ("" when the input
// fails).
func (x *Explanation) Href() string { return x.href }

// Unicode returns the Unicode printing of the result ("" when the input
// fails).
func (x *Explanation) Unicode() string { return x.unicode }

// Result returns urlspec.Parse's answer for the input and base (or, with
// Options.Mode, the URL the phases give), and its error.
func (x *Explanation) Result() (urlspec.URL, error) { return x.result, x.resultErr }

// Mismatch is "" when the explained phases agree with urlspec.Parse, and
// says how they differ otherwise (never expected).
func (x *Explanation) Mismatch() string { return x.mismatch }
