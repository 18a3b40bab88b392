package grammar

import (
	"errors"
	"testing"

	"github.com/urlspec/urlspec/model"
)

// TestAuthorityClasses checks that parseAuthority reads an authority the
// same given the classes of its bytes that Parse's walk finds (authClass:
// where it looks for '@' and ':' only when they are there, and reads a host
// without bytes of class acOther with plainHost) as given acAll (the whole
// host parser): the same authority, or the same error code and offset, in
// the web and file modes, with and without a Buffer. The authorities are
// every string of up to five bytes over an alphabet of the bytes that
// change the way (upper and lower case, digits, '.', ':', '@', brackets,
// '%', a forbidden code point, a byte above 0x7f), and longer ones of the
// same shapes: IPv4 addresses, ports, credentials, upper-case hosts.
func TestAuthorityClasses(t *testing.T) {
	alphabet := "aZ0.:@[]%x<\xc3"
	var all []string
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		all = append(all, prefix)
		if n == 0 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			gen(prefix+alphabet[i:i+1], n-1)
		}
	}
	gen("", 5)
	all = append(all,
		"example.com", "EXAMPLE.com", "Example.COM:8080", "example.com:0080", "example.com:",
		"example.com:65535", "example.com:65536", "example.com:99999999999", "example.com:8o",
		"example.com:1:2", "user@example.com", "user:pass@Example.com:443", "u:p:q@h", "@h",
		"a@b@c", "u@:80", ":80", "1.2.3.4", "1.2.3.4:80", "192.168.0.257", "0x7F.1", "0X7f.1:8",
		"1.2.3.4.5", "a.1", "A.0x", "09.1", "[::1]", "[::1]:80", "u@[::1]:80", "xn--a.com",
		"XN--A.COM", "EXAMPLE.COM.", "a..b", "A%41.com", "localhost", "LOCALHOST:1",
	)
	var b Buffer
	for _, s := range all {
		checkAuthorityClasses(t, s, &b)
	}
}

// FuzzAuthorityClasses is TestAuthorityClasses on any authority.
func FuzzAuthorityClasses(f *testing.F) {
	for _, s := range []string{"Example.COM:8080", "u:p@H.com:0080", "1.2.3.4:80", "[::1]:1", "a@b@C:"} {
		f.Add(s)
	}
	var b Buffer
	f.Fuzz(func(t *testing.T, s string) { checkAuthorityClasses(t, s, &b) })
}

// checkAuthorityClasses checks one authority s as TestAuthorityClasses
// describes (an s with '/' or '\\', which end an authority, is skipped).
func checkAuthorityClasses(t *testing.T, s string, b *Buffer) {
	t.Helper()
	has := uint8(0)
	for i := 0; i < len(s); i++ {
		has |= authClass[s[i]]
	}
	if has&acEnd != 0 {
		return
	}
	for _, mode := range []Mode{Web, File} {
		var want, got, gotBuf model.Authority
		werr := parseAuthority(&want, s, mode, nil, nil, acAll)
		gerr := parseAuthority(&got, s, mode, nil, nil, has)
		berr := parseAuthority(&gotBuf, s, mode, b, nil, has)
		for _, c := range []struct {
			name string
			a    model.Authority
			err  error
		}{{"no Buffer", got, gerr}, {"Buffer", gotBuf, berr}} {
			if !sameError(c.err, werr) || werr == nil && c.a != want {
				t.Errorf("mode %v, %q (%s, classes %#x): %+v, %v; with acAll %+v, %v", mode, s, c.name, has, c.a, c.err, want, werr)
			}
		}
	}
}

// sameError reports whether a and b are both nil, or *model.Error values
// with the same code and offset.
func sameError(a, b error) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	var x, y *model.Error
	return errors.As(a, &x) && errors.As(b, &y) && x.Code == y.Code && x.Offset == y.Offset
}
