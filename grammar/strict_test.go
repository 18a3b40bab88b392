package grammar

import (
	"errors"
	"testing"

	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/model"
)

// §Strict URL Grammar: valid URL-strings.
func TestValidAccepts(t *testing.T) {
	for _, tt := range []struct {
		in   string
		mode Mode
	}{
		{"http://example.com/a/b?c=d#e", Web},
		{"https://xn--nxasmq6b.com/", Web},
		{"http://1.2.3.4:8080/", Web},
		{"http://[2001:db8::1]/", Web},
		{"file:///C:/x", Web},
		{"file:/C:/x", Web},
		{"file://host/C|/x", Web},
		{"file:///", Web},
		{"file:/x", Web},
		{"sc:opaque-path/with/slashes", Web},
		{"sc://h/a;b=c", Web},
		{"sc://%41/", Web},
		{"a/b/../c", Generic},
		{"../x?y#z", Web},
		{"//h/x", Web},
		{"/C:/x", File},
		{"http://h/é?ü#ß", Web},
		{"http://h/%41%2e", Web},
		{"mailto:a@b.c", Web},
		{"", Web},
		{"#", Web},
		{"sc:a#b?c", Web},
	} {
		if err := Valid(tt.in, tt.mode); err != nil {
			t.Errorf("Valid(%q, %v) = %v", tt.in, tt.mode, err)
		}
	}
}

// §Strict URL Grammar: the first violation, its code and byte offset.
func TestValidRejects(t *testing.T) {
	tests := []struct {
		in     string
		mode   Mode
		code   model.Code
		offset int
	}{
		{" http://h/", Web, model.LeadingOrTrailingSpace, 0},
		{"http://h/ ", Web, model.InvalidURLUnit, 9},
		{"http://h/a\tb", Web, model.InvalidURLUnit, 10},
		{"http:\\\\h/", Web, model.InvalidReverseSolidus, 5},
		{"http://h\\x", Web, model.InvalidReverseSolidus, 8},
		{"http://u:p@h/", Web, model.InvalidCredentials, 10},
		{"http:h/", Web, model.SpecialSchemeMissingFollowingSolidus, 5},
		{"http:///x", Web, model.HostMissing, 7},
		{"file:x", Web, model.SpecialSchemeMissingFollowingSolidus, 5},
		{"file:C:/x", Web, model.FileInvalidWindowsDriveLetter, 5},
		{"file://C:/x", Web, model.FileInvalidWindowsDriveLetter, 7},
		{"C|/x", File, model.FileInvalidWindowsDriveLetter, 0},
		{"http://h/%zz", Web, model.PctInvalid, 9},
		{"http://h/a%4", Web, model.PctInvalid, 10},
		{"http://h/a b", Web, model.InvalidURLUnit, 10},
		{"http://h/a|b", Web, model.InvalidURLUnit, 10},
		{"http://h/?a`b", Web, model.InvalidURLUnit, 11},
		{"http://h/#a b", Web, model.InvalidURLUnit, 11},
		{"sc://h/a\\b", Web, model.InvalidURLUnit, 8},
		{"sc://a\"b/", Web, model.InvalidURLUnit, 6},
		{"sc:a\x01", Web, model.InvalidURLUnit, 4},
		{"http://0x7f.1/", Web, model.IPv4NonDecimalPart, 7},
		{"http://1.2.3/", Web, model.IPv4EmptyPart, 12},
		{"http://[::1.2.3.04]/", Web, model.IPv4InIPv6InvalidCP, 17},
		{"sc:a b", Web, model.InvalidURLUnit, 4},
		{"sc:a#b#c", Web, model.InvalidURLUnit, 6},
		{"http://a%41/", Web, model.InvalidURLUnit, 8},
		{"http://h/\xff", Web, model.InvalidURLUnit, 9},
		{"http://h/\ufdd0", Web, model.InvalidURLUnit, 9},
	}
	for _, tt := range tests {
		err := Valid(tt.in, tt.mode)
		var e *model.Error
		if !errors.As(err, &e) {
			t.Errorf("Valid(%q) = %v, want %s at %d", tt.in, err, tt.code, tt.offset)
			continue
		}
		if e.Code != tt.code || e.Offset != tt.offset {
			t.Errorf("Valid(%q) = %s at %d (%s), want %s at %d", tt.in, e.Code, e.Offset, e.Reason, tt.code, tt.offset)
		}
	}
}

// The lenient encoder and the strict check agree, as both come from the
// component-character table: for each component and printable character, a
// value holding it is printed (by the encoder's set) as a string the strict
// grammar accepts exactly when the class is v, E or F (F is fixed by
// encoding); T and R characters are kept or rejected and stay invalid.
func TestCharTableAgreement(t *testing.T) {
	type slot struct {
		col     encodeprofile.Column
		set     *encodeprofile.Set
		prefix  string
		special bool
	}
	g, sp, min := encodeprofile.Generic(), encodeprofile.Special(), encodeprofile.Minimal()
	slots := []slot{
		{encodeprofile.PathColumn, g.Set(encodeprofile.Dir), "sc://h/x", false},
		{encodeprofile.PathColumn, sp.Set(encodeprofile.Dir), "http://h/x", true},
		{encodeprofile.OpaquePathColumn, min.Set(encodeprofile.File), "sc:x", false},
		{encodeprofile.QueryColumn, g.Set(encodeprofile.Query), "sc://h/?x", false},
		{encodeprofile.QueryColumn, sp.Set(encodeprofile.Query), "http://h/?x", true},
		{encodeprofile.FragmentColumn, g.Set(encodeprofile.Fragment), "sc://h/#x", false},
		{encodeprofile.OpaqueHostColumn, g.Set(encodeprofile.Host), "sc://x", false},
	}
	for _, s := range slots {
		for c := byte(0x20); c < 0x7f; c++ {
			cl := encodeprofile.ClassOf(s.col, rune(c), s.special)
			if cl == encodeprofile.NA || c == '/' && s.col == encodeprofile.OpaquePathColumn {
				continue // '/' splits the model's path into dirs and file
			}
			encoded := s.set.Contains(c)
			if want := cl == encodeprofile.ValidEncoded || cl == encodeprofile.Fixed || cl == encodeprofile.Rejected; encoded != want {
				t.Errorf("%s %q (class %s): encoder encodes = %v", s.col, c, cl, encoded)
			}
			raw := s.prefix + string(rune(c)) + "y"
			printed := s.prefix + encodeprofile.Encode(string(rune(c)), s.set) + "y"
			rawOK := Valid(raw, Web) == nil
			printedOK := Valid(printed, Web) == nil
			switch cl {
			case encodeprofile.Valid:
				if !rawOK {
					t.Errorf("%s %q (v): %q invalid: %v", s.col, c, raw, Valid(raw, Web))
				}
			case encodeprofile.ValidEncoded, encodeprofile.Fixed:
				if !printedOK {
					t.Errorf("%s %q (%s): printed %q invalid: %v", s.col, c, cl, printed, Valid(printed, Web))
				}
				if cl == encodeprofile.Fixed && rawOK {
					t.Errorf("%s %q (F): raw %q accepted", s.col, c, raw)
				}
			case encodeprofile.Tolerated, encodeprofile.Rejected:
				if rawOK {
					t.Errorf("%s %q (%s): raw %q accepted", s.col, c, cl, raw)
				}
			}
		}
	}
}
