// Package normalize implements spec §Equivalences and Normalisation: each
// rewrite equation is a named Rule; Normalize applies them exhaustively from
// left to right; Trace does the same and returns the rules applied, in order,
// with the URL before and after each. It also implements **normalise for
// printing** (spec §Printing).
package normalize

import (
	"unsafe"

	"github.com/urlspec/urlspec/model"
)

// Rule names a rewrite equation of spec §Equivalences and Normalisation.
type Rule uint8

// The rewrite equations, in the order Normalize applies them (left to right
// over the component sequence).
const (
	// SchemeCase: scheme s ≈ scheme (lowercase s).
	SchemeCase Rule = iota
	// PasswordEmpty: password ε ≈ ε.
	PasswordEmpty
	// UsernameEmpty: username ε・host h ≈ host h (when there is no password).
	UsernameEmpty
	// PortEmpty: port ε ≈ ε.
	PortEmpty
	// DefaultPort: scheme http・authority (xs・port 80) ≈ scheme http・authority xs,
	// and likewise ws 80, ftp 21, wss 443, https 443.
	DefaultPort
	// FileLocalhost: scheme file・authority (host localhost) ≈ scheme file・authority ε.
	FileLocalhost
	// DrivePipe: drive x| ≈ drive x:.
	DrivePipe
	// RootDots: path-root /・dir y ≈ path-root / and path-root /・file y ≈
	// path-root /, if y :: dots.
	RootDots
	// Dot: dir x ≈ ε and file x ≈ ε, if x :: dot.
	Dot
	// DirDots: dir x・dir y ≈ ε and dir x・file y ≈ ε, if y :: dots and not x :: dots.
	DirDots
	// FileDrive: in a file-URL without a drive, path-root /・dir x ≈
	// drive x・path-root / and path-root /・file x ≈ drive x, if x is a drive
	// (alpha followed by : or |). Not in the seed spec: the WHATWG standard
	// reads a Windows drive letter wherever it becomes the first path segment
	// (see docs/deviations.md).
	FileDrive
	numRules
)

var ruleNames = [...]string{"scheme-case", "password-empty", "username-empty", "port-empty",
	"default-port", "file-localhost", "drive-pipe", "root-dots", "dot", "dir-dots", "file-drive"}

// String returns the rule's name, e.g. "dir-dots".
func (r Rule) String() string {
	if r < numRules {
		return ruleNames[r]
	}
	return "invalid-rule"
}

// Step is one application of a rule in a trace, or a summary of a run of
// applications of the path rules (Count > 1).
type Step struct {
	Rule          Rule
	Before, After model.URL
	// Count is the number of rule applications the step stands for: 1, or,
	// for a summarised run of path rules (RootDots, Dot, DirDots,
	// FileDrive) on a long path, the length of the run; Rule is then the
	// first rule of the run and Counts says how often each rule applied.
	Count  int
	Counts []RuleCount
}

// RuleCount is how often a rule applied in a summarised run of steps.
type RuleCount struct {
	Rule Rule
	N    int
}

// TraceBudget bounds the work Trace spends on recording path rule steps
// one by one: about the number of components it may copy into the Before
// and After of such steps. Past it, the remaining path steps are recorded
// as one summary Step (Count > 1), so that a trace costs time and memory
// linear in the length of the URL.
const TraceBudget = 1 << 16

// Normalize returns the normal form of u: every rule applied exhaustively
// from left to right. Path segment rules are not applied to an opaque path
// of a scheme that is neither a web- nor a file-scheme (an URL with such a
// scheme but no authority, drive or path-root), as the WHATWG standard
// requires (see docs/deviations.md). u is not modified; a new dir slice is
// allocated only when a path rule applies.
func Normalize(u model.URL) model.URL {
	normalize(&u, nil, false)
	return u
}

// NormalizeInPlace sets *u to its normal form (see Normalize) for a caller
// that is the only user of u's dir spans (model.URL.DirSpans): where
// Normalize copies the spans before it rewrites them, NormalizeInPlace
// overwrites them, and so allocates nothing. No other model may share
// u's spans (as copies of u, and the URLs that resolve.Goto makes of it,
// do): their dirs would change.
func NormalizeInPlace(u *model.URL) {
	normalize(u, nil, true)
}

// Trace is Normalize that also returns the steps taken, in order. Each
// step starts where the previous one ended. It takes time and memory
// linear in the length of u: beyond TraceBudget, the path rule steps that
// remain are summarised in one Step.
func Trace(u model.URL) (model.URL, []Step) {
	var steps []Step
	normalize(&u, &steps, false)
	return u, steps
}

type tracer = *[]Step

// The code that records steps is out of line (clone, record and
// pathTrace's methods are not inlined): only Trace runs it, and the code
// of the usual path, which every parse reads, stays small.

// clone is u.Clone(), for the Before of a step.
//
//go:noinline
func clone(u *model.URL) model.URL { return u.Clone() }

// record appends the step of rule r from before to after to t.
//
//go:noinline
func record(t tracer, r Rule, before model.URL, after *model.URL) {
	*t = append(*t, Step{Rule: r, Before: before, After: after.Clone(), Count: 1})
}

// opaquePath reports whether u's path is opaque, so that the path segment
// rules do not apply to it: u has a scheme that is neither a web- nor a
// file-scheme, and no authority, drive or path-root (WHATWG keeps
// sc:a/../b; it never produces an http: or file: URL without an authority,
// and reads http:a/../b as http://a/b). See docs/deviations.md, row 5.
func opaquePath(u *model.URL) bool {
	return u.HasOpaquePath() && !u.IsWebURL() && !u.IsFileURL()
}

func normalize(u *model.URL, t tracer, inPlace bool) {
	if u.Has(model.SchemeType) {
		if s := u.Scheme(); hasUpper(s) {
			var before model.URL
			if t != nil {
				before = clone(u)
			}
			u.Set(model.SchemeType, model.LowerScheme(s))
			if t != nil {
				record(t, SchemeCase, before, u)
			}
		}
	}
	// The authority rules need a username, password or port, or a
	// file-URL's host "localhost": an authority with only another host
	// (or none) has nothing to rewrite.
	if a := u.AuthorityRef(); u.Has(model.AuthorityType) && (a.HasUsername() || a.HasPassword() || a.HasPort() ||
		u.IsFileURL() && a.HasHost() && a.Host().Name == "localhost") {
		normalizeAuthority(u, t)
	}
	if !u.HasOpaquePath() || !opaquePath(u) { // the first test inlines
		if i, clean := pathNormal(u); !clean {
			normalizePath(u, t, inPlace, i)
		}
	}
	if d := u.Drive(); u.Has(model.DriveType) && len(d) == 2 && d[1] == '|' {
		var before model.URL
		if t != nil {
			before = clone(u)
		}
		u.Set(model.DriveType, colonDrive(d))
		if t != nil {
			record(t, DrivePipe, before, u)
		}
	}
}

// colonDrive returns the drive d (a letter and '|') written with ':' (rule
// drive-pipe): two bytes of a constant string, without the allocation of
// d[:1] + ":".
func colonDrive(d string) string {
	const drives = "A:B:C:D:E:F:G:H:I:J:K:L:M:N:O:P:Q:R:S:T:U:V:W:X:Y:Z:" +
		"a:b:c:d:e:f:g:h:i:j:k:l:m:n:o:p:q:r:s:t:u:v:w:x:y:z:"
	switch c := d[0]; {
	case 'A' <= c && c <= 'Z':
		return drives[2*int(c-'A'):][:2]
	case 'a' <= c && c <= 'z':
		return drives[52+2*int(c-'a'):][:2]
	}
	return d[:1] + ":"
}

func normalizeAuthority(u *model.URL, t tracer) {
	a := u.AuthorityRef() // changed in place
	apply := func(r Rule, change func(a *model.Authority)) {
		var before model.URL
		if t != nil {
			before = clone(u)
		}
		change(a)
		if t != nil {
			record(t, r, before, u)
		}
	}
	if a.HasPassword() && a.Password() == "" {
		apply(PasswordEmpty, (*model.Authority).RemovePassword)
	}
	if a.HasUsername() && a.Username() == "" && !a.HasPassword() {
		apply(UsernameEmpty, (*model.Authority).RemoveUsername)
	}
	if a.HasPort() {
		p, ok := a.Port()
		if !ok {
			apply(PortEmpty, (*model.Authority).RemovePort)
		} else if def := model.DefaultPort(u.Scheme()); u.Has(model.SchemeType) && def != 0 && p == def {
			apply(DefaultPort, (*model.Authority).RemovePort)
		}
	}
	if u.IsFileURL() && a.HasHost() && !a.HasUsername() && !a.HasPort() {
		if h := a.Host(); h.Kind == model.Domain && h.Name == "localhost" {
			apply(FileLocalhost, (*model.Authority).RemoveHost)
		}
	}
}

// pathNormal reports whether none of the path rules (RootDots, Dot,
// DirDots, FileDrive) applies to u: no dir or file is a dot or dots
// segment, and a file-URL without a drive does not start its path with
// one. It is normalizePath's test for nothing to do, in a function of its
// own without normalizePath's closures and frame, for the usual path; i
// is the index of u's first dir that is a dot or dots segment (NumDirs
// when there is none), where normalizePath starts.
func pathNormal(u *model.URL) (i int, clean bool) {
	text, spans := u.DirSpans()
	n := len(spans) / 2
	// The spans are read through a pointer: a bounds check on each
	// would cost as much as the test.
	p := unsafe.Pointer(unsafe.SliceData(spans))
	for k := 0; k < n; k++ {
		a, b := *(*uint32)(unsafe.Add(p, 8*k)), *(*uint32)(unsafe.Add(p, 8*k+4))
		if mayBeDots(text, a, b) {
			if d := text[a:b]; IsDot(d) || IsDots(d) {
				return k, false
			}
		}
	}
	f := u.File()
	if f != "" && mayBeDots(f, 0, uint32(len(f))) && (IsDot(f) || IsDots(f)) {
		return n, false
	}
	if u.Has(model.PathRootType) && u.IsFileURL() && !u.Has(model.DriveType) {
		return n, !firstIsDrive(u)
	}
	return n, true
}

// normalizePath applies RootDots, Dot and DirDots exhaustively with one pass
// over the dir and file components, keeping a stack of the dirs kept (as
// spans of the same text, so nothing is copied but the span indices). When
// inPlace (and t is nil) the stack is written over u's spans. It is called
// when pathNormal finds a rule to apply; the dirs before i (pathNormal's)
// are none of dot and dots. With a tracer, each rule applied is recorded
// (pathTrace); without one, the pass is the same but for those calls.
func normalizePath(u *model.URL, t tracer, inPlace bool, i int) {
	text, spans := u.DirSpans()
	n := len(spans) / 2
	file, hasFile := u.File(), u.Has(model.FileType)
	root := u.Has(model.PathRootType)
	promote := root && u.IsFileURL() && !u.Has(model.DriveType)
	var pt *pathTrace
	if t != nil {
		pt = &pathTrace{t: t}
	}
	// The stack of kept dirs starts as a prefix of spans, shared read-only
	// (popping only shortens it); the first push after that copies it
	// (copy on write), so a path that only loses dirs allocates nothing.
	out := spans[:2*i]
	// In place, the stack never overtakes the dirs read: a push writes
	// out[len(out)], at most at the span just read.
	owned := inPlace && t == nil
	if promote {
		i, out = 0, out[:0] // a drive may appear anywhere the stack empties
	}
	// The spans are read through a pointer where they are scanned, as in
	// pathNormal.
	p := unsafe.Pointer(unsafe.SliceData(spans))
	for ; i < n; i++ {
		if !promote {
			// A run of dirs that are not dots is kept as it is: their
			// spans are pushed in one copy, which in place with nothing
			// popped copies onto itself.
			j := i
			for ; j < n; j++ {
				if mayBeDots(text, *(*uint32)(unsafe.Add(p, 8*j)), *(*uint32)(unsafe.Add(p, 8*j+4))) {
					break
				}
			}
			if j > i {
				if !owned {
					out = append(make([]uint32, 0, len(spans)), out...)
					owned = true
				}
				out = append(out, spans[2*i:2*j]...)
				if i = j; i == n {
					break
				}
			}
		}
		d := text[spans[2*i]:spans[2*i+1]]
		if promote && len(out) == 0 && model.IsDrive(d) {
			promote = false
			if pt != nil {
				pt.fileDrive(u, text, d, spans[2*(i+1):])
			} else {
				u.Set(model.DriveType, d)
			}
			continue
		}
		r, ok := DotRule(d, top(text, out), len(out) > 0, root)
		if r == DirDots {
			out = out[:len(out)-2]
		}
		if !ok {
			if !owned {
				out = append(make([]uint32, 0, len(spans)), out...)
				owned = true
			}
			out = append(out, spans[2*i], spans[2*i+1])
		} else if pt != nil {
			pt.step(u, text, r, out, spans[2*(i+1):], true)
		}
	}
	if hasFile {
		r := numRules
		switch {
		case promote && len(out) == 0 && model.IsDrive(file):
			traced := pt != nil && !pt.summarise(u, FileDrive, 2*u.NumDirs()+4)
			var before model.URL
			if traced {
				before = clone(u)
			}
			u.Set(model.DriveType, file)
			u.Remove(model.FileType)
			u.Remove(model.PathRootType)
			u.Remove(model.DirType)
			if traced {
				record(t, FileDrive, before, u)
			}
		default:
			if r, _ = DotRule(file, top(text, out), len(out) > 0, root); r == DirDots {
				out = out[:len(out)-2]
			}
		}
		if r != numRules {
			if pt != nil {
				pt.step(u, text, r, out, nil, false)
			}
			u.Remove(model.FileType)
		}
	}
	u.SetDirSpans(text, out)
	if pt != nil {
		pt.finish(u)
	}
}

// pathTrace records the path rule steps of one normalizePath run for Trace.
// Steps are recorded one by one while the budget lasts (spent counts the
// components copied); then the rest of the run is counted in sum and
// recorded as one step at the end.
type pathTrace struct {
	t     tracer
	spent int
	sum   *Step
}

// summarise reports whether a step of rule r, which would copy cost
// components, is counted in the summary step rather than recorded.
//
//go:noinline
func (pt *pathTrace) summarise(u *model.URL, r Rule, cost int) bool {
	if pt.sum == nil && pt.spent+cost <= TraceBudget {
		pt.spent += cost
		return false
	}
	if pt.sum == nil {
		// Shallow: no dir span array is modified in place (the model's
		// SetDirSpans contract), so the step shares them.
		pt.sum = &Step{Rule: r, Before: *u}
	}
	pt.sum.Count++
	for k := range pt.sum.Counts {
		if pt.sum.Counts[k].Rule == r {
			pt.sum.Counts[k].N++
			return true
		}
	}
	pt.sum.Counts = append(pt.sum.Counts, RuleCount{r, 1})
	return true
}

// step records rule r, whose result is u with the dirs out・rest (and
// without its file unless keepFile), and sets u to that result: the next
// step starts from this one's.
//
//go:noinline
func (pt *pathTrace) step(u *model.URL, text string, r Rule, out, rest []uint32, keepFile bool) {
	if pt.summarise(u, r, 2*u.NumDirs()+len(out)+len(rest)+4) {
		return
	}
	before := clone(u)
	after := clone(u)
	after.SetDirSpans(text, append(append([]uint32(nil), out...), rest...))
	if !keepFile {
		after.Remove(model.FileType)
	}
	*pt.t = append(*pt.t, Step{Rule: r, Before: before, After: after, Count: 1})
	u.SetDirSpans(after.DirSpans())
	if !keepFile {
		u.Remove(model.FileType)
	}
}

// fileDrive applies and records FileDrive for the dir d, the first of u's
// path, followed by the dirs rest.
//
//go:noinline
func (pt *pathTrace) fileDrive(u *model.URL, text, d string, rest []uint32) {
	if pt.summarise(u, FileDrive, 2*u.NumDirs()+4) {
		u.Set(model.DriveType, d)
		return
	}
	before := clone(u)
	u.Set(model.DriveType, d)
	u.SetDirSpans(text, append([]uint32(nil), rest...))
	*pt.t = append(*pt.t, Step{Rule: FileDrive, Before: before, After: clone(u), Count: 1})
}

// finish records the summary step, if there is one, ending at u.
//
//go:noinline
func (pt *pathTrace) finish(u *model.URL) {
	if pt.sum != nil {
		pt.sum.After = *u
		*pt.t = append(*pt.t, *pt.sum)
	}
}

// DotRule returns the rule of spec §Path Segment Normalisation that
// applies to the segment d, a dir or the file, of a path whose dirs before
// it (as the rules have left them) end in prev (hasPrev: there is one;
// prev "" stands for a dir that is neither a dot nor a dots segment),
// under a path-root when root: Dot for a dot segment (it removes d); for a
// dots segment, DirDots when there is a dir before it that is not a dots
// segment itself (it removes both), else RootDots when root (it removes
// d). When no rule applies (d stays) ok is false (and r is not one of the
// rules). Normalize applies it
// to each segment in turn; resolution (package urlspec) applies it to a
// reference's path after a normalised base's dirs.
func DotRule(d, prev string, hasPrev, root bool) (r Rule, ok bool) {
	switch {
	case !mayBeDots(d, 0, uint32(len(d))):
	case IsDot(d):
		return Dot, true
	case !IsDots(d):
	case hasPrev && !IsDots(prev):
		return DirDots, true
	case !hasPrev && root:
		return RootDots, true
	}
	return numRules, false
}

// top returns the last of the dirs spans (of text) of a path: "" when
// there is none.
func top(text string, spans []uint32) string {
	if len(spans) == 0 {
		return ""
	}
	return text[spans[len(spans)-2]:spans[len(spans)-1]]
}

// mayBeDots reports whether the segment text[a:b] may be a dot or dots
// segment (IsDot, IsDots): 1 to 6 bytes, starting with '.' or '%' (or
// with one of "$&',-/", which differ from them only in the bits 0x0b: one
// test for both, the exact test rules them out). It takes the span, not
// the string, so that the loops over spans need not slice a segment they
// will not look at.
func mayBeDots(text string, a, b uint32) bool {
	return b-a-1 < 6 && text[a]|0x0b == '/'
}

// IsDot reports whether s :: dot, that is "." or "%2e" in any case
// (spec §Path Segment Normalisation).
func IsDot(s string) bool {
	return s == "." || len(s) == 3 && s[0] == '%' && s[1] == '2' && s[2]|0x20 == 'e'
}

// IsDots reports whether s :: dots, that is dot dot (spec §Path Segment
// Normalisation): "..", ".%2e", "%2e." or "%2e%2e", in any case.
func IsDots(s string) bool {
	switch len(s) {
	case 2:
		return s == ".."
	case 4:
		return s[0] == '.' && IsDot(s[1:]) || IsDot(s[:3]) && s[3] == '.'
	case 6:
		return IsDot(s[:3]) && IsDot(s[3:])
	}
	return false
}

// hasUpper reports whether s has an ASCII uppercase letter. It is asked of
// every scheme, most of which are 4 to 8 bytes long: their bytes are tested
// at once, in a word made of the first four and the last four (which
// overlap when len(s) < 8). In each byte x of the word with its high bit
// cleared, x+0x3f carries into the high bit when x ≥ 'A' and x+0x25 when
// x > 'Z', and no byte carries into the next; a byte whose high bit is set
// is not ASCII.
func hasUpper(s string) bool {
	if n := len(s); n >= 4 && n <= 8 {
		w := uint64(le32(s)) | uint64(le32(s[n-4:]))<<32
		x := w & 0x7f7f7f7f7f7f7f7f
		return (x+0x3f3f3f3f3f3f3f3f)&^(x+0x2525252525252525)&^w&0x8080808080808080 != 0
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			return true
		}
	}
	return false
}

// le32 returns the first four bytes of s (len(s) ≥ 4) as a little-endian
// number: one load.
func le32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// NeedsPrintingNormalisation reports whether ForPrinting would change u.
func NeedsPrintingNormalisation(u *model.URL) bool {
	if DotForPrinting(u) {
		return true
	}
	if u.Has(model.SchemeType) {
		// The usual URL: a scheme is u's first component (schemeLike
		// needs a dir or file), and driveLike needs a file-URL or none.
		return u.IsFileURL() && !u.Has(model.DriveType) && firstIsDrive(u)
	}
	return schemeLike(u) >= 0 || driveLike(u)
}

// driveLike reports whether u, a file-URL or an URL without a scheme and
// without a drive, has a first path segment (its first dir, or its file when
// it has no dirs) that the file-mode grammar would read as a drive.
func driveLike(u *model.URL) bool {
	if u.Has(model.DriveType) || u.Has(model.SchemeType) && !u.IsFileURL() {
		return false
	}
	return firstIsDrive(u)
}

// firstIsDrive reports whether u's first path segment, its first dir or its
// file when it has no dirs, is a drive (model.IsDrive: two bytes).
func firstIsDrive(u *model.URL) bool {
	if text, spans := u.DirSpans(); len(spans) > 0 {
		return spans[1]-spans[0] == 2 && model.IsDrive(text[spans[0]:spans[1]])
	}
	return u.Has(model.FileType) && model.IsDrive(u.File())
}

// schemeLike returns the index of the first ':' in the first component of u
// when that component is a dir or file that starts with a scheme-like
// string alpha (alpha | digit | + | - | .)* ':', and -1 otherwise.
func schemeLike(u *model.URL) int {
	var v string
	switch model.Ord(u) {
	case model.DirType:
		v = u.Dir(0)
	case model.FileType:
		v = u.File()
	default:
		return -1
	}
	if !u.Has(model.DirType) && !u.Has(model.FileType) {
		return -1
	}
	if v == "" || !(v[0]|0x20 >= 'a' && v[0]|0x20 <= 'z') {
		return -1
	}
	for i := 1; i < len(v); i++ {
		c := v[i]
		if c == ':' {
			return i
		}
		if !(c|0x20 >= 'a' && c|0x20 <= 'z') && !(c >= '0' && c <= '9') && c != '+' && c != '-' && c != '.' {
			return -1
		}
	}
	return -1
}

// DotForPrinting reports whether the first rule of normalise for printing
// (ForPrinting) applies to u: u has no drive nor authority but its first
// dir is ε, so that (dir .) is inserted before it — and that is then all
// that ForPrinting changes. A printer can write the "./" that the inserted
// dir prints as itself, before u's path, rather than print a new model
// with the dir (package print does).
func DotForPrinting(u *model.URL) bool {
	// Written to inline: NeedsPrintingNormalisation asks it of every URL
	// that is printed. The first dir is ε when its span is empty.
	_, spans := u.DirSpans()
	return !(u.Has(model.AuthorityType) || u.Has(model.DriveType)) && len(spans) > 1 && spans[0] == spans[1]
}

// ForPrinting implements **normalise for printing** (spec §Printing, with
// the additions of spec 0.10.1 and one of ours):
//  1. if u has no drive nor authority but its first dir is ε, insert
//     (dir .) before it;
//  2. otherwise, if the first component of u is a dir or file that starts
//     with a scheme-like string, replace its first ':' by "%3A";
//  3. otherwise, if u is a file-URL or has no scheme, has no drive, and its
//     first path segment is a drive (alpha then ':' or '|'), replace that
//     second character by "%3A" or "%7C" (see docs/deviations.md).
//
// Without this, such URLs would print as URL-strings of other URLs (//foo,
// a scheme, a drive).
func ForPrinting(u model.URL) model.URL {
	if DotForPrinting(&u) {
		d := u.Dirs()
		nd := make([]string, 0, len(d)+1)
		u.SetDirs(append(append(nd, "."), d...))
		return u
	}
	i := schemeLike(&u)
	if i < 0 && driveLike(&u) {
		i = 1
	}
	if i < 0 {
		return u
	}
	esc := func(v string) string {
		if v[i] == '|' {
			return v[:i] + "%7C" + v[i+1:]
		}
		return v[:i] + "%3A" + v[i+1:]
	}
	if d := u.Dirs(); len(d) > 0 {
		nd := append([]string(nil), d...)
		nd[0] = esc(d[0])
		u.SetDirs(nd)
	} else {
		u.Set(model.FileType, esc(u.File()))
	}
	return u
}
