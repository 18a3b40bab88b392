package readings

import (
	"strconv"
	"strings"
)

// Shape is a named input of a known attack shape.
type Shape struct {
	Name  string
	Input string
}

// AttackShapes returns the inputs of the known attack shapes on URL
// checks that docs/readings.md tabulates: backslashes, '@' in the
// userinfo, http:/\, legacy IPv4 forms, tabs and newlines, fullwidth dots,
// %2e%2e, scheme-relative //, and a few controls that agree.
func AttackShapes() []Shape {
	return []Shape{
		{"backslash before @", `http://evil.example\@good.example/`},
		{"backslash as the authority's slashes", `http:\\evil.example\path`},
		{"http:/\\", `http:/\evil.example/`},
		{"no slashes", `http:evil.example/`},
		{"three slashes", `http:///evil.example/`},
		{"@ in the userinfo", `http://good.example@evil.example/`},
		{"two @", `http://a@good.example@evil.example/`},
		{"# before @", `http://evil.example#@good.example/`},
		{"? before @", `http://evil.example?@good.example/`},
		{"IPv4 hex and short", `http://0x7f.1/`},
		{"IPv4 one number", `http://2130706433/`},
		{"IPv4 octal", `http://0177.0.0.1/`},
		{"IPv4 trailing dot", `http://127.0.0.1./`},
		{"tab in the host", "http://ev\til.example/"},
		{"newline in the scheme", "ht\ntp://evil.example/"},
		{"leading space", " http://evil.example/"},
		{"fullwidth dots", "http://evil\uff0eexample/"},
		{"ideographic full stop", "http://evil\u3002example/"},
		{"%2e%2e segment", `http://good.example/a/%2e%2e/admin`},
		{".. segment", `http://good.example/a/../admin`},
		{"encoded host", `http://%65vil.example/`},
		{"scheme-relative", `//evil.example/path`},
		{"scheme-relative backslashes", `/\evil.example/path`},
		{"upper-case scheme and host", `HTTP://GOOD.EXAMPLE/`},
		{"default port", `http://good.example:80/`},
		{"plain", `https://good.example/a?b#c`},
	}
}

// MarkdownTable renders the readings of shapes as a Markdown table: one
// row per input with its host in each reading, whether they agree, and the
// first byte where they part with the component.
func MarkdownTable(shapes []Shape) string {
	var b strings.Builder
	b.WriteString("| shape | input | whatwg host | rfc3986 host | generic host | legacy host | net/url host | agree | diverges at |\n")
	b.WriteString("| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, s := range shapes {
		r := Readings(s.Input)
		b.WriteString("| " + s.Name + " | " + code(strconv.Quote(s.Input)))
		for _, rd := range r.Readings {
			b.WriteString(" | ")
			switch {
			case rd.Err != nil:
				b.WriteString("*fails*")
			case rd.Host == "":
				b.WriteString("(none)")
			default:
				b.WriteString(code(rd.Host))
			}
		}
		if r.Agree() {
			b.WriteString(" | yes | |\n")
			continue
		}
		b.WriteString(" | no | byte " + strconv.Itoa(r.Diverge))
		if r.Diverge < len(s.Input) {
			b.WriteString(" " + code(strconv.Quote(s.Input[r.Diverge:r.Diverge+1])))
		}
		b.WriteString(" (" + r.Component + ") |\n")
	}
	return b.String()
}

// code wraps s in a Markdown code span that a '|' or '`' in s cannot break.
func code(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	if strings.Contains(s, "`") {
		return "`` " + s + " ``"
	}
	return "`" + s + "`"
}
