package grammar

import (
	"strings"
	"unsafe"

	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/model"
)

// ParseAuthority parses an authority-string (the part between "//" and the
// next s) in the given mode (spec §URL Grammar, rules authority, credentials,
// host, port):
//
//	authority   ::= ε | [ credentials @ ] host [ : port ]
//	credentials ::= username [ : password ]
//	port        ::= ε | digit+
//
// The last '@' ends the credentials and the first ':' in them ends the
// username. The host is parsed by host.Parse (web and file mode) or
// host.ParseOpaque (generic mode). It fails with HostMissing when there are
// credentials or a port but no host, PortInvalid for a non-digit in the port
// and PortOutOfRange for a port of 2^16 or more (leading zeros allowed).
func ParseAuthority(s string, mode Mode) (model.Authority, error) {
	var a model.Authority
	if err := parseAuthority(&a, s, mode, nil, nil, acAll); err != nil {
		return model.Authority{}, err
	}
	return a, nil
}

// parseAuthority is ParseAuthority into *a, which must be empty, writing a
// host that the host parser changes into b when b is not nil, and reading
// the host with o.Host when o has it (Options.ParseAuthority). has holds
// the classes of s's bytes (authClass; acAll when they are not known): it
// looks for '@' only when has has acAt and for ':' only when it has
// acColon, and reads a host without bytes of class acOther (no '[', '%',
// forbidden or non-ASCII byte) with plainHost rather than the whole host
// parser. On failure *a is left as it is then.
func parseAuthority(a *model.Authority, s string, mode Mode, b *Buffer, o *Options, has uint8) error {
	if s == "" {
		return nil
	}
	hp, hpOff := s, 0
	// IndexByte (vectorised) rules out the common authority without
	// credentials at once, and finds the last '@' from the first (one more
	// call on the host and port for the common authority with one '@';
	// LastIndexByte reads byte by byte).
	at := -1
	if has&acAt != 0 {
		at = strings.IndexByte(s, '@')
		for at >= 0 {
			j := strings.IndexByte(s[at+1:], '@')
			if j < 0 {
				break
			}
			at += 1 + j
		}
	}
	if at >= 0 {
		cred := s[:at]
		hp, hpOff = s[at+1:], at+1
		if j := strings.IndexByte(cred, ':'); j >= 0 {
			a.SetUsername(cred[:j])
			a.SetPassword(cred[j+1:])
		} else {
			a.SetUsername(cred)
		}
	}
	// k = hostLen(hp), written out for the common host without a port:
	// hostLen is too large for the compiler to inline.
	k := len(hp)
	if has&acColon != 0 {
		if i := strings.IndexByte(hp, ':'); i >= 0 {
			if has&acOther == 0 {
				k = i // no '[': the port starts at the first ':'
			} else {
				k = hostLenColon(hp, i)
			}
		}
	}
	hostStr := hp[:k]
	if hostStr == "" {
		return model.NewError(model.HostMissing, s, hpOff, "credentials or port without a host")
	}
	var h model.Host
	var err error
	if o != nil && o.Host != nil {
		if h, err = o.Host(hostStr, mode); err != nil {
			// The hook's error may be one it keeps: a copy is rebased.
			return model.Rebase(err, s, hpOff)
		}
	} else if mode == Generic {
		h, err = host.ParseOpaque(hostStr)
	} else if has&acOther == 0 {
		h, err = plainHost(hostStr, has&acUpper != 0, b)
	} else if b != nil {
		if b.host == nil {
			b.host = make([]byte, 0, 64)
		}
		h, b.host, err = host.AppendParse(b.host[:0], hostStr, mode == File)
	} else {
		h, err = host.Parse(hostStr, mode == File)
	}
	if err != nil {
		return model.RebaseOwned(err, s, hpOff)
	}
	a.SetHost(h)
	if k < len(hp) {
		port := hp[k+1:]
		if port == "" {
			a.SetEmptyPort()
			return nil
		}
		n := 0
		for i := 0; i < len(port); i++ {
			c := port[i]
			if !isDigit(c) {
				return model.NewError(model.PortInvalid, s, hpOff+k+1+i, "port must be digits")
			}
			if n <= 0xffff {
				n = n*10 + int(c-'0')
			}
		}
		if n > 0xffff {
			return model.NewError(model.PortOutOfRange, s, hpOff+k+1, "port must be less than 65536")
		}
		a.SetPort(uint16(n))
	}
	return nil
}

// plainHost is the host parser (host.AppendParse, with b's storage) for a
// host of a web- or file-URL whose bytes are those of a domain that is its
// own ASCII form (lowercase ASCII without a forbidden domain code point)
// but for upper-case letters (when upper), which the caller's walk knows
// without the host parser's scan of them: domain to ASCII lower-cases such
// a domain (appendDomainToASCII's last case, into b's storage as there),
// then the parser's last step, host.FromASCII, reads it: an IPv4 address,
// or the domain as it is, which is returned here after FromASCII's own
// first test (EndsInANumber), as the grammar's walk does for a host it
// reads at once (calling FromASCII for every host cost dirty 0.9% more
// instructions and saved ipforms 2.4%). TestAuthorityClasses checks
// plainHost against the whole host parser.
func plainHost(name string, upper bool, b *Buffer) (model.Host, error) {
	if upper {
		var l []byte
		if b != nil {
			l = b.host[:0]
		}
		l = append(l, name...)
		for i, c := range l {
			if 'A' <= c && c <= 'Z' {
				l[i] = c + 'a' - 'A'
			}
		}
		if b != nil {
			b.host = l
		}
		name = unsafe.String(unsafe.SliceData(l), len(l))
	}
	if !host.EndsInANumber(name) {
		return model.Host{Kind: model.Domain, Name: name}, nil
	}
	return host.FromASCII(name)
}

// hostLen returns the length of the host at the start of hp, a host
// optionally followed by ':' and a port: the port starts at the first ':'
// outside brackets.
func hostLen(hp string) int {
	i := strings.IndexByte(hp, ':')
	if i < 0 {
		return len(hp)
	}
	return hostLenColon(hp, i)
}

// hostLenColon is hostLen for a hp whose first ':' is hp[i].
func hostLenColon(hp string, i int) int {
	if hp[0] == '[' {
		// An IPv6 address: it ends at the first ']', as everything
		// from hp[0] up to there is in brackets.
		if j := strings.IndexByte(hp, ']'); j >= 0 && (j+1 == len(hp) || hp[j+1] == ':') {
			return j + 1
		}
		return hostLenBrackets(hp)
	}
	if strings.IndexByte(hp[:i], '[') < 0 {
		return i // not in brackets
	}
	return hostLenBrackets(hp)
}

// hostLenBrackets is hostLen for a host with a '[' before the first ':'.
func hostLenBrackets(hp string) int {
	inBrackets := false
	for k := 0; k < len(hp); k++ {
		switch hp[k] {
		case '[':
			inBrackets = true
		case ']':
			inBrackets = false
		case ':':
			if !inBrackets {
				return k
			}
		}
	}
	return len(hp)
}
