package urlpattern

import (
	"strings"
	"unicode/utf8"
)

// generateRegexp implements "generate a regular expression and name list"
// (URLPattern Standard §Converting part lists to regular expressions). The
// result is ECMAScript source text, as the standard defines it; compile
// translates it to Go's syntax.
func generateRegexp(parts []part, opts options) (string, []string) {
	var b strings.Builder
	b.WriteByte('^')
	var names []string
	for i := range parts {
		p := &parts[i]
		if p.typ == partFixedText {
			if p.modifier == modNone {
				b.WriteString(escapeRegexpString(p.value))
			} else {
				b.WriteString("(?:")
				b.WriteString(escapeRegexpString(p.value))
				b.WriteString(")")
				b.WriteString(p.modifier.String())
			}
			continue
		}
		names = append(names, p.name)
		re := p.value
		switch p.typ {
		case partSegmentWildcard:
			re = segmentWildcardRegexp(opts)
		case partFullWildcard:
			re = fullWildcardRegexpValue
		}
		if p.prefix == "" && p.suffix == "" {
			if p.modifier == modNone || p.modifier == modOptional {
				b.WriteString("(" + re + ")" + p.modifier.String())
			} else {
				b.WriteString("((?:" + re + ")" + p.modifier.String() + ")")
			}
			continue
		}
		prefix, suffix := escapeRegexpString(p.prefix), escapeRegexpString(p.suffix)
		if p.modifier == modNone || p.modifier == modOptional {
			b.WriteString("(?:" + prefix + "(" + re + ")" + suffix + ")" + p.modifier.String())
			continue
		}
		b.WriteString("(?:" + prefix + "((?:" + re + ")(?:" + suffix + prefix + "(?:" + re + "))*)" + suffix + ")")
		if p.modifier == modZeroOrMore {
			b.WriteByte('?')
		}
	}
	b.WriteByte('$')
	return b.String(), names
}

// escapeRegexpString implements "escape a regexp string".
func escapeRegexpString(s string) string {
	return escapeWith(s, `.+*?^${}()[]|/\`)
}

// escapePatternString implements "escape a pattern string".
func escapePatternString(s string) string {
	return escapeWith(s, `+*?:{}()\`)
}

func escapeWith(s, special string) string {
	if !strings.ContainsAny(s, special) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(special, s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// generatePatternString implements "generate a pattern string"
// (§Converting part lists to pattern strings).
func generatePatternString(parts []part, opts options) string {
	var b strings.Builder
	for i := range parts {
		p := &parts[i]
		var prev, next *part
		if i > 0 {
			prev = &parts[i-1]
		}
		if i < len(parts)-1 {
			next = &parts[i+1]
		}
		if p.typ == partFixedText {
			if p.modifier == modNone {
				b.WriteString(escapePatternString(p.value))
				continue
			}
			b.WriteString("{" + escapePatternString(p.value) + "}" + p.modifier.String())
			continue
		}
		customName := !isASCIIDigit(p.name[0])
		needsGrouping := p.suffix != "" || p.prefix != "" && p.prefix != opts.prefix
		if !needsGrouping && customName && p.typ == partSegmentWildcard && p.modifier == modNone &&
			next != nil && next.prefix == "" && next.suffix == "" {
			if next.typ == partFixedText {
				r, _ := utf8.DecodeRuneInString(next.value)
				needsGrouping = next.value != "" && isValidNameCodePoint(r, false)
			} else {
				needsGrouping = isASCIIDigit(next.name[0])
			}
		}
		if !needsGrouping && p.prefix == "" && prev != nil && prev.typ == partFixedText &&
			prev.value != "" && opts.prefix != "" && strings.HasSuffix(prev.value, opts.prefix) {
			needsGrouping = true
		}
		if needsGrouping {
			b.WriteByte('{')
		}
		b.WriteString(escapePatternString(p.prefix))
		if customName {
			b.WriteString(":" + p.name)
		}
		switch {
		case p.typ == partRegexp:
			b.WriteString("(" + p.value + ")")
		case p.typ == partSegmentWildcard && !customName:
			b.WriteString("(" + segmentWildcardRegexp(opts) + ")")
		case p.typ == partFullWildcard:
			if !customName && (prev == nil || prev.typ == partFixedText || prev.modifier != modNone || needsGrouping || p.prefix != "") {
				b.WriteByte('*')
			} else {
				b.WriteString("(" + fullWildcardRegexpValue + ")")
			}
		}
		if p.typ == partSegmentWildcard && customName && p.suffix != "" {
			if r, _ := utf8.DecodeRuneInString(p.suffix); isValidNameCodePoint(r, false) {
				b.WriteByte('\\')
			}
		}
		b.WriteString(escapePatternString(p.suffix))
		if needsGrouping {
			b.WriteByte('}')
		}
		b.WriteString(p.modifier.String())
	}
	return b.String()
}

func isASCIIDigit(c byte) bool { return '0' <= c && c <= '9' }
