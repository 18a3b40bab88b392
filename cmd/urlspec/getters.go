package main

import (
	"strconv"

	"github.com/urlspec/urlspec"
)

type namedValue struct{ name, value string }

// getterList returns the eleven WHATWG getters in the standard's order.
func getterList(u *urlspec.URL) []namedValue {
	return []namedValue{
		{"href", u.Href()}, {"protocol", u.Protocol()}, {"username", u.Username()},
		{"password", u.Password()}, {"host", u.Host()}, {"hostname", u.Hostname()},
		{"port", u.Port()}, {"pathname", u.Pathname()}, {"search", u.Search()},
		{"hash", u.Hash()}, {"origin", u.Origin()},
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

func gettersJSONOf(u *urlspec.URL) gettersJSON {
	return gettersJSON{u.Href(), u.Protocol(), u.Username(), u.Password(), u.Host(),
		u.Hostname(), u.Port(), u.Pathname(), u.Search(), u.Hash(), u.Origin()}
}

// quote shows a getter's value Go-quoted, so that the empty string shows.
func quote(s string) string { return strconv.Quote(s) }
