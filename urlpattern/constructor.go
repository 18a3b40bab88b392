package urlpattern

// The constructor string parser of URLPattern Standard §Constructor string
// parsing: it splits a pattern string such as
// "https://:sub.example.com/books/:id?*" into the components of an Init.

type parserState uint8

const (
	stInit parserState = iota
	stProtocol
	stAuthority
	stUsername
	stPassword
	stHostname
	stPort
	stPathname
	stSearch
	stHash
	stDone
)

type constructorParser struct {
	input           string
	tokens          []token
	result          Init
	componentStart  int
	tokenIndex      int
	tokenIncrement  int
	groupDepth      int
	ipv6Depth       int
	protocolSpecial bool
	state           parserState
}

// parseConstructorString implements "parse a constructor string".
func parseConstructorString(input string) (Init, error) {
	toks, err := tokenize(input, lenient)
	if err != nil {
		return Init{}, err
	}
	p := &constructorParser{input: input, tokens: toks}
	for p.tokenIndex < len(p.tokens) {
		p.tokenIncrement = 1
		if p.tokens[p.tokenIndex].typ == tokEnd {
			if p.state == stInit {
				p.rewind()
				switch {
				case p.isHashPrefix():
					p.changeState(stHash, 1)
				case p.isSearchPrefix():
					p.changeState(stSearch, 1)
				default:
					p.changeState(stPathname, 0)
				}
				p.tokenIndex += p.tokenIncrement
				continue
			}
			if p.state == stAuthority {
				p.rewindAndSetState(stHostname)
				p.tokenIndex += p.tokenIncrement
				continue
			}
			p.changeState(stDone, 0)
			break
		}
		if p.isGroupOpen() {
			p.groupDepth++
			p.tokenIndex += p.tokenIncrement
			continue
		}
		if p.groupDepth > 0 {
			if p.isGroupClose() {
				p.groupDepth--
			} else {
				p.tokenIndex += p.tokenIncrement
				continue
			}
		}
		switch p.state {
		case stInit:
			if p.isNonSpecialPatternChar(p.tokenIndex, ":") {
				p.rewindAndSetState(stProtocol)
			}
		case stProtocol:
			if p.isNonSpecialPatternChar(p.tokenIndex, ":") {
				if err := p.computeProtocolMatchesSpecialScheme(); err != nil {
					return Init{}, err
				}
				next, skip := stPathname, 1
				if p.nextIsAuthoritySlashes() {
					next, skip = stAuthority, 3
				} else if p.protocolSpecial {
					next = stAuthority
				}
				p.changeState(next, skip)
			}
		case stAuthority:
			if p.isNonSpecialPatternChar(p.tokenIndex, "@") {
				p.rewindAndSetState(stUsername)
			} else if p.isNonSpecialPatternChar(p.tokenIndex, "/") || p.isSearchPrefix() || p.isHashPrefix() {
				p.rewindAndSetState(stHostname)
			}
		case stUsername:
			if p.isNonSpecialPatternChar(p.tokenIndex, ":") {
				p.changeState(stPassword, 1)
			} else if p.isNonSpecialPatternChar(p.tokenIndex, "@") {
				p.changeState(stHostname, 1)
			}
		case stPassword:
			if p.isNonSpecialPatternChar(p.tokenIndex, "@") {
				p.changeState(stHostname, 1)
			}
		case stHostname:
			switch {
			case p.isNonSpecialPatternChar(p.tokenIndex, "["):
				p.ipv6Depth++
			case p.isNonSpecialPatternChar(p.tokenIndex, "]"):
				p.ipv6Depth--
			case p.isNonSpecialPatternChar(p.tokenIndex, ":") && p.ipv6Depth == 0:
				p.changeState(stPort, 1)
			case p.isNonSpecialPatternChar(p.tokenIndex, "/"):
				p.changeState(stPathname, 0)
			case p.isSearchPrefix():
				p.changeState(stSearch, 1)
			case p.isHashPrefix():
				p.changeState(stHash, 1)
			}
		case stPort:
			switch {
			case p.isNonSpecialPatternChar(p.tokenIndex, "/"):
				p.changeState(stPathname, 0)
			case p.isSearchPrefix():
				p.changeState(stSearch, 1)
			case p.isHashPrefix():
				p.changeState(stHash, 1)
			}
		case stPathname:
			if p.isSearchPrefix() {
				p.changeState(stSearch, 1)
			} else if p.isHashPrefix() {
				p.changeState(stHash, 1)
			}
		case stSearch:
			if p.isHashPrefix() {
				p.changeState(stHash, 1)
			}
		}
		p.tokenIndex += p.tokenIncrement
	}
	if p.result.Hostname != nil && p.result.Port == nil {
		p.result.Port = new("")
	}
	return p.result, nil
}

// field returns the Init field of a component state.
func (p *constructorParser) field(s parserState) **string {
	switch s {
	case stProtocol:
		return &p.result.Protocol
	case stUsername:
		return &p.result.Username
	case stPassword:
		return &p.result.Password
	case stHostname:
		return &p.result.Hostname
	case stPort:
		return &p.result.Port
	case stPathname:
		return &p.result.Pathname
	case stSearch:
		return &p.result.Search
	case stHash:
		return &p.result.Hash
	}
	return nil
}

// changeState implements "change state".
func (p *constructorParser) changeState(next parserState, skip int) {
	if p.state != stInit && p.state != stAuthority && p.state != stDone {
		*p.field(p.state) = new(p.makeComponentString())
	}
	if p.state != stInit && next != stDone {
		if p.state <= stPassword && (next == stPort || next == stPathname || next == stSearch || next == stHash) && p.result.Hostname == nil {
			p.result.Hostname = new("")
		}
		if p.state <= stPort && (next == stSearch || next == stHash) && p.result.Pathname == nil {
			if p.protocolSpecial {
				p.result.Pathname = new("/")
			} else {
				p.result.Pathname = new("")
			}
		}
		if p.state <= stPathname && next == stHash && p.result.Search == nil {
			p.result.Search = new("")
		}
	}
	p.state = next
	p.tokenIndex += skip
	p.componentStart = p.tokenIndex
	p.tokenIncrement = 0
}

func (p *constructorParser) rewind() {
	p.tokenIndex = p.componentStart
	p.tokenIncrement = 0
}

func (p *constructorParser) rewindAndSetState(s parserState) {
	p.rewind()
	p.state = s
}

// safeToken implements "get a safe token".
func (p *constructorParser) safeToken(i int) *token {
	if i < len(p.tokens) {
		return &p.tokens[i]
	}
	return &p.tokens[len(p.tokens)-1]
}

// isNonSpecialPatternChar implements "is a non-special pattern char".
func (p *constructorParser) isNonSpecialPatternChar(i int, value string) bool {
	t := p.safeToken(i)
	if t.value != value {
		return false
	}
	return t.typ == tokChar || t.typ == tokEscapedChar || t.typ == tokInvalidChar
}

func (p *constructorParser) nextIsAuthoritySlashes() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex+1, "/") && p.isNonSpecialPatternChar(p.tokenIndex+2, "/")
}

// isSearchPrefix implements "is a search prefix".
func (p *constructorParser) isSearchPrefix() bool {
	if p.isNonSpecialPatternChar(p.tokenIndex, "?") {
		return true
	}
	if p.tokens[p.tokenIndex].value != "?" {
		return false
	}
	if p.tokenIndex-1 < 0 {
		return true
	}
	switch p.safeToken(p.tokenIndex - 1).typ {
	case tokName, tokRegexp, tokClose, tokAsterisk:
		return false
	}
	return true
}

func (p *constructorParser) isHashPrefix() bool { return p.isNonSpecialPatternChar(p.tokenIndex, "#") }

func (p *constructorParser) isGroupOpen() bool { return p.tokens[p.tokenIndex].typ == tokOpen }

func (p *constructorParser) isGroupClose() bool { return p.tokens[p.tokenIndex].typ == tokClose }

// makeComponentString implements "make a component string".
func (p *constructorParser) makeComponentString() string {
	end := p.tokens[p.tokenIndex].index
	start := p.safeToken(p.componentStart).index
	if start > end {
		return ""
	}
	return p.input[start:end]
}

// computeProtocolMatchesSpecialScheme implements "compute protocol matches
// a special scheme flag".
func (p *constructorParser) computeProtocolMatchesSpecialScheme() error {
	c, err := compileComponent(Protocol, p.makeComponentString(), canonicalizeProtocol, defaultOptions)
	if err != nil {
		return err
	}
	if c.matchesSpecialScheme() {
		p.protocolSpecial = true
	}
	return nil
}
