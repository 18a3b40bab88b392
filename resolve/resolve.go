// Package resolve implements spec §Reference Resolution: **goto**, **force**
// for file- and web-URLs, and the three resolutions built from them,
// **generic-resolve**, **legacy-resolve** and **WHATWG-resolve**.
//
// Resolution operates on model.URLs, never on strings, and does no
// normalisation (that is package normalize). The functions never modify
// their arguments' dir slices: a result that needs new dirs gets a new slice
// (but for WHATWGResolveOwned, whose caller hands both models over).
package resolve

import (
	"unsafe"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
)

// Goto implements "The Goto Operation" (spec §Reference Resolution):
// url1 goto url2 is the shortest URL that has (url1 upto (ord url2)) as a
// prefix and url2 as a postfix. When url1 has an authority or a drive and the
// result has a dir or file but no path-root, a path-root is added to satisfy
// the path-root-constraint (//host goto foo/bar is //host/foo/bar).
func Goto(url1, url2 *model.URL) model.URL {
	r := *url2
	gotoOnto(&r, url1, false, false)
	return r
}

// gotoOnto sets *u to base goto u, or to base goto ~u (u without its
// scheme) when dropScheme, in place: u has no component before its order,
// so the result is u with base's components before that order put in front
// of its own (and base's dirs joined before u's when u starts with a dir).
// When reuse, the dirs of both may be joined in the room of base's spans
// (see WHATWGResolveOwned).
func gotoOnto(u, base *model.URL, dropScheme, reuse bool) {
	o := model.Ord(u) // refOrder, its usual case in line
	if dropScheme {
		o = refOrder(u, true)
	}
	if o == model.SchemeType {
		return // the prefix is empty
	}
	if dropScheme {
		u.Remove(model.SchemeType)
	}
	// base's components of each type before o, one type at a time (with
	// constant types, so that each Set is a store; fragment is never
	// before o).
	if base.Has(model.SchemeType) {
		u.Set(model.SchemeType, base.Scheme())
	}
	if o > model.AuthorityType && base.Has(model.AuthorityType) {
		u.SetAuthority(*base.AuthorityRef())
	}
	if o > model.DriveType && base.Has(model.DriveType) {
		u.Set(model.DriveType, base.Drive())
	}
	if o > model.PathRootType && base.Has(model.PathRootType) {
		u.Set(model.PathRootType, "/")
	}
	if o > model.DirType && base.Has(model.DirType) {
		u.SetDirSpans(base.DirSpans())
	}
	if o > model.FileType && base.Has(model.FileType) {
		u.Set(model.FileType, base.File())
	}
	if o > model.QueryType && base.Has(model.QueryType) {
		u.Set(model.QueryType, base.Query())
	}
	if o == model.DirType && base.Has(model.DirType) {
		// u starts with a dir: base's dirs, then u's.
		t1, s1 := base.DirSpans()
		t2, s2 := u.DirSpans()
		u.SetDirSpans(joinDirs(t1, s1, t2, s2, reuse))
	}
	if (u.Has(model.AuthorityType) || u.Has(model.DriveType)) && (u.Has(model.DirType) || u.Has(model.FileType)) {
		u.Set(model.PathRootType, "/")
	}
}

// refOrder returns the order of u, or when dropScheme of u without its
// scheme (~u, as legacy resolution reads it).
func refOrder(u *model.URL, dropScheme bool) model.ComponentType {
	o := model.Ord(u)
	if dropScheme && o == model.SchemeType {
		o = model.AuthorityType
		for o < model.FragmentType && !u.Has(o) {
			o++
		}
	}
	return o
}

// BaseOrder returns an order up to which WHATWG resolution of ref reads a
// base whose scheme is baseScheme ("" for none): of the base, only base
// upto BaseOrder(ref, baseScheme) (model.Upto) plays a part in the result,
// so a caller may make only that much of it. It is the order of ref, or,
// when ref's scheme equals the base's (legacy resolution then removes it),
// the order of ref without its scheme.
func BaseOrder(ref *model.URL, baseScheme string) model.ComponentType {
	if !ref.Has(model.SchemeType) {
		return model.Ord(ref) // the usual reference: nothing to drop
	}
	return refOrder(ref, dropsScheme(ref, baseScheme))
}

// dropsScheme reports whether legacy resolution reads ref without its
// scheme against a base whose scheme is baseScheme ("" for none): both
// have a scheme, equal ignoring case (spec §Legacy Resolution).
func dropsScheme(ref *model.URL, baseScheme string) bool {
	return ref.Has(model.SchemeType) && baseScheme != "" && model.SameScheme(ref.Scheme(), baseScheme)
}

// joinDirs returns the dirs of spans s1 of t1 followed by those of spans s2
// of t2, as spans of one text, in one allocation: the spans, then the
// text, which holds only the part of t1 and of t2 that the spans cover.
// When reuse and s1 has the room, that memory is s1's.
func joinDirs(t1 string, s1 []uint32, t2 string, s2 []uint32, reuse bool) (string, []uint32) {
	lo1, hi1 := spanRange(s1)
	lo2, hi2 := spanRange(s2)
	same := t1 == t2
	if same {
		lo1, hi1, lo2, hi2 = min(lo1, lo2), max(hi1, hi2), 0, 0
	}
	n1, n2 := hi1-lo1, hi2-lo2
	ns := len(s1) + len(s2)
	var mem []uint32
	if words := ns + int(n1+n2+3)/4; reuse && cap(s1) >= words && !overlaps(s1, t1, t2, s2) {
		mem = s1[:words] // s1[i] is read before spans[i] is written
	} else {
		mem = make([]uint32, words)
	}
	spans := mem[:ns:ns]
	for i, x := range s1 {
		spans[i] = x - lo1
	}
	if same {
		for i, x := range s2 {
			spans[len(s1)+i] = x - lo1
		}
	} else {
		for i, x := range s2 {
			spans[len(s1)+i] = x - lo2 + n1
		}
	}
	if n1+n2 == 0 {
		return "", spans
	}
	// The text lives in the words after the spans: mem holds no pointers
	// and is not written again, so a string may view it.
	text := unsafe.Slice((*byte)(unsafe.Pointer(&mem[ns])), n1+n2)
	copy(text, t1[lo1:hi1])
	copy(text[n1:], t2[lo2:hi2])
	return unsafe.String(&text[0], len(text)), spans
}

// overlaps reports whether t1, t2 or s2 share memory with the room of s1
// (a join's text or a URL given twice), which a join in that room would
// overwrite before reading.
func overlaps(s1 []uint32, t1, t2 string, s2 []uint32) bool {
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(s1)))
	hi := lo + 4*uintptr(cap(s1))
	in := func(p unsafe.Pointer, n int) bool {
		return n > 0 && uintptr(p)+uintptr(n) > lo && uintptr(p) < hi
	}
	return in(unsafe.Pointer(unsafe.StringData(t1)), len(t1)) ||
		in(unsafe.Pointer(unsafe.StringData(t2)), len(t2)) ||
		in(unsafe.Pointer(unsafe.SliceData(s2)), 4*len(s2))
}

// spanRange returns the least start and the greatest end of spans (0, 0
// for none).
func spanRange(spans []uint32) (lo, hi uint32) {
	if len(spans) == 0 {
		return 0, 0
	}
	lo, hi = spans[0], spans[1]
	for i := 2; i < len(spans); i += 2 {
		lo, hi = min(lo, spans[i]), max(hi, spans[i+1])
	}
	return lo, hi
}

// ForceFile implements "Forced File URL" (spec §Forcing) in place: give u an
// empty authority when it has none, fail when its authority has a username
// or a port, and give it a path-root when it has no drive. It reports whether
// u was modified (the spec's validation warning).
func ForceFile(u *model.URL) (modified bool, err error) {
	if !u.Has(model.AuthorityType) {
		u.SetAuthority(model.Authority{})
		modified = true
	} else if a := u.AuthorityRef(); a.HasUsername() || a.HasPort() {
		return false, model.NewError(model.FileCredentials, "", -1, "a file-URL cannot have a username, password or port")
	}
	if !u.Has(model.DriveType) && !u.Has(model.PathRootType) {
		u.Set(model.PathRootType, "/")
		modified = true
	}
	return modified, nil
}

// ForceWeb implements "Forced Web URL" (spec §Forcing) in place: give u a
// path-root; if its authority is empty or absent, take the first dir or file
// whose value is not ε, remove it and all dirs before it, and parse its value
// as the authority (in web mode). It fails with HostMissing when there is no
// such component and with the authority's error when it does not parse.
// It reports whether u was modified.
func ForceWeb(u *model.URL) (modified bool, err error) {
	if !u.Has(model.PathRootType) {
		u.Set(model.PathRootType, "/")
		modified = true
	}
	if u.Has(model.AuthorityType) && u.AuthorityRef().HasHost() {
		return modified, nil
	}
	text, spans := u.DirSpans()
	for i := 0; i < u.NumDirs(); i++ {
		if d := u.Dir(i); d != "" {
			a, err := grammar.ParseAuthority(d, grammar.Web)
			if err != nil {
				return false, err
			}
			u.SetDirSpans(text, spans[2*(i+1):])
			u.SetAuthority(a)
			return true, nil
		}
	}
	if f := u.File(); u.Has(model.FileType) {
		a, err := grammar.ParseAuthority(f, grammar.Web)
		if err != nil {
			return false, err
		}
		u.SetDirs(nil)
		u.Remove(model.FileType)
		u.SetAuthority(a)
		return true, nil
	}
	return false, model.NewError(model.HostMissing, "", -1, "a web-URL needs a host")
}

// Force forces u as a file-URL or a web-URL according to its scheme
// (spec §Forcing); other URLs are left as they are.
func Force(u *model.URL) (modified bool, err error) {
	if a := u.AuthorityRef(); u.Has(model.AuthorityType) && u.Has(model.PathRootType) &&
		a.HasHost() && !a.HasUsername() && !a.HasPort() {
		// The usual URL, which forcing keeps whatever its scheme:
		// ForceWeb as it has a path-root and a host, ForceFile as it has
		// a path-root and an authority without a username or port.
		return false, nil
	}
	return force(u)
}

// force is Force for an URL that may need forcing.
func force(u *model.URL) (modified bool, err error) {
	switch {
	case u.IsFileURL():
		return ForceFile(u)
	case u.IsWebURL():
		return ForceWeb(u)
	}
	return false, nil
}

// GenericResolve implements "Generic Resolution" (spec §Resolution): the
// generic resolution of url1 against url2 is url2 goto url1, when url2 or
// url1 has a scheme; otherwise it fails with MissingSchemeNonRelativeURL.
func GenericResolve(url1, url2 *model.URL) (model.URL, error) {
	r := *url1
	if err := genericResolveOnto(&r, url2, false, false); err != nil {
		return model.URL{}, err
	}
	return r, nil
}

// genericResolveOnto sets *u to the generic resolution of u (without its
// scheme when dropScheme) against base, in place.
func genericResolveOnto(u, base *model.URL, dropScheme, reuse bool) error {
	if (dropScheme || !u.Has(model.SchemeType)) && !base.Has(model.SchemeType) {
		return model.NewError(model.MissingSchemeNonRelativeURL, "", -1, "neither the reference nor the base has a scheme")
	}
	gotoOnto(u, base, dropScheme, reuse)
	return nil
}

// LegacyResolve implements "Legacy Resolution" (spec §Resolution): the
// generic resolution of ~url1 against url2, where ~url1 is url1 without its
// scheme when both have a scheme and the schemes are equal ignoring case.
func LegacyResolve(url1, url2 *model.URL) (model.URL, error) {
	r := *url1
	if err := legacyResolveOnto(&r, url2, false); err != nil {
		return model.URL{}, err
	}
	return r, nil
}

func legacyResolveOnto(u, base *model.URL, reuse bool) error {
	return genericResolveOnto(u, base, dropsScheme(u, base.Scheme()), reuse)
}

// WHATWGResolve implements "WHATWG Resolution" (spec §Resolution) of url1
// against url2:
//   - force (legacy-resolve url1 url2) if url1 is a web-URL or a file-URL, or
//     url1 has no scheme and url2 is a web-URL or a file-URL;
//   - generic-resolve url1 url2 if otherwise the first component of url1 is a
//     scheme or a fragment, or url2 has an authority or a path-root;
//   - otherwise it fails (MissingSchemeNonRelativeURL).
//
// forced reports whether force modified its input (a validation warning).
func WHATWGResolve(url1, url2 *model.URL) (r model.URL, forced bool, err error) {
	r = *url1
	if forced, err = whatwgResolveOnto(&r, url2, nil, false); err != nil {
		return model.URL{}, false, err
	}
	return r, forced, nil
}

// WHATWGResolveOwned is WHATWGResolve in place, for a caller that owns
// both models and is done with base: it sets *ref to the WHATWG resolution
// of ref against base (on failure *ref is left in an unspecified state),
// and when the result joins dirs of both URLs it may write them over
// base's spans and into the spare capacity of their slice (see
// model.URL.DirSpans) instead of into new memory. No other model may share
// base's spans; base's dirs are invalid afterwards.
func WHATWGResolveOwned(ref, base *model.URL) (forced bool, err error) {
	return whatwgResolveOnto(ref, base, nil, true)
}

// Branch names the case of WHATWG resolution that applied.
type Branch uint8

// The cases of WHATWG resolution.
const (
	BranchFailed       Branch = iota // no case applied, or a step failed
	BranchForcedLegacy               // force (legacy-resolve url1 url2)
	BranchGeneric                    // generic-resolve url1 url2
)

// Explanation records how WHATWGResolveExplained reached its result, for
// tools that show each step (urlspec explain).
type Explanation struct {
	Branch Branch
	// Why says which condition selected the branch.
	Why string
	// SchemeRemoved: legacy resolution removed url1's scheme (it equals url2's).
	SchemeRemoved bool
	// Reference is the reference that was resolved (url1, or url1 without
	// its scheme); Prefix is what goto kept of the base: url2 upto (ord
	// Reference).
	Reference, Prefix model.URL
	// Resolved is the result of goto, before force.
	Resolved model.URL
	// Force is "web", "file" or "" (no force); Forced reports whether force
	// changed Resolved.
	Force  string
	Forced bool
}

// WHATWGResolveExplained is WHATWGResolve that also fills ex.
func WHATWGResolveExplained(url1, url2 *model.URL, ex *Explanation) (model.URL, bool, error) {
	r := *url1
	forced, err := whatwgResolveOnto(&r, url2, ex, false)
	if err != nil {
		return model.URL{}, false, err
	}
	return r, forced, nil
}

// whatwgResolveOnto sets *u to the WHATWG resolution of u against base, in
// place, and fills ex when it is not nil.
func whatwgResolveOnto(u, base *model.URL, ex *Explanation, reuse bool) (forced bool, err error) {
	if ex == nil {
		// The usual cases first, each the resolution that the branches
		// below reach for it.
		switch bs := base.Scheme(); {
		case u.Has(model.SchemeType) && (bs == "" || !model.SameScheme(u.Scheme(), bs)):
			// A reference with a scheme that legacy resolution keeps
			// (the base has none, or another one: not dropsScheme,
			// written out so that the test inlines), as every parse
			// without a base has. Its order is the scheme's, so goto
			// keeps nothing of the base (base upto scheme is ε) and
			// both branches resolve it to itself: forced when it is a
			// web- or file-URL (Force leaves any other URL as it is),
			// generic resolution otherwise, which cannot fail as the
			// reference has a scheme.
		case u.Has(model.AuthorityType) && (u.IsWebURL() || u.IsFileURL()):
			// A web- or file-URL with an authority and the base's
			// scheme (the case above takes another or none): legacy
			// resolution drops its scheme (dropsScheme), goto keeps of
			// the base only its scheme, as the reference's order is then
			// the authority's, and force follows.
			u.Set(model.SchemeType, bs)
		case !u.Has(model.SchemeType) && (bs == "https" || bs == "http" || base.IsWebURL() || base.IsFileURL()):
			// A reference without a scheme against a web- or file-URL
			// (the usual schemes compared at once, without
			// DefaultPort's call): legacy resolution has no scheme to
			// drop and is goto, as the base has a scheme; then force.
			gotoOnto(u, base, false, reuse)
		default:
			return whatwgResolveBranches(u, base, nil, reuse)
		}
		return Force(u)
	}
	return whatwgResolveBranches(u, base, ex, reuse)
}

// whatwgResolveBranches is whatwgResolveOnto as the spec writes it, branch by
// branch (WHATWGResolve).
func whatwgResolveBranches(u, base *model.URL, ex *Explanation, reuse bool) (forced bool, err error) {
	if u.IsWebURL() || u.IsFileURL() ||
		!u.Has(model.SchemeType) && (base.IsWebURL() || base.IsFileURL()) {
		if ex != nil {
			ex.Branch = BranchForcedLegacy
			if u.Has(model.SchemeType) {
				ex.Why = "the reference is a web- or file-URL"
			} else {
				ex.Why = "the reference has no scheme and the base is a web- or file-URL"
			}
			ex.Reference = *u
			if dropsScheme(u, base.Scheme()) {
				ex.SchemeRemoved = true
				ex.Reference.Remove(model.SchemeType)
			}
			ex.Prefix = model.Upto(base, model.Ord(&ex.Reference))
		}
		// Legacy resolution (legacyResolveOnto, written out: most
		// references have no scheme to drop).
		drop := u.Has(model.SchemeType) && dropsScheme(u, base.Scheme())
		if err = genericResolveOnto(u, base, drop, reuse); err != nil {
			if ex != nil {
				ex.Branch = BranchFailed
			}
			return false, err
		}
		if ex != nil {
			ex.Resolved = u.Clone()
			switch {
			case u.IsFileURL():
				ex.Force = "file"
			case u.IsWebURL():
				ex.Force = "web"
			}
		}
		forced, err = Force(u)
		if err != nil {
			if ex != nil {
				ex.Branch = BranchFailed
			}
			return false, err
		}
		if ex != nil {
			ex.Forced = forced
		}
		return forced, nil
	}
	if o := model.Ord(u); !u.IsEmpty() && (o == model.SchemeType || o == model.FragmentType) ||
		base.Has(model.AuthorityType) || base.Has(model.PathRootType) {
		if ex != nil {
			ex.Branch = BranchGeneric
			switch {
			case !u.IsEmpty() && o == model.SchemeType:
				ex.Why = "the reference starts with a scheme"
			case !u.IsEmpty() && o == model.FragmentType:
				ex.Why = "the reference is a fragment"
			default:
				ex.Why = "the base has an authority or a path-root"
			}
			ex.Reference = *u
			ex.Prefix = model.Upto(base, o)
		}
		err = genericResolveOnto(u, base, false, reuse)
		if ex != nil {
			if err != nil {
				ex.Branch = BranchFailed
			} else {
				ex.Resolved = u.Clone()
			}
		}
		return false, err
	}
	if ex != nil {
		ex.Branch = BranchFailed
		ex.Why = "the reference is relative and the base has no authority or path-root (an opaque path, or no base)"
	}
	if base.IsEmpty() {
		return false, model.NewError(model.MissingSchemeNonRelativeURL, "", -1, "a relative reference needs a base URL")
	}
	return false, model.NewError(model.MissingSchemeNonRelativeURL, "", -1, "a relative reference needs a base with an authority or a path-root")
}
