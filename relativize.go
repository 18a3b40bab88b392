package urlspec

import (
	"unicode/utf8"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
	"github.com/urlspec/urlspec/resolve"
)

// Relativize returns a shortest reference r such that Goto(base, r) equals
// target after normalisation, compared as printed URL-strings (printing
// percent-encodes, and r is the reference its own URL-string parses to in
// base's mode, generic when base has no scheme). Shortest
// means the shortest URL-string, then the fewest components.
//
// The candidates are every postfix of the normalised target's component
// sequence, the dir-relative forms that climb out of base's dirs with ".."
// (when base and target agree up to the path-root), and each of those with
// a leading (dir .) where the first segment would otherwise print as a
// scheme, a drive or an authority. Every candidate is checked with Goto,
// so the answer is right by construction.
//
// When no reference exists Relativize fails with NotRelativizable: when
// target has no scheme but base has one, or when target lacks a component
// (such as an authority or a drive) that base has before target's first
// component. When the schemes differ the answer is target itself. Opaque
// paths are compared as they are (their dot segments are kept); drives are
// kept unless the reference restates them.
func Relativize(base, target Ref) (Ref, error) {
	b, t := normalize.Normalize(base.m), normalize.Normalize(target.m)
	mode := grammar.ModeForURL(&b, grammar.Generic)
	want := print.ASCII(&t)
	var best model.URL
	bestLen, bestN, found := 0, 0, false
	try := func(r model.URL) {
		s := print.ASCII(&r)
		if found && (len(s) > bestLen || len(s) == bestLen && count(&r) >= bestN) {
			return
		}
		r2, err := grammar.Parse(s, mode)
		if err != nil {
			return
		}
		g := resolve.Goto(&base.m, &r2) // the base as given, not normalised
		if g = normalize.Normalize(g); print.ASCII(&g) != want {
			return
		}
		best, bestLen, bestN, found = r2, len(s), count(&r), true
	}
	cands := candidates(&b, &t)
	if !b.Equal(&base.m) {
		// Climbing out of the base's own dirs may differ from climbing
		// out of its normal form's.
		cands = append(cands, candidates(&base.m, &t)...)
	}
	for _, r := range cands {
		try(r)
		if d := withDot(r); d != nil {
			try(*d)
		}
	}
	if !found {
		return Ref{}, &Error{Code: model.NotRelativizable, Input: print.ASCII(&t), Offset: -1,
			Reason: "no reference leads from " + shorten(print.ASCII(&b)) + " to it"}
	}
	return refOf(best), nil
}

func count(u *model.URL) int {
	n := 0
	for range u.Components() {
		n++
	}
	return n
}

// candidates returns the postfixes of t and the ".." forms against b.
func candidates(b, t *model.URL) []model.URL {
	var out []model.URL
	// Postfixes that start at a component type, and inside the dirs.
	dirs := t.Dirs()
	for ct := model.SchemeType; ct <= model.FragmentType; ct++ {
		if ct == model.DirType {
			for i := range dirs {
				out = append(out, postfix(t, model.DirType, i))
			}
			continue
		}
		out = append(out, postfix(t, ct, 0))
	}
	var empty model.URL
	out = append(out, empty)
	// Climb out of b's dirs with "..".
	pb, pt := model.Upto(b, model.DirType), model.Upto(t, model.DirType)
	pb.SetDirs(nil)
	pt.SetDirs(nil)
	if pb.Equal(&pt) && b.Has(model.PathRootType) {
		bd := b.Dirs()
		k := 0
		for k < len(bd) && k < len(dirs) && bd[k] == dirs[k] {
			k++
		}
		if up := len(bd) - k; up > 0 {
			r := postfix(t, model.DirType, k)
			nd := make([]string, 0, up+len(dirs)-k)
			for range up {
				nd = append(nd, "..")
			}
			r.SetDirs(append(nd, dirs[k:]...))
			out = append(out, r)
		}
	}
	return out
}

// postfix returns the components of t from the first of type ct on (for
// DirType, from dir number i on).
func postfix(t *model.URL, ct model.ComponentType, i int) model.URL {
	var r model.URL
	for c := range t.Components() {
		if c.Type < ct {
			continue
		}
		switch c.Type {
		case model.AuthorityType:
			r.SetAuthority(c.Authority)
		case model.DirType:
		default:
			r.Set(c.Type, c.Value)
		}
	}
	if ct <= model.DirType {
		d := t.Dirs()
		if ct == model.DirType {
			d = d[i:]
		}
		r.SetDirs(d)
	}
	if (r.Has(model.AuthorityType) || r.Has(model.DriveType)) && (r.Has(model.DirType) || r.Has(model.FileType)) {
		r.Set(model.PathRootType, "/")
	}
	return r
}

// withDot returns r with a (dir .) in front when r starts with a dir, a
// file, a query or a fragment, or is empty; and nil otherwise.
func withDot(r model.URL) *model.URL {
	if model.Ord(&r) < model.DirType {
		return nil
	}
	nd := append([]string{"."}, r.Dirs()...)
	r.SetDirs(nd)
	return &r
}

// shorten returns s, or its first 64 bytes and "..." when it is longer (for
// error messages, which quote at most about 64 bytes of an input).
func shorten(s string) string {
	if len(s) <= 64 {
		return s
	}
	i := 64
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}
