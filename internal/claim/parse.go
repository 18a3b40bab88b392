package claim

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
)

// SyntaxError is a malformed claim: what is wrong and where.
type SyntaxError struct {
	Claim  string // the claim as given
	Offset int    // byte offset into Claim of the problem
	Msg    string
}

// Column returns the 1-based column (in code points) of the problem.
func (e *SyntaxError) Column() int {
	off := min(max(e.Offset, 0), len(e.Claim))
	return utf8.RuneCountInString(e.Claim[:off]) + 1
}

// Error returns "claim: column N: message".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("claim: column %d: %s", e.Column(), e.Msg)
}

// Caret returns the claim with a caret under the problem, on two lines.
func (e *SyntaxError) Caret() string {
	return e.Claim + "\n" + strings.Repeat(" ", e.Column()-1) + "^"
}

// kind is the static type of an expression.
type kind uint8

const (
	kURL    kind = iota // an URL (model.URL)
	kString             // a string
	kType               // a component type
	kMode               // a parser mode
	kName               // a bare name not yet known to be a type or a mode
	kBool               // a truth value: the value of a test such as has(x, type)
)

var kindNames = [...]string{"an URL", "a string", "a component type", "a mode", "a name", "a truth value"}

func (k kind) String() string { return kindNames[k] }

// node is an expression: a variable, a literal or a function call.
type node struct {
	pos, end int // byte offsets in the claim
	op       nodeOp
	name     string // variable, function or literal name
	str      string // string literal value
	args     []*node
	kind     kind
	ct       model.ComponentType // for a name used as a type
	mode     grammar.Mode        // for a name used as a mode
}

type nodeOp uint8

const (
	opVar nodeOp = iota
	opEmpty
	opString
	opName
	opCall
	opURL // a string literal where an URL is expected: parsed
)

// relation is one equation or inequation, or a test: a term whose value
// is a truth value, such as has(a, scheme) (right is nil), negated by a
// leading ! when not is set.
type relation struct {
	pos, end    int
	left, right *node
	equal       bool // == (true) or != (false)
	not         bool // a test written !t
}

// Variables: a b c are URLs, s t strings.
var variables = map[string]kind{"a": kURL, "b": kURL, "c": kURL, "s": kString, "t": kString}

func isVariable(name string) bool {
	_, ok := variables[name]
	return ok
}

// parser is a recursive-descent parser over the claim's bytes.
type parser struct {
	src string
	pos int
	// literalMode is the parser mode of a string literal where an URL is
	// expected (web unless ParseExpr is told otherwise).
	literalMode grammar.Mode
	// depth is how many terms enclose the one being parsed.
	depth int
}

// MaxDepth is how deeply terms may nest in a claim or an expression: a
// function call's arguments and a parenthesized term are one level deeper
// than the term around them. Parsing and evaluation recurse once per level,
// so a limit keeps their time and memory linear in the input; deeper input
// is a *SyntaxError found in linear time. The limit is the one Go's
// encoding/json puts on nested values (pkg.go.dev/encoding/json).
const MaxDepth = 10000

func (p *parser) errorf(pos int, format string, args ...any) *SyntaxError {
	return &SyntaxError{Claim: p.src, Offset: pos, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) skipSpace() {
	for p.pos < len(p.src) {
		r, n := utf8.DecodeRuneInString(p.src[p.pos:])
		if !unicode.IsSpace(r) {
			return
		}
		p.pos += n
	}
}

// peek returns the next token's first characters without consuming them.
func (p *parser) peek() string {
	p.skipSpace()
	return p.src[p.pos:]
}

func (p *parser) accept(tok string) bool {
	if strings.HasPrefix(p.peek(), tok) {
		p.pos += len(tok)
		return true
	}
	return false
}

func isIdentStart(r rune) bool { return r == '_' || r == 'ε' || unicode.IsLetter(r) }

func isIdentPart(r rune) bool {
	return isIdentStart(r) || unicode.IsDigit(r) || r == '-'
}

// parseClaim parses: claim := [ condition "==>" ] condition, a guarded
// claim when the guard is there. It returns the premise (nil without a
// guard) and the conclusion.
func (p *parser) parseClaim() (premise, conclusion []*relation, err error) {
	if strings.TrimSpace(p.src) == "" {
		return nil, nil, p.errorf(0, "empty claim: write an equation such as goto(empty, a) == a")
	}
	conclusion, err = p.parseCondition()
	if err != nil {
		return nil, nil, err
	}
	p.skipSpace()
	at := p.pos
	if !p.accept("==>") {
		return nil, conclusion, nil
	}
	premise = conclusion
	if p.peek() == "" {
		return nil, nil, p.errorf(at, "the claim ends after ==>: write what must hold where the premise does")
	}
	conclusion, err = p.parseCondition()
	if err != nil {
		return nil, nil, err
	}
	if strings.HasPrefix(p.peek(), "==>") {
		return nil, nil, p.errorf(p.pos, "a claim has at most one ==>: join the premises with && (A && B ==> C)")
	}
	return premise, conclusion, nil
}

// parseCondition parses: condition := relation { "&&" relation }. It stops
// before a "==>".
func (p *parser) parseCondition() ([]*relation, error) {
	var rels []*relation
	for {
		r, err := p.parseRelation()
		if err != nil {
			return nil, err
		}
		rels = append(rels, r)
		if p.accept("&&") {
			continue
		}
		rest := p.peek()
		switch {
		case rest == "" || strings.HasPrefix(rest, "==>"):
			return rels, nil
		case isArrow(rest):
			return nil, p.errorf(p.pos, "write ==> for a guard (premise ==> conclusion)")
		case strings.HasPrefix(rest, "&"):
			return nil, p.errorf(p.pos, "expected && to join two equations, found a single &")
		case strings.HasPrefix(rest, "||"):
			return nil, p.errorf(p.pos, "|| is not part of the claim language: only && joins equations (and ==> guards them)")
		case strings.HasPrefix(rest, "==") || strings.HasPrefix(rest, "!="):
			return nil, p.errorf(p.pos, "a second comparison needs && before it (write x == y && y == z)")
		}
		return nil, p.errorf(p.pos, "expected &&, ==> or the end of the claim, found %s", describe(rest))
	}
}

// parseRelation parses: relation := term ( "==" | "!=" ) term | [ "!" ]
// term, the latter a test (its term must be a truth value, which the type
// check makes sure of).
func (p *parser) parseRelation() (*relation, error) {
	if strings.HasPrefix(p.peek(), "!=") {
		return nil, p.errorf(p.pos, "expected an expression before !=")
	}
	p.skipSpace()
	start := p.pos
	not := p.accept("!")
	left, err := p.parseTerm()
	if err != nil {
		return nil, err
	}
	r := &relation{pos: left.pos, end: left.end, left: left, not: not}
	if not {
		r.pos = start
	}
	rest := p.peek()
	switch {
	case rest == "" || strings.HasPrefix(rest, "==>") || strings.HasPrefix(rest, "&&"):
		return r, nil // a test
	case isArrow(rest):
		return nil, p.errorf(p.pos, "write ==> for a guard (premise ==> conclusion)")
	case not && (strings.HasPrefix(rest, "==") || strings.HasPrefix(rest, "!=")):
		return nil, p.errorf(r.pos, "! negates a test such as has(a, scheme), not an equation: write x != y")
	case p.accept("=="):
		r.equal = true
	case p.accept("!="):
	case strings.HasPrefix(rest, "≠"):
		return nil, p.errorf(p.pos, "write != for ≠")
	case strings.HasPrefix(rest, "="):
		return nil, p.errorf(p.pos, "expected == or !=, found a single =: write ==")
	default:
		return nil, p.errorf(p.pos, "expected == or != after %s, found %s", p.src[left.pos:left.end], describe(rest))
	}
	right, err := p.parseTerm()
	if err != nil {
		return nil, err
	}
	r.right, r.end = right, right.end
	return r, nil
}

// parseTerm parses: term := name [ "(" [ term { "," term } ] ")" ] |
// string | "(" term ")".
func (p *parser) parseTerm() (*node, error) {
	rest := p.peek()
	start := p.pos
	if rest == "" {
		return nil, p.errorf(start, "the claim ends where an expression should be")
	}
	if p.depth == MaxDepth {
		return nil, p.errorf(start, "the expression nests deeper than %d terms", MaxDepth)
	}
	p.depth++
	defer func() { p.depth-- }()
	if p.accept("(") {
		t, err := p.parseTerm()
		if err != nil {
			return nil, err
		}
		if !p.accept(")") {
			return nil, p.errorf(p.pos, "expected ) to close the ( at column %d, found %s", col(p.src, start), describe(p.peek()))
		}
		return t, nil
	}
	if rest[0] == '"' {
		return p.parseString()
	}
	r, _ := utf8.DecodeRuneInString(rest)
	if !isIdentStart(r) {
		return nil, p.errorf(start, "expected a variable (a b c s t), a function call, a name or a \"string\", found %s", describe(rest))
	}
	for p.pos < len(p.src) {
		r, n := utf8.DecodeRuneInString(p.src[p.pos:])
		if !isIdentPart(r) {
			break
		}
		p.pos += n
	}
	name := p.src[start:p.pos]
	n := &node{pos: start, end: p.pos, name: name}
	if !p.accept("(") {
		switch {
		case name == "ε" || name == "empty":
			n.op = opEmpty
		case isVariable(name):
			n.op = opVar
		default:
			n.op = opName
		}
		return n, nil
	}
	n.op = opCall
	if !p.accept(")") {
		for {
			arg, err := p.parseTerm()
			if err != nil {
				return nil, err
			}
			n.args = append(n.args, arg)
			if p.accept(",") {
				continue
			}
			if p.accept(")") {
				break
			}
			return nil, p.errorf(p.pos, "expected , or ) in the arguments of %s, found %s", name, describe(p.peek()))
		}
	}
	n.end = p.pos
	return n, nil
}

func (p *parser) parseString() (*node, error) {
	start := p.pos
	i := start + 1
	for i < len(p.src) && p.src[i] != '"' {
		if p.src[i] == '\\' {
			i++
		}
		i++
	}
	if i >= len(p.src) {
		return nil, p.errorf(start, "unterminated string literal")
	}
	lit := p.src[start : i+1]
	s, err := strconv.Unquote(lit)
	if err != nil {
		return nil, p.errorf(start, "bad string literal %s: use Go escapes such as \\t, \\x00 or \\u00e9", lit)
	}
	p.pos = i + 1
	return &node{pos: start, end: p.pos, op: opString, str: s}, nil
}

func col(s string, off int) int { return utf8.RuneCountInString(s[:off]) + 1 }

// describe names what was found at the start of rest, for error messages.
func describe(rest string) string {
	if rest == "" {
		return "the end of the claim"
	}
	r, n := utf8.DecodeRuneInString(rest)
	if isIdentStart(r) {
		end := n
		for end < len(rest) {
			r, m := utf8.DecodeRuneInString(rest[end:])
			if !isIdentPart(r) {
				break
			}
			end += m
		}
		return strconv.Quote(rest[:end])
	}
	return strconv.QuoteRune(r)
}

// isArrow reports whether rest starts with an arrow that is not ==>.
func isArrow(rest string) bool {
	for _, a := range []string{"=>", "->", "⟹", "⇒", "→"} {
		if strings.HasPrefix(rest, a) {
			return true
		}
	}
	return false
}
