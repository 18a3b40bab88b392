package urlspec

import (
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/urlspec/urlspec/model"
)

// Origin is an origin (WHATWG §Origin, with HTML's definition): a tuple
// origin (scheme, host, port, domain null) or an opaque origin. Opaque
// origins are unique: each call that returns a new one returns an origin
// that is same-origin with itself and its copies only. Origin is a
// comparable value type and == is same-origin (HTML "same origin"). The
// zero Origin is not a valid origin; it is same-origin only with the zero
// Origin.
type Origin struct {
	scheme string
	host   string // the serialized host
	port   int32  // -1 when null
	opaque uint64 // non-zero: an opaque origin's identity
}

var opaqueOrigins atomic.Uint64

// IsOpaque reports whether o is an opaque origin (WHATWG §Origin).
func (o Origin) IsOpaque() bool { return o.opaque != 0 }

// Scheme returns a tuple origin's scheme ("" for an opaque origin; WHATWG
// §Origin).
func (o Origin) Scheme() string { return o.scheme }

// Host returns a tuple origin's host, serialized ("" for an opaque origin;
// WHATWG §Origin, §Host serializing).
func (o Origin) Host() string { return o.host }

// Port returns a tuple origin's port and whether it is non-null (WHATWG
// §Origin).
func (o Origin) Port() (uint16, bool) {
	if o.opaque != 0 || o.scheme == "" || o.port < 0 {
		return 0, false
	}
	return uint16(o.port), true
}

// String implements "the serialization of an origin" (WHATWG §URL class,
// origin getter; defined in HTML): "null" for an
// opaque origin, otherwise scheme "://" host, then ":" port when the port is
// non-null.
func (o Origin) String() string {
	if o.opaque != 0 || o.scheme == "" {
		return "null"
	}
	s := o.scheme + "://" + o.host
	if o.port >= 0 {
		s += ":" + strconv.Itoa(int(o.port))
	}
	return s
}

// Origin returns the URL's origin (WHATWG §Origin), switching on its
// scheme:
//   - http, https, ws, wss and ftp: the tuple origin (scheme, host, port
//     or null, null); the default port is already null (spec rule
//     default-port);
//   - blob: the origin of the URL that the path parses as (without a base),
//     when that URL's scheme is http, https or file; a new opaque origin
//     otherwise (no blob URL store is consulted);
//   - file and every other scheme: a new opaque origin ("When in doubt,
//     return a new opaque origin").
//
// Each call returns a new opaque origin where the result is opaque, so an
// URL with an opaque origin is not same-origin with itself. The WHATWG
// origin getter is Origin().String().
func (u URL) Origin() Origin {
	m := u.model()
	scheme := m.Scheme()
	a := m.AuthorityRef()
	switch {
	case m.IsWebURL() && m.Has(model.AuthorityType) && a.HasHost():
		o := Origin{scheme: strings.ToLower(scheme), host: a.Host().String(), port: -1}
		if p, ok := a.Port(); ok && p != model.DefaultPort(scheme) {
			o.port = int32(p)
		}
		return o
	case strings.EqualFold(scheme, "blob"):
		p, err := Parse(u.Pathname())
		if err == nil {
			switch p.Scheme() {
			case "http", "https", "file":
				return p.Origin() // never a blob: URL again
			}
		}
	}
	return newOpaqueOrigin()
}

// newOpaqueOrigin returns a new opaque origin, equal only to itself (HTML
// "opaque origin": an internal value that == tells apart).
func newOpaqueOrigin() Origin {
	return Origin{opaque: opaqueOrigins.Add(1), port: -1}
}
