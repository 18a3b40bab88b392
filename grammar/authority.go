package grammar

import (
	"github.com/urlspec/urlspec/encodeprofile"
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
// username. The host is parsed by ParseHost (web and file mode) or
// ParseOpaqueHost (generic mode). It fails with HostMissing when there are
// credentials or a port but no host, PortInvalid for a non-digit in the port
// and PortOutOfRange for a port of 2^16 or more (leading zeros allowed).
func ParseAuthority(s string, mode Mode) (model.Authority, error) {
	var a model.Authority
	if s == "" {
		return a, nil
	}
	hp, hpOff := s, 0
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '@' {
			cred := s[:i]
			hp, hpOff = s[i+1:], i+1
			j := 0
			for j < len(cred) && cred[j] != ':' {
				j++
			}
			a.SetUsername(cred[:j])
			if j < len(cred) {
				a.SetPassword(cred[j+1:])
			}
			break
		}
	}
	k := hostLen(hp)
	host := hp[:k]
	if host == "" {
		return model.Authority{}, model.NewError(model.HostMissing, s, hpOff, "credentials or port without a host")
	}
	var h model.Host
	var err error
	if mode == Generic {
		h, err = ParseOpaqueHost(host)
	} else {
		h, err = ParseHost(host, mode == File)
	}
	if err != nil {
		return model.Authority{}, rebase(err, s, hpOff)
	}
	a.SetHost(h)
	if k < len(hp) {
		port := hp[k+1:]
		if port == "" {
			a.SetEmptyPort()
			return a, nil
		}
		n := 0
		for i := 0; i < len(port); i++ {
			c := port[i]
			if !isDigit(c) {
				return model.Authority{}, model.NewError(model.PortInvalid, s, hpOff+k+1+i, "port must be digits")
			}
			if n <= 0xffff {
				n = n*10 + int(c-'0')
			}
		}
		if n > 0xffff {
			return model.Authority{}, model.NewError(model.PortOutOfRange, s, hpOff+k+1, "port must be less than 65536")
		}
		a.SetPort(uint16(n))
	}
	return a, nil
}

// hostLen returns the length of the host at the start of hp, a host
// optionally followed by ':' and a port: the port starts at the first ':'
// outside brackets.
func hostLen(hp string) int {
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

// ParseHost implements the WHATWG host parser for web- and file-URLs (spec
// §Host Parsing): an IPv6 address in brackets; otherwise percent-decode,
// domain to ASCII (which rejects forbidden domain code points, as the current
// standard's domain to ASCII does), and read an IPv4 address when the result
// ends in a number. For file-URLs (isFile) the same
// rules apply; "localhost" is removed later by normalisation.
func ParseHost(s string, isFile bool) (model.Host, error) {
	if s != "" && s[0] == '[' {
		return parseBracketed(s)
	}
	decoded := encodeprofile.Decode(s)
	ascii, err := DomainToASCII(decoded, false)
	if err != nil {
		return model.Host{}, err
	}
	if EndsInANumber(ascii) {
		v, err := ParseIPv4(ascii)
		if err != nil {
			return model.Host{}, err
		}
		return model.Host{Kind: model.IPv4, IPv4: v}, nil
	}
	return model.Host{Kind: model.Domain, Name: ascii}, nil
}

// ParseOpaqueHost implements the WHATWG opaque-host parser (spec §URL
// Grammar, rule opaque-host): an IPv6 address in brackets, or a non-empty
// string without forbidden host code points; '%' and any other code point
// are kept as they are.
func ParseOpaqueHost(s string) (model.Host, error) {
	if s != "" && s[0] == '[' {
		return parseBracketed(s)
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x80 && forbiddenHost[c] {
			return model.Host{}, model.NewError(model.HostInvalidCodePoint, s, i, "forbidden host code point "+quoteByte(c))
		}
	}
	if s == "" {
		return model.Host{}, model.NewError(model.HostMissing, s, 0, "empty host")
	}
	return model.Host{Kind: model.Opaque, Name: s}, nil
}

func parseBracketed(s string) (model.Host, error) {
	if len(s) < 2 || s[len(s)-1] != ']' {
		return model.Host{}, model.NewError(model.IPv6Unclosed, s, len(s), "missing ]")
	}
	a, err := ParseIPv6(s[1 : len(s)-1])
	if err != nil {
		return model.Host{}, rebase(err, s, 1)
	}
	return model.Host{Kind: model.IPv6, IPv6: a}, nil
}

// forbiddenHost holds the WHATWG forbidden host code points (ASCII only).
var forbiddenHost = func() (t [128]bool) {
	for _, c := range "\x00\t\n\r #/:<>?@[\\]^|" {
		t[c] = true
	}
	return
}()

func quoteByte(c byte) string {
	if c >= 0x21 && c < 0x7f {
		return "'" + string(rune(c)) + "'"
	}
	const hexd = "0123456789ABCDEF"
	return "U+00" + string([]byte{hexd[c>>4], hexd[c&15]})
}
