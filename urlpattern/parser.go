package urlpattern

import (
	"strconv"
	"strings"
)

// partType is a part's type (URLPattern Standard §Parts). The order is the
// one compareComponent uses: a fixed text part is the most specific.
type partType uint8

const (
	partFullWildcard partType = iota
	partSegmentWildcard
	partRegexp
	partFixedText
)

// modifier is a part's modifier (§Parts), in compareComponent's order.
type modifier uint8

const (
	modZeroOrMore modifier = iota
	modOptional
	modOneOrMore
	modNone
)

// String implements "convert a modifier to a string".
func (m modifier) String() string {
	switch m {
	case modZeroOrMore:
		return "*"
	case modOptional:
		return "?"
	case modOneOrMore:
		return "+"
	}
	return ""
}

// part is one piece of a parsed pattern string (§Parts).
type part struct {
	typ      partType
	value    string // fixed text (encoded) or a regexp part's expression
	modifier modifier
	name     string
	prefix   string
	suffix   string
}

// options are the options of §Options.
type options struct {
	delimiter  string // "" or one ASCII code point
	prefix     string // "" or one ASCII code point
	ignoreCase bool
}

var (
	defaultOptions  = options{}
	hostnameOptions = options{delimiter: "."}
	pathnameOptions = options{delimiter: "/", prefix: "/"}
)

// encodingCallback validates and encodes a piece of fixed text (§Parsing).
type encodingCallback func(string) (string, error)

// patternParser is the pattern parser struct of §Parsing.
type patternParser struct {
	tokens          []token
	encode          encodingCallback
	segmentWildcard string
	parts           []part
	pending         []byte // the pending fixed value, appended to (never string +=: linear)
	names           map[string]bool
	index           int
	nextNumericName int
}

// fullWildcardRegexpValue is the full wildcard regexp value of §Parsing.
const fullWildcardRegexpValue = ".*"

// parsePatternString implements "parse a pattern string" (§Parsing).
func parsePatternString(input string, opts options, encode encodingCallback) ([]part, error) {
	toks, err := tokenize(input, strict)
	if err != nil {
		return nil, err
	}
	p := &patternParser{tokens: toks, encode: encode, segmentWildcard: segmentWildcardRegexp(opts)}
	for p.index < len(p.tokens) {
		charTok := p.try(tokChar)
		nameTok := p.try(tokName)
		reTok := p.tryRegexpOrWildcard(nameTok)
		if nameTok != nil || reTok != nil {
			prefix := ""
			if charTok != nil {
				prefix = charTok.value
			}
			if prefix != "" && prefix != opts.prefix {
				p.pending = append(p.pending, prefix...)
				prefix = ""
			}
			if err := p.flushPending(); err != nil {
				return nil, err
			}
			mod := p.tryModifier()
			if err := p.addPart(prefix, nameTok, reTok, "", mod); err != nil {
				return nil, err
			}
			continue
		}
		fixed := charTok
		if fixed == nil {
			fixed = p.try(tokEscapedChar)
		}
		if fixed != nil {
			p.pending = append(p.pending, fixed.value...)
			continue
		}
		if open := p.try(tokOpen); open != nil {
			prefix := p.consumeText()
			nameTok = p.try(tokName)
			reTok = p.tryRegexpOrWildcard(nameTok)
			suffix := p.consumeText()
			if _, err := p.require(tokClose, input); err != nil {
				return nil, err
			}
			mod := p.tryModifier()
			if err := p.addPart(prefix, nameTok, reTok, suffix, mod); err != nil {
				return nil, err
			}
			continue
		}
		if err := p.flushPending(); err != nil {
			return nil, err
		}
		if _, err := p.require(tokEnd, input); err != nil {
			return nil, err
		}
	}
	return p.parts, nil
}

// segmentWildcardRegexp implements "generate a segment wildcard regexp"
// (ECMAScript syntax; see regexpValue for the Go form).
func segmentWildcardRegexp(opts options) string {
	return "[^" + escapeRegexpString(opts.delimiter) + "]+?"
}

func (p *patternParser) try(typ tokenType) *token {
	if p.index < len(p.tokens) && p.tokens[p.index].typ == typ {
		p.index++
		return &p.tokens[p.index-1]
	}
	return nil
}

func (p *patternParser) tryModifier() *token {
	if t := p.try(tokOtherModifier); t != nil {
		return t
	}
	return p.try(tokAsterisk)
}

func (p *patternParser) tryRegexpOrWildcard(name *token) *token {
	t := p.try(tokRegexp)
	if name == nil && t == nil {
		t = p.try(tokAsterisk)
	}
	return t
}

var tokenNames = [...]string{"an invalid character", "'{'", "'}'", "a regexp group", "a named group", "a character", "an escaped character", "a modifier", "'*'", "the end"}

func (p *patternParser) require(typ tokenType, input string) (*token, error) {
	if t := p.try(typ); t != nil {
		return t, nil
	}
	got := p.tokens[p.index]
	return nil, &Error{Input: input, Offset: got.index, Reason: "expected " + tokenNames[typ] + ", found " + tokenNames[got.typ]}
}

func (p *patternParser) consumeText() string {
	var b strings.Builder
	for {
		t := p.try(tokChar)
		if t == nil {
			t = p.try(tokEscapedChar)
		}
		if t == nil {
			return b.String()
		}
		b.WriteString(t.value)
	}
}

// flushPending implements "maybe add a part from the pending fixed value".
func (p *patternParser) flushPending() error {
	if len(p.pending) == 0 {
		return nil
	}
	enc, err := p.encode(string(p.pending))
	if err != nil {
		return err
	}
	p.pending = p.pending[:0]
	p.parts = append(p.parts, part{typ: partFixedText, value: enc, modifier: modNone})
	return nil
}

// addPart implements "add a part".
func (p *patternParser) addPart(prefix string, nameTok, reTok *token, suffix string, modTok *token) error {
	mod := modNone
	if modTok != nil {
		switch modTok.value {
		case "?":
			mod = modOptional
		case "*":
			mod = modZeroOrMore
		case "+":
			mod = modOneOrMore
		}
	}
	if nameTok == nil && reTok == nil && mod == modNone {
		p.pending = append(p.pending, prefix...)
		return nil
	}
	if err := p.flushPending(); err != nil {
		return err
	}
	if nameTok == nil && reTok == nil {
		if prefix == "" {
			return nil
		}
		enc, err := p.encode(prefix)
		if err != nil {
			return err
		}
		p.parts = append(p.parts, part{typ: partFixedText, value: enc, modifier: mod})
		return nil
	}
	var re string
	switch {
	case reTok == nil:
		re = p.segmentWildcard
	case reTok.typ == tokAsterisk:
		re = fullWildcardRegexpValue
	default:
		re = reTok.value
	}
	typ := partRegexp
	if re == p.segmentWildcard {
		typ, re = partSegmentWildcard, ""
	} else if re == fullWildcardRegexpValue {
		typ, re = partFullWildcard, ""
	}
	name := ""
	if nameTok != nil {
		name = nameTok.value
	} else {
		name = strconv.Itoa(p.nextNumericName)
		p.nextNumericName++
	}
	if p.names[name] {
		return &Error{Offset: -1, Reason: "duplicate group name " + strconv.Quote(name)}
	}
	if p.names == nil {
		p.names = make(map[string]bool)
	}
	p.names[name] = true
	encPrefix, err := p.encode(prefix)
	if err != nil {
		return err
	}
	encSuffix, err := p.encode(suffix)
	if err != nil {
		return err
	}
	p.parts = append(p.parts, part{typ: typ, value: re, modifier: mod, name: name, prefix: encPrefix, suffix: encSuffix})
	return nil
}
