package display

import (
	"errors"
	"strconv"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/refops"
	"github.com/urlspec/urlspec/model"
)

// Validity holds the two verdicts on one input that `urlspec valid` and
// the web page give, each by its own rule: the WHATWG URL Standard's
// "valid URL string" (url.spec.whatwg.org/#url-writing) and the URL
// specification's strict grammar (github.com/alwinb/url-specification,
// §Strict URL Grammar).
type Validity struct {
	Input    string
	Mode     grammar.Mode // the mode the input is parsed in
	Base     *urlspec.URL // the base of the standard's verdict, or nil
	Absolute bool         // the input has a scheme
	Ref      string       // the components of the reference, when it parses
	Strict   error        // the strict grammar's first violation, or nil
	Standard error        // why it is not a valid URL string, or nil
}

// CheckValidity gives both verdicts on input, parsed in mode when it has
// no scheme, against base (nil: none) for the standard's verdict.
func CheckValidity(input string, mode grammar.Mode, base *urlspec.URL) Validity {
	v := Validity{Input: input, Mode: grammar.ModeFor(input, mode), Base: base}
	if r, err := urlspec.ParseRef(input, mode); err == nil {
		m := r.Model()
		v.Absolute, v.Ref = m.Has(model.SchemeType), m.String()
	} else {
		pre, _ := grammar.Preprocess(input)
		v.Absolute = hasScheme(pre)
	}
	v.Strict = refops.Valid(input, mode)
	v.Standard = refops.CheckURLString(input, base)
	return v
}

// hasScheme reports whether s starts with a scheme and ':'.
func hasScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c|0x20 >= 'a' && c|0x20 <= 'z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}

// ReadAs is how the input is read: "absolute URL" or "relative reference".
func (v Validity) ReadAs() string {
	if v.Absolute {
		return "absolute URL"
	}
	return "relative reference"
}

// The names of the two verdicts and the rules they follow, as readable
// output shows them.
const (
	URLStringVerdict = "valid URL string"
	URLStringRule    = "(WHATWG URL Standard, §URL writing)"
	StrictVerdict    = "strict grammar"
	StrictRule       = "(URL specification, §Strict URL Grammar)"
)

// Verdicts writes the two verdicts of v, each a field ("valid URL string
// yes", "strict grammar invalid", with the rule it follows) and, when the
// input violates it, the input with a caret under the violation and what
// is wrong (ViolationText).
func (o *Lines) Verdicts(v Validity) {
	p := o.Pal
	if v.Standard == nil {
		o.Field(0, URLStringVerdict, p.Good("yes")+" "+p.Dim(URLStringRule))
	} else {
		o.Field(0, URLStringVerdict, p.Bad("no")+" "+p.Dim(URLStringRule))
		o.violation(v.Input, v.Standard, false)
	}
	if v.Strict == nil {
		o.Field(0, StrictVerdict, p.Good("valid")+" "+p.Dim(StrictRule))
	} else {
		o.Field(0, StrictVerdict, p.Bad("invalid")+" "+p.Dim(StrictRule))
		o.violation(v.Input, v.Strict, true)
	}
}

// ViolationText is what is wrong with an input that violates a validity
// rule, as Verdicts writes it after the caret: the reason, preceded for the
// strict grammar (withCode) by the error code; without the offset.
func ViolationText(err error, withCode bool) string {
	var e *model.Error
	if !errors.As(err, &e) {
		return err.Error()
	}
	if withCode {
		return string(e.Code) + ": " + e.Reason
	}
	return e.Reason
}

// violation writes the input with a caret under the error's offset and,
// after the caret, ViolationText and the offset.
func (o *Lines) violation(input string, err error, withCode bool) {
	p := o.Pal
	var e *model.Error
	if !errors.As(err, &e) {
		o.Printf("  %s\n", p.Bad(err.Error()))
		return
	}
	what := ViolationText(err, withCode)
	if e.Offset < 0 || e.Offset > len(input) {
		o.Printf("  %s\n", what)
		return
	}
	line, caret := PointAt(input, e.Offset)
	o.Printf("  %s\n  %s %s\n", line, p.Bad(caret), what+" "+p.Dim("(byte "+strconv.Itoa(e.Offset)+")"))
}

// ViolationSummary is "code at byte N (reason)" for a violation of the
// strict grammar: the one-line verdict that `urlspec parse` prints after
// "valid no:".
func ViolationSummary(err error) string {
	var e *model.Error
	if !errors.As(err, &e) {
		return err.Error()
	}
	s := string(e.Code)
	if e.Offset >= 0 {
		s += " at byte " + strconv.Itoa(e.Offset)
	}
	if e.Reason != "" {
		s += " (" + e.Reason + ")"
	}
	return s
}
