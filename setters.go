package urlspec

import (
	"errors"
	"strings"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
	"github.com/urlspec/urlspec/resolve"
)

// The setters implement the URL class's attribute setters of the WHATWG URL
// Standard (§URL class: href, protocol, username, password, host, hostname,
// port, pathname, search and hash setters), which the URL specification
// leaves out. Each works on the spec's model: it takes the URL's components
// with their values percent-encoded as the href shows them (the standard's
// URL record, print.Encoded), changes components with the model's
// operations, then forces and normalises the result (spec §Forcing,
// §Equivalences and Normalisation) and prints it. Where that result is
// the old href with one span replaced by the value as printing writes it
// (a clean value on an URL of the usual shape), the setter writes that
// href directly (hrefedit.go), which the agreement tests hold to the
// model's result.
//
// Values. URL is a value: a setter does not change the URL it is called
// on but returns the changed URL, as u.WithHost("example.com") in place of
// JavaScript's u.host = "example.com".
//
// Errors. A setter returns a nil error when the standard's steps complete
// and a non-nil *Error when they stop without a change: a refused precondition
// (the standard's silent "return", e.g. a username on a URL without a host)
// or a value the standard's parser rejects ("return failure"). A non-nil
// error means the URL is unchanged, with one exception that the standard
// prescribes: WithHost with a port of 65536 or more sets the host and keeps
// the port (see WithHost). Parts of a value that the standard ignores (what
// follows a delimiter, a port's trailing non-digits) are ignored without an
// error, as in a browser. On an error the returned URL is the URL the
// setter was called on (in the one exception, the URL with the new host).

// isSpecial reports whether scheme is a special scheme (WHATWG §URL
// miscellaneous): a web-scheme or file-scheme of the spec.
func isSpecial(scheme string) bool {
	return model.IsWebScheme(scheme) || model.IsFileScheme(scheme)
}

// setterError returns an *Error about the setter value v; off is an offset
// into v with its tabs and newlines removed (or -1).
func setterError(code Code, v string, off int, reason string) *Error {
	if off >= 0 {
		i := 0
		for ; i < len(v); i++ {
			if c := v[i]; c == '\t' || c == '\n' || c == '\r' {
				continue
			}
			if off == 0 {
				break
			}
			off--
		}
		off = i
	}
	return &Error{Code: code, Input: v, Offset: off, Reason: reason}
}

// rebaseError makes an error of a host or port parser about the setter
// value v, whose part at offset base (after tab and newline removal) the
// parser read.
func rebaseError(err error, v string, base int, what string) error {
	var e *model.Error // the host parsers' error (an *Error converts too)
	if !errors.As(err, &e) {
		return setterError(model.InvalidAuthority, v, -1, what+": "+err.Error())
	}
	off := -1
	if e.Offset >= 0 {
		off = base + e.Offset
	}
	reason := what
	if e.Reason != "" {
		reason += ": " + e.Reason
	}
	return setterError(e.Code, v, off, reason)
}

// record returns the URL record that u's href shows (see Model), with every
// value percent-encoded as printed. Setters change it.
func (u URL) record() model.URL {
	m := u.model()
	return print.Encoded(&m)
}

// commit forces and normalises m and makes it u. It fails, leaving u as it
// was, if m breaks a constraint of the model (which the setters prevent).
func commit(u *URL, m model.URL) error {
	if _, err := resolve.Force(&m); err != nil {
		return err
	}
	m = keepRecord(&m, normalize.Normalize(m))
	if err := model.Validate(&m); err != nil {
		return err
	}
	// Store the href's values: percent-encoded.
	m = keepRecord(&m, normalize.Normalize(print.Encoded(&m)))
	r := fromModel(&m)
	if r.href == "" {
		return &Error{Code: model.InputTooLong, Offset: -1, Reason: "the href would be 2 GiB or longer"}
	}
	*u = r
	return nil
}

// keepRecord returns n, the normal form of the setter's result m, with the
// two parts of m that the WHATWG setters keep and parsing would change (see
// Model): a file: URL's host "localhost" and a drive written with '|'. A
// setter that parses such a part itself changes it as the standard's
// parser does before it commits (the host setter empties a file: URL's
// host "localhost", the pathname setter writes a drive with ':').
func keepRecord(m *model.URL, n model.URL) model.URL {
	if !m.IsFileURL() {
		return n
	}
	if a := m.AuthorityRef(); a.HasHost() && a.Host().Kind == model.Domain && a.Host().Name == "localhost" && !n.AuthorityRef().HasHost() {
		b := n.Authority()
		b.SetHost(a.Host())
		n.SetAuthority(b)
	}
	if d := m.Drive(); m.Has(model.DriveType) && d[1] == '|' && n.Has(model.DriveType) {
		n.Set(model.DriveType, d)
	}
	return n
}

func (u URL) empty() error {
	if u.href == "" {
		return &Error{Code: model.EmptyURL, Offset: -1, Reason: "the zero URL has no components to set; use Parse"}
	}
	return nil
}

// cannotHaveCredentials implements "cannot have a username/password/port"
// (WHATWG §URL miscellaneous): the host is null or empty, or the scheme is
// file.
func cannotHaveCredentials(m *model.URL) bool {
	return !m.Has(model.AuthorityType) || !m.AuthorityRef().HasHost() || m.IsFileURL()
}

// includesCredentials implements "includes credentials" (WHATWG §URL
// miscellaneous) on a normalised model: an empty username or password is
// absent there, except an empty username before a password.
func includesCredentials(m *model.URL) bool {
	a := m.AuthorityRef()
	return a.HasUsername() || a.HasPassword()
}

// setHref is the href setter (Parse) on the variable u.
func setHref(u *URL, v string) error {
	p, err := Parse(v)
	if err != nil {
		return err
	}
	*u = p
	return nil
}

// WithProtocol implements the protocol setter (WHATWG §URL class: the basic
// URL parser on v + ":" in scheme start state): v's tabs and newlines are
// removed and its scheme — up to the first ':' or the end; the rest is
// ignored — lower-cased becomes the scheme. It fails with model.InvalidScheme when
// v does not start with a scheme, and with model.SchemeChangeRefused when the
// change would be between a special and a non-special scheme, to file: from
// a URL with credentials or a port, or from a file: URL with an empty host.
// A port that is the new scheme's default is removed (spec rule
// default-port).
//
// The result is the standard's, also where it does not parse back to
// itself (see canonical): http://localhost/x changed to file: is
// file://localhost/x (a URL parsed from that href has no host), and
// http://h/C|/x changed to file: is file://h/C|/x (parsed, the drive is C:).
//
// In the model: the scheme component is replaced; normalisation removes a
// default port. A file: URL's drive becomes the first dir when the scheme
// changes to another special one (the standard's path list holds it as its
// first segment; only file-URLs have drives), and a first path segment that
// is a drive letter ("C:" or "C|", kept as it is) becomes the drive when
// the scheme changes to file.
func (u URL) WithProtocol(v string) (URL, error) {
	err := setProtocol(&u, v)
	return u, err
}

// setProtocol is WithProtocol on the variable u: an edit of the href where one
// applies (see hrefedit.go), else setProtocolModel.
func setProtocol(u *URL, v string) error {
	if u.href != "" && u.editProtocol(v) {
		return nil
	}
	return setProtocolModel(u, v)
}

// setProtocolModel is WithProtocol on the variable u through the model.
func setProtocolModel(u *URL, v string) error {
	if err := u.empty(); err != nil {
		return err
	}
	s := grammar.RemoveTabNewline(v)
	if s == "" || !isAlphaByte(s[0]) {
		return setterError(model.InvalidScheme, v, 0, "a scheme starts with an ASCII letter")
	}
	i := 1
	for i < len(s) && isSchemeByte(s[i]) {
		i++
	}
	if i < len(s) && s[i] != ':' {
		return setterError(model.InvalidScheme, v, i, "a scheme has only ASCII letters, digits, '+', '-' and '.'")
	}
	scheme := strings.ToLower(s[:i])
	m := u.record()
	cur := m.Scheme()
	switch {
	case isSpecial(cur) && !isSpecial(scheme):
		return setterError(model.SchemeChangeRefused, v, -1, "cannot change the special scheme "+cur+" to a non-special one")
	case !isSpecial(cur) && isSpecial(scheme):
		return setterError(model.SchemeChangeRefused, v, -1, "cannot change the non-special scheme "+cur+" to a special one")
	case scheme == "file" && m.Has(model.AuthorityType) && (includesCredentials(&m) || m.AuthorityRef().HasPort()):
		return setterError(model.SchemeChangeRefused, v, -1, "a file: URL cannot have a username, password or port")
	case cur == "file" && !m.AuthorityRef().HasHost():
		return setterError(model.SchemeChangeRefused, v, -1, "a file: URL with an empty host cannot change its scheme")
	}
	m.Set(model.SchemeType, scheme)
	if scheme == "file" && !m.Has(model.DriveType) && m.Has(model.PathRootType) {
		// The first path segment, if a drive letter, is the drive of the
		// file-URL; its value stays as it is (the standard reads drive
		// letters only when it parses a path).
		if m.NumDirs() > 0 && model.IsDrive(m.Dir(0)) {
			dirs := m.Dirs()
			m.Set(model.DriveType, dirs[0])
			m.SetDirs(append([]string(nil), dirs[1:]...))
		} else if m.NumDirs() == 0 && m.Has(model.FileType) && model.IsDrive(m.File()) {
			m.Set(model.DriveType, m.File())
			m.Remove(model.FileType)
			m.Remove(model.PathRootType)
		}
	}
	if d := m.Drive(); m.Has(model.DriveType) && scheme != "file" {
		// Only file-URLs have drives (the grammar reads none in web mode):
		// the drive becomes the first path segment, as the standard's path
		// list already has it.
		m.Remove(model.DriveType)
		if m.Has(model.PathRootType) {
			m.SetDirs(append([]string{d}, m.Dirs()...))
		} else {
			m.Set(model.PathRootType, "/")
			m.Set(model.FileType, d)
		}
	}
	return commit(u, m)
}

func isAlphaByte(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isSchemeByte(c byte) bool {
	return isAlphaByte(c) || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'
}

// WithUsername implements the username setter (WHATWG §URL class, "set the
// username"): the username becomes v, percent-encoded with the userinfo set
// when printed ('%' is kept; tabs and newlines too, encoded). An empty v
// removes the username (spec rule username-empty) unless a password
// follows. It fails with model.CredentialsRefused when the URL has no host, an
// empty host, or is a file: URL.
//
// In the model: the authority's username component is set.
func (u URL) WithUsername(v string) (URL, error) {
	err := setUsername(&u, v)
	return u, err
}

// setUsername is WithUsername on the variable u: an edit of the href where one
// applies (see hrefedit.go), else setUsernameModel.
func setUsername(u *URL, v string) error {
	if u.href != "" && u.editCredentials(v, false) {
		return nil
	}
	return setUsernameModel(u, v)
}

// setUsernameModel is WithUsername on the variable u through the model.
func setUsernameModel(u *URL, v string) error {
	if err := u.empty(); err != nil {
		return err
	}
	m := u.record()
	if cannotHaveCredentials(&m) {
		return setterError(model.CredentialsRefused, v, -1, "the URL has no host, an empty host, or is a file: URL")
	}
	a := m.Authority()
	a.SetUsername(v)
	m.SetAuthority(a)
	return commit(u, m)
}

// WithPassword implements the password setter (WHATWG §URL class, "set the
// password"): like WithUsername for the password. An empty v removes the
// password (spec rule password-empty).
//
// In the model: the authority's password component is set, with an empty
// username component before it when there is none (spec §Authority:
// password ⇒ username).
func (u URL) WithPassword(v string) (URL, error) {
	err := setPassword(&u, v)
	return u, err
}

// setPassword is WithPassword on the variable u: an edit of the href where one
// applies (see hrefedit.go), else setPasswordModel.
func setPassword(u *URL, v string) error {
	if u.href != "" && u.editCredentials(v, true) {
		return nil
	}
	return setPasswordModel(u, v)
}

// setPasswordModel is WithPassword on the variable u through the model.
func setPasswordModel(u *URL, v string) error {
	if err := u.empty(); err != nil {
		return err
	}
	m := u.record()
	if cannotHaveCredentials(&m) {
		return setterError(model.CredentialsRefused, v, -1, "the URL has no host, an empty host, or is a file: URL")
	}
	a := m.Authority()
	if !a.HasUsername() {
		a.SetUsername("")
	}
	a.SetPassword(v)
	m.SetAuthority(a)
	return commit(u, m)
}

// WithHost implements the host setter (WHATWG §URL class: the basic URL
// parser in host state with a state override). Tabs and newlines are
// removed; the host ends at '/', '?', '#' (and '\' for special URLs), and a
// ':' outside brackets starts a port. The host is parsed as the URL's mode
// parses hosts (host.Parse for special URLs, host.ParseOpaque
// otherwise); an empty host is allowed for non-special and file: URLs
// (authority without a host: host ""). A port whose first character is not
// a digit, or an empty port, leaves the port as it was; a missing port too
// (the standard's note: the host setter does not reset the port). For file:
// URLs the whole value up to a delimiter is the host (no port), and
// "localhost" becomes the empty host (spec rule file-localhost).
//
// It fails, leaving u unchanged, with model.OpaquePathRefused for an URL with an
// opaque path, HostMissing for an empty host where it is not allowed (a
// special URL, or an URL with credentials or a port) or before ':', and with
// the host parser's error. A port of 65536 or more is the exception: as the
// standard requires, the host is set and the port is kept, and WithHost
// returns PortOutOfRange.
//
// In the model: the authority's host (and port) components are replaced;
// the authority is created for an URL without one (path-only URLs can gain a
// host).
func (u URL) WithHost(v string) (URL, error) {
	err := setHost(&u, v)
	return u, err
}

// setHost is WithHost on the variable u.
func setHost(u *URL, v string) error { return setHostOrHostname(u, v, false) }

// WithHostname implements the hostname setter (WHATWG §URL class: the basic
// URL parser in hostname state): as WithHost, but a ':' outside brackets
// fails with model.HostnameWithPort and the port is never changed.
func (u URL) WithHostname(v string) (URL, error) {
	err := setHostname(&u, v)
	return u, err
}

// setHostname is WithHostname on the variable u.
func setHostname(u *URL, v string) error { return setHostOrHostname(u, v, true) }

// setHostOrHostname is setHost (hostnameOnly false) or setHostname: an
// edit of the href where one applies (see hrefedit.go), else
// setHostOrHostnameModel.
func setHostOrHostname(u *URL, v string, hostnameOnly bool) error {
	if u.href != "" && u.editHost(v, hostnameOnly) {
		return nil
	}
	return setHostOrHostnameModel(u, v, hostnameOnly)
}

// setHostOrHostnameModel is setHostOrHostname through the model.
func setHostOrHostnameModel(u *URL, v string, hostnameOnly bool) error {
	if err := u.empty(); err != nil {
		return err
	}
	m := u.record()
	if m.HasOpaquePath() {
		return setterError(model.OpaquePathRefused, v, -1, "an URL with an opaque path cannot have a host")
	}
	s := grammar.RemoveTabNewline(v)
	scheme := m.Scheme()
	special := isSpecial(scheme)
	a := m.Authority()
	if model.IsFileScheme(scheme) {
		// file host state: no port; localhost is removed by normalisation.
		end := strings.IndexAny(s, "/\\?#")
		if end < 0 {
			end = len(s)
		}
		if end == 0 {
			a.RemoveHost()
		} else {
			h, err := host.Parse(s[:end], true)
			if err != nil {
				return rebaseError(err, v, 0, "host")
			}
			if h.Kind == model.Domain && h.Name == "localhost" {
				a.RemoveHost() // file host state: localhost is the empty host
			} else {
				a.SetHost(h)
			}
		}
		m.SetAuthority(a)
		return commit(u, m)
	}
	end, inBrackets := len(s), false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ':' && !inBrackets {
			if i == 0 {
				return setterError(model.HostMissing, v, 0, "a port needs a host")
			}
			if hostnameOnly {
				return setterError(model.HostnameWithPort, v, i, "a hostname has no port; use WithHost")
			}
			h, err := parseSetterHost(s[:i], special)
			if err != nil {
				return rebaseError(err, v, 0, "host")
			}
			a.SetHost(h)
			// port state with a state override: the leading digits.
			p := s[i+1:]
			n := 0
			for n < len(p) && p[n] >= '0' && p[n] <= '9' {
				n++
			}
			if n > 0 {
				port, ok := parsePort(p[:n])
				if !ok {
					m.SetAuthority(a)
					if err := commit(u, m); err != nil {
						return err
					}
					return setterError(model.PortOutOfRange, v, i+1, "the port must be less than 65536; the host was set and the port kept")
				}
				a.SetPort(port)
			}
			m.SetAuthority(a)
			return commit(u, m)
		}
		if c == '/' || c == '?' || c == '#' || special && c == '\\' {
			end = i
			break
		}
		if c == '[' {
			inBrackets = true
		} else if c == ']' {
			inBrackets = false
		}
	}
	buf := s[:end]
	if buf == "" {
		if special {
			return setterError(model.HostMissing, v, 0, "a special URL cannot have an empty host")
		}
		if m.Has(model.AuthorityType) && (includesCredentials(&m) || a.HasPort()) {
			return setterError(model.HostMissing, v, 0, "an URL with credentials or a port cannot have an empty host")
		}
		a.RemoveHost()
		m.SetAuthority(a)
		return commit(u, m)
	}
	h, err := parseSetterHost(buf, special)
	if err != nil {
		return rebaseError(err, v, 0, "host")
	}
	a.SetHost(h)
	m.SetAuthority(a)
	return commit(u, m)
}

// parseSetterHost implements the host parser (WHATWG §Host parsing) with
// isOpaque = not special (spec §Host Parsing; the grammar's host rules).
func parseSetterHost(s string, special bool) (model.Host, error) {
	if special {
		return host.Parse(s, false)
	}
	return host.ParseOpaque(s)
}

// parsePort reads a non-empty string of ASCII digits as a port; ok is false
// for 65536 or more. Leading zeros are allowed.
func parsePort(s string) (uint16, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
		if n > 0xffff {
			return 0, false
		}
	}
	return uint16(n), true
}

// WithPort implements the port setter (WHATWG §URL class: the basic URL
// parser in port state). An empty v removes the port. Otherwise tabs and
// newlines are removed and the leading ASCII digits are the port; what
// follows them is ignored. A port that is the scheme's default is removed
// (spec rule default-port). It fails with model.CredentialsRefused when the URL
// cannot have a port (no host, an empty host, or a file: URL), PortInvalid
// when v does not start with a digit, and PortOutOfRange for 65536 or more.
//
// In the model: the authority's port component is set or removed.
func (u URL) WithPort(v string) (URL, error) {
	err := setPort(&u, v)
	return u, err
}

// setPort is WithPort on the variable u: an edit of the href where one
// applies (see hrefedit.go), else setPortModel.
func setPort(u *URL, v string) error {
	if u.href != "" && u.editPort(v) {
		return nil
	}
	return setPortModel(u, v)
}

// setPortModel is WithPort on the variable u through the model.
func setPortModel(u *URL, v string) error {
	if err := u.empty(); err != nil {
		return err
	}
	m := u.record()
	if cannotHaveCredentials(&m) {
		return setterError(model.CredentialsRefused, v, -1, "the URL has no host, an empty host, or is a file: URL")
	}
	a := m.Authority()
	if v == "" {
		a.RemovePort()
		m.SetAuthority(a)
		return commit(u, m)
	}
	s := grammar.RemoveTabNewline(v)
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n == 0 {
		return setterError(model.PortInvalid, v, 0, "a port starts with an ASCII digit")
	}
	port, ok := parsePort(s[:n])
	if !ok {
		return setterError(model.PortOutOfRange, v, 0, "the port must be less than 65536")
	}
	a.SetPort(port)
	m.SetAuthority(a)
	return commit(u, m)
}

// WithPathname implements the pathname setter (WHATWG §URL class: the path is
// emptied and the basic URL parser runs in path start state). Tabs and
// newlines are removed; one leading '/' (or '\' for special URLs) is
// dropped; '/' (and '\' for special URLs) separate segments; '?' and '#'
// are part of the path (printed %3F and %23); dot segments are removed; a
// file: URL's first segment that is a drive letter becomes the drive. An
// empty v gives the path "/" except for a non-special URL with a host,
// whose path becomes empty. It fails with model.OpaquePathRefused for an URL with
// an opaque path.
//
// In the model: the drive, path-root, dir and file components are replaced
// by those of parsing "//h/" + v (without its leading separator) in the
// URL's parser mode (spec §URL Grammar, rule path-rel after a path-root;
// file mode reads a drive there), with '?' and '#' written as %3F and %23
// first so that the grammar keeps them in the path; then the URL is forced
// and normalised, which removes the dot segments.
func (u URL) WithPathname(v string) (URL, error) {
	err := setPathname(&u, v)
	return u, err
}

// setPathname is WithPathname on the variable u: an edit of the href where one
// applies (see hrefedit.go), else setPathnameModel.
func setPathname(u *URL, v string) error {
	if u.href != "" && u.editPathname(v) {
		return nil
	}
	return setPathnameModel(u, v)
}

// setPathnameModel is WithPathname on the variable u through the model.
func setPathnameModel(u *URL, v string) error {
	if err := u.empty(); err != nil {
		return err
	}
	m := u.record()
	if m.HasOpaquePath() {
		return setterError(model.OpaquePathRefused, v, -1, "an URL with an opaque path cannot have its path set")
	}
	s := grammar.RemoveTabNewline(v)
	mode := grammar.ModeOf(m.Scheme())
	special := mode != grammar.Generic
	for _, t := range []model.ComponentType{model.DriveType, model.PathRootType, model.DirType, model.FileType} {
		m.Remove(t)
	}
	if s == "" && !special && m.Has(model.AuthorityType) {
		return commit(u, m) // the empty path of a non-special URL with a host
	}
	if s != "" && (s[0] == '/' || special && s[0] == '\\') {
		s = s[1:]
	}
	if strings.ContainsAny(s, "?#") {
		s = strings.NewReplacer("?", "%3F", "#", "%23").Replace(s)
	}
	p, err := grammar.Parse("//h/"+s, mode)
	if err != nil {
		return rebaseError(err, v, -1, "path")
	}
	if d := p.Drive(); p.Has(model.DriveType) {
		m.Set(model.DriveType, d[:1]+":") // path state: a drive letter is written with ':'
	}
	if p.Has(model.PathRootType) {
		m.Set(model.PathRootType, "/")
	}
	if d := p.Dirs(); len(d) > 0 {
		m.SetDirs(append([]string(nil), d...))
	}
	if p.Has(model.FileType) {
		m.Set(model.FileType, p.File())
	}
	return commit(u, m)
}

// WithSearch implements the search setter (WHATWG §URL class): an empty v
// removes the query; otherwise one leading '?' is dropped, tabs and
// newlines are removed, and the rest is the query, percent-encoded with the
// (special-)query set when printed ('#' included, as %23). Never fails on a
// non-zero URL.
//
// In the model: the query component is set or removed.
func (u URL) WithSearch(v string) (URL, error) {
	err := setSearch(&u, v)
	return u, err
}

// setSearch is WithSearch on the variable u: an edit of the href where one
// applies (see hrefedit.go), else setSearchModel.
func setSearch(u *URL, v string) error {
	if u.href != "" && u.editSearch(v) {
		return nil
	}
	return setSearchModel(u, v)
}

// setSearchModel is WithSearch on the variable u through the model.
func setSearchModel(u *URL, v string) error {
	if err := u.empty(); err != nil {
		return err
	}
	m := u.record()
	if v == "" {
		m.Remove(model.QueryType)
		return commit(u, m)
	}
	m.Set(model.QueryType, grammar.RemoveTabNewline(strings.TrimPrefix(v, "?")))
	return commit(u, m)
}

// WithHash implements the hash setter (WHATWG §URL class): an empty v
// removes the fragment; otherwise one leading '#' is dropped, tabs and
// newlines are removed, and the rest is the fragment, percent-encoded with
// the fragment set when printed. Never fails on a non-zero URL.
//
// In the model: the fragment component is set or removed. When the query
// or fragment that followed an opaque path ending in a space goes away, the
// space stays printed as %20 (the standard wrote %20 into the path when it
// parsed it); the setters start from the percent-encoded values (see
// print.Encoded), which hold that %20.
func (u URL) WithHash(v string) (URL, error) {
	err := setHash(&u, v)
	return u, err
}

// setHash is WithHash on the variable u: an edit of the href where one
// applies (see hrefedit.go), else setHashModel.
func setHash(u *URL, v string) error {
	if u.href != "" && u.editHash(v) {
		return nil
	}
	return setHashModel(u, v)
}

// setHashModel is WithHash on the variable u through the model.
func setHashModel(u *URL, v string) error {
	if err := u.empty(); err != nil {
		return err
	}
	m := u.record()
	if v == "" {
		m.Remove(model.FragmentType)
		return commit(u, m)
	}
	m.Set(model.FragmentType, grammar.RemoveTabNewline(strings.TrimPrefix(v, "#")))
	return commit(u, m)
}
