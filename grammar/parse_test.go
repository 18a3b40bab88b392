package grammar

import (
	"errors"
	"testing"

	"github.com/urlspec/urlspec/internal/race"
	"github.com/urlspec/urlspec/model"
)

// §Preprocessing.
func TestPreprocess(t *testing.T) {
	tests := []struct {
		in, want string
		removed  bool
	}{
		{"http://a/", "http://a/", false},
		{"  \x00http://a/ \x1f", "http://a/", true},
		{"ht\ttp://a\n/\rb", "http://a/b", true},
		{"\t\n", "", true},
		{"", "", false},
		{"a b", "a b", false},
		{"\xff x \xfe", "\ufffd x \ufffd", false},
		{"a\xe2\t\x98\x83b", "a\ufffd\ufffd\ufffdb", true},
	}
	for _, tt := range tests {
		got, removed := Preprocess(tt.in)
		if got != tt.want || removed != tt.removed {
			t.Errorf("Preprocess(%q) = %q, %v; want %q, %v", tt.in, got, removed, tt.want, tt.removed)
		}
	}
}

// §Parser modes: parser-mode-for.
func TestModeFor(t *testing.T) {
	tests := []struct {
		in       string
		fallback Mode
		want     Mode
	}{
		{"http:", Generic, Web},
		{"HTTPS://x", File, Web},
		{"wss:", Generic, Web},
		{"ftp:x", Generic, Web},
		{"ws:", Generic, Web},
		{"File:/x", Web, File},
		{"files:/x", Web, Generic},
		{"a+b.c-d:", Web, Generic},
		{"//x", File, File},
		{"x", Generic, Generic},
		{"1a:b", Web, Web},
		{"a_b:c", File, File},
		{"C|/x", File, File},
		{"C:/x", File, Generic},
		{"", Web, Web},
	}
	for _, tt := range tests {
		if got := ModeFor(tt.in, tt.fallback); got != tt.want {
			t.Errorf("ModeFor(%q, %v) = %v, want %v", tt.in, tt.fallback, got, tt.want)
		}
	}
	for _, m := range []Mode{Web, File, Generic} {
		if p, err := ParseMode(m.String()); err != nil || p != m {
			t.Errorf("ParseMode(%q) = %v, %v", m, p, err)
		}
	}
	if _, err := ParseMode("http"); !errors.Is(err, model.InvalidMode) {
		t.Errorf("ParseMode(http) error = %v", err)
	}
}

// §URL Grammar: the lenient grammar in each mode, by structure.
func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		mode Mode
		want string
	}{
		// Scheme-less references in every mode.
		{"", Web, "ε"},
		{"foo/bar", Generic, "(dir foo)・(file bar)"},
		{"//host", Generic, "(authority (host host))"},
		{"//host/", Web, "(authority (host host))・(path-root /)"},
		{"/a//b/", Generic, "(path-root /)・(dir a)・(dir ε)・(dir b)"},
		{"a\\b", Generic, `(file a\b)`},
		{"a\\b", Web, "(dir a)・(file b)"},
		{"\\\\h\\x", File, "(authority (host h))・(path-root /)・(file x)"},
		{"?q#f", Generic, "(query q)・(fragment f)"},
		{"#", Web, "(fragment ε)"},
		{"?", Web, "(query ε)"},
		{"../x", File, "(dir ..)・(file x)"},
		{"./", Web, "(dir .)"},
		// Query and fragment split at the first ? and #.
		{"a?b?c#d#e", Generic, "(file a)・(query b?c)・(fragment d#e)"},
		{"a#b?c", Generic, "(file a)・(fragment b?c)"},
		// Schemes select their mode.
		{"http:foo", Generic, "(scheme http)・(file foo)"},
		{"http:\\\\h\\p", Generic, "(scheme http)・(authority (host h))・(path-root /)・(file p)"},
		{"sc:\\\\h\\p", Web, `(scheme sc)・(file \\h\p)`},
		{"sc://h:8080/a?b", Web, "(scheme sc)・(authority (host h)・(port 8080))・(path-root /)・(file a)・(query b)"},
		{"sc://u:p@h:", Web, "(scheme sc)・(authority (username u)・(password p)・(host h)・(port ε))"},
		{"sc://@h", Web, "(scheme sc)・(authority (username ε)・(host h))"},
		{"sc://a@b@c", Web, "(scheme sc)・(authority (username a@b)・(host c))"},
		{"sc://a:b:c@h", Web, "(scheme sc)・(authority (username a)・(password b:c)・(host h))"},
		{"sc://", Web, "(scheme sc)・(authority ε)"},
		{"sc:///", Web, "(scheme sc)・(authority ε)・(path-root /)"},
		{"sc:", Web, "(scheme sc)"},
		{"sc:%zz/%2e", Web, "(scheme sc)・(dir %zz)・(file %2e)"},
		{"sc://[::1]:0/", Web, "(scheme sc)・(authority (host [::1])・(port 0))・(path-root /)"},
		{"sc://%41/", Web, "(scheme sc)・(authority (host %41))・(path-root /)"},
		{"http://%41.com:00080", Generic, "(scheme http)・(authority (host a.com)・(port 80))"},
		{"http://0x7f.1/", Generic, "(scheme http)・(authority (host 127.0.0.1))・(path-root /)"},
		// File mode: auth-drive.
		{"file:c:/x", Web, "(scheme file)・(drive c:)・(path-root /)・(file x)"},
		{"file:/C|/x", Web, "(scheme file)・(drive C|)・(path-root /)・(file x)"},
		{"file://C|/x", Web, "(scheme file)・(authority ε)・(drive C|)・(path-root /)・(file x)"},
		{"file:///C:", Web, "(scheme file)・(authority ε)・(drive C:)"},
		{"file://h/C:/x", Web, "(scheme file)・(authority (host h))・(drive C:)・(path-root /)・(file x)"},
		{"file:C:x", Web, "(scheme file)・(file C:x)"},
		{"file:////C:/x", Web, "(scheme file)・(authority ε)・(path-root /)・(dir ε)・(dir C:)・(file x)"},
		{"C|\\x", File, "(drive C|)・(path-root /)・(file x)"},
		{"C|", File, "(drive C|)"},
		{"C|", Web, "(file C|)"},
		{"/C:/", File, "(drive C:)・(path-root /)"},
	}
	for _, tt := range tests {
		u, err := Parse(tt.in, tt.mode)
		if err != nil {
			t.Errorf("Parse(%q, %v) failed: %v", tt.in, tt.mode, err)
			continue
		}
		if got := u.String(); got != tt.want {
			t.Errorf("Parse(%q, %v) =\n\t%s\nwant\n\t%s", tt.in, tt.mode, got, tt.want)
		}
		if err := model.Validate(&u); err != nil {
			t.Errorf("Parse(%q, %v): %v", tt.in, tt.mode, err)
		}
	}
}

// §URL Grammar and §Host Parsing: where parsing fails, with which code and offset.
func TestParseFailures(t *testing.T) {
	tests := []struct {
		in     string
		mode   Mode
		code   model.Code
		offset int
	}{
		{"sc://a b/", Web, model.HostInvalidCodePoint, 6},
		{"sc://h:x/", Web, model.PortInvalid, 7},
		{"sc://h:65536/", Web, model.PortOutOfRange, 7},
		{"http://h:99999999999999999999999/", Web, model.PortOutOfRange, 9},
		{"sc://u@/", Web, model.HostMissing, 7},
		{"sc://:80/", Web, model.HostMissing, 5},
		{"http://[::1/", Web, model.IPv6Unclosed, 11},
		{"http://a%25b/", Web, model.DomainInvalidCodePoint, 8},
		{"http://1.2.3.256/", Web, model.IPv4OutOfRangePart, 13},
		{"//a<b", Generic, model.HostInvalidCodePoint, 3},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in, tt.mode)
		var e *model.Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q) = %v, want %s", tt.in, err, tt.code)
			continue
		}
		if e.Code != tt.code || e.Offset != tt.offset || e.Input != tt.in {
			t.Errorf("Parse(%q) = %s at %d of %q, want %s at %d", tt.in, e.Code, e.Offset, e.Input, tt.code, tt.offset)
		}
	}
}

// §URL Grammar: component values are substrings of the input; only the dir
// slice is allocated.
func TestParseAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector (internal/race)")
	}
	for in, want := range map[string]float64{
		"https://example.com/a/b/c?q=1#f": 1,
		"https://example.com/":            0,
		"sc:opaque":                       0,
		"file:///C:/x/y":                  1,
	} {
		n := testing.AllocsPerRun(100, func() {
			if _, err := Parse(in, Web); err != nil {
				t.Fatal(err)
			}
		})
		if n > want {
			t.Errorf("Parse(%q): %v allocs, want ≤ %v", in, n, want)
		}
	}
}

// appendDirSpans finds every '/' (eight bytes at a time, then one by one)
// exactly where a byte-by-byte split does, on strings of the bytes next to
// '/' in value ('.', '0', 0xAF, 0x2F with the high bit) and of every
// length across the eight-byte boundaries, starting with spans that have
// no room, some room and room enough.
func TestAppendDirSpansSWAR(t *testing.T) {
	alphabet := []byte{'/', '.', '0', 'a', 0xAF, 0x2E, 0x30, 0x7F, 0xFF, 0x00, '\\'}
	rng := uint64(1)
	next := func() uint64 { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng }
	for n := 0; n < 40; n++ {
		for trial := 0; trial < 200; trial++ {
			b := make([]byte, n)
			for i := range b {
				b[i] = alphabet[next()%uint64(len(alphabet))]
			}
			h := string(b)
			var want []uint32
			start := 0
			for i := 0; i < len(h); i++ {
				if h[i] == '/' {
					want = append(want, uint32(start), uint32(i))
					start = i + 1
				}
			}
			for _, room := range []int{0, 2, 64} {
				got, gotStart := appendDirSpans(make([]uint32, 0, room), h, false)
				if gotStart != start || len(got) != len(want) {
					t.Fatalf("%q (room %d): spans %v start %d, want %v start %d", h, room, got, gotStart, want, start)
				}
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("%q (room %d): spans %v, want %v", h, room, got, want)
					}
				}
			}
		}
	}
}
