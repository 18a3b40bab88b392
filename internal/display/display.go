// Package display holds the readable and JSON renderings that the urlspec
// command and package explain share: quoting and carets for terminals, the
// colour palette, component lines and records, error records and the
// parser-mode reasons, so that every subcommand and the web page's
// explanation read the same.
package display

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	xwidth "golang.org/x/text/width"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
)

// NeedsQuote reports whether s would be misread when shown as it is: it is
// empty, starts or ends with a space, or holds a control, a non-printable
// code point or a byte that is not UTF-8.
func NeedsQuote(s string) bool {
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

// Show returns s as it is, or Go-quoted when needsQuote says so.
func Show(s string) string {
	if NeedsQuote(s) {
		return strconv.Quote(s)
	}
	return s
}

// PointAt renders s for a terminal (Go-quoted when needsQuote says so) and
// a second line with a caret under the character at byte offset off (after
// the end when off = len(s)).
func PointAt(s string, off int) (line, caret string) {
	line, cols := Columns(s)
	return line, strings.Repeat(" ", cols[min(max(off, 0), len(s))]) + "^"
}

// Columns renders s as PointAt does and returns, for every byte offset
// 0…len(s), the column of the caret PointAt(s, off) draws (a byte inside a
// multi-byte character points at the character): one pass for all the
// offsets, so that many carets under one line cost linear time.
func Columns(s string) (line string, cols []int) {
	quoted := NeedsQuote(s)
	var b strings.Builder
	cols = make([]int, len(s)+1)
	col := 0
	if quoted {
		b.WriteByte('"')
		col++
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		for k := i; k < i+n; k++ {
			cols[k] = col
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
		col += Width(piece)
		i += n
	}
	cols[len(s)] = col
	if quoted {
		b.WriteByte('"')
	}
	return b.String(), cols
}

// Width is the number of terminal columns s takes: East Asian Wide and
// Fullwidth code points (Unicode's East_Asian_Width property, from
// golang.org/x/text/width; emoji presentation characters are Wide there)
// count two, combining marks none.
func Width(s string) int {
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
	switch xwidth.LookupRune(r).Kind() {
	case xwidth.EastAsianWide, xwidth.EastAsianFullwidth:
		return true
	}
	return false
}

// ErrorInfo is a failure (Failure true) or a violation of the strict
// grammar (Failure false) as --json prints it.
type ErrorInfo struct {
	Failure bool   `json:"failure,omitempty"`
	Error   string `json:"error,omitempty"`
	Code    string `json:"code,omitempty"`
	Offset  *int   `json:"offset,omitempty"`
	Reason  string `json:"reason,omitempty"`
}

// ErrorInfoOf returns the record of err.
func ErrorInfoOf(err error) ErrorInfo {
	info := ErrorInfo{Failure: true, Error: err.Error()}
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

// DescribeError is the one-line readable form of err: "code: reason".
func DescribeError(err error) string {
	var e *model.Error
	if !errors.As(err, &e) {
		return err.Error()
	}
	if e.Reason == "" {
		return string(e.Code)
	}
	return string(e.Code) + ": " + e.Reason
}

// SGR sequences of the palette.
const (
	sgrReset  = "\x1b[0m"
	sgrBold   = "\x1b[1m"
	sgrDim    = "\x1b[2m"
	sgrRed    = "\x1b[31m"
	sgrGreen  = "\x1b[32m"
	sgrYellow = "\x1b[33m"
	sgrCyan   = "\x1b[36m"
)

// Palette colours readable output when On; off, every method returns its
// argument.
type Palette struct{ On bool }

func (p Palette) paint(sgr, s string) string {
	if !p.On || s == "" {
		return s
	}
	return sgr + s + sgrReset
}

// Label colours a label (cyan).
func (p Palette) Label(s string) string { return p.paint(sgrCyan, s) }

// Heading colours a heading (bold).
func (p Palette) Heading(s string) string { return p.paint(sgrBold, s) }

// Good colours a good verdict (green).
func (p Palette) Good(s string) string { return p.paint(sgrGreen, s) }

// Bad colours a failure (red).
func (p Palette) Bad(s string) string { return p.paint(sgrRed, s) }

// Warn colours a warning (yellow).
func (p Palette) Warn(s string) string { return p.paint(sgrYellow, s) }

// Dim colours a remark (dim).
func (p Palette) Dim(s string) string { return p.paint(sgrDim, s) }

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

// Render returns the structural rendering of one component, e.g. (dir a).
func Render(c model.Component) string { return single(c).String() }

// RenderValue returns the value of a component as the structural rendering
// shows it: ε for the empty string, Go-quoted when it could be misread.
func RenderValue(c model.Component) string {
	if c.Type != model.AuthorityType && plainValue(c.Value) {
		return c.Value // shown as it is: no allocation for the usual path segment
	}
	s := Render(c)
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

// ComponentList returns the component sequence of u as a slice.
func ComponentList(u *model.URL) []model.Component {
	cs := make([]model.Component, 0, u.NumDirs()+8)
	for c := range u.Components() {
		cs = append(cs, c)
	}
	return cs
}

// ValueOrEpsilon shows s, or ε when it is empty.
func ValueOrEpsilon(s string) string {
	if s == "" {
		return "ε"
	}
	return Show(s)
}

// HostKind names the kind of a host in the spec's words.
func HostKind(h model.Host) string {
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

// ComponentJSON is one component as --json prints it. Value is the value
// (for the authority, its structural rendering); the authority's own
// components are given apart, each present only when the authority has it
// (in an embedded pointer, so that the many dirs of a long path stay small).
type ComponentJSON struct {
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

// ComponentsJSON yields the components of u as --json writes them.
func ComponentsJSON(u *model.URL) iter.Seq[ComponentJSON] {
	return func(yield func(ComponentJSON) bool) {
		for c := range u.Components() {
			j := ComponentJSON{Type: c.Type.String(), Value: c.Value}
			if c.Type == model.AuthorityType {
				a := c.Authority
				j.Value = a.String()
				aj := &authorityJSON{}
				if a.HasUsername() {
					aj.Username = Ptr(a.Username())
				}
				if a.HasPassword() {
					aj.Password = Ptr(a.Password())
				}
				if a.HasHost() {
					h := a.Host()
					aj.Host, aj.HostKind = Ptr(h.String()), HostKind(h)
				}
				if a.HasPort() {
					p := ""
					if n, ok := a.Port(); ok {
						p = strconv.Itoa(int(n))
					}
					aj.Port = Ptr(p)
				}
				j.authorityJSON = aj
			}
			if !yield(j) {
				return
			}
		}
	}
}

// ComponentRecords returns the components of u as --json writes them, as a
// slice (empty, not nil, for the empty URL).
func ComponentRecords(u *model.URL) []ComponentJSON {
	out := make([]ComponentJSON, 0, u.NumDirs()+8)
	for c := range ComponentsJSON(u) {
		out = append(out, c)
	}
	return out
}

// Ptr returns a pointer to a copy of v.
func Ptr[T any](v T) *T { return &v }

// SchemeOf returns the scheme-string at the start of s when a ':' follows
// it (spec §Parser modes), else "".
func SchemeOf(s string) string { return s[:grammar.SchemeLen(s)] }

// ModeWhy returns parser-mode-for s with fallback (spec §Parser modes) and
// why it is that mode; fallbackWhy says where the fallback comes from.
func ModeWhy(s string, fallback grammar.Mode, fallbackWhy string) (grammar.Mode, string) {
	m := grammar.ModeFor(s, fallback)
	sc := SchemeOf(s)
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

// LabelWidth is the column width of labels in readable output: the longest
// rule name of package normalize, indented by two, fits.
const LabelWidth = 16

// Pad pads s with spaces to n runes.
func Pad(s string, n int) string {
	if k := n - utf8.RuneCountInString(s); k > 0 {
		return s + strings.Repeat(" ", k)
	}
	return s
}

// Lines writes readable output: labelled fields, failures with a caret,
// component sequences.
type Lines struct {
	W   io.Writer
	Pal Palette
	buf []byte // Field's line buffer, reused
}

// Printf writes a formatted string.
func (o *Lines) Printf(format string, args ...any) { fmt.Fprintf(o.W, format, args...) }

// Field writes a label, padded to LabelWidth-indent, and a value (the label
// alone when value is ""). It builds the line in a buffer it reuses: a long
// path writes one field per segment.
func (o *Lines) Field(indent int, label, value string) {
	b := o.buf[:0]
	for range indent {
		b = append(b, ' ')
	}
	if o.Pal.On && label != "" {
		b = append(b, sgrCyan...)
	}
	b = append(b, label...)
	if value != "" {
		for k := LabelWidth - indent - utf8.RuneCountInString(label); k > 0; k-- {
			b = append(b, ' ')
		}
	}
	if o.Pal.On && label != "" {
		b = append(b, sgrReset...)
	}
	if value != "" {
		b = append(b, ' ')
		b = append(b, value...)
	}
	b = append(b, '\n')
	o.W.Write(b)
	o.buf = b
}

// Failure writes err readably: its code and reason and, when it has an
// offset into in, the input with a caret under the offending character.
func (o *Lines) Failure(indent int, label, in string, err error) {
	o.Field(indent, label, o.Pal.Bad(DescribeError(err)))
	var e *model.Error
	if errors.As(err, &e) && e.Offset >= 0 && e.Offset <= len(in) && e.Input == in {
		line, caret := PointAt(in, e.Offset)
		sp := strings.Repeat(" ", indent+2)
		o.Printf("%s%s\n%s%s %s\n", sp, line, sp, o.Pal.Bad(caret), o.Pal.Dim("byte "+strconv.Itoa(e.Offset)))
	}
}

// Components writes the components of u one a line, the authority's own
// components indented below it; hostNote, when not empty, is written below
// the host.
func (o *Lines) Components(indent int, u *model.URL, hostNote string) {
	if u.IsEmpty() {
		o.Printf("%sε %s\n", strings.Repeat(" ", indent), o.Pal.Dim("(the empty URL)"))
		return
	}
	for c := range u.Components() { // no slice: a long path has many
		o.Field(indent, c.Type.String(), RenderValue(c))
		if c.Type != model.AuthorityType {
			continue
		}
		a := c.Authority
		if a.HasUsername() {
			o.Field(indent+2, "username", ValueOrEpsilon(a.Username()))
		}
		if a.HasPassword() {
			o.Field(indent+2, "password", ValueOrEpsilon(a.Password()))
		}
		if a.HasHost() {
			h := a.Host()
			o.Field(indent+2, "host", Show(h.String())+" "+o.Pal.Dim("("+HostKind(h)+")"))
			if hostNote != "" {
				o.Field(indent+4, "", o.Pal.Dim(hostNote))
			}
		}
		if a.HasPort() {
			p := "ε"
			if n, ok := a.Port(); ok {
				p = strconv.Itoa(int(n))
			}
			o.Field(indent+2, "port", p)
		}
	}
}

// Getters holds the eleven WHATWG getters by their names, as --json, the
// explanation and the web page write them.
type Getters struct {
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

// GettersOf returns the getters of u.
func GettersOf(u urlspec.URL) Getters {
	return Getters{u.Href(), u.Protocol(), u.Username(), u.Password(), u.Host(), u.Hostname(),
		u.Port(), u.Pathname(), u.Search(), u.Hash(), u.Origin().String()}
}

// NamedValue is a getter's name and value.
type NamedValue struct{ Name, Value string }

// List returns the getters in the standard's order.
func (g Getters) List() []NamedValue {
	return []NamedValue{
		{"href", g.Href}, {"protocol", g.Protocol}, {"username", g.Username},
		{"password", g.Password}, {"host", g.Host}, {"hostname", g.Hostname},
		{"port", g.Port}, {"pathname", g.Pathname}, {"search", g.Search},
		{"hash", g.Hash}, {"origin", g.Origin},
	}
}
