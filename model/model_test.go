package model

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/race"
)

// build makes an URL from (type, value) pairs for tests; "authority" takes a
// host name as value ("" for the empty authority).
func build(t *testing.T, pairs ...string) URL {
	t.Helper()
	var u URL
	var dirs []string
	for i := 0; i+1 < len(pairs); i += 2 {
		ct, ok := ParseComponentType(pairs[i])
		if !ok {
			t.Fatalf("bad type %q", pairs[i])
		}
		switch ct {
		case DirType:
			dirs = append(dirs, pairs[i+1])
		case AuthorityType:
			var a Authority
			if pairs[i+1] != "" {
				a.SetHost(Host{Kind: Domain, Name: pairs[i+1]})
			}
			u.SetAuthority(a)
		default:
			u.Set(ct, pairs[i+1])
		}
	}
	u.SetDirs(dirs)
	return u
}

// §URL: component types are ordered scheme < authority < … < fragment.
func TestComponentTypeOrder(t *testing.T) {
	want := []string{"scheme", "authority", "drive", "path-root", "dir", "file", "query", "fragment"}
	for i, n := range want {
		ct := ComponentType(i)
		if ct.String() != n {
			t.Errorf("type %d = %s, want %s", i, ct, n)
		}
		if p, ok := ParseComponentType(n); !ok || p != ct {
			t.Errorf("ParseComponentType(%q) = %v, %v", n, p, ok)
		}
		if i > 0 && !(ComponentType(i-1) < ct) {
			t.Errorf("%s not < %s", ComponentType(i-1), ct)
		}
	}
}

// §The Order of an URL.
func TestOrd(t *testing.T) {
	tests := []struct {
		u    []string
		want ComponentType
	}{
		{nil, FragmentType},
		{[]string{"scheme", "http"}, SchemeType},
		{[]string{"authority", "h"}, AuthorityType},
		{[]string{"drive", "C:"}, DriveType},
		{[]string{"path-root", "/", "file", "x"}, PathRootType},
		{[]string{"dir", "a", "file", "b"}, DirType},
		{[]string{"dir", ""}, DirType},
		{[]string{"file", "b", "query", "q"}, FileType},
		{[]string{"query", ""}, QueryType},
		{[]string{"fragment", ""}, FragmentType},
	}
	for _, tt := range tests {
		u := build(t, tt.u...)
		if got := Ord(&u); got != tt.want {
			t.Errorf("ord %v = %v, want %v", u, got, tt.want)
		}
	}
}

// §Order-Limited Prefix.
func TestUpto(t *testing.T) {
	full := build(t, "scheme", "s", "authority", "h", "path-root", "/", "dir", "a", "dir", "b", "file", "f", "query", "q", "fragment", "x")
	tests := []struct {
		order ComponentType
		want  string
	}{
		{SchemeType, "ε"},
		{AuthorityType, "(scheme s)"},
		{DriveType, "(scheme s)・(authority (host h))"},
		{PathRootType, "(scheme s)・(authority (host h))"},
		{DirType, "(scheme s)・(authority (host h))・(path-root /)・(dir a)・(dir b)"},
		{FileType, "(scheme s)・(authority (host h))・(path-root /)・(dir a)・(dir b)"},
		{QueryType, "(scheme s)・(authority (host h))・(path-root /)・(dir a)・(dir b)・(file f)"},
		{FragmentType, "(scheme s)・(authority (host h))・(path-root /)・(dir a)・(dir b)・(file f)・(query q)"},
	}
	for _, tt := range tests {
		r := Upto(&full, tt.order)
		if got := r.String(); got != tt.want {
			t.Errorf("upto %v = %s, want %s", tt.order, got, tt.want)
		}
		if err := Validate(&r); err != nil {
			t.Errorf("upto %v: %v", tt.order, err)
		}
	}
}

// §URL Model, §Authority, §URL components: every constraint.
func TestValidate(t *testing.T) {
	ok := []URL{
		{},
		build(t, "scheme", "a+b-c.d"),
		build(t, "authority", "", "drive", "C:"),
		build(t, "authority", "h", "path-root", "/", "dir", "", "file", "x"),
		build(t, "dir", "..", "file", "x"),
		build(t, "drive", "c|", "path-root", "/", "file", "x"),
		build(t, "query", ""),
	}
	for _, u := range ok {
		if err := Validate(&u); err != nil {
			t.Errorf("Validate(%v) = %v, want nil", u, err)
		}
	}
	var noUser Authority
	noUser.SetHost(Host{Kind: Domain, Name: "h"})
	noUser.SetPassword("p")
	var userNoHost Authority
	userNoHost.SetUsername("u")
	var portNoHost Authority
	portNoHost.SetPort(80)
	var emptyDomain Authority
	emptyDomain.SetHost(Host{Kind: Domain})
	var noKind Authority
	noKind.SetHost(Host{})
	withAuth := func(a Authority) URL {
		var u URL
		u.SetAuthority(a)
		return u
	}
	bad := map[string]URL{
		"scheme digit first":       build(t, "scheme", "1a"),
		"scheme empty":             build(t, "scheme", ""),
		"scheme bad char":          build(t, "scheme", "a_b"),
		"drive long":               build(t, "drive", "C:/"),
		"drive bad sigil":          build(t, "drive", "C;"),
		"empty file":               build(t, "file", ""),
		"path-root, authority":     build(t, "authority", "h", "file", "x"),
		"path-root, drive":         build(t, "drive", "C:", "dir", "x"),
		"password without user":    withAuth(noUser),
		"username without host":    withAuth(userNoHost),
		"port without host":        withAuth(portNoHost),
		"empty domain":             withAuth(emptyDomain),
		"host of unknown kind":     withAuth(noKind),
		"authority parts, no auth": func() URL { u := URL{}; u.auth = noUser; return u }(),
	}
	for name, u := range bad {
		err := Validate(&u)
		if !errors.Is(err, ConstraintViolation) {
			t.Errorf("%s: Validate(%v) = %v, want a constraint violation", name, u, err)
		}
	}
}

// §URL: the sequence view and the constructor from a sequence agree.
func TestComponentsRoundTrip(t *testing.T) {
	var a Authority
	a.SetUsername("u")
	a.SetPassword("")
	a.SetHost(Host{Kind: IPv6, IPv6: [8]uint16{0: 0x2001, 7: 1}})
	a.SetEmptyPort()
	u := build(t, "scheme", "s", "path-root", "/", "dir", "", "dir", "a b", "file", "f", "query", "", "fragment", "x")
	u.SetAuthority(a)
	v, err := FromComponents(u.Components())
	if err != nil {
		t.Fatal(err)
	}
	if !v.Equal(&u) {
		t.Errorf("round trip: %v != %v", v, u)
	}
	want := `(scheme s)・(authority (username u)・(password ε)・(host [2001::1])・(port ε))・(path-root /)・(dir ε)・(dir "a b")・(file f)・(query ε)・(fragment x)`
	if got := u.String(); got != want {
		t.Errorf("String =\n%s\nwant\n%s", got, want)
	}
	var types []ComponentType
	for c := range u.Components() {
		types = append(types, c.Type)
	}
	if !slices.IsSorted(types) {
		t.Errorf("components out of order: %v", types)
	}
}

func TestFromComponentsRejects(t *testing.T) {
	seqs := map[string][]Component{
		"out of order": {{Type: FileType, Value: "x"}, {Type: DirType, Value: "a"}},
		"repeated":     {{Type: QueryType}, {Type: QueryType}},
		"unknown type": {{Type: 9}},
		"bad root":     {{Type: PathRootType, Value: "x"}},
		"constraint":   {{Type: AuthorityType}, {Type: FileType, Value: "x"}},
	}
	for name, s := range seqs {
		if _, err := FromComponents(slices.Values(s)); !errors.Is(err, ConstraintViolation) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}

// §Host: serialisation of IPv4 and IPv6 hosts (WHATWG serializers).
func TestHostString(t *testing.T) {
	tests := []struct {
		h    Host
		want string
	}{
		{Host{Kind: IPv4, IPv4: 0x7f000001}, "127.0.0.1"},
		{Host{Kind: IPv6}, "[::]"},
		{Host{Kind: IPv6, IPv6: [8]uint16{7: 1}}, "[::1]"},
		{Host{Kind: IPv6, IPv6: [8]uint16{0: 1}}, "[1::]"},
		{Host{Kind: IPv6, IPv6: [8]uint16{1, 0, 2, 0, 0, 3, 0, 0}}, "[1:0:2::3:0:0]"},
		{Host{Kind: IPv6, IPv6: [8]uint16{1, 2, 3, 4, 5, 6, 0, 8}}, "[1:2:3:4:5:6:0:8]"},
		{Host{Kind: IPv6, IPv6: [8]uint16{0xabcd, 0, 0, 1, 0, 0, 0xff, 0xfff}}, "[abcd::1:0:0:ff:fff]"},
		{Host{Kind: Domain, Name: "a.b"}, "a.b"},
		{Host{Kind: Opaque, Name: "%41"}, "%41"},
	}
	for _, tt := range tests {
		if got := tt.h.String(); got != tt.want {
			t.Errorf("%#v = %s, want %s", tt.h, got, tt.want)
		}
	}
}

func TestSchemeKinds(t *testing.T) {
	for s, port := range map[string]uint16{"http": 80, "HTTPS": 443, "ws": 80, "WsS": 443, "ftp": 21, "file": 0, "htt": 0, "": 0, "gopher": 0} {
		if got := DefaultPort(s); got != port {
			t.Errorf("DefaultPort(%q) = %d, want %d", s, got, port)
		}
		if IsWebScheme(s) != (port != 0) {
			t.Errorf("IsWebScheme(%q) wrong", s)
		}
	}
	if !IsFileScheme("FiLe") || IsFileScheme("files") {
		t.Error("IsFileScheme")
	}
}

// DefaultPort, IsWebScheme, IsFileScheme and LowerScheme, and a URL's
// IsWebURL and IsFileURL, agree with comparing the scheme with each web-
// and file-scheme, ignoring case, on every string of up to five bytes over
// those schemes' letters in both cases and bytes one bit away from them
// (0x40-0x7F and 0xC0-0xFF differ from a letter by the case bit or the high
// bit only), and on longer schemes that begin or end like one.
func TestDefaultPortEveryShortScheme(t *testing.T) {
	ref := func(s string) uint16 {
		for _, w := range []struct {
			s    string
			port uint16
		}{{"http", 80}, {"https", 443}, {"ws", 80}, {"wss", 443}, {"ftp", 21}} {
			if strings.EqualFold(s, w.s) && len(s) == len(w.s) {
				return w.port
			}
		}
		return 0
	}
	alphabet := []byte("hHtTpPsSwWfFiIlLeE@`\xe8\xd4")
	n := 0
	var u URL
	var walk func(b []byte)
	walk = func(b []byte) {
		s := string(b)
		want := ref(s)
		if got := DefaultPort(s); got != want {
			t.Fatalf("DefaultPort(%q) = %d, want %d", b, got, want)
		}
		file := strings.EqualFold(s, "file")
		u.Set(SchemeType, s)
		if IsWebScheme(s) != (want != 0) || u.IsWebURL() != (want != 0) || IsFileScheme(s) != file || u.IsFileURL() != file {
			t.Fatalf("%q: IsWebScheme %v, IsWebURL %v, IsFileScheme %v, IsFileURL %v; want web %v, file %v",
				b, IsWebScheme(s), u.IsWebURL(), IsFileScheme(s), u.IsFileURL(), want != 0, file)
		}
		if l := LowerScheme(s); l != strings.ToLower(s) && (want != 0 || file) {
			t.Fatalf("LowerScheme(%q) = %q", b, l)
		}
		n++
		if len(b) == 5 {
			return
		}
		for _, c := range alphabet {
			walk(append(b, c))
		}
	}
	walk(nil)
	for _, s := range []string{"httpx", "xhttps", "https1", "wss-", "ftps", "http" + strings.Repeat("s", 300), strings.Repeat("h", 1<<16) + "ttp",
		"ht" + strings.Repeat("t", 2048) + "tp",
	} {
		if got := DefaultPort(s); got != 0 {
			t.Errorf("DefaultPort(%q) = %d, want 0", s, got)
		}
	}
	if n != 1+22+22*22+22*22*22+22*22*22*22+22*22*22*22*22 {
		t.Fatalf("checked %d schemes", n)
	}
}

// A URL's IsWebURL and IsFileURL follow its scheme through Set, Remove and
// Upto.
func TestWebAndFileURLFollowScheme(t *testing.T) {
	var u URL
	check := func(step string, web, file bool) {
		t.Helper()
		if u.IsWebURL() != web || u.IsFileURL() != file {
			t.Errorf("after %s: IsWebURL %v, IsFileURL %v; want %v, %v", step, u.IsWebURL(), u.IsFileURL(), web, file)
		}
	}
	check("zero value", false, false)
	u.Set(SchemeType, "HTTPS")
	check("Set HTTPS", true, false)
	u.Set(SchemeType, "File")
	check("Set File", false, true)
	u.Set(FileType, "x")
	if v := Upto(&u, AuthorityType); !v.IsFileURL() {
		t.Error("Upto(authority) lost the file-scheme")
	}
	if v := Upto(&u, SchemeType); v.IsFileURL() || v.IsWebURL() {
		t.Error("Upto(scheme) kept a web- or file-scheme")
	}
	u.Set(SchemeType, "wss")
	check("Set wss", true, false)
	u.Remove(SchemeType)
	check("Remove", false, false)
	u.Set(SchemeType, "sc")
	check("Set sc", false, false)
}

func TestErrorFormat(t *testing.T) {
	e := NewError(PortInvalid, "http://h:x", 9, "port must be digits")
	if got, want := e.Error(), `port-invalid: port must be digits (at byte 9 of "http://h:x")`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if !errors.Is(e, PortInvalid) || errors.Is(e, HostMissing) {
		t.Error("errors.Is on Code")
	}
	var target *Error
	if !errors.As(error(e), &target) || target.Offset != 9 {
		t.Error("errors.As")
	}
}

func TestLowerScheme(t *testing.T) {
	for in, want := range map[string]string{"HTTP": "http", "Https": "https", "WS": "ws", "wSs": "wss", "FTP": "ftp", "FILE": "file", "Sc+D": "sc+d", "x": "x"} {
		if got := LowerScheme(in); got != want {
			t.Errorf("LowerScheme(%q) = %q", in, got)
		}
	}
	if n := testing.AllocsPerRun(10, func() { _ = LowerScheme("HTTPS") }); n != 0 && !race.Enabled {
		t.Errorf("LowerScheme allocates for a web-scheme")
	}
}

func TestSameScheme(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{{"http", "HTTP", true}, {"Sc+1", "sC+1", true}, {"http", "https", false}, {"a@", "a`", false}, {"", "", true}} {
		if got := SameScheme(tt.a, tt.b); got != tt.want {
			t.Errorf("SameScheme(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
}
