package main

import (
	"strconv"
	"strings"

	"github.com/urlspec/urlspec"
)

type namedValue struct{ name, value string }

// getterSource is an URL or a reference (*urlspec.URL or *urlspec.Ref).
type getterSource interface {
	Href() string
	Protocol() string
	Username() string
	Password() string
	Host() string
	Hostname() string
	Port() string
	Pathname() string
	Search() string
	Hash() string
}

// originOf returns the serialized origin of an URL; of a reference with a
// host (or a blob: reference), the origin of the URL it makes without a
// base; "null" otherwise.
func originOf(g getterSource) string {
	switch v := g.(type) {
	case *urlspec.URL:
		return v.Origin().String()
	case *urlspec.Ref:
		if v.Host() == "" && !strings.EqualFold(v.Scheme(), "blob") {
			return "null"
		}
		if u, err := v.URL(); err == nil {
			return u.Origin().String()
		}
	}
	return "null"
}

// getterList returns the eleven WHATWG getters in the standard's order.
func getterList(u getterSource) []namedValue {
	return []namedValue{
		{"href", u.Href()}, {"protocol", u.Protocol()}, {"username", u.Username()},
		{"password", u.Password()}, {"host", u.Host()}, {"hostname", u.Hostname()},
		{"port", u.Port()}, {"pathname", u.Pathname()}, {"search", u.Search()},
		{"hash", u.Hash()}, {"origin", originOf(u)},
	}
}

// gettersJSON holds the eleven getters by their WHATWG names.
type gettersJSON struct {
	Href     string `json:"href"`
	Protocol string `json:"protocol"`
	Username string `json:"username"`
	Password string `json:"password"`
	Host     string `json:"host"`
	Hostname string `json:"hostname"`
	Port     string `json:"port"`
	Pathname string `json:"pathname"`
	Search   string `json:"search"`
	Hash     string `json:"hash"`
	Origin   string `json:"origin"`
}

func gettersJSONOf(u getterSource) gettersJSON {
	return gettersJSON{u.Href(), u.Protocol(), u.Username(), u.Password(), u.Host(),
		u.Hostname(), u.Port(), u.Pathname(), u.Search(), u.Hash(), originOf(u)}
}

// quote shows a getter's value Go-quoted, so that the empty string shows.
func quote(s string) string { return strconv.Quote(s) }
