package host_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/internal/race"
	"github.com/urlspec/urlspec/model"
)

func TestParse(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"EXAMPLE.com", "example.com"},
		{"ex%41mple.com", "example.com"},
		{"0x7f.1", "127.0.0.1"},
		{"[::1]", "[::1]"},
		{"b\u00fccher.de", "xn--bcher-kva.de"},
	} {
		h, err := host.Parse(c.in, false)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if got := h.String(); got != c.want {
			t.Errorf("Parse(%q) = %s, want %s", c.in, got, c.want)
		}
	}
	for _, in := range []string{"", "a b", "[::1", "1.2.3.256"} {
		if h, err := host.Parse(in, false); err == nil {
			t.Errorf("Parse(%q) = %v, want an error", in, h)
		}
	}
}

func TestParseOpaque(t *testing.T) {
	if h, err := host.ParseOpaque("Ex%41mple"); err != nil || h.Kind != model.Opaque || h.Name != "Ex%41mple" {
		t.Errorf("ParseOpaque = %v, %v", h, err)
	}
	if _, err := host.ParseOpaque("a<b"); !errors.Is(err, model.HostInvalidCodePoint) {
		t.Errorf("ParseOpaque(a<b) = %v", err)
	}
}

func ExampleParse() {
	for _, s := range []string{"EXAMPLE.com", "0x7f.1", "[0:0::1]", "a%20b"} {
		h, err := host.Parse(s, false)
		if err != nil {
			var e *model.Error
			errors.As(err, &e)
			fmt.Println(s, "->", e.Code)
			continue
		}
		fmt.Println(s, "->", h)
	}
	// Output:
	// EXAMPLE.com -> example.com
	// 0x7f.1 -> 127.0.0.1
	// [0:0::1] -> [::1]
	// a%20b -> domain-invalid-code-point
}

func ExampleParseOpaque() {
	h, _ := host.ParseOpaque("Ex%41mple")
	fmt.Println(h.Kind == model.Opaque, h.Name)
	// Output:
	// true Ex%41mple
}

func ExampleIsForbiddenHostCodePoint() {
	fmt.Println(host.IsForbiddenHostCodePoint('^'), host.IsForbiddenHostCodePoint('%'))
	// Output:
	// true false
}

// Parse allocates nothing for a lowercase ASCII domain or an IP address, and
// once for a domain it must lower-case or percent-decode (or both).
func TestParseAllocs(t *testing.T) {
	for in, want := range map[string]float64{
		"example.com":      0,
		"xn--bcher-kva.de": 0,
		"192.168.0.1":      0,
		"0x7f.1":           0,
		"[2001:db8::1]":    0,
		"[::ffff:1.2.3.4]": 0,
		"EXAMPLE.com":      1,
		"ex%41mple.com":    1,
		"EX%41MPLE.COM":    1,
		"XN--BCHER-KVA.DE": 1,
		"%31%32%37.0.0.1":  1,
	} {
		if n := testing.AllocsPerRun(100, func() { _, _ = host.Parse(in, false) }); n != want {
			t.Errorf("Parse(%q): %v allocs, want %v", in, n, want)
		}
	}
}

// AppendParse agrees with Parse, keeps what dst held, writes only a domain
// it changes, and allocates nothing with a dst that has room (UTS #46's
// scratch space is pooled; under the race detector sync.Pool drops it).
func TestAppendParse(t *testing.T) {
	for _, in := range []string{
		"example.com", "EXAMPLE.com", "ex%41mple.com", "EX%41MPLE.COM", "%31%32%37.0.0.1", "0x7f.1",
		"[::1]", "[::1", "b\u00fccher.de", "B%C3%BCcher.DE", "XN--BCHER-KVA.DE", "", "a b", "a%20b",
		"1.2.3.256", "\uff03x", "xn--", "a..b", "%", "%zz", "\xff",
	} {
		for _, isFile := range []bool{false, true} {
			want, werr := host.Parse(in, isFile)
			h, out, err := host.AppendParse([]byte("x"), in, isFile)
			if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() || h != want {
				t.Errorf("AppendParse(%q) = %v, %v; Parse gives %v, %v", in, h, err, want, werr)
			}
			if len(out) == 0 || out[0] != 'x' {
				t.Errorf("AppendParse(%q): dst's byte lost: %q", in, out)
			}
		}
	}
	buf := make([]byte, 0, 64)
	for _, in := range []string{"example.com", "EXAMPLE.com", "ex%41mple.com", "%31%32%37.0.0.1", "www.b\u00fccher.de"} {
		if n := testing.AllocsPerRun(100, func() { _, _, _ = host.AppendParse(buf[:0], in, false) }); n != 0 && !race.Enabled {
			t.Errorf("AppendParse(%q): %v allocs, want 0", in, n)
		}
	}
}

// FromASCII is the host parser's last step for a domain in its ASCII form:
// one that ends in a number is an IPv4 address (or fails as one).
func ExampleFromASCII() {
	for _, s := range []string{"example.com", "0x7f.1", "1.2.3.256", ""} {
		h, err := host.FromASCII(s)
		fmt.Println(h, err)
	}
	// Output:
	// example.com <nil>
	// 127.0.0.1 <nil>
	//  IPv4-out-of-range-part: last part exceeds the bytes left (at byte 6 of "1.2.3.256")
	//  domain-to-ASCII: an empty domain
}

// FromASCII agrees with Parse on hosts that are their own ASCII form.
func TestFromASCII(t *testing.T) {
	for _, s := range []string{"example.com", "a.b.c", "0x7f.1", "1.2.3.4", "1.2.3.256", "09", "a.0x", "xn--bcher-kva.de", "1.2.3.4.", "0..1"} {
		want, wantErr := host.Parse(s, false)
		got, err := host.FromASCII(s)
		if got != want || (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
			t.Errorf("FromASCII(%q) = %v, %v; Parse = %v, %v", s, got, err, want, wantErr)
		}
	}
	if _, err := host.FromASCII(""); !errors.Is(err, model.DomainToASCII) {
		t.Errorf("FromASCII(\"\") = %v", err)
	}
}
