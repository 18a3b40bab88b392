package urlspec

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
)

// Every error code of package model is returned by an operation of the
// root package (as an *Error) or of a spec package it builds on (grammar,
// as a *model.Error), and errors.Is(err, code) finds it in the error.
func TestEveryErrorCode(t *testing.T) {
	parse := func(s string) func() error {
		return func() error { _, err := Parse(s); return err }
	}
	valid := func(s string, m Mode) func() error {
		return func() error { return grammar.Valid(s, m) }
	}
	set := func(href string, with func(URL, string) (URL, error), v string) func() error {
		return func() error { _, err := with(MustParse(href), v); return err }
	}
	tests := []struct {
		code Code
		op   func() error
		spec bool // the op is a spec package's (grammar), not the root's
	}{
		{model.DomainToASCII, parse("http://\u00ad/"), false},
		{model.DomainInvalidCodePoint, parse("http://a<b/"), false},
		{model.HostInvalidCodePoint, parse("sc://a<b/"), false},
		{model.IPv4EmptyPart, valid("http://1.2.3/", ModeWeb), true},
		{model.IPv4TooManyParts, parse("http://1.2.3.4.5/"), false},
		{model.IPv4NonNumericPart, parse("http://1.2.x.4/"), false},
		{model.IPv4NonDecimalPart, valid("http://01.2.3.4/", ModeWeb), true},
		{model.IPv4OutOfRangePart, parse("http://1.2.3.256/"), false},
		{model.IPv6Unclosed, parse("http://[::1/"), false},
		{model.IPv6InvalidCompression, parse("http://[:1]/"), false},
		{model.IPv6TooManyPieces, parse("http://[1:2:3:4:5:6:7:8:9]/"), false},
		{model.IPv6MultipleCompress, parse("http://[1::2::3]/"), false},
		{model.IPv6InvalidCodePoint, parse("http://[x]/"), false},
		{model.IPv6TooFewPieces, parse("http://[1:2]/"), false},
		{model.IPv4InIPv6TooMany, parse("http://[1:2:3:4:5:6:7:1.2.3.4]/"), false},
		{model.IPv4InIPv6InvalidCP, parse("http://[::1.2.x.4]/"), false},
		{model.IPv4InIPv6OutOfRange, parse("http://[::1.2.3.256]/"), false},
		{model.IPv4InIPv6TooFewParts, parse("http://[::1.2.3]/"), false},
		{model.HostMissing, parse("http:"), false},
		{model.PortOutOfRange, parse("http://h:99999/"), false},
		{model.PortInvalid, parse("http://h:x/"), false},
		{model.MissingSchemeNonRelativeURL, parse("x"), false},
		{model.FileCredentials, func() error {
			r, _ := ParseRef("file://u@h/x", ModeFile)
			_, err := r.URL()
			return err
		}, false},
		{model.InvalidURLUnit, valid("http://h/a b", ModeWeb), true},
		{model.PctInvalid, valid("http://h/%zz", ModeWeb), true},
		{model.InvalidReverseSolidus, valid(`http:\\h`, ModeWeb), true},
		{model.InvalidCredentials, valid("http://u@h/", ModeWeb), true},
		{model.SpecialSchemeMissingFollowingSolidus, valid("http:h", ModeWeb), true},
		{model.FileInvalidWindowsDriveLetter, valid("file://C:/x", ModeFile), true},
		{model.LeadingOrTrailingSpace, valid(" http://h/", ModeWeb), true},
		{model.ConstraintViolation, func() error {
			var m model.URL
			a := model.Authority{}
			a.SetPassword("p") // a password needs a username
			m.SetAuthority(a)
			_, err := FromModel(m)
			return err
		}, false},
		{model.InvalidMode, func() error { _, err := grammar.ParseMode("http"); return err }, true},
		{model.NotRelativizable, func() error {
			b, _ := ParseRef("http://h/a", ModeWeb)
			r, _ := ParseRef("b", ModeWeb)
			_, err := Relativize(b, r)
			return err
		}, false},
		{model.InvalidURLString, func() error { return Validate("http://h/a b") }, false},
		{model.FilePath, func() error { _, err := FromFilePath("rel/x", StylePOSIX); return err }, false},
		{model.FilePath, func() error { _, err := MustParse("http://h/x").FilePath(StyleWindows); return err }, false},
		{model.RequestTarget, func() error {
			_, err := FromRequest(&http.Request{Method: "GET", Host: "a@b", RequestURI: "/"})
			return err
		}, false},
		{model.EmptyURL, set("http://h/", func(URL, string) (URL, error) { return URL{}.WithHost("h") }, ""), false},
		{model.OpaquePathRefused, set("mailto:x", URL.WithHost, "h"), false},
		{model.CredentialsRefused, set("file:///x", URL.WithUsername, "u"), false},
		{model.InvalidScheme, set("http://h/", URL.WithProtocol, "1x"), false},
		{model.SchemeChangeRefused, set("http://h/", URL.WithProtocol, "sc"), false},
		{model.HostnameWithPort, set("http://h/", URL.WithHostname, "h:1"), false},
		{model.UnsupportedScanType, func() error { var u URL; return u.Scan(1.5) }, false},
		{model.InputTooLong, func() error {
			_, err := Parse("http://h/" + strings.Repeat("a", MaxInputLen))
			if _, err2 := ParseRef(strings.Repeat("a", MaxInputLen+1), ModeWeb); !errors.Is(err2, model.InputTooLong) {
				return err2
			}
			return err
		}, false},
	}
	seen := map[Code]bool{}
	for _, tt := range tests {
		err := tt.op()
		var code Code
		var e *Error // model.Error: the spec packages' too
		if errors.As(err, &e) {
			code = e.Code
		}
		if !errors.Is(err, tt.code) || code != tt.code {
			t.Errorf("%s: got %T %v", tt.code, err, err)
		}
		seen[tt.code] = true
	}
	// InvalidAuthority: the setters' code for a host or port parser error
	// that is not an *Error; every parser returns *Error today, so no input
	// reaches it. Internal: asError's code for an error of another kind,
	// which no operation returns today. Both are matched by errors.Is all
	// the same.
	for _, c := range []Code{model.InvalidAuthority, model.Internal} {
		if err := error(&Error{Code: c, Offset: -1}); !errors.Is(err, c) {
			t.Error(c)
		}
		seen[c] = true
	}
	// InvalidLevel is the code of internal/refops.ParseLevel (the command's
	// --level flag), which imports this package and is tested there.
	seen[model.InvalidLevel] = true
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
		{"http://[" + strings.Repeat("1:", 1<<19) + "]/", model.IPv6TooManyPieces, `"... (`},
		{"http://h:" + strings.Repeat("9", 1<<20) + "/", model.PortOutOfRange, ` bytes))`},
		{strings.Repeat("é", 1<<19) + ":", model.MissingSchemeNonRelativeURL, `"éé`},
	} {
		_, err := Parse(tt.input)
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
	err := grammar.Valid(long+"%zz"+long[9:], ModeWeb)
	var e *model.Error
	if !errors.As(err, &e) || e.Code != model.PctInvalid || e.Offset != len(long) || len(e.Input) != 2*len(long)-6 {
		t.Fatalf("grammar.Valid: %.200v", err)
	}
	if msg := err.Error(); len(msg) > 250 || !strings.Contains(msg, `..."aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa%zzaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"... (2097164 bytes))`) {
		t.Errorf("message of %d bytes: %s", len(msg), msg)
	} else {
		t.Logf("%d-byte input: %s", len(e.Input), msg)
	}
	short := &Error{Code: model.PortInvalid, Input: "http://h:x/", Offset: 9}
	if got := short.Error(); got != `port-invalid (at byte 9 of "http://h:x/")` {
		t.Errorf("short input: %s", got)
	}
}
