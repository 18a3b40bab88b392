// Package model implements the URL model of the URL specification (spec §URL
// Model, §Authority, §Host): an URL is an ordered sequence of components
//
//	scheme < authority < drive < path-root < dir < file < query < fragment
//
// with at most one component per type except dir. URL is a value type whose
// zero value is the empty URL ε. Presence is explicit: an absent query differs
// from an empty one, (query ε).
//
// Component values are stored as they were parsed (percent-encoded bytes and
// invalid percent sequences kept); percent-encoding for printing happens in
// package print. Hosts of web- and file-URLs are stored processed (domain in
// ASCII lowercase, IPv4 and IPv6 as numbers); other hosts are opaque strings.
package model

// ComponentType is the type of an URL component, in the order of spec §URL:
// scheme < authority < drive < path-root < dir < file < query < fragment.
// Comparing two ComponentTypes compares their order.
type ComponentType uint8

// The component types in spec order (spec §URL).
const (
	SchemeType ComponentType = iota
	AuthorityType
	DriveType
	PathRootType
	DirType
	FileType
	QueryType
	FragmentType
)

var typeNames = [...]string{"scheme", "authority", "drive", "path-root", "dir", "file", "query", "fragment"}

// String returns the spec's name of the component type, e.g. "path-root".
func (t ComponentType) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "invalid-component-type"
}

// ParseComponentType returns the component type with the spec name s.
func ParseComponentType(s string) (ComponentType, bool) {
	for i, n := range typeNames {
		if n == s {
			return ComponentType(i), true
		}
	}
	return 0, false
}

// URL is an URL of the spec's model (spec §URL). The zero value is the empty URL.
// Copying a URL is cheap; the dir components are shared between copies, and the
// methods never modify dirs they were given (they copy on write).
//
// The dir values are kept as spans of one string (dirText): dir i is
// dirText[dirSpans[2i]:dirSpans[2i+1]]. The span slice holds no pointers, so
// a path of many dirs costs the garbage collector nothing to scan, and a
// parsed path needs no copy of its text.
type URL struct {
	has      uint8 // bit per component type; the DirType bit is unused (len(dirSpans) counts)
	scheme   string
	auth     Authority
	drive    string
	dirText  string
	dirSpans []uint32
	file     string
	query    string
	fragment string
}

func bit(t ComponentType) uint8 { return 1 << t }

// Has reports whether u has a component of type t (for DirType: at least one).
func (u *URL) Has(t ComponentType) bool {
	if t == DirType {
		return len(u.dirSpans) > 0
	}
	return u.has&bit(t) != 0
}

// IsEmpty reports whether u is the empty URL ε.
func (u *URL) IsEmpty() bool { return u.has == 0 && len(u.dirSpans) == 0 }

// Scheme returns the scheme ("" when absent; see Has).
func (u *URL) Scheme() string { return u.scheme }

// Authority returns the authority (the zero Authority when absent; see Has).
func (u *URL) Authority() Authority { return u.auth }

// AuthorityRef returns a pointer to the authority for in-place changes.
func (u *URL) AuthorityRef() *Authority { return &u.auth }

// Drive returns the drive, e.g. "C:" or "c|" ("" when absent).
func (u *URL) Drive() string { return u.drive }

// Dirs returns the values of the dir components in order, in a new slice
// (nil when there are none). NumDirs and Dir read them without allocating.
func (u *URL) Dirs() []string {
	if len(u.dirSpans) == 0 {
		return nil
	}
	d := make([]string, len(u.dirSpans)/2)
	for i := range d {
		d[i] = u.dirText[u.dirSpans[2*i]:u.dirSpans[2*i+1]]
	}
	return d
}

// NumDirs returns the number of dir components.
func (u *URL) NumDirs() int { return len(u.dirSpans) / 2 }

// Dir returns the value of dir component i (0 ≤ i < NumDirs).
func (u *URL) Dir(i int) string { return u.dirText[u.dirSpans[2*i]:u.dirSpans[2*i+1]] }

// DirSpans returns the dirs as spans of one string: dir i is
// text[spans[2i]:spans[2i+1]]. The caller must not modify spans.
func (u *URL) DirSpans() (text string, spans []uint32) { return u.dirText, u.dirSpans }

// SetDirSpans replaces the dir components by the spans of text (see
// DirSpans). The URL keeps spans: the caller must not modify it afterwards.
// Every span must lie within text.
func (u *URL) SetDirSpans(text string, spans []uint32) {
	if len(spans) == 0 {
		u.dirText, u.dirSpans = "", nil
		return
	}
	u.dirText, u.dirSpans = text, spans
}

// File returns the file ("" when absent).
func (u *URL) File() string { return u.file }

// Query returns the query ("" when absent or empty; see Has).
func (u *URL) Query() string { return u.query }

// Fragment returns the fragment ("" when absent or empty; see Has).
func (u *URL) Fragment() string { return u.fragment }

// Value returns the value of the component of type t for the string-valued
// types scheme, drive, path-root ("/"), file, query and fragment.
func (u *URL) Value(t ComponentType) string {
	switch t {
	case SchemeType:
		return u.scheme
	case DriveType:
		return u.drive
	case PathRootType:
		if u.has&bit(PathRootType) != 0 {
			return "/"
		}
	case FileType:
		return u.file
	case QueryType:
		return u.query
	case FragmentType:
		return u.fragment
	}
	return ""
}

// Set sets the string-valued component of type t (scheme, drive, path-root,
// file, query or fragment) to v. For path-root the value is ignored (it is
// always "/"). Set does not check constraints: see Validate.
func (u *URL) Set(t ComponentType, v string) {
	switch t {
	case SchemeType:
		u.scheme = v
	case DriveType:
		u.drive = v
	case PathRootType:
	case FileType:
		u.file = v
	case QueryType:
		u.query = v
	case FragmentType:
		u.fragment = v
	default:
		return
	}
	u.has |= bit(t)
}

// SetAuthority sets the authority component.
func (u *URL) SetAuthority(a Authority) {
	u.auth = a
	u.has |= bit(AuthorityType)
}

// SetDirs replaces the dir components by the values d (copied).
func (u *URL) SetDirs(d []string) {
	if len(d) == 0 {
		u.dirText, u.dirSpans = "", nil
		return
	}
	n := 0
	for _, v := range d {
		n += len(v)
	}
	b := make([]byte, 0, n)
	spans := make([]uint32, 0, 2*len(d))
	for _, v := range d {
		spans = append(spans, uint32(len(b)))
		b = append(b, v...)
		spans = append(spans, uint32(len(b)))
	}
	u.dirText, u.dirSpans = string(b), spans
}

// Remove removes the component of type t (for DirType: all dir components).
func (u *URL) Remove(t ComponentType) {
	switch t {
	case DirType:
		u.dirText, u.dirSpans = "", nil
		return
	case SchemeType:
		u.scheme = ""
	case AuthorityType:
		u.auth = Authority{}
	case DriveType:
		u.drive = ""
	case FileType:
		u.file = ""
	case QueryType:
		u.query = ""
	case FragmentType:
		u.fragment = ""
	}
	u.has &^= bit(t)
}

// Equal reports whether u and v have the same components with the same values.
func (u *URL) Equal(v *URL) bool {
	if u.has != v.has || u.scheme != v.scheme || u.drive != v.drive || u.file != v.file ||
		u.query != v.query || u.fragment != v.fragment || len(u.dirSpans) != len(v.dirSpans) || u.auth != v.auth {
		return false
	}
	for i := 0; i < u.NumDirs(); i++ {
		if u.Dir(i) != v.Dir(i) {
			return false
		}
	}
	return true
}

// Clone returns a copy of u that shares nothing mutable with u.
func (u URL) Clone() URL {
	if u.dirSpans != nil {
		u.dirSpans = append([]uint32(nil), u.dirSpans...)
	}
	return u
}

// HostKind is the kind of a Host (spec §Host).
type HostKind uint8

// Host kinds (spec §Host). NoHost is the zero value of Host.
const (
	NoHost HostKind = iota
	IPv6
	Opaque
	IPv4
	Domain
)

var hostKindNames = [...]string{"none", "ipv6", "opaque", "ipv4", "domain"}

// String returns the kind's name: "ipv6", "opaque", "ipv4", "domain" or "none".
func (k HostKind) String() string {
	if int(k) < len(hostKindNames) {
		return hostKindNames[k]
	}
	return "invalid-host-kind"
}

// Host is a host (spec §Host): an ipv6-address, opaque-host, ipv4-address or
// domain-name. Name holds the opaque host or domain; IPv4 and IPv6 the
// addresses.
type Host struct {
	Kind HostKind
	Name string
	IPv4 uint32
	IPv6 [8]uint16
}

// Authority is an Authority (spec §Authority): username < password < host < port,
// each optional. The zero value is the empty authority (authority ε).
type Authority struct {
	has      uint8 // authUsername | authPassword | authHost | authPort | authPortEmpty
	username string
	password string
	host     Host
	port     uint16
}

const (
	authUsername uint8 = 1 << iota
	authPassword
	authHost
	authPort
	authPortEmpty
)

// IsEmpty reports whether the authority has no components (authority ε).
func (a *Authority) IsEmpty() bool { return a.has == 0 }

// HasUsername reports whether the authority has a username component.
func (a *Authority) HasUsername() bool { return a.has&authUsername != 0 }

// HasPassword reports whether the authority has a password component.
func (a *Authority) HasPassword() bool { return a.has&authPassword != 0 }

// HasHost reports whether the authority has a host component.
func (a *Authority) HasHost() bool { return a.has&authHost != 0 }

// HasPort reports whether the authority has a port component (possibly ε).
func (a *Authority) HasPort() bool { return a.has&authPort != 0 }

// Username returns the username ("" when absent).
func (a *Authority) Username() string { return a.username }

// Password returns the password ("" when absent).
func (a *Authority) Password() string { return a.password }

// Host returns the host (Kind NoHost when absent).
func (a *Authority) Host() Host { return a.host }

// HostRef returns a pointer to the host (Kind NoHost when absent), for
// reading it in place, without copying its 48 bytes, or changing it; SetHost
// is what makes a host present.
func (a *Authority) HostRef() *Host { return &a.host }

// Port returns the port number and whether the port is a number; a port
// component with value ε gives (0, false) with HasPort true.
func (a *Authority) Port() (uint16, bool) {
	return a.port, a.has&authPort != 0 && a.has&authPortEmpty == 0
}

// SetUsername sets the username component.
func (a *Authority) SetUsername(s string) { a.username = s; a.has |= authUsername }

// SetPassword sets the password component.
func (a *Authority) SetPassword(s string) { a.password = s; a.has |= authPassword }

// SetHost sets the host component.
func (a *Authority) SetHost(h Host) { a.host = h; a.has |= authHost }

// SetPort sets the port component to the number n.
func (a *Authority) SetPort(n uint16) { a.port = n; a.has = a.has&^authPortEmpty | authPort }

// SetEmptyPort sets the port component to ε.
func (a *Authority) SetEmptyPort() { a.port = 0; a.has |= authPort | authPortEmpty }

// RemoveUsername removes the username component.
func (a *Authority) RemoveUsername() { a.username = ""; a.has &^= authUsername }

// RemovePassword removes the password component.
func (a *Authority) RemovePassword() { a.password = ""; a.has &^= authPassword }

// RemoveHost removes the host component.
func (a *Authority) RemoveHost() { a.host = Host{}; a.has &^= authHost }

// RemovePort removes the port component.
func (a *Authority) RemovePort() { a.port = 0; a.has &^= authPort | authPortEmpty }
