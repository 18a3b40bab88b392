package urlspec

import (
	"strconv"
	"strings"

	"github.com/urlspec/urlspec/model"
)

// Origin returns the serialisation of the URL's origin (WHATWG origin
// getter): scheme://host[:port] for http, https, ws, wss and ftp; the origin
// of the URL in the path for a blob: URL whose path parses as an http(s)
// URL; "null" (an opaque origin) otherwise.
func (u *URL) Origin() string {
	a := u.u.AuthorityRef()
	if u.u.IsWebURL() && u.u.Has(model.AuthorityType) && a.HasHost() {
		scheme := strings.ToLower(u.u.Scheme())
		o := scheme + "://" + a.Host().String()
		if p, ok := a.Port(); ok && p != model.DefaultPort(scheme) {
			o += ":" + strconv.Itoa(int(p))
		}
		return o
	}
	if strings.EqualFold(u.u.Scheme(), "blob") {
		p, err := Parse(u.Pathname(), nil)
		if err == nil && (p.u.Scheme() == "http" || p.u.Scheme() == "https") {
			return p.Origin()
		}
	}
	return "null"
}
