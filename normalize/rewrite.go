package normalize

import (
	"fmt"

	"github.com/urlspec/urlspec/model"
)

// Redex is a place in an URL where a rule applies: the rule and, for the
// path rules, the index of the first dir it rewrites (NumDirs for the
// file). The other rules have one place each, At 0.
//
// For DirDots, At is the index of the dir x of dir x・dir y (or of the last
// dir, for dir x・file y); for Dot, the dir (or file) that is removed; for
// RootDots and FileDrive, At is 0 and the rule rewrites the first path
// segment (the first dir, or the file when there are no dirs).
type Redex struct {
	Rule Rule
	At   int
}

// String renders the redex, e.g. "dir-dots@2".
func (r Redex) String() string { return fmt.Sprintf("%v@%d", r.Rule, r.At) }

// Redexes returns every place where one rewrite equation of spec
// §Equivalences and Normalisation applies to u, from left to right. Any
// order of applying them with Rewrite ends when Redexes is empty; Normalize
// is the order that always takes the leftmost path redex (see the
// norm-confluent laws of internal/laws for when every order reaches
// Normalize's result).
func Redexes(u model.URL) []Redex {
	var rs []Redex
	if u.Has(model.SchemeType) && hasUpper(u.Scheme()) {
		rs = append(rs, Redex{SchemeCase, 0})
	}
	if u.Has(model.AuthorityType) {
		a := u.Authority()
		if a.HasPassword() && a.Password() == "" {
			rs = append(rs, Redex{PasswordEmpty, 0})
		}
		if a.HasUsername() && a.Username() == "" && !a.HasPassword() {
			rs = append(rs, Redex{UsernameEmpty, 0})
		}
		if a.HasPort() {
			p, ok := a.Port()
			if !ok {
				rs = append(rs, Redex{PortEmpty, 0})
			} else if def := model.DefaultPort(u.Scheme()); u.Has(model.SchemeType) && def != 0 && p == def {
				rs = append(rs, Redex{DefaultPort, 0})
			}
		}
		if u.IsFileURL() && a.HasHost() && !a.HasUsername() && !a.HasPort() {
			if h := a.Host(); h.Kind == model.Domain && h.Name == "localhost" {
				rs = append(rs, Redex{FileLocalhost, 0})
			}
		}
	}
	if d := u.Drive(); u.Has(model.DriveType) && len(d) == 2 && d[1] == '|' {
		rs = append(rs, Redex{DrivePipe, 0})
	}
	if opaquePath(&u) {
		return rs
	}
	dirs := u.Dirs()
	n := len(dirs)
	file, hasFile := u.File(), u.Has(model.FileType)
	root := u.Has(model.PathRootType)
	first, hasFirst := file, hasFile
	if n > 0 {
		first, hasFirst = dirs[0], true
	}
	if root && u.IsFileURL() && !u.Has(model.DriveType) && hasFirst && model.IsDrive(first) {
		rs = append(rs, Redex{FileDrive, 0})
	}
	if root && hasFirst && IsDots(first) {
		rs = append(rs, Redex{RootDots, 0})
	}
	for i, d := range dirs {
		if IsDot(d) {
			rs = append(rs, Redex{Dot, i})
		}
		next, hasNext := file, hasFile
		if i+1 < n {
			next, hasNext = dirs[i+1], true
		}
		if hasNext && IsDots(next) && !IsDots(d) {
			rs = append(rs, Redex{DirDots, i})
		}
	}
	if hasFile && IsDot(file) {
		rs = append(rs, Redex{Dot, n})
	}
	return rs
}

// Rewrite applies one rewrite equation at one place, from left to right: r
// must be one of Redexes(u). u is not modified.
func Rewrite(u model.URL, r Redex) (model.URL, error) {
	ok := false
	for _, x := range Redexes(u) {
		ok = ok || x == r
	}
	if !ok {
		return u, fmt.Errorf("normalize: %v does not apply to %v", r, &u)
	}
	u = u.Clone()
	a := u.Authority()
	dirs := append([]string(nil), u.Dirs()...)
	// removeFirst removes the first path segment: the first dir, or the
	// file when there are none.
	removeFirst := func() {
		if len(dirs) > 0 {
			u.SetDirs(dirs[1:])
		} else {
			u.Remove(model.FileType)
		}
	}
	switch r.Rule {
	case SchemeCase:
		u.Set(model.SchemeType, model.LowerScheme(u.Scheme()))
	case PasswordEmpty:
		a.RemovePassword()
		u.SetAuthority(a)
	case UsernameEmpty:
		a.RemoveUsername()
		u.SetAuthority(a)
	case PortEmpty, DefaultPort:
		a.RemovePort()
		u.SetAuthority(a)
	case FileLocalhost:
		a.RemoveHost()
		u.SetAuthority(a)
	case DrivePipe:
		u.Set(model.DriveType, colonDrive(u.Drive()))
	case FileDrive:
		if len(dirs) > 0 {
			u.Set(model.DriveType, dirs[0])
		} else {
			u.Set(model.DriveType, u.File())
			u.Remove(model.PathRootType)
		}
		removeFirst()
	case RootDots:
		removeFirst()
	case Dot:
		if r.At < len(dirs) {
			u.SetDirs(append(dirs[:r.At:r.At], dirs[r.At+1:]...))
		} else {
			u.Remove(model.FileType)
		}
	case DirDots:
		if r.At+1 < len(dirs) {
			u.SetDirs(append(dirs[:r.At:r.At], dirs[r.At+2:]...))
		} else {
			u.SetDirs(dirs[:r.At])
			u.Remove(model.FileType)
		}
	}
	return u, nil
}
