package model

// Validate checks every constraint of spec §URL Model, §Authority and §URL
// components on u:
//   - the path-root-constraint: an URL with an authority or a drive and with a
//     dir or a file also has a path-root;
//   - the scheme is alpha (alpha | digit | + | - | .)*;
//   - the drive is alpha followed by : or |;
//   - the file, when present, is not empty;
//   - password ⇒ username, and username or port ⇒ host, in the authority;
//   - the host is a Host of a known kind; an opaque host or domain is not
//     empty.
//
// Order and "at most one component per type" hold by construction of URL.
// The error is a *Error with code ConstraintViolation.
func Validate(u *URL) error {
	if u.Has(SchemeType) && !IsScheme(u.scheme) {
		return NewError(ConstraintViolation, u.scheme, -1, "scheme must be alpha (alpha | digit | + | - | .)*")
	}
	if u.Has(DriveType) && !IsDrive(u.drive) {
		return NewError(ConstraintViolation, u.drive, -1, "drive must be alpha followed by : or |")
	}
	if u.Has(FileType) && u.file == "" {
		return NewError(ConstraintViolation, "", -1, "file must not be empty")
	}
	if (u.Has(AuthorityType) || u.Has(DriveType)) && (u.Has(DirType) || u.Has(FileType)) && !u.Has(PathRootType) {
		return NewError(ConstraintViolation, "", -1, "path-root-constraint: authority or drive with dir or file needs a path-root")
	}
	if u.Has(AuthorityType) {
		return u.auth.validate()
	}
	if !u.auth.IsEmpty() {
		return NewError(ConstraintViolation, "", -1, "authority components without an authority")
	}
	return nil
}

func (a *Authority) validate() error {
	if a.HasPassword() && !a.HasUsername() {
		return NewError(ConstraintViolation, "", -1, "authority has a password but no username")
	}
	if (a.HasUsername() || a.HasPort()) && !a.HasHost() {
		return NewError(ConstraintViolation, "", -1, "authority has a username or port but no host")
	}
	if a.HasHost() {
		switch a.host.Kind {
		case IPv4, IPv6:
		case Opaque, Domain:
			if a.host.Name == "" {
				return NewError(ConstraintViolation, "", -1, "an opaque host or domain must not be empty")
			}
		default:
			return NewError(ConstraintViolation, "", -1, "host of unknown kind")
		}
	}
	return nil
}

// IsScheme reports whether s matches the scheme rule alpha (alpha | digit | + | - | .)*.
func IsScheme(s string) bool {
	if s == "" || !isAlpha(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !isAlpha(c) && !(c >= '0' && c <= '9') && c != '+' && c != '-' && c != '.' {
			return false
		}
	}
	return true
}

// IsDrive reports whether s matches the drive rule alpha (: | |).
func IsDrive(s string) bool {
	return len(s) == 2 && isAlpha(s[0]) && (s[1] == ':' || s[1] == '|')
}

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
