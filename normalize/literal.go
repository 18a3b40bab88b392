package normalize

import "github.com/urlspec/urlspec/model"

// RemoveLiteralDotSegments removes the dirs and the file that are exactly
// "." or "..", as RFC 3986 §5.2.4 does: literally, so %2e%2e is a name, not
// a dot segment (unlike the rules dot and dir-dots of Normalize); a ".."
// never removes the path-root, and a path that ends in a dot segment ends
// in a dir (a trailing '/'). It reports whether u changed. Package canon's
// RFC 3986 profiles and package readings' model of RFC 3986 readers use it.
func RemoveLiteralDotSegments(u *model.URL) bool {
	n := u.NumDirs()
	f, hasFile := u.File(), u.Has(model.FileType)
	dot := func(s string) bool { return s == "." || s == ".." }
	found := hasFile && dot(f)
	for i := 0; i < n && !found; i++ {
		found = dot(u.Dir(i))
	}
	if !found {
		return false
	}
	var out []string
	for i := 0; i < n; i++ {
		switch d := u.Dir(i); d {
		case ".":
		case "..":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		default:
			out = append(out, d)
		}
	}
	if hasFile && dot(f) {
		if f == ".." && len(out) > 0 {
			out = out[:len(out)-1]
		}
		u.Remove(model.FileType)
	}
	u.SetDirs(out)
	return true
}
