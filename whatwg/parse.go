package whatwg

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// ValidationError is one validation error of the standard's parser: its
// name from the standard's tables (§1.3 Validation), the byte offset into
// the original input that it concerns, and a short reason.
type ValidationError struct {
	Name   string
	Offset int
	Reason string
}

// String formats the error as "name at byte N: reason".
func (e ValidationError) String() string {
	return e.Name + " at byte " + strconv.Itoa(e.Offset) + ": " + e.Reason
}

// cp is a code point of the input with the byte offset in the original
// input where it starts.
type cp struct {
	r   rune
	off int
}

const eof rune = -1

// state is a state of the basic URL parser's state machine.
type state uint8

const (
	schemeStartState state = iota
	schemeState
	noSchemeState
	specialRelativeOrAuthorityState
	pathOrAuthorityState
	relativeState
	relativeSlashState
	specialAuthoritySlashesState
	specialAuthorityIgnoreSlashesState
	authorityState
	hostState
	portState
	fileState
	fileSlashState
	fileHostState
	pathStartState
	pathState
	opaquePathState
	queryState
	fragmentState
)

// parser holds the basic URL parser's variables.
type parser struct {
	input   []cp
	eofOff  int // the offset reported for the EOF code point
	base    *URL
	url     *URL
	errs    []ValidationError
	pointer int

	buffer                                        []cp   // code points (scheme, authority, host, port, file host)
	pathBuf                                       []byte // the path state's percent-encoded buffer
	queryBuf                                      []byte // the query state's code points, UTF-8
	opaqueBuf, fragmentBuf                        []byte // the opaque path and the fragment, built up
	username, password                            []byte // the username and password, built up
	atSignSeen, insideBrackets, passwordTokenSeen bool
}

// Parse runs the basic URL parser on input with an optional base (nil for
// none) and returns the URL, or nil for failure, and every validation error
// reported on the way, in order. Errors of parsing base itself are not
// included (base is already a URL record).
func Parse(input string, base *URL) (*URL, []ValidationError) {
	p := &parser{base: base, url: &URL{Port: -1}}
	p.preprocess(input)
	if !p.run() {
		return nil, p.errs
	}
	return p.url, p.errs
}

func (p *parser) report(name string, off int, reason string) {
	p.errs = append(p.errs, ValidationError{Name: name, Offset: off, Reason: reason})
}

// preprocess decodes input to code points (each invalid byte as U+FFFD) and
// runs the first steps of the basic URL parser: remove leading and trailing
// C0 controls and spaces, then all ASCII tabs and newlines, each with its
// invalid-URL-unit validation error.
func (p *parser) preprocess(input string) {
	start, end := 0, len(input)
	for start < end && input[start] <= ' ' {
		start++
	}
	for end > start && input[end-1] <= ' ' {
		end--
	}
	if start > 0 || end < len(input) {
		off := 0
		if start == 0 {
			off = end
		}
		p.report("invalid-URL-unit", off, "leading or trailing C0 control or space (removed)")
	}
	firstTab := -1
	cps := make([]cp, 0, end-start)
	for i := start; i < end; {
		r, n := utf8.DecodeRuneInString(input[i:end])
		if r == '\t' || r == '\n' || r == '\r' {
			if firstTab < 0 {
				firstTab = i
			}
		} else {
			cps = append(cps, cp{r, i}) // an invalid byte decodes as U+FFFD
		}
		i += n
	}
	if firstTab >= 0 {
		p.report("invalid-URL-unit", firstTab, "ASCII tab or newline (removed)")
	}
	p.input = cps
	p.eofOff = end
	if len(cps) > 0 {
		last := cps[len(cps)-1]
		_, n := utf8.DecodeRuneInString(input[last.off:end])
		p.eofOff = last.off + n
	}
}

// c returns the code point the pointer points to, or eof.
func (p *parser) c() rune { return p.at(p.pointer) }

func (p *parser) at(i int) rune {
	if i < 0 || i >= len(p.input) {
		return eof
	}
	return p.input[i].r
}

// offAt returns the original byte offset of the code point at i (the end of
// the input for EOF).
func (p *parser) offAt(i int) int {
	if i < 0 {
		return 0
	}
	if i >= len(p.input) {
		return p.eofOff
	}
	return p.input[i].off
}

// remainingStartsWith reports whether the code points after the pointer
// start with s (ASCII).
func (p *parser) remainingStartsWith(s string) bool {
	for k := 0; k < len(s); k++ {
		if p.at(p.pointer+1+k) != rune(s[k]) {
			return false
		}
	}
	return true
}

// startsWithWindowsDriveLetter reports whether the code points from i on
// start with a Windows drive letter (§4.2): a Windows drive letter followed
// by the end or by '/', '\', '?' or '#'.
func (p *parser) startsWithWindowsDriveLetter(i int) bool {
	if len(p.input)-i < 2 {
		return false
	}
	if !isASCIIAlpha(p.at(i)) || (p.at(i+1) != ':' && p.at(i+1) != '|') {
		return false
	}
	if len(p.input)-i == 2 {
		return true
	}
	switch p.at(i + 2) {
	case '/', '\\', '?', '#':
		return true
	}
	return false
}

func bufferString(b []cp) string {
	var s strings.Builder
	for _, c := range b {
		s.WriteRune(c.r)
	}
	return s.String()
}

// validateURLUnit reports the invalid-URL-unit validation errors of the
// path, opaque path, query and fragment states for c.
func (p *parser) validateURLUnit(c rune) {
	if !isURLCodePoint(c) && c != '%' {
		p.report("invalid-URL-unit", p.offAt(p.pointer), quoteRune(c)+" is not a URL code point")
	}
	if c == '%' && !(isASCIIHexDigit(p.at(p.pointer+1)) && isASCIIHexDigit(p.at(p.pointer+2))) {
		p.report("invalid-URL-unit", p.offAt(p.pointer), "'%' not followed by two hex digits")
	}
}

// quoteRune names a code point for a reason: 'c' for printable ASCII, else
// U+XXXX.
func quoteRune(c rune) string {
	if c > ' ' && c < 0x7f {
		return "'" + string(c) + "'"
	}
	const hex = "0123456789ABCDEF"
	b := []byte("U+")
	digits := 4
	if c > 0xFFFF {
		digits = 6
	}
	for k := digits - 1; k >= 0; k-- {
		b = append(b, hex[(c>>(4*k))&15])
	}
	return string(b)
}

// run runs the state machine; it returns false for failure.
func (p *parser) run() bool {
	st := schemeStartState
	url := p.url
	for ; ; p.pointer++ {
		c := p.c()
		switch st {
		case schemeStartState:
			if isASCIIAlpha(c) {
				p.buffer = append(p.buffer, cp{toLowerASCII(c), p.offAt(p.pointer)})
				st = schemeState
			} else {
				st = noSchemeState
				p.pointer--
			}

		case schemeState:
			switch {
			case isASCIIAlphanumeric(c) || c == '+' || c == '-' || c == '.':
				p.buffer = append(p.buffer, cp{toLowerASCII(c), p.offAt(p.pointer)})
			case c == ':':
				url.Scheme = bufferString(p.buffer)
				p.buffer = p.buffer[:0]
				switch {
				case url.Scheme == "file":
					if !p.remainingStartsWith("//") {
						p.report("special-scheme-missing-following-solidus", p.offAt(p.pointer+1), `"file:" not followed by "//"`)
					}
					st = fileState
				case url.IsSpecial() && p.base != nil && p.base.Scheme == url.Scheme:
					st = specialRelativeOrAuthorityState
				case url.IsSpecial():
					st = specialAuthoritySlashesState
				case p.remainingStartsWith("/"):
					st = pathOrAuthorityState
					p.pointer++
				default:
					url.Opaque, url.OpaquePath = true, ""
					st = opaquePathState
				}
			default:
				p.buffer = p.buffer[:0]
				st = noSchemeState
				p.pointer = -1
			}

		case noSchemeState:
			switch {
			case p.base == nil:
				p.report("missing-scheme-non-relative-URL", p.offAt(0), "no scheme, and no base URL")
				return false
			case p.base.Opaque && c != '#':
				p.report("missing-scheme-non-relative-URL", p.offAt(0), "no scheme, and the base URL has an opaque path")
				return false
			case p.base.Opaque && c == '#':
				url.Scheme = p.base.Scheme
				url.Opaque, url.OpaquePath = true, p.base.OpaquePath
				url.HasQuery, url.Query = p.base.HasQuery, p.base.Query
				url.HasFragment, url.Fragment = true, ""
				st = fragmentState
			case p.base.Scheme != "file":
				st = relativeState
				p.pointer--
			default:
				st = fileState
				p.pointer--
			}

		case specialRelativeOrAuthorityState:
			if c == '/' && p.remainingStartsWith("/") {
				st = specialAuthorityIgnoreSlashesState
				p.pointer++
			} else {
				p.report("special-scheme-missing-following-solidus", p.offAt(p.pointer), "special scheme not followed by \"//\"")
				st = relativeState
				p.pointer--
			}

		case pathOrAuthorityState:
			if c == '/' {
				st = authorityState
			} else {
				st = pathState
				p.pointer--
			}

		case relativeState:
			url.Scheme = p.base.Scheme
			switch {
			case c == '/':
				st = relativeSlashState
			case url.IsSpecial() && c == '\\':
				p.report("invalid-reverse-solidus", p.offAt(p.pointer), `'\' used as '/'`)
				st = relativeSlashState
			default:
				url.Username, url.Password = p.base.Username, p.base.Password
				url.HasHost, url.Host, url.Port = p.base.HasHost, p.base.Host, p.base.Port
				url.Path = append([]string(nil), p.base.Path...)
				url.HasQuery, url.Query = p.base.HasQuery, p.base.Query
				switch {
				case c == '?':
					url.HasQuery, url.Query = true, ""
					st = queryState
				case c == '#':
					url.HasFragment, url.Fragment = true, ""
					st = fragmentState
				case c != eof:
					url.HasQuery, url.Query = false, ""
					url.shortenPath()
					st = pathState
					p.pointer--
				}
			}

		case relativeSlashState:
			switch {
			case url.IsSpecial() && (c == '/' || c == '\\'):
				if c == '\\' {
					p.report("invalid-reverse-solidus", p.offAt(p.pointer), `'\' used as '/'`)
				}
				st = specialAuthorityIgnoreSlashesState
			case c == '/':
				st = authorityState
			default:
				url.Username, url.Password = p.base.Username, p.base.Password
				url.HasHost, url.Host, url.Port = p.base.HasHost, p.base.Host, p.base.Port
				st = pathState
				p.pointer--
			}

		case specialAuthoritySlashesState:
			if c == '/' && p.remainingStartsWith("/") {
				st = specialAuthorityIgnoreSlashesState
				p.pointer++
			} else {
				p.report("special-scheme-missing-following-solidus", p.offAt(p.pointer), "special scheme not followed by \"//\"")
				st = specialAuthorityIgnoreSlashesState
				p.pointer--
			}

		case specialAuthorityIgnoreSlashesState:
			if c != '/' && c != '\\' {
				st = authorityState
				p.pointer--
			} else {
				p.report("special-scheme-missing-following-solidus", p.offAt(p.pointer), "more than two slashes after a special scheme")
			}

		case authorityState:
			switch {
			case c == '@':
				p.report("invalid-credentials", p.offAt(p.pointer), "the URL includes credentials")
				if p.atSignSeen {
					at := p.offAt(p.pointer)
					p.buffer = append([]cp{{'%', at}, {'4', at}, {'0', at}}, p.buffer...)
				}
				p.atSignSeen = true
				for _, b := range p.buffer {
					if b.r == ':' && !p.passwordTokenSeen {
						p.passwordTokenSeen = true
						continue
					}
					if p.passwordTokenSeen {
						p.password = appendPercentEncoded(p.password, b.r, inUserinfoSet)
					} else {
						p.username = appendPercentEncoded(p.username, b.r, inUserinfoSet)
					}
				}
				p.buffer = p.buffer[:0]
			case c == eof || c == '/' || c == '?' || c == '#' || url.IsSpecial() && c == '\\':
				if p.atSignSeen && len(p.buffer) == 0 {
					p.report("host-missing", p.offAt(p.pointer), "credentials but no host")
					return false
				}
				// The username and password are built up in p.username and
				// p.password (appending to strings would be quadratic).
				if p.atSignSeen {
					url.Username, url.Password = string(p.username), string(p.password)
				}
				p.pointer -= len(p.buffer) + 1
				p.buffer = p.buffer[:0]
				st = hostState
			default:
				p.buffer = append(p.buffer, cp{c, p.offAt(p.pointer)})
			}

		case hostState:
			switch {
			case c == ':' && !p.insideBrackets:
				if len(p.buffer) == 0 {
					p.report("host-missing", p.offAt(p.pointer), "a port but no host")
					return false
				}
				host, ok := p.parseHost(p.buffer, !url.IsSpecial())
				if !ok {
					return false
				}
				url.HasHost, url.Host = true, host
				p.buffer = p.buffer[:0]
				st = portState
			case c == eof || c == '/' || c == '?' || c == '#' || url.IsSpecial() && c == '\\':
				p.pointer--
				if url.IsSpecial() && len(p.buffer) == 0 {
					p.report("host-missing", p.offAt(p.pointer+1), "a special URL needs a host")
					return false
				}
				host, ok := p.parseHost(p.buffer, !url.IsSpecial())
				if !ok {
					return false
				}
				url.HasHost, url.Host = true, host
				p.buffer = p.buffer[:0]
				st = pathStartState
			default:
				if c == '[' {
					p.insideBrackets = true
				} else if c == ']' {
					p.insideBrackets = false
				}
				p.buffer = append(p.buffer, cp{c, p.offAt(p.pointer)})
			}

		case portState:
			switch {
			case isASCIIDigit(c):
				p.buffer = append(p.buffer, cp{c, p.offAt(p.pointer)})
			case c == eof || c == '/' || c == '?' || c == '#' || url.IsSpecial() && c == '\\':
				if len(p.buffer) != 0 {
					port := 0
					for _, d := range p.buffer {
						port = port*10 + int(d.r-'0')
						if port > 1<<16-1 {
							p.report("port-out-of-range", p.buffer[0].off, "port "+bufferString(p.buffer)+" is above 65535")
							return false
						}
					}
					if port == defaultPort(url.Scheme) {
						url.Port = -1
					} else {
						url.Port = port
					}
					p.buffer = p.buffer[:0]
				}
				st = pathStartState
				p.pointer--
			default:
				p.report("port-invalid", p.offAt(p.pointer), quoteRune(c)+" in the port")
				return false
			}

		case fileState:
			url.Scheme = "file"
			url.HasHost, url.Host = true, ""
			switch {
			case c == '/' || c == '\\':
				if c == '\\' {
					p.report("invalid-reverse-solidus", p.offAt(p.pointer), `'\' used as '/'`)
				}
				st = fileSlashState
			case p.base != nil && p.base.Scheme == "file":
				url.HasHost, url.Host = p.base.HasHost, p.base.Host
				url.Path = append([]string(nil), p.base.Path...)
				url.HasQuery, url.Query = p.base.HasQuery, p.base.Query
				switch {
				case c == '?':
					url.HasQuery, url.Query = true, ""
					st = queryState
				case c == '#':
					url.HasFragment, url.Fragment = true, ""
					st = fragmentState
				case c != eof:
					url.HasQuery, url.Query = false, ""
					if !p.startsWithWindowsDriveLetter(p.pointer) {
						url.shortenPath()
					} else {
						p.report("file-invalid-Windows-drive-letter", p.offAt(p.pointer), "a relative reference that starts with a Windows drive letter, against a file base")
						url.Path = url.Path[:0]
					}
					st = pathState
					p.pointer--
				}
			default:
				st = pathState
				p.pointer--
			}

		case fileSlashState:
			if c == '/' || c == '\\' {
				if c == '\\' {
					p.report("invalid-reverse-solidus", p.offAt(p.pointer), `'\' used as '/'`)
				}
				st = fileHostState
			} else {
				if p.base != nil && p.base.Scheme == "file" {
					url.HasHost, url.Host = p.base.HasHost, p.base.Host
					if !p.startsWithWindowsDriveLetter(p.pointer) && len(p.base.Path) > 0 && isNormalizedWindowsDriveLetter(p.base.Path[0]) {
						url.Path = append(url.Path, p.base.Path[0])
					}
				}
				st = pathState
				p.pointer--
			}

		case fileHostState:
			switch c {
			case eof, '/', '\\', '?', '#':
				p.pointer--
				switch {
				case len(p.buffer) == 2 && isWindowsDriveLetter(bufferString(p.buffer)):
					p.report("file-invalid-Windows-drive-letter-host", p.buffer[0].off, "a Windows drive letter where the host goes (read as the path)")
					st = pathState
					// The buffer is not reset: the path state uses it.
					for _, b := range p.buffer {
						p.pathBuf = appendPercentEncoded(p.pathBuf, b.r, inPathSet)
					}
					p.buffer = p.buffer[:0]
				case len(p.buffer) == 0:
					url.HasHost, url.Host = true, ""
					st = pathStartState
				default:
					host, ok := p.parseHost(p.buffer, !url.IsSpecial())
					if !ok {
						return false
					}
					if host == "localhost" {
						host = ""
					}
					url.HasHost, url.Host = true, host
					p.buffer = p.buffer[:0]
					st = pathStartState
				}
			default:
				p.buffer = append(p.buffer, cp{c, p.offAt(p.pointer)})
			}

		case pathStartState:
			switch {
			case url.IsSpecial():
				if c == '\\' {
					p.report("invalid-reverse-solidus", p.offAt(p.pointer), `'\' used as '/'`)
				}
				st = pathState
				if c != '/' && c != '\\' {
					p.pointer--
				}
			case c == '?':
				url.HasQuery, url.Query = true, ""
				st = queryState
			case c == '#':
				url.HasFragment, url.Fragment = true, ""
				st = fragmentState
			case c != eof:
				st = pathState
				if c != '/' {
					p.pointer--
				}
			}

		case pathState:
			special := url.IsSpecial()
			if c == eof || c == '/' || special && c == '\\' || c == '?' || c == '#' {
				slash := c == '/' || special && c == '\\'
				if special && c == '\\' {
					p.report("invalid-reverse-solidus", p.offAt(p.pointer), `'\' used as '/'`)
				}
				buf := string(p.pathBuf)
				switch {
				case isDoubleDot(buf):
					url.shortenPath()
					if !slash {
						url.Path = append(url.Path, "")
					}
				case isSingleDot(buf):
					if !slash {
						url.Path = append(url.Path, "")
					}
				default:
					if url.Scheme == "file" && len(url.Path) == 0 && isWindowsDriveLetter(buf) {
						buf = buf[:1] + ":"
					}
					url.Path = append(url.Path, buf)
				}
				p.pathBuf = p.pathBuf[:0]
				if c == '?' {
					url.HasQuery, url.Query = true, ""
					st = queryState
				}
				if c == '#' {
					url.HasFragment, url.Fragment = true, ""
					st = fragmentState
				}
			} else {
				p.validateURLUnit(c)
				p.pathBuf = appendPercentEncoded(p.pathBuf, c, inPathSet)
			}

		case opaquePathState:
			switch {
			case c == '?':
				url.HasQuery, url.Query = true, ""
				st = queryState
			case c == '#':
				url.HasFragment, url.Fragment = true, ""
				st = fragmentState
			case c == ' ':
				p.report("invalid-URL-unit", p.offAt(p.pointer), "space in an opaque path")
				if next := p.at(p.pointer + 1); next == '?' || next == '#' {
					p.opaqueBuf = append(p.opaqueBuf, "%20"...)
				} else {
					p.opaqueBuf = append(p.opaqueBuf, ' ')
				}
			case c != eof:
				p.validateURLUnit(c)
				p.opaqueBuf = appendPercentEncoded(p.opaqueBuf, c, inC0ControlSet)
			}

		case queryState:
			if c == '#' || c == eof {
				inSet := inQuerySet
				if url.IsSpecial() {
					inSet = inSpecialQuerySet
				}
				var q []byte
				for _, r := range string(p.queryBuf) {
					q = appendPercentEncoded(q, r, inSet)
				}
				url.Query += string(q)
				p.queryBuf = p.queryBuf[:0]
				if c == '#' {
					url.HasFragment, url.Fragment = true, ""
					st = fragmentState
				}
			} else {
				p.validateURLUnit(c)
				p.queryBuf = utf8.AppendRune(p.queryBuf, c)
			}

		case fragmentState:
			if c != eof {
				p.validateURLUnit(c)
				p.fragmentBuf = appendPercentEncoded(p.fragmentBuf, c, inFragmentSet)
			}
		}
		if p.pointer >= len(p.input) {
			if st == opaquePathState || url.Opaque && p.opaqueBuf != nil {
				url.OpaquePath = string(p.opaqueBuf)
			}
			if url.HasFragment {
				url.Fragment = string(p.fragmentBuf)
			}
			return true
		}
	}
}
