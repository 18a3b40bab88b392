package urlspec

import (
	"net/netip"
	"strconv"
	"strings"

	"github.com/urlspec/urlspec/model"
)

// hostKind is what an URL's host is (WHATWG §Hosts: a domain, an IP
// address, an opaque host or an empty host; or no host at all).
type hostKind uint8

// The host kinds. The zero hostKind is hostNone.
const (
	// hostNone: the URL has no host (WHATWG host null), e.g. mailto:x or
	// sc:/p.
	hostNone hostKind = iota
	// hostEmpty: the host is the empty host, e.g. file:///p or sc:///p.
	hostEmpty
	// hostDomain: a domain of a special URL, e.g. example.com.
	hostDomain
	// hostIPv4: an IPv4 address, printed as four decimal numbers.
	hostIPv4
	// hostIPv6: an IPv6 address, printed in brackets.
	hostIPv6
	// hostOpaque: the opaque host of a non-special URL, e.g. the h of sc://h.
	hostOpaque
)

var hostKindNames = [...]string{"none", "empty", "domain", "ipv4", "ipv6", "opaque"}

// String returns the kind's name: none, empty, domain, ipv4, ipv6 or
// opaque.
func (k hostKind) String() string {
	if int(k) < len(hostKindNames) {
		return hostKindNames[k]
	}
	return "hostKind(" + strconv.Itoa(int(k)) + ")"
}

// hostKind returns what the URL's host is. It reads the href only: a
// special URL's host (other than an IPv6 address) is an IPv4 address when
// it is printed as one, a domain otherwise; a non-special URL's host is
// opaque unless it is in brackets.
func (u URL) hostKind() hostKind {
	if u.href == "" || !u.off.has(flagAuthority) {
		return hostNone
	}
	h := u.Hostname()
	switch {
	case h == "":
		return hostEmpty
	case h[0] == '[':
		return hostIPv6
	case !isSpecial(u.Scheme()):
		return hostOpaque
	}
	if a, err := netip.ParseAddr(h); err == nil && a.Is4() {
		return hostIPv4
	}
	return hostDomain
}

// HostAddr returns the URL's host as an IP address when it is one
// (hostIPv4 or hostIPv6), without brackets; ok is false otherwise. Use it
// where net/url's Hostname gave an address without brackets.
func (u URL) HostAddr() (addr netip.Addr, ok bool) {
	h := u.Hostname()
	switch u.hostKind() {
	case hostIPv4:
	case hostIPv6:
		h = h[1 : len(h)-1]
	default:
		return netip.Addr{}, false
	}
	a, err := netip.ParseAddr(h)
	return a, err == nil
}

// DialAddress returns the "host:port" address to pass to net.Dial for the
// URL: the host without brackets joined as net.JoinHostPort does (so an IPv6
// address gets exactly one pair of brackets: "[::1]:8080"), and the URL's
// port or, when it has none, its scheme's default port (80 for http and
// ws, 443 for https and wss, 21 for ftp). It fails, with an *Error with
// code model.HostMissing, when the URL has no host or an empty host, and with
// code model.PortInvalid when it has no port and its scheme has no default port
// (file: and non-special schemes).
//
// net.JoinHostPort(u.Hostname(), u.Port()) is wrong for IPv6 (Hostname
// keeps the brackets, giving "[[::1]]:8080") and for a default port (Port
// is "").
func (u URL) DialAddress() (string, error) {
	host := u.Hostname()
	switch u.hostKind() {
	case hostNone, hostEmpty:
		return "", &Error{Code: model.HostMissing, Input: u.href, Offset: -1, Reason: "the URL has no host to dial"}
	case hostIPv6:
		host = host[1 : len(host)-1]
	}
	port := u.Port()
	if port == "" {
		p := model.DefaultPort(u.Scheme())
		if p == 0 || u.Scheme() == "file" {
			return "", &Error{Code: model.PortInvalid, Input: u.href, Offset: -1, Reason: "the URL has no port and its scheme no default port"}
		}
		port = strconv.Itoa(int(p))
	}
	return joinHostPort(host, port), nil
}

// joinHostPort is net.JoinHostPort (host in brackets when it has a ':'),
// without linking package net.
func joinHostPort(host, port string) string {
	if strings.IndexByte(host, ':') >= 0 {
		return "[" + host + "]:" + port
	}
	return host + ":" + port
}
