package claim

import (
	"fmt"
	"strconv"

	"github.com/urlspec/urlspec/model"
)

// asciiValue reports whether the strings a value holds (a string, or an
// URL's component values and authority fields) are all ASCII.
func asciiValue(v Value) bool {
	switch v.kind {
	case kString:
		return isASCII(v.Str)
	case kURL:
		for c := range v.URL.Components() {
			a := c.Authority
			h := a.Host()
			if !isASCII(c.Value) || !isASCII(a.Username()) || !isASCII(a.Password()) || !isASCII(h.Name) {
				return false
			}
		}
	}
	return true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// Difference says how v and w differ when they are not Equal but may be
// written alike by String: a domain and an opaque host with the same name
// are both written (host h), and two strings that look the same may differ
// in bytes (a composed é and a decomposed one). It returns "" when v and w
// are Equal, or when they are written differently and hold only ASCII text
// (the rendering then shows the difference); when either holds non-ASCII text,
// which can look alike without being alike, it always describes the first
// difference.
//
// It names the first component where they part, in order: the host's kind
// (domain, opaque host, IPv4 or IPv6 address), the presence of a component
// whose value is empty, or the bytes of a value (shown with every non-ASCII
// byte escaped, so that percent-encoding and Unicode normalisation
// differences are visible).
func Difference(v, w Value) string {
	if v.Equal(w) {
		return ""
	}
	if v.String() != w.String() && asciiValue(v) && asciiValue(w) {
		return ""
	}
	switch {
	case v.kind == kURL && v.Err == nil && w.Err == nil:
		return urlDifference(&v.URL, &w.URL)
	case v.kind == kString:
		return "the strings differ in bytes: " + strconv.QuoteToASCII(v.Str) + " on the left, " + strconv.QuoteToASCII(w.Str) + " on the right"
	}
	return ""
}

func urlDifference(u, v *model.URL) string {
	var a, b []model.Component
	for c := range u.Components() {
		a = append(a, c)
	}
	for c := range v.Components() {
		b = append(b, c)
	}
	for i := 0; i < min(len(a), len(b)); i++ {
		x, y := a[i], b[i]
		if x.Type != y.Type {
			return fmt.Sprintf("component %d is a %s on the left, a %s on the right", i+1, x.Type, y.Type)
		}
		if x.Type == model.AuthorityType {
			if d := authorityDifference(&x.Authority, &y.Authority); d != "" {
				return d
			}
			continue
		}
		if x.Value != y.Value {
			return fmt.Sprintf("the %s differs in bytes: %s on the left, %s on the right", x.Type, strconv.QuoteToASCII(x.Value), strconv.QuoteToASCII(y.Value))
		}
	}
	if len(a) != len(b) {
		return fmt.Sprintf("the left has %d components, the right %d", len(a), len(b))
	}
	return ""
}

func authorityDifference(a, b *model.Authority) string {
	type part struct {
		name     string
		has1     bool
		has2     bool
		val1     string
		val2     string
		checkVal bool
	}
	p1, ok1 := a.Port()
	p2, ok2 := b.Port()
	h1, h2 := a.Host(), b.Host()
	for _, p := range []part{
		{"username", a.HasUsername(), b.HasUsername(), a.Username(), b.Username(), true},
		{"password", a.HasPassword(), b.HasPassword(), a.Password(), b.Password(), true},
		{"host", a.HasHost(), b.HasHost(), "", "", false},
	} {
		if p.has1 != p.has2 {
			return fmt.Sprintf("the authority has %s on the left, %s on the right", presence(p.name, p.has1, p.val1), presence(p.name, p.has2, p.val2))
		}
		if p.checkVal && p.val1 != p.val2 {
			return fmt.Sprintf("the %s differs in bytes: %s on the left, %s on the right", p.name, strconv.QuoteToASCII(p.val1), strconv.QuoteToASCII(p.val2))
		}
	}
	if h1.Kind != h2.Kind {
		return fmt.Sprintf("the host %s is %s on the left, %s on the right", h1, hostKind(h1.Kind), hostKind(h2.Kind))
	}
	if h1 != h2 {
		return fmt.Sprintf("the host differs in bytes: %s on the left, %s on the right", strconv.QuoteToASCII(h1.String()), strconv.QuoteToASCII(h2.String()))
	}
	if a.HasPort() != b.HasPort() || ok1 != ok2 || p1 != p2 {
		return fmt.Sprintf("the port is %s on the left, %s on the right", portText(a.HasPort(), p1, ok1), portText(b.HasPort(), p2, ok2))
	}
	return ""
}

func presence(name string, has bool, v string) string {
	switch {
	case !has:
		return "no " + name
	case v == "":
		return "an empty " + name
	}
	return "the " + name + " " + strconv.QuoteToASCII(v)
}

func portText(has bool, n uint16, ok bool) string {
	switch {
	case !has:
		return "absent"
	case !ok:
		return "empty"
	}
	return strconv.Itoa(int(n))
}

func hostKind(k model.HostKind) string {
	switch k {
	case model.Domain:
		return "a domain"
	case model.Opaque:
		return "an opaque host"
	case model.IPv4:
		return "an IPv4 address"
	case model.IPv6:
		return "an IPv6 address"
	}
	return "no host"
}
