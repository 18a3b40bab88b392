package grammar

import (
	"github.com/urlspec/urlspec/model"
)

// Options are the parameters of the grammar that a variant of the
// specification may change (package whatif): which mode a scheme selects
// (the special-scheme table) and how a host is read. The zero Options is the
// specification: Options{}.Parse is Parse. Parse and Options.Parse are
// one grammar: Parse reads no Options (nil), and each hook costs the
// default a test of a nil pointer.
type Options struct {
	// ModeOf returns the mode a scheme selects; nil means ModeOf.
	ModeOf func(scheme string) Mode
	// Host reads the host of an authority in mode; nil means host.Parse
	// in web and file mode and host.ParseOpaque in generic mode.
	Host func(s string, mode Mode) (model.Host, error)
}

// Parse is the lenient URL grammar (see the function Parse) with the
// options' special-scheme table and host reader.
func (o Options) Parse(input string, fallback Mode) (model.URL, error) {
	var u model.URL
	if err := parse(&u, input, fallback, nil, &o); err != nil {
		return model.URL{}, err
	}
	return u, nil
}

// ParseAuthority is ParseAuthority (the function) with the options' host
// reader.
func (o Options) ParseAuthority(s string, mode Mode) (model.Authority, error) {
	var a model.Authority
	if err := parseAuthority(&a, s, mode, nil, &o, acAll); err != nil {
		return model.Authority{}, err
	}
	return a, nil
}
