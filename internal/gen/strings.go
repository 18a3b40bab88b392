package gen

import (
	_ "embed"
	"encoding/json"
	"strings"
	"sync"
)

// seedsJSONL holds real URL-strings, one JSON string a line: every input
// and base of WPT's urltestdata.json (conformance/testdata) and a sample of
// the real-URL lists in the repository's testdata/ (kasztp.txt,
// node_files.txt, isaacs_files.txt). TestSeedsProvenance checks that each
// comes from one of those files.
//
//go:embed seeds.jsonl
var seedsJSONL string

var (
	seedsOnce sync.Once
	seedList  []string
)

func loadSeeds() []string {
	seedsOnce.Do(func() {
		for _, line := range strings.Split(seedsJSONL, "\n") {
			var s string
			if line != "" && json.Unmarshal([]byte(line), &s) == nil {
				seedList = append(seedList, s)
			}
		}
	})
	return seedList
}

// Seeds returns the built-in real URL-strings that Mutate and URLString
// start from (a copy: the caller may keep or change it).
func Seeds() []string { return append([]string(nil), loadSeeds()...) }

// Seed returns one of the built-in real URL-strings.
func Seed(src Source) string { return pick(src, loadSeeds()) }

// URLString returns a random URL-string: built from the URL grammar
// (GrammarString) half of the time, a mutation of a real URL (Mutate of a
// Seed) most of the rest, and a real URL as it is otherwise. The strings are
// inputs for the parser, valid or not: leading and trailing spaces, tabs and
// newlines, backslashes, odd hosts and ports, dot segments, drive letters,
// percent sequences, non-ASCII and, rarely, invalid UTF-8.
func URLString(src Source) string {
	switch src.Choose(8) {
	case 0, 1, 2, 3:
		return GrammarString(src)
	case 7:
		return Seed(src)
	}
	return Mutate(src, Seed(src))
}

var (
	strLead    = []string{"", " ", "\t", "\x00", "  \n", "\x1f", "\r\n"}
	strTrail   = []string{"", " ", "\n", "\t", "\x01 "}
	strSchemes = []string{"http", "https", "file", "sc", "HTTP", "FiLe", "ws", "wss", "ftp", "blob", "data",
		"javascript", "mailto", "web+demo", "a", "1a", "a b", "ht!tp", "x-y.z", "urn", "non-spec"}
	strSlashes = []string{"", "/", "//", "///", "\\", "\\\\", "/\\", "////", "\\/", " //"}
	strUser    = []string{"u", "u:p", ":", "", "u@v", "%40", "é", "u:p:q", "::", "us er", ":p"}
	strHosts   = []string{"h", "example.com", "EXAMPLE.COM", "faß.de", "ＥＸＡＭＰＬＥ.com", "☃.net", "xn--n3h", "a..b",
		".", "..", "0x7F.1", "1.2.3.4", "1.2.3.4.", "256.0.0.1", "999999999999", "0x100000000", "1.2.3.09",
		"0.0.0.0x", "[::1]", "[1:2:3:4:5:6:7:8]", "[::ffff:1.2.3.4]", "[::1", "[g::]", "[1::2::3]", "[::1.2.3.]",
		"%41.com", "%zz", "a%2Eb", "exa mple", "a<b", "localhost", "LOCALHOST", "xn--", "xn--a", "a\u00ADb",
		"\x00", "", "a.b.c.d.e", "1", "0x", "09", "a^b", "a|b", "é.com", "\u200Bx", "xn--nxasmq6b", "%E2%98%83",
		"ab--c", "-a", "a.1", "1.a", "[0:0::]", "[::%31]", "[1:2:3:4:5:6:7]", "~", "!$&'()*+,;="}
	strPorts    = []string{"", "80", "0", "65535", "65536", "080", "1a", "99999999999", "443", "21", " 1", "-1"}
	strSegments = []string{"a", ".", "..", "%2e", "%2E.", "", "C:", "c|", "é", "%zz", " ", "a b", "b", "...",
		".%2e", "%2e%2E", "x:y", "%", "%4", "@", "\\", "\x01", "\u0085", "|", "{}", "%2F", "C|", "index.html",
		"😀", "\uFDD0", "\"", "'", "<>"}
	strText = []string{"a", "=", "&", "%", "%zz", "%41", " ", "'", "\"", "#", "?", "é", "\x00", "\x7f", "`", "{",
		"<", ">", "/", "\\", "\uFFFD", "+", ";", "😀", "\u00A0", "ǅ"}
)

// GrammarString returns a random URL-string built from the URL grammar
// (spec §URL Grammar), with every rule's lenient variants:
//
//	[lead] [scheme :] [slashes [credentials @] host [: port]] path [? query] [# fragment] [trail]
func GrammarString(src Source) string {
	var b strings.Builder
	if flag(src, 6) {
		b.WriteString(pick(src, strLead))
	}
	if src.Choose(4) != 0 { // a scheme three times in four
		b.WriteString(pick(src, strSchemes))
		b.WriteByte(':')
	}
	if flag(src, 2) {
		b.WriteString(pick(src, strSlashes[2:]))
		if flag(src, 4) {
			b.WriteString(pick(src, strUser))
			b.WriteByte('@')
		}
		b.WriteString(pick(src, strHosts))
		if flag(src, 4) {
			b.WriteByte(':')
			b.WriteString(pick(src, strPorts))
		}
	}
	if flag(src, 2) {
		b.WriteString(pick(src, strSlashes[:4]))
	}
	for n := 0; n < 6 && src.Choose(3) != 0; n++ {
		if n > 0 {
			b.WriteString(pick(src, []string{"/", "/", "\\", "//"}))
		}
		b.WriteString(pick(src, strSegments))
	}
	if flag(src, 3) {
		b.WriteByte('?')
		b.WriteString(text(src, strText, 6))
	}
	if flag(src, 3) {
		b.WriteByte('#')
		b.WriteString(text(src, strText, 6))
	}
	if flag(src, 6) {
		b.WriteString(pick(src, strTrail))
	}
	return b.String()
}

// mutationPieces are what Mutate inserts: delimiters, separators, dot
// segments, percent sequences, controls, whitespace and non-ASCII.
var mutationPieces = []string{"/", "\\", ":", "@", "?", "#", "%", "%2e", "%zz", "..", ".", "[", "]", " ",
	"\t", "\n", "\x00", "é", "☃", "%41", "0x", "//", "|", "C:", "\uFFFD", "\x7f", "'", "^", "\u00AD", "ß"}

// Mutate returns s changed by one to three mutations: insert a piece
// (delimiter, dot segment, percent sequence, control, non-ASCII) at a
// position, delete a range, replace a byte with a piece, flip the case of
// a letter, duplicate a range, or splice in the tail of another seed. The
// positions are byte offsets, so a mutation may split a UTF-8 sequence: the
// parser must take invalid UTF-8 too.
func Mutate(src Source, s string) string {
	for n := 1 + src.Choose(3); n > 0; n-- {
		pos := src.Choose(len(s) + 1)
		switch src.Choose(6) {
		case 0:
			s = s[:pos] + pick(src, mutationPieces) + s[pos:]
		case 1:
			end := pos + src.Choose(8)
			s = s[:pos] + s[min(end, len(s)):]
		case 2:
			if pos < len(s) {
				s = s[:pos] + pick(src, mutationPieces) + s[pos+1:]
			}
		case 3:
			if pos < len(s) {
				c := s[pos]
				if c|0x20 >= 'a' && c|0x20 <= 'z' {
					s = s[:pos] + string(c^0x20) + s[pos+1:]
				}
			}
		case 4:
			end := min(pos+src.Choose(12), len(s))
			s = s[:end] + s[pos:end] + s[end:]
		case 5:
			t := Seed(src)
			s = s[:pos] + t[src.Choose(len(t)+1):]
		}
	}
	return s
}
