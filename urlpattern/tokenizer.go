package urlpattern

import (
	"unicode"
	"unicode/utf8"
)

// tokenType is a token's type (URLPattern Standard §Tokens).
type tokenType uint8

const (
	tokInvalidChar tokenType = iota
	tokOpen
	tokClose
	tokRegexp
	tokName
	tokChar
	tokEscapedChar
	tokOtherModifier
	tokAsterisk
	tokEnd
)

// token is a lexical token of a pattern string: its type, the byte offset
// of its first code point in the pattern string, and its value.
type token struct {
	typ   tokenType
	index int
	value string
}

// tokenizePolicy is "strict" or "lenient" (§Tokenizing).
type tokenizePolicy bool

const (
	strict  tokenizePolicy = false
	lenient tokenizePolicy = true
)

// tokenizer implements the tokenizer struct of §Tokenizing on a valid UTF-8
// string; indices are byte offsets (the standard's are code point offsets;
// they only delimit substrings, so the two agree).
type tokenizer struct {
	input     string
	policy    tokenizePolicy
	tokens    []token
	index     int
	nextIndex int
	cp        rune
}

// tokenize implements "tokenize" (§Tokenizing). A strict tokenizer fails on
// the first tokenizing error; a lenient one records an invalid-char token.
func tokenize(input string, policy tokenizePolicy) ([]token, error) {
	// Every token but the end token takes at least one byte of input:
	// one allocation, no regrowth.
	t := &tokenizer{input: input, policy: policy, tokens: make([]token, 0, len(input)+1)}
	n := len(input)
	for t.index < n {
		t.seek(t.index)
		switch t.cp {
		case '*':
			t.addDefault(tokAsterisk)
			continue
		case '+', '?':
			t.addDefault(tokOtherModifier)
			continue
		case '\\':
			if t.nextIndex == n {
				if err := t.fail(t.nextIndex, t.index, "a pattern cannot end with '\\'"); err != nil {
					return nil, err
				}
				continue
			}
			escaped := t.nextIndex
			t.next()
			t.add(tokEscapedChar, t.nextIndex, escaped, t.nextIndex-escaped)
			continue
		case '{':
			t.addDefault(tokOpen)
			continue
		case '}':
			t.addDefault(tokClose)
			continue
		case ':':
			pos := t.nextIndex
			start := pos
			for pos < n {
				t.seek(pos)
				if !isValidNameCodePoint(t.cp, pos == start) {
					break
				}
				pos = t.nextIndex
			}
			if pos <= start {
				if err := t.fail(start, t.index, "a ':' must be followed by a group name"); err != nil {
					return nil, err
				}
				continue
			}
			t.add(tokName, pos, start, pos-start)
			continue
		case '(':
			if err := t.regexp(); err != nil {
				return nil, err
			}
			continue
		}
		t.addDefault(tokChar)
	}
	t.add(tokEnd, t.index, t.index, 0)
	return t.tokens, nil
}

// regexp tokenizes a regexp group starting at t.index ('(').
func (t *tokenizer) regexp() error {
	n := len(t.input)
	depth := 1
	pos := t.nextIndex
	start := pos
	var reason string
	for pos < n {
		t.seek(pos)
		if t.cp >= utf8.RuneSelf {
			reason = "a regular expression must be ASCII"
			break
		}
		if pos == start && t.cp == '?' {
			reason = "a regular expression group cannot start with '?'"
			break
		}
		if t.cp == '\\' {
			if pos == n-1 {
				reason = "a regular expression cannot end with '\\'"
				break
			}
			t.next()
			if t.cp >= utf8.RuneSelf {
				reason = "a regular expression must be ASCII"
				break
			}
			pos = t.nextIndex
			continue
		}
		if t.cp == ')' {
			depth--
			if depth == 0 {
				pos = t.nextIndex
				break
			}
		} else if t.cp == '(' {
			depth++
			if pos == n-1 {
				reason = "unbalanced '(' in a regular expression"
				break
			}
			tmp := t.nextIndex
			t.next()
			if t.cp != '?' {
				reason = "capturing groups are not allowed in a regular expression group; use (?:...)"
				break
			}
			t.nextIndex = tmp
		}
		pos = t.nextIndex
	}
	if reason == "" && depth != 0 {
		reason = "unbalanced '(' in a regular expression"
	}
	if reason == "" && pos-start-1 == 0 {
		reason = "an empty regular expression group"
	}
	if reason != "" {
		return t.fail(start, t.index, reason)
	}
	t.add(tokRegexp, pos, start, pos-start-1)
	return nil
}

// next implements "get the next code point".
func (t *tokenizer) next() {
	r, size := utf8.DecodeRuneInString(t.input[t.nextIndex:])
	t.cp = r
	t.nextIndex += size
}

// seek implements "seek and get the next code point".
func (t *tokenizer) seek(i int) {
	t.nextIndex = i
	t.next()
}

// add implements "add a token".
func (t *tokenizer) add(typ tokenType, next, valuePos, valueLen int) {
	t.tokens = append(t.tokens, token{typ: typ, index: t.index, value: t.input[valuePos : valuePos+valueLen]})
	t.index = next
}

// addDefault implements "add a token with default position and length".
func (t *tokenizer) addDefault(typ tokenType) {
	t.add(typ, t.nextIndex, t.index, t.nextIndex-t.index)
}

// fail implements "process a tokenizing error".
func (t *tokenizer) fail(next, valuePos int, reason string) error {
	if t.policy == strict {
		return &Error{Input: t.input, Offset: t.index, Reason: reason}
	}
	t.add(tokInvalidChar, next, valuePos, next-valuePos)
	return nil
}

// isValidNameCodePoint implements "is a valid name code point": ECMAScript's
// IdentifierStart ($, _, ID_Start) for the first code point and
// IdentifierPart ($, ZWNJ, ZWJ, ID_Continue) for the others.
func isValidNameCodePoint(r rune, first bool) bool {
	if r < utf8.RuneSelf {
		switch {
		case r == '$' || r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z':
			return true
		case !first && '0' <= r && r <= '9':
			return true
		}
		return false
	}
	if first {
		return isIDStart(r)
	}
	return r == 0x200C || r == 0x200D || isIDContinue(r)
}

// isIDStart reports the Unicode property ID_Start (UAX #31): L, Nl and
// Other_ID_Start, less Pattern_Syntax and Pattern_White_Space.
func isIDStart(r rune) bool {
	if unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space) {
		return false
	}
	return unicode.In(r, unicode.L, unicode.Nl, unicode.Other_ID_Start)
}

// isIDContinue reports the Unicode property ID_Continue (UAX #31): ID_Start,
// Mn, Mc, Nd, Pc and Other_ID_Continue, less Pattern_Syntax and
// Pattern_White_Space.
func isIDContinue(r rune) bool {
	if unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space) {
		return false
	}
	return unicode.In(r, unicode.L, unicode.Nl, unicode.Other_ID_Start, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)
}
