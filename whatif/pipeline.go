package whatif

import (
	"strings"
	"unsafe"

	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
	"github.com/urlspec/urlspec/resolve"
)

// Ops is the pipeline of a variant, stage by stage (the stages of
// parse-resolve-and-normalise, spec §Concluding), for checking laws and
// claims under the variant. Each function is safe for concurrent use.
type Ops struct {
	// Preprocess is the variant's preprocessing (spec §Preprocessing).
	Preprocess func(input string) string
	// Parse is the grammar in a mode, with the variant's hosts and schemes.
	Parse func(input string, mode grammar.Mode) (model.URL, error)
	// Normalize is the variant's normalisation (its rules and default ports).
	Normalize func(u model.URL) model.URL
	// Print is the variant's printing (href).
	Print func(u *model.URL) string
	// WHATWG is parse-resolve-normalise: preprocess, parse in the mode
	// for the base, WHATWG-resolve against base (nil: none), normalise.
	WHATWG func(input string, base *model.URL) (model.URL, error)
}

// Ops returns the variant's pipeline. For the zero Variant the functions
// are grammar.Preprocess, grammar.Parse, normalize.Normalize, print.ASCII
// and parse-resolve-and-normalise as urlspec.Parse runs it.
func (v Variant) Ops() Ops {
	p := v.compile()
	return Ops{
		Preprocess: p.preprocess,
		Parse:      p.parse,
		Normalize: func(u model.URL) model.URL {
			a, _ := p.standIns(&u, nil)
			n := p.normalizeAs(a.to(u), a)
			return p.back(n, a, rename{})
		},
		Print: func(u *model.URL) string {
			s, _ := p.print(u)
			return s
		},
		WHATWG: p.whatwg,
	}
}

// preprocess implements §Preprocessing with the variant's sets: invalid
// UTF-8 bytes read as U+FFFD, code points of strip removed at both ends,
// code points of remove removed everywhere.
func (p *spec) preprocess(input string) string {
	if !p.preChanged {
		s, _ := grammar.Preprocess(input)
		return s
	}
	rs := make([]rune, 0, len(input))
	for _, r := range input {
		rs = append(rs, r) // an invalid byte ranges as U+FFFD
	}
	i, j := 0, len(rs)
	for i < j && p.strip.has(rs[i]) {
		i++
	}
	for j > i && p.strip.has(rs[j-1]) {
		j--
	}
	var b strings.Builder
	for _, r := range rs[i:j] {
		if !p.remove.has(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func (p *spec) options() grammar.Options {
	var o grammar.Options
	if p.schemeChanged {
		o.ModeOf = p.modeOf
	}
	if p.hostChanged {
		o.Host = p.host
	}
	return o
}

func (p *spec) parse(input string, mode grammar.Mode) (model.URL, error) {
	return p.options().Parse(input, mode)
}

// class returns the variant's default port of a web-scheme, fileClass for
// a file-scheme, 0 for any other scheme.
func (p *spec) class(scheme string) int {
	return p.schemes[strings.ToLower(scheme)]
}

func (p *spec) modeOf(scheme string) grammar.Mode {
	switch p.class(scheme) {
	case 0:
		return grammar.Generic
	case fileClass:
		return grammar.File
	}
	return grammar.Web
}

// whatwg is parse-resolve-and-normalise.
func (p *spec) whatwg(input string, base *model.URL) (model.URL, error) {
	s := p.preprocess(input)
	var empty model.URL
	if base == nil {
		base = &empty
	}
	mode := grammar.Web
	if base.Has(model.SchemeType) {
		mode = p.modeOf(base.Scheme())
	}
	u, err := p.parse(s, mode)
	if err != nil {
		return model.URL{}, err
	}
	if !p.schemeChanged {
		r, _, err := resolve.WHATWGResolve(&u, base)
		if err != nil {
			return model.URL{}, err
		}
		return p.normalizeAs(r, rename{}), nil
	}
	a, b := p.standIns(&u, base)
	u2, b2 := a.to(u), b.to(*base)
	r, _, err := resolve.WHATWGResolve(&u2, &b2)
	if err != nil {
		return model.URL{}, err
	}
	rn := rename{}
	switch {
	case r.Has(model.SchemeType) && a.stand != "" && model.SameScheme(r.Scheme(), a.stand):
		rn = a
	case r.Has(model.SchemeType) && b.stand != "" && model.SameScheme(r.Scheme(), b.stand):
		rn = b
	}
	return p.back(p.normalizeAs(r, rn), a, b), nil
}

// rename maps an URL's scheme to a stand-in that the library's scheme
// table classifies as the variant classifies the real scheme, so that
// resolve, normalize and encodeprofile.For, which read the library's
// table, follow the variant's. port is the variant's default port when the
// stand-in's differs (custom); the zero rename changes nothing.
type rename struct {
	real, stand string
	port        int
	custom      bool
}

func (r rename) to(u model.URL) model.URL {
	if r.stand == "" || !u.Has(model.SchemeType) {
		return u
	}
	u.Set(model.SchemeType, r.stand)
	return u
}

// back returns u with its stand-in scheme replaced by the real one.
func (p *spec) back(u model.URL, a, b rename) model.URL {
	if !u.Has(model.SchemeType) {
		return u
	}
	for _, r := range []rename{a, b} {
		if r.stand != "" && model.SameScheme(u.Scheme(), r.stand) {
			s := r.real
			if p.schemeCase {
				s = strings.ToLower(s)
			}
			u.Set(model.SchemeType, s)
			return u
		}
	}
	return u
}

var webStandIns = []string{"http", "ws", "https", "wss", "ftp"}

// standIns chooses the stand-ins of u's and base's schemes: the real
// scheme where the library's table already agrees with the variant's,
// otherwise a scheme of the right kind (a web-scheme with the same default
// port when one is free), different for different schemes.
func (p *spec) standIns(u, base *model.URL) (a, b rename) {
	if !p.schemeChanged {
		return
	}
	var sa, sb string
	if u != nil && u.Has(model.SchemeType) {
		sa = u.Scheme()
	}
	if base != nil && base.Has(model.SchemeType) {
		sb = base.Scheme()
	}
	same := sa != "" && model.SameScheme(sa, sb)
	var taken []string
	identity := func(s string) bool {
		if s == "" {
			return false
		}
		l := strings.ToLower(s)
		return p.schemes[l] == defaultSchemes[l]
	}
	for _, s := range []string{sa, sb} {
		if identity(s) {
			taken = append(taken, strings.ToLower(s))
		}
	}
	pick := func(s string) rename {
		if s == "" {
			return rename{}
		}
		l := strings.ToLower(s)
		if identity(s) {
			return rename{real: s, stand: s}
		}
		free := func(c string) bool {
			for _, t := range taken {
				if t == c {
					return false
				}
			}
			return true
		}
		var r rename
		switch port := p.schemes[l]; port {
		case 0:
			r = rename{real: s, stand: "x-whatif-" + l}
		case fileClass:
			r = rename{real: s, stand: "file"} // only "file" is ever a file-scheme
		default:
			for _, c := range webStandIns {
				if free(c) && defaultSchemes[c] == port {
					r = rename{real: s, stand: c, port: port}
					break
				}
			}
			if r.stand == "" {
				for _, c := range webStandIns {
					if free(c) {
						r = rename{real: s, stand: c, port: port, custom: true}
						break
					}
				}
			}
		}
		taken = append(taken, r.stand)
		return r
	}
	a = pick(sa)
	if same {
		b = a
		b.real = sb
	} else {
		b = pick(sb)
	}
	return
}

// normalizeAs normalises u (whose scheme is a stand-in of rn) with the
// variant's rules and default port.
func (p *spec) normalizeAs(u model.URL, rn rename) model.URL {
	if !p.anyDisabled && !rn.custom {
		return normalize.Normalize(u)
	}
	if rn.custom && !p.disabled[normalize.DefaultPort] {
		if a := u.Authority(); a.HasPort() {
			if n, ok := a.Port(); ok && int(n) == rn.port {
				a.RemovePort()
				u.SetAuthority(a)
			}
		}
	}
	for range 1 << 16 {
		next := false
		for _, r := range normalize.Redexes(u) {
			if p.disabled[r.Rule] || rn.custom && r.Rule == normalize.DefaultPort {
				continue
			}
			w, err := normalize.Rewrite(u, r)
			if err != nil {
				break
			}
			u, next = w, true
			break
		}
		if !next {
			break
		}
	}
	return u
}

// print prints u (real schemes) with the variant's profiles and printing
// rules, and returns where the parts are.
func (p *spec) print(u *model.URL) (string, print.Offsets) {
	a, _ := p.standIns(u, nil)
	v := a.to(*u)
	prof := encodeprofile.For(&v)
	for i, d := range defaultProfiles() {
		if d == prof {
			prof = p.profiles[i]
		}
	}
	s, off := print.WithProfileOffsets(&v, prof)
	if !p.opaqueSpace && v.HasOpaquePath() && strings.HasSuffix(v.File(), " ") &&
		strings.HasSuffix(s[:off.PathEnd], "%20") {
		s = s[:off.PathEnd-3] + " " + s[off.PathEnd:]
		shift(&off, off.PathEnd-1, -2)
	}
	if a.stand != "" && a.stand != a.real {
		real := a.real
		if p.schemeCase {
			real = strings.ToLower(real)
		}
		s = real + s[len(a.stand):]
		shift(&off, 0, len(real)-len(a.stand))
	}
	return s, off
}

// shift moves every offset at or after from by d.
func shift(o *print.Offsets, from, d int) {
	for _, x := range []*int{&o.SchemeEnd, &o.UsernameStart, &o.UsernameEnd, &o.PasswordStart, &o.PasswordEnd,
		&o.HostStart, &o.HostEnd, &o.PortStart, &o.PortEnd, &o.PathStart, &o.PathEnd, &o.QueryStart, &o.FragmentStart} {
		if *x >= from {
			*x += d
		}
	}
}

// host reads a host with the variant's host parser.
func (p *spec) host(s string, mode grammar.Mode) (model.Host, error) {
	if s != "" && s[0] == '[' {
		if mode == grammar.Generic {
			return host.ParseOpaque(s)
		}
		return host.Parse(s, mode == grammar.File)
	}
	if mode == grammar.Generic {
		for i, r := range s {
			if p.forbHost.has(r) {
				return model.Host{}, model.NewError(model.HostInvalidCodePoint, s, i, "forbidden host code point "+quote(r))
			}
		}
		if s == "" {
			return model.Host{}, model.NewError(model.HostMissing, s, 0, "empty host")
		}
		return model.Host{Kind: model.Opaque, Name: s}, nil
	}
	decoded := s
	if strings.IndexByte(s, '%') >= 0 {
		b := encodeprofile.AppendDecoded(nil, s)
		decoded = unsafe.String(unsafe.SliceData(b), len(b))
	}
	ascii, err := p.domainToASCII(decoded)
	if err != nil {
		return model.Host{}, err
	}
	if p.endsInANumber(ascii) {
		v, err := p.parseIPv4(ascii)
		if err != nil {
			return model.Host{}, err
		}
		return model.Host{Kind: model.IPv4, IPv4: v}, nil
	}
	return model.Host{Kind: model.Domain, Name: ascii}, nil
}

func quote(r rune) string {
	if r > 0x20 && r < 0x7f {
		return "'" + string(r) + "'"
	}
	return "U+" + strings.ToUpper(hex4(r))
}

func hex4(r rune) string {
	const digits = "0123456789abcdef"
	s := ""
	for r > 0 || len(s) < 4 {
		s = string(digits[r&15]) + s
		r >>= 4
	}
	return s
}

// transitionalMap maps the four deviation code points of UTS #46 as
// transitional processing does (unicode.org/reports/tr46 §4 step 1).
var transitionalMap = strings.NewReplacer("\u00df", "ss", "\u03c2", "\u03c3", "\u200c", "", "\u200d", "")

// domainToASCII is the WHATWG domain to ASCII (beStrict false) with the
// variant's UTS #46 flags and forbidden domain code points. The standard's
// shortcut for ASCII domains (lower-case them) is kept unless a UTS #46
// flag that applies to ASCII differs from the standard's.
func (p *spec) domainToASCII(d string) (string, error) {
	ascii := true
	for i := 0; i < len(d); i++ {
		if d[i] >= 0x80 {
			ascii = false
			break
		}
	}
	var r string
	if ascii && !p.uts46Changed {
		r = strings.ToLower(d)
	} else {
		in := d
		if p.transitional {
			in = transitionalMap.Replace(strings.ToValidUTF8(d, "\ufffd"))
		}
		var err error
		if r, err = p.uts46.ToASCII(in); err != nil {
			return "", err
		}
	}
	if r == "" {
		return "", model.NewError(model.DomainToASCII, d, -1, "empty domain")
	}
	for _, c := range r {
		if p.forbDomain.has(c) {
			return "", model.NewError(model.DomainInvalidCodePoint, d, strings.IndexRune(d, c), "forbidden domain code point "+quote(c))
		}
	}
	return r, nil
}

// endsInANumber is the WHATWG ends in a number checker with the variant's
// IPv4 number forms: without hex, "0x…" is no number.
func (p *spec) endsInANumber(s string) bool {
	if !p.ipv4Changed {
		return host.EndsInANumber(s)
	}
	parts := strings.Split(s, ".")
	if parts[len(parts)-1] == "" {
		if len(parts) == 1 {
			return false
		}
		parts = parts[:len(parts)-1]
	}
	last := parts[len(parts)-1]
	if last != "" && strings.Trim(last, "0123456789") == "" {
		return true
	}
	if !p.noHex && len(last) >= 2 && last[0] == '0' && last[1]|0x20 == 'x' &&
		strings.Trim(last[2:], "0123456789abcdefABCDEF") == "" {
		return true
	}
	return false
}

// parseIPv4 is the WHATWG IPv4 parser with the variant's number forms:
// without hex a "0x" part is not a number, without octal a leading zero
// is read as decimal, without short forms an address has four parts.
func (p *spec) parseIPv4(s string) (uint32, error) {
	if !p.ipv4Changed {
		return host.ParseIPv4(s)
	}
	fail := func(code model.Code, off int, reason string) (uint32, error) {
		return 0, model.NewError(code, s, off, reason)
	}
	parts := strings.Split(s, ".")
	if parts[len(parts)-1] == "" && len(parts) > 1 {
		parts = parts[:len(parts)-1]
	}
	if len(parts) > 4 {
		return fail(model.IPv4TooManyParts, -1, "more than four parts")
	}
	if p.noShort && len(parts) < 4 {
		return fail(model.IPv4NonNumericPart, -1, "fewer than four parts")
	}
	nums := make([]uint64, len(parts))
	off := 0
	for i, part := range parts {
		n, ok := p.ipv4Number(part)
		if !ok {
			return fail(model.IPv4NonNumericPart, off, "not a number: "+part)
		}
		nums[i] = n
		off += len(part) + 1
	}
	for _, n := range nums[:len(nums)-1] {
		if n > 255 {
			return fail(model.IPv4OutOfRangePart, -1, "a part other than the last is above 255")
		}
	}
	last := nums[len(nums)-1]
	if last >= 1<<(8*(5-len(nums))) {
		return fail(model.IPv4OutOfRangePart, -1, "the last part is too large")
	}
	v := last
	for i, n := range nums[:len(nums)-1] {
		v += n << (8 * (3 - i))
	}
	return uint32(v), nil
}

func (p *spec) ipv4Number(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	radix := uint64(10)
	switch {
	case !p.noHex && len(s) >= 2 && s[0] == '0' && s[1]|0x20 == 'x':
		s, radix = s[2:], 16
	case !p.noOctal && len(s) >= 2 && s[0] == '0':
		s, radix = s[1:], 8
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		d := uint64(99)
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			d = uint64(c - '0')
		case c|0x20 >= 'a' && c|0x20 <= 'f':
			d = uint64(c|0x20-'a') + 10
		}
		if d >= radix {
			return 0, false
		}
		if v < 1<<36 {
			v = v*radix + d
		}
	}
	return v, true
}

// URL is the result of parsing under a variant: the href and the WHATWG
// getters, as strings (the standard's URL class).
type URL struct {
	Href, Origin, Protocol, Username, Password, Host, Hostname, Port, Pathname, Search, Hash string
}

// NewURL is new URL(input, base) of the standard changed by v: base is
// parsed first (without a base) when it is not empty; then input, against
// it. For the zero Variant the getters are those of urlspec.Parse(input)
// or urlspec.MustParse(base).Resolve(input).
func (v Variant) NewURL(input, base string) (URL, error) {
	return v.compile().newURL(input, base)
}

func (p *spec) newURL(input, base string) (URL, error) {
	var b *model.URL
	if base != "" {
		bm, err := p.whatwg(base, nil)
		if err != nil {
			return URL{}, err
		}
		b = &bm
	}
	u, err := p.whatwg(input, b)
	if err != nil {
		return URL{}, err
	}
	return p.getters(&u), nil
}

func (p *spec) getters(u *model.URL) URL {
	s, o := p.print(u)
	r := URL{Href: s, Pathname: s[o.PathStart:o.PathEnd], Username: s[o.UsernameStart:o.UsernameEnd],
		Password: s[o.PasswordStart:o.PasswordEnd], Hostname: s[o.HostStart:o.HostEnd]}
	if o.SchemeEnd >= 0 {
		r.Protocol = s[:o.SchemeEnd+1]
	}
	if o.HasHost {
		r.Host = s[o.HostStart:o.PortEnd]
	}
	if o.HasPort {
		r.Port = s[o.PortStart:o.PortEnd]
	}
	end := len(s)
	if o.FragmentStart >= 0 {
		end = o.FragmentStart
		if len(s)-o.FragmentStart > 1 {
			r.Hash = s[o.FragmentStart:]
		}
	}
	if o.QueryStart >= 0 && end-o.QueryStart > 1 {
		r.Search = s[o.QueryStart:end]
	}
	r.Origin = p.origin(u, r)
	return r
}

// origin is the WHATWG origin with the variant's web-schemes.
func (p *spec) origin(u *model.URL, g URL) string {
	scheme := strings.ToLower(u.Scheme())
	a := u.AuthorityRef()
	switch {
	case u.Has(model.SchemeType) && p.class(scheme) > 0 && u.Has(model.AuthorityType) && a.HasHost():
		o := scheme + "://" + g.Hostname
		if n, ok := a.Port(); ok && int(n) != p.class(scheme) {
			o += ":" + g.Port
		}
		return o
	case scheme == "blob":
		if in, err := p.newURL(g.Pathname, ""); err == nil {
			switch strings.TrimSuffix(in.Protocol, ":") {
			case "http", "https", "file":
				return in.Origin
			}
		}
	}
	return "null"
}

// Changed returns the stages of v's pipeline that differ from the
// library's: v.Ops() with nil in each field whose stage the variant
// leaves as the library has it. Checking laws, a nil stage is the
// library's operation, so a law built on unchanged stages is still
// checked. A change to the special-scheme table reaches every stage but
// preprocessing; it also reaches resolution and force, which Ops does not
// hold (see ChangesSchemes).
func (v Variant) Changed() Ops {
	p := v.compile()
	all := v.Ops()
	var c Ops
	if p.preChanged {
		c.Preprocess = all.Preprocess
	}
	if p.hostChanged || p.schemeChanged {
		c.Parse = all.Parse
	}
	if p.anyDisabled || p.schemeChanged {
		c.Normalize = all.Normalize
	}
	if p.encodeChanged || !p.opaqueSpace || p.schemeChanged {
		c.Print = all.Print
	}
	if p.preChanged || p.hostChanged || p.schemeChanged || p.anyDisabled {
		c.WHATWG = all.WHATWG
	}
	return c
}

// ChangesSchemes reports whether v changes the special-scheme table (a
// scheme change), which also reaches the specification's resolution and
// force: operations that Ops does not hold, so that laws built on them
// cannot be checked under v.
func (v Variant) ChangesSchemes() bool { return v.compile().schemeChanged }
