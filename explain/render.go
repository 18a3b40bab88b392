package explain

// Rendering helpers, the same as those of cmd/urlspec (the command's other
// subcommands keep their own copy), so that the explanation reads the same
// in the command and on the web page.

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
)

// needsQuote reports whether s would be misread when shown as it is: it is
// empty, starts or ends with a space, or holds a control, a non-printable
// code point or a byte that is not UTF-8.
func needsQuote(s string) bool {
	if s == "" || s[0] == ' ' || s[len(s)-1] == ' ' {
		return true
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || !unicode.IsPrint(r) {
			return true
		}
		i += n
	}
	return false
}

// show returns s as it is, or Go-quoted when needsQuote says so.
func show(s string) string {
	if needsQuote(s) {
		return strconv.Quote(s)
	}
	return s
}

// pointAt renders s for a terminal (Go-quoted when needsQuote says so) and
// a second line with a caret under the character at byte offset off (after
// the end when off = len(s)).
func pointAt(s string, off int) (line, caret string) {
	quoted := needsQuote(s)
	var b strings.Builder
	col, caretCol := 0, -1
	if quoted {
		b.WriteByte('"')
		col++
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if caretCol < 0 && off < i+n {
			caretCol = col
		}
		var piece string
		switch {
		case r == utf8.RuneError && n == 1:
			piece = `\x` + strconv.FormatUint(uint64(s[i])|0x100, 16)[1:]
		case quoted && (r == '"' || r == '\\' || !unicode.IsPrint(r)):
			q := strconv.QuoteRune(r)
			piece = q[1 : len(q)-1]
		default:
			piece = string(r)
		}
		b.WriteString(piece)
		col += width(piece)
		i += n
	}
	if caretCol < 0 {
		caretCol = col
	}
	if quoted {
		b.WriteByte('"')
	}
	return b.String(), strings.Repeat(" ", caretCol) + "^"
}

// width is the number of terminal columns s takes: wide East Asian and emoji
// code points count two, combining marks none.
func width(s string) int {
	w := 0
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
		case isWide(r):
			w += 2
		default:
			w++
		}
	}
	return w
}

func isWide(r rune) bool {
	return r >= 0x1100 && r <= 0x115F || r >= 0x2E80 && r <= 0xA4CF || r >= 0xAC00 && r <= 0xD7A3 ||
		r >= 0xF900 && r <= 0xFAFF || r >= 0xFE30 && r <= 0xFE4F || r >= 0xFF00 && r <= 0xFF60 ||
		r >= 0xFFE0 && r <= 0xFFE6 || r >= 0x1F300 && r <= 0x1F64F || r >= 0x1F900 && r <= 0x1F9FF ||
		r >= 0x20000 && r <= 0x3FFFD
}

// errorInfo is a failure (Failure true) or a violation of the strict
// grammar (Failure false) as --json prints it.
type errorInfo struct {
	Failure bool   `json:"failure,omitempty"`
	Error   string `json:"error,omitempty"`
	Code    string `json:"code,omitempty"`
	Offset  *int   `json:"offset,omitempty"`
	Reason  string `json:"reason,omitempty"`
}

func errorInfoOf(err error) errorInfo {
	info := errorInfo{Failure: true, Error: err.Error()}
	var e *model.Error
	if errors.As(err, &e) {
		info.Code, info.Reason = string(e.Code), e.Reason
		if e.Offset >= 0 {
			off := e.Offset
			info.Offset = &off
		}
	}
	return info
}

// describeError is the one-line readable form of err: "code: reason".
func describeError(err error) string {
	var e *model.Error
	if !errors.As(err, &e) {
		return err.Error()
	}
	if e.Reason == "" {
		return string(e.Code)
	}
	return string(e.Code) + ": " + e.Reason
}

// writeFailure writes err readably: its code and reason and, when it has an
// offset into in, the input with a caret under the offending character.
func (o *output) writeFailure(indent int, label, in string, err error) {
	o.field(indent, label, o.pal.bad(describeError(err)))
	var e *model.Error
	if errors.As(err, &e) && e.Offset >= 0 && e.Offset <= len(in) && e.Input == in {
		line, caret := pointAt(in, e.Offset)
		sp := strings.Repeat(" ", indent+2)
		o.printf("%s%s\n%s%s %s\n", sp, line, sp, o.pal.bad(caret), o.pal.dim("byte "+strconv.Itoa(e.Offset)))
	}
}

const (
	sgrReset  = "\x1b[0m"
	sgrBold   = "\x1b[1m"
	sgrDim    = "\x1b[2m"
	sgrRed    = "\x1b[31m"
	sgrYellow = "\x1b[33m"
	sgrCyan   = "\x1b[36m"
)

// palette colours the readable output. Colour is on only when stdout is a
// terminal (a character device), NO_COLOR is unset or empty
// (https://no-color.org) and TERM is not "dumb"; pipes, files and tests get
// plain text.
type palette struct{ on bool }

func (p palette) paint(sgr, s string) string {
	if !p.on || s == "" {
		return s
	}
	return sgr + s + sgrReset
}

func (p palette) label(s string) string { return p.paint(sgrCyan, s) }

func (p palette) heading(s string) string { return p.paint(sgrBold, s) }

func (p palette) bad(s string) string { return p.paint(sgrRed, s) }

func (p palette) warn(s string) string { return p.paint(sgrYellow, s) }

func (p palette) dim(s string) string { return p.paint(sgrDim, s) }

// single returns the URL whose only component is c.
func single(c model.Component) model.URL {
	var u model.URL
	switch c.Type {
	case model.AuthorityType:
		u.SetAuthority(c.Authority)
	case model.DirType:
		u.SetDirs([]string{c.Value})
	default:
		u.Set(c.Type, c.Value)
	}
	return u
}

// render returns the structural rendering of one component, e.g. (dir a).
func render(c model.Component) string { return single(c).String() }

// renderValue returns the value of a component as the structural rendering
// shows it: ε for the empty string, Go-quoted when it could be misread.
func renderValue(c model.Component) string {
	if c.Type != model.AuthorityType && plainValue(c.Value) {
		return c.Value // shown as it is: no allocation for the usual path segment
	}
	s := render(c)
	s = strings.TrimPrefix(s, "("+c.Type.String()+" ")
	return strings.TrimSuffix(s, ")")
}

// plainValue reports whether v is non-empty and made of bytes that the
// structural rendering always shows as they are (letters, digits and
// "-._~%!$&'*+,;=:@/?"): a conservative test, the rendering decides the rest.
func plainValue(v string) bool {
	if v == "" {
		return false
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~%!$&'*+,;=:@/?", c) >= 0) {
			return false
		}
	}
	return true
}

// components returns the component sequence of u as a slice.
func components(u *model.URL) []model.Component {
	cs := make([]model.Component, 0, u.NumDirs()+8)
	for c := range u.Components() {
		cs = append(cs, c)
	}
	return cs
}

// writeComponents writes the components of u one a line, the authority's
// own components indented below it.
// hostNote, when not empty, is written below the host.
func (o *output) writeComponents(indent int, u *model.URL, hostNote string) {
	if u.IsEmpty() {
		o.printf("%sε %s\n", strings.Repeat(" ", indent), o.pal.dim("(the empty URL)"))
		return
	}
	for c := range u.Components() { // no slice: a long path has many
		o.field(indent, c.Type.String(), renderValue(c))
		if c.Type != model.AuthorityType {
			continue
		}
		a := c.Authority
		if a.HasUsername() {
			o.field(indent+2, "username", valueOrEpsilon(a.Username()))
		}
		if a.HasPassword() {
			o.field(indent+2, "password", valueOrEpsilon(a.Password()))
		}
		if a.HasHost() {
			h := a.Host()
			o.field(indent+2, "host", show(h.String())+" "+o.pal.dim("("+hostKind(h)+")"))
			if hostNote != "" {
				o.field(indent+4, "", o.pal.dim(hostNote))
			}
		}
		if a.HasPort() {
			p := "ε"
			if n, ok := a.Port(); ok {
				p = strconv.Itoa(int(n))
			}
			o.field(indent+2, "port", p)
		}
	}
}

func valueOrEpsilon(s string) string {
	if s == "" {
		return "ε"
	}
	return show(s)
}

// hostKind names the kind of a host in the spec's words.
func hostKind(h model.Host) string {
	switch h.Kind {
	case model.Domain:
		return "domain"
	case model.IPv4:
		return "ipv4-address"
	case model.IPv6:
		return "ipv6-address"
	case model.Opaque:
		return "opaque-host"
	}
	return "none"
}

// componentJSON is one component as --json prints it. Value is the value
// (for the authority, its structural rendering); the authority's own
// components are given apart, each present only when the authority has it
// (in an embedded pointer, so that the many dirs of a long path stay small).
type componentJSON struct {
	Type  string `json:"type"`
	Value string `json:"value"`
	*authorityJSON
}

type authorityJSON struct {
	Username *string `json:"username,omitempty"`
	Password *string `json:"password,omitempty"`
	Host     *string `json:"host,omitempty"`
	HostKind string  `json:"host_kind,omitempty"`
	Port     *string `json:"port,omitempty"`
}

// componentsJSONSeq yields the components of u as --json writes them.
func componentsJSONSeq(u *model.URL) iter.Seq[componentJSON] {
	return func(yield func(componentJSON) bool) {
		for c := range u.Components() {
			j := componentJSON{Type: c.Type.String(), Value: c.Value}
			if c.Type == model.AuthorityType {
				a := c.Authority
				j.Value = a.String()
				aj := &authorityJSON{}
				if a.HasUsername() {
					aj.Username = ptr(a.Username())
				}
				if a.HasPassword() {
					aj.Password = ptr(a.Password())
				}
				if a.HasHost() {
					h := a.Host()
					aj.Host, aj.HostKind = ptr(h.String()), hostKind(h)
				}
				if a.HasPort() {
					p := ""
					if n, ok := a.Port(); ok {
						p = strconv.Itoa(int(n))
					}
					aj.Port = ptr(p)
				}
				j.authorityJSON = aj
			}
			if !yield(j) {
				return
			}
		}
	}
}

func ptr[T any](v T) *T { return &v }

// diff returns the part of the component sequence of a that differs from b
// (after their common prefix and suffix), rendered, as "before" and "after".
// An empty part is ε.
func diff(a, b *model.URL) (before, after string) { return diffContext(a, b, 0) }

// diffContext is diff with up to ctx unchanged components kept on each side.
func diffContext(a, b *model.URL, ctx int) (before, after string) {
	ca, cb := components(a), components(b)
	i := 0
	for i < len(ca) && i < len(cb) && sameComponent(ca[i], cb[i]) {
		i++
	}
	j := 0
	for j < len(ca)-i && j < len(cb)-i && sameComponent(ca[len(ca)-1-j], cb[len(cb)-1-j]) {
		j++
	}
	i, j = max(i-ctx, 0), max(j-ctx, 0)
	return renderSeq(ca[i : len(ca)-j]), renderSeq(cb[i : len(cb)-j])
}

func sameComponent(a, b model.Component) bool { return a == b }

func renderSeq(cs []model.Component) string {
	if len(cs) == 0 {
		return "ε"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = render(c)
	}
	return strings.Join(parts, "・")
}

type namedValue struct{ name, value string }

// getterList returns the eleven WHATWG getters in the standard's order.
func getterList(u *urlspec.URL) []namedValue {
	return []namedValue{
		{"href", u.Href()}, {"protocol", u.Protocol()}, {"username", u.Username()},
		{"password", u.Password()}, {"host", u.Host()}, {"hostname", u.Hostname()},
		{"port", u.Port()}, {"pathname", u.Pathname()}, {"search", u.Search()},
		{"hash", u.Hash()}, {"origin", u.Origin().String()},
	}
}

// gettersJSON holds the eleven getters by their WHATWG names.
type gettersJSON struct {
	Href     string `json:"href"`
	Protocol string `json:"protocol"`
	Username string `json:"username"`
	Password string `json:"password"`
	Host     string `json:"host"`
	Hostname string `json:"hostname"`
	Port     string `json:"port"`
	Pathname string `json:"pathname"`
	Search   string `json:"search"`
	Hash     string `json:"hash"`
	Origin   string `json:"origin"`
}

func gettersJSONOf(u *urlspec.URL) gettersJSON {
	return gettersJSON{u.Href(), u.Protocol(), u.Username(), u.Password(), u.Host(),
		u.Hostname(), u.Port(), u.Pathname(), u.Search(), u.Hash(), u.Origin().String()}
}

// quote shows a getter's value Go-quoted, so that the empty string shows.
func quote(s string) string { return strconv.Quote(s) }

// output is the writer of a subcommand: it separates the readable blocks of
// successive inputs by a blank line and writes JSON Lines for --json.
type output struct {
	w   io.Writer
	pal palette
	buf []byte // field's line buffer, reused
}

func (o *output) printf(format string, args ...any) { fmt.Fprintf(o.w, format, args...) }

// labelWidth is the column width of labels in readable output: the longest
// rule name of package normalize, indented by two, fits.
const labelWidth = 16

// field writes a label, padded, and a value. It builds the line in a buffer
// it reuses: a long path writes one field per segment.
func (o *output) field(indent int, label, value string) {
	b := o.buf[:0]
	for range indent {
		b = append(b, ' ')
	}
	if value == "" {
		b = append(b, o.pal.label(label)...)
	} else {
		b = append(b, o.pal.label(label)...)
		for k := labelWidth - indent - utf8.RuneCountInString(label); k > 0; k-- {
			b = append(b, ' ')
		}
		b = append(b, ' ')
		b = append(b, value...)
	}
	b = append(b, '\n')
	o.w.Write(b)
	o.buf = b
}

// pad pads s with spaces to n runes.
func pad(s string, n int) string {
	if k := n - utf8.RuneCountInString(s); k > 0 {
		return s + strings.Repeat(" ", k)
	}
	return s
}

// schemeOf returns the scheme-string at the start of s when a ':' follows
// it (spec §Parser modes), else "".
func schemeOf(s string) string {
	if s == "" || !isAlpha(s[0]) {
		return ""
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if c == ':' {
			return s[:i]
		}
		if !isAlpha(c) && !(c >= '0' && c <= '9') && c != '+' && c != '-' && c != '.' {
			return ""
		}
	}
	return ""
}

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// modeWhy returns parser-mode-for s with fallback (spec §Parser modes) and
// why it is that mode; fallbackWhy says where the fallback comes from.
func modeWhy(s string, fallback grammar.Mode, fallbackWhy string) (grammar.Mode, string) {
	m := grammar.ModeFor(s, fallback)
	sc := schemeOf(s)
	switch {
	case sc == "":
		return m, "no scheme, so the fallback mode: " + fallbackWhy
	case model.IsWebScheme(sc):
		return m, fmt.Sprintf("the input starts with the web-scheme %q and ':'", sc)
	case model.IsFileScheme(sc):
		return m, fmt.Sprintf("the input starts with the file-scheme %q and ':'", sc)
	}
	return m, fmt.Sprintf("the input starts with the scheme %q and ':', neither a web- nor a file-scheme", sc)
}
