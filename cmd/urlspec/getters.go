package main

import (
	"strconv"
	"strings"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/internal/display"
)

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
func getterList(u getterSource) []display.NamedValue { return gettersJSONOf(u).List() }

// gettersJSON holds the eleven getters by their WHATWG names.
type gettersJSON = display.Getters

func gettersJSONOf(u getterSource) gettersJSON {
	return gettersJSON{Href: u.Href(), Protocol: u.Protocol(), Username: u.Username(), Password: u.Password(),
		Host: u.Host(), Hostname: u.Hostname(), Port: u.Port(), Pathname: u.Pathname(), Search: u.Search(),
		Hash: u.Hash(), Origin: originOf(u)}
}

// quote shows a getter's value Go-quoted, so that the empty string shows.
func quote(s string) string { return strconv.Quote(s) }
