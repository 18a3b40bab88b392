package encodeprofile

import "unicode/utf8"

// Class is the status of a character in a component (spec 0.10.1,
// §Component Characters).
type Class uint8

// The character classes. NA marks a character that cannot occur in the
// component's value as parsed (a delimiter such as '/' in a dir, or '%' that
// only occurs as part of percent-encoding).
const (
	NA           Class = iota
	Valid              // v: valid
	ValidEncoded       // E: valid but percent-encoded
	Tolerated          // T: invalid but tolerated (kept as is)
	Fixed              // F: invalid and fixed by percent-encoding
	Rejected           // R: invalid and rejected
)

var classNames = [...]string{"n/a", "v", "E", "T", "F", "R"}
var classMeanings = [...]string{"not applicable", "valid", "valid but percent-encoded",
	"invalid but tolerated", "invalid and fixed by percent-encoding", "invalid and rejected"}

// String returns the class letter: v, E, T, F, R or n/a.
func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return "?"
}

// Meaning returns the class in words, e.g. "invalid but tolerated".
func (c Class) Meaning() string {
	if int(c) < len(classMeanings) {
		return classMeanings[c]
	}
	return "?"
}

// Column is a component column of the component-character table.
type Column uint8

// The columns of the table (spec 0.10.1, §Component Characters).
const (
	UsernameColumn Column = iota
	PasswordColumn
	OpaqueHostColumn
	PathColumn // dir and file
	OpaquePathColumn
	QueryColumn
	FragmentColumn
	numColumns
)

var columnNames = [...]string{"username", "password", "opaque-host", "dir and file", "opaque path", "query", "fragment"}

// String returns the column's name as the spec's table has it.
func (c Column) String() string {
	if c < numColumns {
		return columnNames[c]
	}
	return "invalid-column"
}

// charRows is the component-character table of spec 0.10.1, row by row:
// the characters of the row and their class per column, in the column order
// username, password, opaque-host, dir and file, opaque path, query,
// fragment ('-' is n/a). The row for ' has E in the query of special URLs
// only (the spec's E1). Code points outside printable ASCII are handled by
// classOf.
var charRows = []struct{ chars, classes string }{
	{"-._~", "vvvvvvv"},
	{"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "vvvvvvv"},
	{"!$&()*+,", "vvvvvvv"},
	{"'", "vvvvvvv"},
	{";=", "EEvvvvv"},
	{"@", "FFRvvvv"},
	{":", "-F-vvvv"},
	{"/", "----Tvv"},
	{"?", "-----vv"},
	{"#", "------T"},
	{"%", "-------"},
	{" ", "FFRFTFF"},
	{"\"", "FFTFTFF"},
	{"<>", "FFRFTFF"},
	{"`", "FFTFTTF"},
	{"^", "FFRFTTT"},
	{"[\\]|", "FFRTTTT"},
	{"{}", "FFTFTTT"},
}

// asciiClass[col][c] is the class of ASCII character c in column col, for
// non-special URLs.
var asciiClass = func() (t [numColumns][128]Class) {
	for _, row := range charRows {
		for i := 0; i < len(row.chars); i++ {
			for col := Column(0); col < numColumns; col++ {
				t[col][row.chars[i]] = classOfLetter(row.classes[col])
			}
		}
	}
	for c := 0; c < 0x20; c++ {
		for col := Column(0); col < numColumns; col++ {
			t[col][c] = Fixed // other control: F
		}
		t[OpaqueHostColumn][0] = Rejected // u+0: R in opaque-host
	}
	for col := Column(0); col < numColumns; col++ {
		t[col]['\t'], t[col]['\n'], t[col]['\r'] = NA, NA, NA // removed by preprocessing
		t[col][0x7f] = Fixed
	}
	return
}()

func classOfLetter(b byte) Class {
	switch b {
	case 'v':
		return Valid
	case 'E':
		return ValidEncoded
	case 'T':
		return Tolerated
	case 'F':
		return Fixed
	case 'R':
		return Rejected
	}
	return NA
}

// ClassOf returns the class of code point r in column col (spec 0.10.1,
// §Component Characters). special selects the rules of web- and file-URLs,
// where ' is E in the query and '\' is a delimiter (n/a) in paths.
// Outside ASCII: C1 controls, surrogates and non-characters are F ("other
// control" and not a base-char); every other code point is E.
func ClassOf(col Column, r rune, special bool) Class {
	if col >= numColumns {
		return NA
	}
	if r < 0x80 {
		if r < 0 {
			return Fixed
		}
		if special {
			if r == '\'' && col == QueryColumn {
				return ValidEncoded
			}
			if r == '\\' && (col == PathColumn || col == OpaquePathColumn) {
				return NA
			}
		}
		return asciiClass[col][r]
	}
	if r <= 0x9f || r >= 0xd800 && r <= 0xdfff || r > utf8.MaxRune || isNonChar(r) || r == utf8.RuneError {
		return Fixed
	}
	return ValidEncoded
}

// isNonChar reports whether r is a noncharacter: u+FDD0–u+FDEF or a code
// point whose low 16 bits are FFFE or FFFF.
func isNonChar(r rune) bool {
	return r >= 0xfdd0 && r <= 0xfdef || r&0xfffe == 0xfffe
}

// deriveSet makes the percent-encode set of a column from the table: every
// printable-ASCII character of class E, F or R, or n/a (a delimiter that a
// value made by other means than parsing may still hold) except '%'. In the
// path columns '/' is encoded too, since the model splits paths at '/'.
func deriveSet(name string, col Column, special bool) *Set {
	var chars []byte
	for c := byte(0x20); c < 0x7f; c++ {
		switch ClassOf(col, rune(c), special) {
		case ValidEncoded, Fixed, Rejected:
			chars = append(chars, c)
		case NA:
			if c != '%' {
				chars = append(chars, c)
			}
		default:
			if c == '/' && (col == PathColumn || col == OpaquePathColumn) {
				chars = append(chars, c)
			}
		}
	}
	return newSet(name, string(chars))
}
