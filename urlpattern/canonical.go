package urlpattern

import (
	"strings"

	"github.com/urlspec/urlspec/encodeprofile"
)

// The encoding callbacks of URLPattern Standard §Canonicalization. Each
// runs our own WHATWG machinery (urlspec.Parse and the setters, through
// urlspecapi.go), never a second URL parser.

var dummyURL = dummy()

// polyfillCompat switches on, for the differential test only (see
// export_test.go), the known departures of the urlpattern-polyfill from
// the standard, so that the test can tell a known departure from a bug.
// Production code never sets it.
var polyfillCompat struct {
	on bool
}

func typeError(c Component, v string, err error) error {
	return &Error{Component: c.String(), Input: v, Offset: -1, Reason: err.Error()}
}

// canonicalizeProtocol implements "canonicalize a protocol".
func canonicalizeProtocol(v string) (string, error) {
	if v == "" {
		return v, nil
	}
	if polyfillCompat.on {
		// protocolEncodeCallback: [-+.A-Za-z0-9]*, lower-cased.
		for i := 0; i < len(v); i++ {
			if c := v[i]; !(c == '-' || c == '+' || c == '.' || isASCIIDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'z') {
				return "", &Error{Component: "protocol", Input: v, Offset: i, Reason: "polyfill: invalid protocol"}
			}
		}
		return strings.ToLower(v), nil
	}
	s, err := parseScheme(v)
	if err != nil {
		return "", typeError(Protocol, v, err)
	}
	return s, nil
}

// canonicalizeUsername implements "canonicalize a username".
func canonicalizeUsername(v string) (string, error) { return setter(Username, v, v) }

// canonicalizePassword implements "canonicalize a password".
func canonicalizePassword(v string) (string, error) { return setter(Password, v, v) }

// canonicalizeHostname implements "canonicalize a hostname".
func canonicalizeHostname(v string) (string, error) {
	if polyfillCompat.on {
		if strings.ContainsAny(v, "\t\n\r #%/:<>?@[]^\\|") {
			return "", &Error{Component: "hostname", Input: v, Offset: -1, Reason: "polyfill: forbidden code point"}
		}
		// The polyfill sets the hostname of https://example.com; a
		// setter that fails leaves "example.com".
		if s, err := setter(Hostname, v, v); err == nil {
			return s, nil
		}
		return "example.com", nil
	}
	return setter(Hostname, v, v)
}

// canonicalizeSearch implements "canonicalize a search": the query state
// on the dummy URL (the setter drops one leading '?', so one is added).
func canonicalizeSearch(v string) (string, error) { return setter(Search, v, "?"+v) }

// canonicalizeHash implements "canonicalize a hash".
func canonicalizeHash(v string) (string, error) { return setter(Hash, v, "#"+v) }

func setter(c Component, v, arg string) (string, error) {
	if v == "" {
		return v, nil
	}
	s, err := setOnDummy(dummyURL, c, arg)
	if err != nil {
		return "", typeError(c, v, err)
	}
	return s, nil
}

// canonicalizeIPv6Hostname implements "canonicalize an IPv6 hostname".
func canonicalizeIPv6Hostname(v string) (string, error) {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !(isHexDigit(c) || c == '[' || c == ']' || c == ':') {
			return "", &Error{Component: "hostname", Input: v, Offset: i, Reason: "an IPv6 hostname pattern holds only hex digits, '[', ']' and ':'"}
		}
	}
	return strings.ToLower(v), nil
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

// canonicalizePort implements "canonicalize a port" without a protocol. The
// standard's dummy URL is https:, whose default port 443 would vanish from
// the pattern "443*"; web-platform-tests (and Chromium, and the polyfill)
// keep it, so the port is read under a scheme without a default port. The
// constructor removes a special scheme's default port itself.
func canonicalizePort(v string) (string, error) { return canonicalizePortFor(v, "") }

// canonicalizePortFor implements "canonicalize a port" given a protocol.
func canonicalizePortFor(v, protocol string) (string, error) {
	if v == "" {
		return v, nil
	}
	if polyfillCompat.on {
		// portEncodeCallback: ASCII digits only, at most 65535, unchanged.
		if !allDigits(v) || atoiSat(v) > 65535 {
			return "", &Error{Component: "port", Input: v, Offset: -1, Reason: "polyfill: invalid port"}
		}
		return v, nil
	}
	s, err := setOnDummy(dummyWithScheme(protocol), Port, v)
	if err != nil {
		return "", typeError(Port, v, err)
	}
	return s, nil
}

// canonicalizePathname implements "canonicalize a pathname": the path
// start state on the dummy URL, with "/-" before a value without a leading
// '/' so that the parser neither adds a '/' nor reads a leading dot
// segment; the two code points are removed again.
func canonicalizePathname(v string) (string, error) {
	if v == "" {
		return v, nil
	}
	leadingSlash := v[0] == '/'
	arg := v
	if !leadingSlash {
		arg = "/-" + v
	}
	s, err := setOnDummy(dummyURL, Pathname, arg)
	if err != nil {
		return "", typeError(Pathname, v, err)
	}
	if !leadingSlash {
		if len(s) < 2 {
			return "", nil
		}
		s = s[2:]
	}
	return s, nil
}

// canonicalizeOpaquePathname implements "canonicalize an opaque pathname":
// the opaque path state on the dummy URL. Tabs and newlines are removed;
// the path ends at the first '?' or '#' (a space just before it is written
// %20); the rest is percent-encoded with the C0 control percent-encode set.
func canonicalizeOpaquePathname(v string) (string, error) {
	if v == "" {
		return v, nil
	}
	if polyfillCompat.on {
		// pathURLPathnameEncodeCallback: new URL("data:" + v).pathname.
		return polyfillOpaquePathname(v)
	}
	v = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(v)
	cut := strings.IndexAny(v, "?#")
	spaceBeforeCut := false
	if cut >= 0 {
		v = v[:cut]
		if strings.HasSuffix(v, " ") {
			v, spaceBeforeCut = v[:len(v)-1], true
		}
	}
	s := encodeprofile.Encode(v, encodeprofile.C0Control())
	if spaceBeforeCut {
		s += "%20"
	}
	return s, nil
}
