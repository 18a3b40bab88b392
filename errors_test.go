package urlspec

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/model"
)

// Every error code that the package's operations return is exported by
// the root package, and errors.Is(err, code) finds it in the error an
// operation returns.
func TestEveryErrorCode(t *testing.T) {
	parse := func(s string) func() error {
		return func() error { _, err := Parse(s, nil); return err }
	}
	valid := func(s string, m Mode) func() error {
		return func() error { return Valid(s, m) }
	}
	set := func(href string, with func(URL, string) (URL, error), v string) func() error {
		return func() error { _, err := with(MustParse(href), v); return err }
	}
	tests := []struct {
		code Code
		op   func() error
	}{
		{DomainToASCII, parse("http://\u00ad/")},
		{DomainInvalidCodePoint, parse("http://a<b/")},
		{HostInvalidCodePoint, parse("sc://a<b/")},
		{IPv4EmptyPart, valid("http://1.2.3/", ModeWeb)},
		{IPv4TooManyParts, parse("http://1.2.3.4.5/")},
		{IPv4NonNumericPart, parse("http://1.2.x.4/")},
		{IPv4NonDecimalPart, valid("http://01.2.3.4/", ModeWeb)},
		{IPv4OutOfRangePart, parse("http://1.2.3.256/")},
		{IPv6Unclosed, parse("http://[::1/")},
		{IPv6InvalidCompression, parse("http://[:1]/")},
		{IPv6TooManyPieces, parse("http://[1:2:3:4:5:6:7:8:9]/")},
		{IPv6MultipleCompress, parse("http://[1::2::3]/")},
		{IPv6InvalidCodePoint, parse("http://[x]/")},
		{IPv6TooFewPieces, parse("http://[1:2]/")},
		{IPv4InIPv6TooMany, parse("http://[1:2:3:4:5:6:7:1.2.3.4]/")},
		{IPv4InIPv6InvalidCP, parse("http://[::1.2.x.4]/")},
		{IPv4InIPv6OutOfRange, parse("http://[::1.2.3.256]/")},
		{IPv4InIPv6TooFewParts, parse("http://[::1.2.3]/")},
		{HostMissing, parse("http:")},
		{PortOutOfRange, parse("http://h:99999/")},
		{PortInvalid, parse("http://h:x/")},
		{MissingSchemeNonRelativeURL, parse("x")},
		{FileCredentials, func() error {
			r, _ := ParseRef("file://u@h/x", ModeFile)
			_, err := r.URL()
			return err
		}},
		{InvalidURLUnit, valid("http://h/a b", ModeWeb)},
		{PctInvalid, valid("http://h/%zz", ModeWeb)},
		{InvalidReverseSolidus, valid(`http:\\h`, ModeWeb)},
		{InvalidCredentials, valid("http://u@h/", ModeWeb)},
		{SpecialSchemeMissingFollowingSolidus, valid("http:h", ModeWeb)},
		{FileInvalidWindowsDriveLetter, valid("file://C:/x", ModeFile)},
		{LeadingOrTrailingSpace, valid(" http://h/", ModeWeb)},
		{ConstraintViolation, func() error {
			var m model.URL
			a := model.Authority{}
			a.SetPassword("p") // a password needs a username
			m.SetAuthority(a)
			_, err := FromModel(m)
			return err
		}},
		{InvalidMode, func() error { _, err := ParseMode("http"); return err }},
		{InvalidLevel, func() error { _, err := ParseLevel("same"); return err }},
		{NotRelativizable, func() error {
			b, _ := ParseRef("http://h/a", ModeWeb)
			r, _ := ParseRef("b", ModeWeb)
			_, err := Relativize(b, r)
			return err
		}},
		{EmptyURL, set("http://h/", func(URL, string) (URL, error) { return URL{}.WithHost("h") }, "")},
		{OpaquePathRefused, set("mailto:x", URL.WithHost, "h")},
		{CredentialsRefused, set("file:///x", URL.WithUsername, "u")},
		{InvalidScheme, set("http://h/", URL.WithProtocol, "1x")},
		{SchemeChangeRefused, set("http://h/", URL.WithProtocol, "sc")},
		{HostnameWithPort, set("http://h/", URL.WithHostname, "h:1")},
		{UnsupportedScanType, func() error { var u URL; return u.Scan(1.5) }},
		{InputTooLong, func() error {
			_, err := Parse("http://h/"+strings.Repeat("a", MaxInputLen), nil)
			if _, err2 := ParseRef(strings.Repeat("a", MaxInputLen+1), ModeWeb); !errors.Is(err2, InputTooLong) {
				return err2
			}
			return err
		}},
	}
	seen := map[Code]bool{}
	for _, tt := range tests {
		err := tt.op()
		var e *Error
		if !errors.Is(err, tt.code) || !errors.As(err, &e) || e.Code != tt.code {
			t.Errorf("%s: got %v", tt.code, err)
		}
		seen[tt.code] = true
	}
	// InvalidAuthority: the setters' code for a host or port parser error
	// that is not an *Error; every parser returns *Error today, so no input
	// reaches it. It is exported for errors.Is all the same.
	if err := error(&Error{Code: InvalidAuthority, Offset: -1}); !errors.Is(err, InvalidAuthority) {
		t.Error("InvalidAuthority")
	}
	seen[InvalidAuthority] = true
	// The list above covers every code of the model package.
	for _, c := range modelCodes(t) {
		if !seen[c] {
			t.Errorf("model code %s has no test here", c)
		}
	}
}

// modelCodes reads the codes that model/errors.go declares (every
// constant of type Code), so a new code cannot miss a test here.
func modelCodes(t *testing.T) []Code {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "model/errors.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []Code
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Code" {
				continue
			}
			for _, v := range vs.Values {
				if lit, ok := v.(*ast.BasicLit); ok {
					s, _ := strconv.Unquote(lit.Value)
					out = append(out, Code(s))
				}
			}
		}
	}
	if len(out) < 30 {
		t.Fatalf("read only %d codes from model/errors.go", len(out))
	}
	return out
}

// An error about a 1 MB input quotes about 64 bytes of it around the
// offset; the Error value keeps the whole input.
func TestErrorMessageLength(t *testing.T) {
	long := "http://h/" + strings.Repeat("a", 1<<20)
	for _, tt := range []struct {
		input string
		code  Code
		want  string
	}{
		{long + "[x]" + long, "", ""},
		{"http://[" + strings.Repeat("1:", 1<<19) + "]/", IPv6TooManyPieces, `"... (`},
		{"http://h:" + strings.Repeat("9", 1<<20) + "/", PortOutOfRange, ` bytes))`},
		{strings.Repeat("é", 1<<19) + ":", MissingSchemeNonRelativeURL, `"éé`},
	} {
		_, err := Parse(tt.input, nil)
		if tt.code == "" {
			if err != nil {
				t.Errorf("a long valid URL fails: %.200v", err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Code != tt.code || e.Input != tt.input {
			t.Errorf("%.80q: %.200v", tt.input, err)
			continue
		}
		msg := err.Error()
		if len(msg) > 250 || !strings.Contains(msg, tt.want) {
			t.Errorf("message of %d bytes: %s", len(msg), msg)
		}
		t.Logf("%d-byte input: %s", len(tt.input), msg)
	}
	// An offset deep in the input: the excerpt is around it.
	err := Valid(long+"%zz"+long[9:], ModeWeb)
	var e *Error
	if !errors.As(err, &e) || e.Code != PctInvalid || e.Offset != len(long) || len(e.Input) != 2*len(long)-6 {
		t.Fatalf("Valid: %.200v", err)
	}
	if msg := err.Error(); len(msg) > 250 || !strings.Contains(msg, `..."aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa%zzaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"... (2097164 bytes))`) {
		t.Errorf("message of %d bytes: %s", len(msg), msg)
	} else {
		t.Logf("%d-byte input: %s", len(e.Input), msg)
	}
	short := &Error{Code: PortInvalid, Input: "http://h:x/", Offset: 9}
	if got := short.Error(); got != `port-invalid (at byte 9 of "http://h:x/")` {
		t.Errorf("short input: %s", got)
	}
}
