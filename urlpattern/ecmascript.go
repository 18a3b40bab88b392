package urlpattern

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file translates the ECMAScript regular expressions that the
// URLPattern Standard compiles (flags "v", or "vi" with ignoreCase) into the
// syntax of Go's regexp package (RE2), so that every match runs in time
// linear in the input. Syntax that RE2 cannot express — lookahead and
// lookbehind assertions, backreferences, string literals in classes (\q{})
// — is rejected with an *Error that says so. Character classes, with the v
// flag's set operations (difference --, intersection &&, nested classes),
// are computed here as sets of code point ranges and written out as Go
// classes.

// translateRegexp translates ECMAScript source re into Go's syntax.
//
// One semantic difference remains, and the caller corrects it: in
// ECMAScript an iteration of a quantified atom beyond its minimum count may
// not match the empty string (RepeatMatcher's empty check), so in
// /^(.*)(.*)?$/ the second group is undefined where Go (as Perl) reports
// an empty match. The language matched is the same; emptyUnmatched lists,
// by group number, the capturing groups quantified directly with a
// minimum of zero, whose empty match the caller reports as unmatched.
func translateRegexp(re string, ignoreCase bool) (goRe string, emptyUnmatched []bool, err error) {
	return translate(re, ignoreCase, true)
}

// translate is translateRegexp; without capture, every group is written
// non-capturing (the same language).
func translate(re string, ignoreCase, capture bool) (goRe string, emptyUnmatched []bool, err error) {
	t := &translator{src: re, uMode: polyfillCompat.on, noCapture: !capture}
	if ignoreCase {
		t.out.WriteString("(?i)")
	}
	if err := t.disjunction(); err != nil {
		return "", nil, err
	}
	if t.pos < len(t.src) {
		return "", nil, t.errorf("unbalanced ')'")
	}
	return t.out.String(), t.emptyUnmatched, nil
}

type translator struct {
	src            string
	pos            int
	out            strings.Builder
	groups         int
	names          map[string]bool
	lastCapture    int // the capturing group the last atom was, or 0
	emptyUnmatched []bool
	uMode          bool // the "u" flag's classes (the polyfill's), not the "v" flag's
	noCapture      bool // write capturing groups as (?:...)
}

// unsupportedError marks syntax that ECMAScript has and RE2 lacks.
func (t *translator) unsupported(what string) error {
	return &Error{Input: t.src, Offset: t.pos, Reason: what + " is not supported: Go's regexp package (RE2, linear time) cannot express it"}
}

func (t *translator) errorf(format string, a ...any) error {
	return &Error{Input: t.src, Offset: t.pos, Reason: "invalid regular expression: " + fmt.Sprintf(format, a...)}
}

func (t *translator) peek() rune {
	if t.pos >= len(t.src) {
		return -1
	}
	r, _ := utf8.DecodeRuneInString(t.src[t.pos:])
	return r
}

func (t *translator) get() rune {
	r, n := utf8.DecodeRuneInString(t.src[t.pos:])
	t.pos += n
	return r
}

func (t *translator) eat(s string) bool {
	if strings.HasPrefix(t.src[t.pos:], s) {
		t.pos += len(s)
		return true
	}
	return false
}

func (t *translator) disjunction() error {
	for {
		if err := t.alternative(); err != nil {
			return err
		}
		if !t.eat("|") {
			return nil
		}
		t.out.WriteByte('|')
	}
}

func (t *translator) alternative() error {
	for t.pos < len(t.src) {
		switch t.peek() {
		case '|', ')':
			return nil
		}
		if err := t.term(); err != nil {
			return err
		}
	}
	return nil
}

func (t *translator) term() error {
	start := t.pos
	switch t.peek() {
	case '^':
		t.pos++
		t.out.WriteByte('^')
		return nil
	case '$':
		t.pos++
		t.out.WriteByte('$')
		return nil
	case '\\':
		if t.eat(`\b`) {
			t.out.WriteString(`\b`)
			return nil
		}
		if t.eat(`\B`) {
			t.out.WriteString(`\B`)
			return nil
		}
	case '(':
		for _, look := range []string{"(?=", "(?!", "(?<=", "(?<!"} {
			if strings.HasPrefix(t.src[t.pos:], look) {
				return t.unsupported("a lookahead or lookbehind assertion " + look + "...)")
			}
		}
	case '*', '+', '?':
		return t.errorf("nothing to repeat at offset %d", start)
	case '{':
		if _, _, ok := t.scanBraces(); ok {
			return t.errorf("nothing to repeat at offset %d", start)
		}
		return t.errorf("lone '{' (write \\{)")
	case '}':
		return t.errorf("lone '}' (write \\})")
	case ']':
		return t.errorf("lone ']' (write \\])")
	}
	t.lastCapture = 0
	if err := t.atom(); err != nil {
		return err
	}
	return t.quantifier()
}

// markOptional records that the last atom, if a capturing group, is
// quantified with a minimum of zero.
func (t *translator) markOptional() {
	if t.lastCapture == 0 {
		return
	}
	for len(t.emptyUnmatched) <= t.lastCapture {
		t.emptyUnmatched = append(t.emptyUnmatched, false)
	}
	t.emptyUnmatched[t.lastCapture] = true
}

// scanBraces reads {n}, {n,} or {n,m} at t.pos without consuming it.
func (t *translator) scanBraces() (min, max int, ok bool) {
	s := t.src[t.pos:]
	end := strings.IndexByte(s, '}')
	if len(s) == 0 || s[0] != '{' || end < 0 {
		return 0, 0, false
	}
	body := s[1:end]
	lo, hi, comma := strings.Cut(body, ",")
	if !allDigits(lo) || comma && hi != "" && !allDigits(hi) {
		return 0, 0, false
	}
	min = atoiSat(lo)
	max = min
	if comma {
		max = -1
		if hi != "" {
			max = atoiSat(hi)
		}
	}
	return min, max, true
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isASCIIDigit(s[i]) {
			return false
		}
	}
	return true
}

func atoiSat(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil || n > 1<<30 {
		return 1 << 30
	}
	return n
}

func (t *translator) quantifier() error {
	switch t.peek() {
	case '*', '+', '?':
		q := t.get()
		if q != '+' {
			t.markOptional()
		}
		t.out.WriteRune(q)
	case '{':
		min, max, ok := t.scanBraces()
		if !ok {
			return t.errorf("lone '{' (write \\{)")
		}
		if max >= 0 && min > max {
			return t.errorf("numbers out of order in {} quantifier")
		}
		if min > 1000 || max > 1000 {
			return t.unsupported("a repetition count above 1000")
		}
		if min == 0 {
			t.markOptional()
		}
		end := strings.IndexByte(t.src[t.pos:], '}')
		t.out.WriteString(t.src[t.pos : t.pos+end+1])
		t.pos += end + 1
	default:
		return nil
	}
	if t.eat("?") {
		t.out.WriteByte('?')
	}
	switch t.peek() {
	case '*', '+', '?':
		return t.errorf("nothing to repeat")
	case '{':
		if _, _, ok := t.scanBraces(); ok {
			return t.errorf("nothing to repeat")
		}
	}
	return nil
}

func (t *translator) atom() error {
	c := t.peek()
	switch c {
	case '.':
		t.pos++
		t.out.WriteString(`[^\n\r\x{2028}\x{2029}]`)
		return nil
	case '(':
		t.pos++
		capture := 0
		switch {
		case t.eat("?:"):
			t.out.WriteString("(?:")
		case t.eat("?<"):
			end := strings.IndexByte(t.src[t.pos:], '>')
			if end < 0 {
				return t.errorf("unterminated group name")
			}
			name := t.src[t.pos : t.pos+end]
			if !isGroupName(name) {
				return t.errorf("invalid group name %q", name)
			}
			if t.names[name] {
				return t.errorf("duplicate group name %q", name)
			}
			if t.names == nil {
				t.names = map[string]bool{}
			}
			t.names[name] = true
			t.pos += end + 1
			t.groups++
			capture = t.groups
			t.openGroup()
		case t.peek() == '?':
			return t.unsupported("the group syntax (?" + string(t.src[min(t.pos+1, len(t.src)-1)]) + "...)")
		default:
			t.groups++
			capture = t.groups
			t.openGroup()
		}
		if err := t.disjunction(); err != nil {
			return err
		}
		if !t.eat(")") {
			return t.errorf("unterminated group")
		}
		t.out.WriteByte(')')
		t.lastCapture = capture
		return nil
	case '[':
		set, negated, err := t.class()
		if err != nil {
			return err
		}
		writeSet(&t.out, set, negated)
		return nil
	case '\\':
		t.pos++
		return t.atomEscape()
	case ')', '|', '*', '+', '?', '{', '}', ']', '^', '$':
		return t.errorf("unexpected %q", c)
	}
	t.get()
	writeLiteral(&t.out, c)
	return nil
}

func (t *translator) openGroup() {
	if t.noCapture {
		t.out.WriteString("(?:")
	} else {
		t.out.WriteString("(")
	}
}

func isGroupName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !isValidNameCodePoint(r, i == 0) {
			return false
		}
	}
	return true
}

// atomEscape translates the escape after '\' outside a class.
func (t *translator) atomEscape() error {
	if t.pos >= len(t.src) {
		return t.errorf(`'\' at end of pattern`)
	}
	c := t.peek()
	switch {
	case c >= '1' && c <= '9':
		return t.unsupported(`a backreference \` + string(c))
	case c == 'k':
		return t.unsupported(`a named backreference \k<...>`)
	}
	set, negated, ok, err := t.classEscape()
	if err != nil {
		return err
	}
	if ok {
		writeSet(&t.out, set, negated)
		return nil
	}
	r, err := t.characterEscape(false)
	if err != nil {
		return err
	}
	writeLiteral(&t.out, r)
	return nil
}

// classEscape reads \d \D \s \S \w \W \p{...} \P{...} (after the '\').
func (t *translator) classEscape() (set rangeSet, negated, ok bool, err error) {
	switch t.peek() {
	case 'd', 'D':
		return rangeSet{{'0', '9'}}, t.get() == 'D', true, nil
	case 'w', 'W':
		return wordSet, t.get() == 'W', true, nil
	case 's', 'S':
		return spaceSet, t.get() == 'S', true, nil
	case 'p', 'P':
		neg := t.get() == 'P'
		if !t.eat("{") {
			return nil, false, false, t.errorf(`\p needs {Property}`)
		}
		end := strings.IndexByte(t.src[t.pos:], '}')
		if end < 0 {
			return nil, false, false, t.errorf(`unterminated \p{`)
		}
		name := t.src[t.pos : t.pos+end]
		t.pos += end + 1
		s, err := t.property(name)
		return s, neg, true, err
	}
	return nil, false, false, nil
}

// characterEscape reads a CharacterEscape after '\' (u and v flags).
// inClass allows \b (backspace), \- and the v flag's reserved punctuators.
func (t *translator) characterEscape(inClass bool) (rune, error) {
	c := t.get()
	switch c {
	case 'f':
		return '\f', nil
	case 'n':
		return '\n', nil
	case 'r':
		return '\r', nil
	case 't':
		return '\t', nil
	case 'v':
		return '\v', nil
	case 'c':
		if l := t.peek(); 'a' <= l|0x20 && l|0x20 <= 'z' {
			t.pos++
			return l % 32, nil
		}
		return 0, t.errorf(`invalid \c escape`)
	case '0':
		if p := t.peek(); p >= '0' && p <= '9' {
			return 0, t.errorf(`invalid decimal escape`)
		}
		return 0, nil
	case 'x':
		if t.pos+2 <= len(t.src) {
			if n, err := strconv.ParseUint(t.src[t.pos:t.pos+2], 16, 32); err == nil && isHex(t.src[t.pos:t.pos+2]) {
				t.pos += 2
				return rune(n), nil
			}
		}
		return 0, t.errorf(`invalid \x escape`)
	case 'u':
		r, err := t.unicodeEscape()
		if err != nil {
			return 0, err
		}
		if 0xD800 <= r && r <= 0xDBFF && strings.HasPrefix(t.src[t.pos:], `\u`) {
			save := t.pos
			t.pos += 2
			if lo, err := t.unicodeEscape(); err == nil && 0xDC00 <= lo && lo <= 0xDFFF {
				return (r-0xD800)<<10 + (lo - 0xDC00) + 0x10000, nil
			}
			t.pos = save
		}
		return r, nil
	case 'b':
		if inClass {
			return '\b', nil
		}
	case '-':
		if inClass {
			return '-', nil
		}
	}
	if strings.ContainsRune(`^$\.*+?()[]{}|/`, c) {
		return c, nil
	}
	if inClass && strings.ContainsRune("&-!#%,:;<=>@`~", c) {
		return c, nil
	}
	return 0, t.errorf(`invalid escape \%c`, c)
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if !('0' <= s[i] && s[i] <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

func (t *translator) unicodeEscape() (rune, error) {
	if t.eat("{") {
		end := strings.IndexByte(t.src[t.pos:], '}')
		if end <= 0 || !isHex(t.src[t.pos:t.pos+end]) {
			return 0, t.errorf(`invalid \u{...} escape`)
		}
		n, err := strconv.ParseUint(t.src[t.pos:t.pos+end], 16, 32)
		if err != nil || n > unicode.MaxRune {
			return 0, t.errorf(`\u{...} out of range`)
		}
		t.pos += end + 1
		return rune(n), nil
	}
	if t.pos+4 <= len(t.src) && isHex(t.src[t.pos:t.pos+4]) {
		n, _ := strconv.ParseUint(t.src[t.pos:t.pos+4], 16, 32)
		t.pos += 4
		return rune(n), nil
	}
	return 0, t.errorf(`invalid \u escape`)
}

// class reads a v-flag character class at '[' (ClassSetExpression).
func (t *translator) class() (rangeSet, bool, error) {
	t.pos++ // '['
	negated := t.eat("^")
	if t.uMode {
		set, err := t.classRangesU()
		return set, negated, err
	}
	var acc rangeSet
	op := 0 // 0 union, '-' subtraction, '&' intersection
	first, operands := true, 0
	for {
		if t.pos >= len(t.src) {
			return nil, false, t.errorf("unterminated character class")
		}
		if t.eat("]") {
			return acc, negated, nil
		}
		if !first {
			switch {
			case t.eat("--"):
				if op == '&' || op == 0 && operands > 1 {
					return nil, false, t.errorf("mixed class set operators")
				}
				op = '-'
				operand, err := t.classOperand(false)
				if err != nil {
					return nil, false, err
				}
				acc = acc.subtract(operand)
				continue
			case t.eat("&&"):
				if op == '-' || op == 0 && operands > 1 {
					return nil, false, t.errorf("mixed class set operators")
				}
				op = '&'
				operand, err := t.classOperand(false)
				if err != nil {
					return nil, false, err
				}
				acc = acc.intersect(operand)
				continue
			}
			if op != 0 {
				return nil, false, t.errorf("a class with -- or && takes one operand after each operator")
			}
		}
		operand, err := t.classOperand(true)
		if err != nil {
			return nil, false, err
		}
		if first {
			acc = operand
		} else {
			acc = acc.union(operand)
		}
		first = false
		operands++
	}
}

// classRangesU reads the "u" flag's ClassRanges up to and including ']'.
func (t *translator) classRangesU() (rangeSet, error) {
	var acc rangeSet
	atom := func() (rangeSet, bool, error) { // set, isSingleChar
		if t.pos >= len(t.src) {
			return nil, false, t.errorf("unterminated character class")
		}
		if t.peek() == '\\' {
			t.pos++
			if t.pos >= len(t.src) {
				return nil, false, t.errorf(`'\' at end of pattern`)
			}
			set, neg, ok, err := t.classEscape()
			if err != nil {
				return nil, false, err
			}
			if ok {
				if neg {
					set = set.complement()
				}
				return set, false, nil
			}
			r, err := t.characterEscape(true)
			return rangeSet{{r, r}}, true, err
		}
		r := t.get()
		return rangeSet{{r, r}}, true, nil
	}
	for {
		if t.pos >= len(t.src) {
			return nil, t.errorf("unterminated character class")
		}
		if t.eat("]") {
			return acc, nil
		}
		lo, single, err := atom()
		if err != nil {
			return nil, err
		}
		if t.peek() == '-' && t.pos+1 < len(t.src) && t.src[t.pos+1] != ']' {
			t.pos++
			hi, single2, err := atom()
			if err != nil {
				return nil, err
			}
			if !single || !single2 {
				return nil, t.errorf("a class escape in a range")
			}
			if hi[0].lo < lo[0].lo {
				return nil, t.errorf("range out of order in character class")
			}
			acc = acc.union(rangeSet{{lo[0].lo, hi[0].lo}})
			continue
		}
		acc = acc.union(lo)
	}
}

// classOperand reads a ClassSetOperand, or (when ranges) a ClassSetRange.
func (t *translator) classOperand(ranges bool) (rangeSet, error) {
	if t.pos >= len(t.src) {
		return nil, t.errorf("unterminated character class")
	}
	switch c := t.peek(); c {
	case '[':
		set, neg, err := t.class()
		if err != nil {
			return nil, err
		}
		if neg {
			set = set.complement()
		}
		return set, nil
	case '\\':
		save := t.pos
		t.pos++
		if t.peek() == 'q' {
			return nil, t.unsupported(`a string literal \q{...} in a class`)
		}
		set, neg, ok, err := t.classEscape()
		if err != nil {
			return nil, err
		}
		if ok {
			if neg {
				set = set.complement()
			}
			return set, nil
		}
		t.pos = save
	}
	lo, err := t.classSetCharacter()
	if err != nil {
		return nil, err
	}
	if ranges && t.peek() == '-' && !strings.HasPrefix(t.src[t.pos:], "--") {
		t.pos++
		hi, err := t.classSetCharacter()
		if err != nil {
			return nil, err
		}
		if hi < lo {
			return nil, t.errorf("range out of order in character class")
		}
		return rangeSet{{lo, hi}}, nil
	}
	return rangeSet{{lo, lo}}, nil
}

// classSetCharacter reads one ClassSetCharacter (v flag).
func (t *translator) classSetCharacter() (rune, error) {
	if t.pos >= len(t.src) {
		return 0, t.errorf("unterminated character class")
	}
	c := t.peek()
	if c == '\\' {
		t.pos++
		if t.pos >= len(t.src) {
			return 0, t.errorf(`'\' at end of pattern`)
		}
		return t.characterEscape(true)
	}
	if strings.ContainsRune("()[]{}/-|", c) {
		return 0, t.errorf("%q must be escaped in a class (v flag)", c)
	}
	if t.pos+1 < len(t.src) && t.src[t.pos+1] == byte(c) && strings.ContainsRune("&!#$%*+,.:;<=>?@^`~", c) {
		return 0, t.errorf("double punctuator %c%c is reserved in a class (v flag)", c, c)
	}
	t.get()
	return c, nil
}

// property resolves \p{name}: a General_Category value (short or long
// name, with or without General_Category= / gc=), a Script (Script= /
// sc=), or a binary property that Go's unicode tables hold.
func (t *translator) property(name string) (rangeSet, error) {
	key, value, hasValue := strings.Cut(name, "=")
	if hasValue {
		switch key {
		case "General_Category", "gc":
			if tab := generalCategory(value); tab != nil {
				return fromTable(tab), nil
			}
		case "Script", "sc":
			if tab := unicode.Scripts[scriptName(value)]; tab != nil {
				return fromTable(tab), nil
			}
		case "Script_Extensions", "scx":
			return nil, t.unsupported(`\p{Script_Extensions=...}`)
		}
		return nil, t.errorf(`unknown property \p{%s}`, name)
	}
	switch name {
	case "Any":
		return rangeSet{{0, unicode.MaxRune}}, nil
	case "ASCII":
		return rangeSet{{0, 0x7F}}, nil
	case "Assigned":
		return fromTable(unicode.Cn).complement(), nil
	}
	if tab := generalCategory(name); tab != nil {
		return fromTable(tab), nil
	}
	if tab := unicode.Properties[name]; tab != nil {
		return fromTable(tab), nil
	}
	return nil, t.unsupported(`the property \p{` + name + `}`)
}

var categoryLongNames = map[string]string{
	"Letter": "L", "Cased_Letter": "LC", "Uppercase_Letter": "Lu", "Lowercase_Letter": "Ll",
	"Titlecase_Letter": "Lt", "Modifier_Letter": "Lm", "Other_Letter": "Lo", "Mark": "M",
	"Combining_Mark": "M", "Nonspacing_Mark": "Mn", "Spacing_Mark": "Mc", "Enclosing_Mark": "Me",
	"Number": "N", "Decimal_Number": "Nd", "digit": "Nd", "Letter_Number": "Nl", "Other_Number": "No",
	"Punctuation": "P", "punct": "P", "Connector_Punctuation": "Pc", "Dash_Punctuation": "Pd",
	"Open_Punctuation": "Ps", "Close_Punctuation": "Pe", "Initial_Punctuation": "Pi",
	"Final_Punctuation": "Pf", "Other_Punctuation": "Po", "Symbol": "S", "Math_Symbol": "Sm",
	"Currency_Symbol": "Sc", "Modifier_Symbol": "Sk", "Other_Symbol": "So", "Separator": "Z",
	"Space_Separator": "Zs", "Line_Separator": "Zl", "Paragraph_Separator": "Zp", "Other": "C",
	"Control": "Cc", "cntrl": "Cc", "Format": "Cf", "Surrogate": "Cs", "Private_Use": "Co",
	"Unassigned": "Cn",
}

func generalCategory(name string) *unicode.RangeTable {
	if short, ok := categoryLongNames[name]; ok {
		name = short
	}
	if name == "LC" {
		return mergeTables(unicode.Lu, unicode.Ll, unicode.Lt)
	}
	return unicode.Categories[name]
}

// scriptName maps a few ISO 15924 codes to Go's script names; the long
// names are Go's own.
func scriptName(s string) string {
	codes := map[string]string{"Latn": "Latin", "Grek": "Greek", "Cyrl": "Cyrillic", "Arab": "Arabic",
		"Hebr": "Hebrew", "Hani": "Han", "Hira": "Hiragana", "Kana": "Katakana", "Zyyy": "Common", "Zinh": "Inherited"}
	if long, ok := codes[s]; ok {
		return long
	}
	return s
}

func mergeTables(tabs ...*unicode.RangeTable) *unicode.RangeTable {
	var s rangeSet
	for _, tab := range tabs {
		s = s.union(fromTable(tab))
	}
	var rt unicode.RangeTable
	for _, r := range s {
		rt.R32 = append(rt.R32, unicode.Range32{Lo: uint32(r.lo), Hi: uint32(r.hi), Stride: 1})
	}
	return &rt
}

// rangeSet is a sorted list of disjoint, non-adjacent code point ranges.
type rangeSet []rng

type rng struct{ lo, hi rune }

var (
	wordSet  = rangeSet{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
	spaceSet = rangeSet{{'\t', '\r'}, {' ', ' '}, {0xA0, 0xA0}, {0x1680, 0x1680}, {0x2000, 0x200A},
		{0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}, {0xFEFF, 0xFEFF}}
)

func fromTable(tab *unicode.RangeTable) rangeSet {
	var s rangeSet
	for _, r := range tab.R16 {
		for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
			if r.Stride == 1 {
				s = append(s, rng{rune(r.Lo), rune(r.Hi)})
				break
			}
			s = append(s, rng{c, c})
		}
	}
	for _, r := range tab.R32 {
		for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
			if r.Stride == 1 {
				s = append(s, rng{rune(r.Lo), rune(r.Hi)})
				break
			}
			s = append(s, rng{c, c})
		}
	}
	return s.normalize()
}

func (s rangeSet) normalize() rangeSet {
	sort.Slice(s, func(i, j int) bool { return s[i].lo < s[j].lo })
	var out rangeSet
	for _, r := range s {
		if n := len(out); n > 0 && r.lo <= out[n-1].hi+1 {
			out[n-1].hi = max(out[n-1].hi, r.hi)
			continue
		}
		out = append(out, r)
	}
	return out
}

func (s rangeSet) union(o rangeSet) rangeSet {
	return append(append(rangeSet(nil), s...), o...).normalize()
}

func (s rangeSet) complement() rangeSet {
	var out rangeSet
	next := rune(0)
	for _, r := range s {
		if r.lo > next {
			out = append(out, rng{next, r.lo - 1})
		}
		next = r.hi + 1
	}
	if next <= unicode.MaxRune {
		out = append(out, rng{next, unicode.MaxRune})
	}
	return out
}

func (s rangeSet) intersect(o rangeSet) rangeSet {
	return s.complement().union(o.complement()).complement()
}

func (s rangeSet) subtract(o rangeSet) rangeSet {
	return s.intersect(o.complement())
}

// writeSet writes s as a Go character class.
func writeSet(b *strings.Builder, s rangeSet, negated bool) {
	if len(s) == 0 {
		if negated {
			b.WriteString(`[\x00-\x{10FFFF}]`)
		} else {
			b.WriteString(`[^\x00-\x{10FFFF}]`)
		}
		return
	}
	b.WriteByte('[')
	if negated {
		b.WriteByte('^')
	}
	for _, r := range s {
		fmt.Fprintf(b, `\x{%X}`, r.lo)
		if r.hi != r.lo {
			fmt.Fprintf(b, `-\x{%X}`, r.hi)
		}
	}
	b.WriteByte(']')
}

// writeLiteral writes code point r as a Go regexp literal.
func writeLiteral(b *strings.Builder, r rune) {
	if r < utf8.RuneSelf {
		if r < ' ' || r == 0x7F {
			fmt.Fprintf(b, `\x{%X}`, r)
			return
		}
		b.WriteString(regexp.QuoteMeta(string(r)))
		return
	}
	if 0xD800 <= r && r <= 0xDFFF {
		// A lone surrogate never occurs in a Go string (its bytes read
		// as U+FFFD each); match nothing, as no USVString holds one.
		b.WriteString(`[^\x00-\x{10FFFF}]`)
		return
	}
	b.WriteRune(r)
}
