package grammar

import (
	"strconv"
	"unicode/utf8"

	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/model"
)

// Valid reports whether input is a valid URL-string in the strict URL
// grammar (spec §Strict URL Grammar, with the component-character table of
// spec 0.10.1), parsed in the mode that parser-mode-for selects with
// fallback. It returns nil for a valid URL-string and otherwise the first
// violation, by byte offset, as a *model.Error whose Reason names the rule or
// the character class. The strict grammar differs from the lenient one in:
//   - no leading or trailing c0-space, no tab or newline (§Preprocessing);
//   - s is '/' in every mode (a '\' separator is invalid-reverse-solidus);
//   - pcts is pct-encoded-bytes only (a '%' not followed by two hex digits
//     is pct-invalid);
//   - no credentials in the authority (invalid-credentials);
//   - file mode: auth-drive ::= s drive | s s authority [ s drive ];
//   - each character of a component has class v or E in the table
//     (encodeprofile.ClassOf); T, F and R characters are invalid-URL-unit;
//   - web- and file-URL hosts are a strict IPv4 address, an RFC 3986 IPv6
//     address or a valid domain (domain to ASCII with beStrict); other hosts
//     are opaque hosts or RFC 3986 IPv6 addresses;
//   - a web-URL has an authority with a host, and a file-URL has an
//     authority, a drive or a path-root (otherwise force would change it).
func Valid(input string, fallback Mode) error {
	v := validator{in: input}
	v.run(fallback)
	return v.err
}

type validator struct {
	in  string
	err error
}

func (v *validator) fail(code model.Code, off int, reason string) bool {
	if v.err == nil {
		v.err = model.NewError(code, v.in, off, reason)
	}
	return false
}

func (v *validator) run(fallback Mode) {
	in := v.in
	if in != "" && in[0] <= ' ' {
		v.fail(model.LeadingOrTrailingSpace, 0, "leading C0 control or space "+describe(rune(in[0])))
		return
	}
	mode := fallback
	pos := 0
	scheme := ""
	if n := SchemeLen(in); n > 0 {
		scheme = in[:n]
		mode = ModeOf(scheme)
		pos = n + 1
	}
	special := mode != Generic
	end := len(in)
	qpos, fpos := -1, -1
	for i := pos; i < end; i++ {
		if in[i] == '#' {
			fpos = i
			break
		}
	}
	hend := end
	if fpos >= 0 {
		hend = fpos
	}
	for i := pos; i < hend; i++ {
		if in[i] == '?' {
			qpos = i
			break
		}
	}
	if qpos >= 0 {
		hend = qpos
	}
	if !v.hier(pos, hend, mode, scheme) {
		return
	}
	if qpos >= 0 {
		qend := end
		if fpos >= 0 {
			qend = fpos
		}
		if !v.chars(qpos+1, qend, encodeprofile.QueryColumn, special) {
			return
		}
	}
	if fpos >= 0 && !v.chars(fpos+1, end, encodeprofile.FragmentColumn, special) {
		return
	}
	if in != "" && in[len(in)-1] <= ' ' {
		v.fail(model.LeadingOrTrailingSpace, len(in)-1, "trailing C0 control or space "+describe(rune(in[len(in)-1])))
	}
}

// hier checks the auth-path or path of in[pos:end].
func (v *validator) hier(pos, end int, mode Mode, scheme string) bool {
	in := v.in
	sep := func(i int) bool { return i < end && isSep(in[i], mode != Generic) }
	slash := func(i int) bool {
		if in[i] == '\\' {
			return v.fail(model.InvalidReverseSolidus, i, `'\' used as a path separator; the strict grammar has s = '/'`)
		}
		return true
	}
	drive := func(i int) bool { return driveAt(in[:end], i, mode != Generic) }
	hasAuth, hasRoot := false, false
	i := pos
	if sep(i) && sep(i+1) {
		if !slash(i) || !slash(i+1) {
			return false
		}
		i += 2
		if mode == File && drive(i) {
			return v.fail(model.FileInvalidWindowsDriveLetter, i, "auth-drive-invalid: a drive directly after // (write ///"+in[i:i+2]+")")
		}
		j := i
		for j < end && !sep(j) {
			j++
		}
		if !v.authority(i, j, mode, scheme) {
			return false
		}
		hasAuth = true
		i = j
		if mode == File && sep(i) && drive(i+1) {
			if !slash(i) {
				return false
			}
			i += 3
		}
	} else if mode == File {
		if drive(i) {
			return v.fail(model.FileInvalidWindowsDriveLetter, i, "auth-drive-invalid: a drive must follow s")
		}
		if sep(i) && drive(i+1) {
			if !slash(i) {
				return false
			}
			i += 3
			hasRoot = true // a drive counts as a path for the file-URL requirement
		}
	}
	if sep(i) {
		if !slash(i) {
			return false
		}
		hasRoot = true
		i++
	}
	switch {
	case scheme != "" && model.IsWebScheme(scheme) && !hasAuth:
		return v.fail(model.SpecialSchemeMissingFollowingSolidus, pos, "a web-URL needs // and a host")
	case scheme != "" && model.IsFileScheme(scheme) && !hasAuth && !hasRoot:
		return v.fail(model.SpecialSchemeMissingFollowingSolidus, pos, "a file-URL needs //, a drive or a path-root")
	}
	col := encodeprofile.PathColumn
	if scheme != "" && mode == Generic && !hasAuth && !hasRoot {
		col = encodeprofile.OpaquePathColumn
	}
	start := i
	for ; i <= end; i++ {
		if i == end || sep(i) {
			if !v.chars(start, i, col, mode != Generic) {
				return false
			}
			if i < end && !slash(i) {
				return false
			}
			start = i + 1
		}
	}
	return true
}

// authority checks the authority in[i:j].
func (v *validator) authority(i, j int, mode Mode, scheme string) bool {
	in := v.in
	for k := i; k < j; k++ {
		if in[k] == '@' {
			return v.fail(model.InvalidCredentials, k, "a valid URL has no credentials (username or password)")
		}
	}
	if _, err := ParseAuthority(in[i:j], mode); err != nil {
		return v.failAt(err, i)
	}
	k := i + hostLen(in[i:j])
	hostStr := in[i:k]
	if hostStr == "" {
		if scheme != "" && model.IsWebScheme(scheme) {
			return v.fail(model.HostMissing, i, "a web-URL needs a host")
		}
		return true
	}
	if hostStr[0] == '[' {
		if _, err := host.ParseIPv6Strict(hostStr[1 : len(hostStr)-1]); err != nil {
			return v.failAt(err, i+1)
		}
		return true
	}
	if mode == Generic {
		return v.chars(i, k, encodeprofile.OpaqueHostColumn, false)
	}
	for p := i; p < k; p++ {
		if in[p] == '%' {
			return v.fail(model.InvalidURLUnit, p, "a valid domain is not percent-encoded")
		}
	}
	if mode == File && hostStr == "localhost" {
		return true
	}
	ascii, err := host.DomainToASCII(hostStr, true)
	if err != nil {
		return v.failAt(err, i)
	}
	if host.EndsInANumber(ascii) {
		if _, err := host.ParseIPv4Strict(hostStr); err != nil {
			return v.failAt(err, i)
		}
	}
	return true
}

func (v *validator) failAt(err error, base int) bool {
	if e, ok := err.(*model.Error); ok {
		off := e.Offset
		if off < 0 {
			off = 0
		}
		return v.fail(e.Code, base+off, e.Reason)
	}
	return v.fail(model.InvalidURLUnit, base, err.Error())
}

// chars checks that every character of in[i:j] has class v or E in col and
// that every '%' starts a pct-encoded-byte.
func (v *validator) chars(i, j int, col encodeprofile.Column, special bool) bool {
	in := v.in
	for k := i; k < j; {
		c := in[k]
		if c == '%' {
			if _, ok := encodeprofile.PctEncodedByte(in[:j], k); !ok {
				return v.fail(model.PctInvalid, k, "'%' not followed by two hex digits (pct-invalid)")
			}
			k += 3
			continue
		}
		r, size := rune(c), 1
		if c >= 0x80 {
			r, size = utf8.DecodeRuneInString(in[k:j])
			if r == utf8.RuneError && size == 1 {
				return v.fail(model.InvalidURLUnit, k, "invalid UTF-8 byte 0x"+strconv.FormatUint(uint64(c), 16))
			}
		}
		switch cl := encodeprofile.ClassOf(col, r, special); {
		case cl == encodeprofile.Valid || cl == encodeprofile.ValidEncoded:
		case r == '\t' || r == '\n' || r == '\r':
			return v.fail(model.InvalidURLUnit, k, describe(r)+": a tab or newline (preprocessing removes it; a valid URL-string has none)")
		default:
			return v.fail(model.InvalidURLUnit, k, describe(r)+" in "+col.String()+": "+cl.String()+" ("+cl.Meaning()+")")
		}
		k += size
	}
	return true
}

// describe names a code point as 'c' (u+XX).
func describe(r rune) string {
	s := "u+" + strconv.FormatInt(int64(r), 16)
	if r > ' ' && r != 0x7f && utf8.ValidRune(r) {
		return "'" + string(r) + "' (" + s + ")"
	}
	return s
}
