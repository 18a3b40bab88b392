package grammar

import (
	"strings"

	"github.com/urlspec/urlspec/model"
)

// Options are the parameters of the grammar that a variant of the
// specification may change (package whatif): which mode a scheme selects
// (the special-scheme table) and how a host is read. The zero Options is the
// specification: Options{}.Parse is Parse. Parse itself does not read
// Options, so the default pipeline pays nothing for them.
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
	mode := fallback
	rest := input
	if n := SchemeLen(input); n > 0 {
		u.Set(model.SchemeType, input[:n])
		mode = o.modeOf(input[:n])
		rest = input[n+1:]
	}
	off := len(input) - len(rest)
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		u.Set(model.FragmentType, rest[i+1:])
		rest = rest[:i]
	}
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		u.Set(model.QueryType, rest[i+1:])
		rest = rest[:i]
	}
	h := rest
	bs := mode != Generic
	sep := func(i int) bool { return i < len(h) && isSep(h[i], bs) }
	drive := func(i int) bool { return driveAt(h, i, bs) }
	setDrive := func(i int) {
		u.Set(model.DriveType, h[i:i+2])
		h, off = h[i+2:], off+i+2
	}
	if sep(0) && sep(1) {
		switch {
		case mode == File && drive(2):
			u.SetAuthority(model.Authority{})
			setDrive(2)
		case mode == File && sep(2) && drive(3):
			u.SetAuthority(model.Authority{})
			setDrive(3)
		default:
			j := 2
			for j < len(h) && !isSep(h[j], bs) {
				j++
			}
			a, err := o.ParseAuthority(h[2:j], mode)
			if err != nil {
				return model.URL{}, model.Rebase(err, input, off+2)
			}
			u.SetAuthority(a)
			h, off = h[j:], off+j
			if mode == File && sep(0) && drive(1) {
				setDrive(1)
			}
		}
	} else if mode == File {
		if sep(0) && drive(1) {
			setDrive(1)
		} else if drive(0) {
			setDrive(0)
		}
	}
	if sep(0) {
		u.Set(model.PathRootType, "/")
		h = h[1:]
	}
	var dirs []string
	start := 0
	for i := 0; i < len(h); i++ {
		if isSep(h[i], bs) {
			dirs = append(dirs, h[start:i])
			start = i + 1
		}
	}
	if dirs != nil {
		u.SetDirs(dirs)
	}
	if h = h[start:]; h != "" {
		u.Set(model.FileType, h)
	}
	return u, nil
}

func (o Options) modeOf(scheme string) Mode {
	if o.ModeOf != nil {
		return o.ModeOf(scheme)
	}
	return ModeOf(scheme)
}

// ParseAuthority is ParseAuthority (the function) with the options' host
// reader.
func (o Options) ParseAuthority(s string, mode Mode) (model.Authority, error) {
	if o.Host == nil {
		return ParseAuthority(s, mode)
	}
	var a model.Authority
	if s == "" {
		return a, nil
	}
	hp, hpOff := s, 0
	if i := strings.LastIndexByte(s, '@'); i >= 0 {
		cred := s[:i]
		hp, hpOff = s[i+1:], i+1
		user, pass, hasPass := strings.Cut(cred, ":")
		a.SetUsername(user)
		if hasPass {
			a.SetPassword(pass)
		}
	}
	k := hostLen(hp)
	if k == 0 {
		return model.Authority{}, model.NewError(model.HostMissing, s, hpOff, "credentials or port without a host")
	}
	h, err := o.Host(hp[:k], mode)
	if err != nil {
		return model.Authority{}, model.Rebase(err, s, hpOff)
	}
	a.SetHost(h)
	if k < len(hp) {
		// The port: parse it as the grammar does, on an authority made
		// of a host that always parses.
		p, err := ParseAuthority("h"+hp[k:], Generic)
		if err != nil {
			return model.Authority{}, model.Rebase(err, s, hpOff+k-1)
		}
		if p.HasPort() {
			if n, ok := p.Port(); ok {
				a.SetPort(n)
			} else {
				a.SetEmptyPort()
			}
		}
	}
	return a, nil
}
