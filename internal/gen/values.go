package gen

import "strings"

// The edge values of each component, simplest first. Generators pick one
// of these or build a value from the alphabet below.

var (
	webSchemes     = []string{"http", "https", "ws", "wss", "ftp", "HTTP", "Https", "wS", "FTP"}
	fileSchemes    = []string{"file", "FILE", "File"}
	genericSchemes = []string{"sc", "a", "blob", "data", "javascript", "mailto", "urn", "x+y", "a-b.c", "z9", "SC", "httpx", "files", "web+demo"}

	drives = []string{"C:", "c|", "Z:", "a|", "D|", "z:"}

	// dirValues are the edge values of a dir (and, without ε, of a file):
	// empty dirs, the dot segments in each spelling, drive-like and
	// scheme-like segments, percent-encoded and pct-invalid sequences,
	// non-ASCII, and characters that printing encodes.
	dirValues = []string{"a", "", ".", "..", "%2e", "%2E", ".%2e", "%2e.", "%2E%2e", ".%2E", "...", "b",
		"C:", "c|", "a:b", "x:", "%41", "%zz", "%", "%4", "é", "%C3%A9", " ", "@", "localhost", "~", ";",
		"=", "\\", "%2F", "日本", "a b", "\x00", "\uFFFD", "?", "#", "/", "%2e%2", "%%32e", "%2%65", "%252e"}
	fileValues = []string{"f", ".", "..", "%2e", "%2E%2E", ".%2e", "C:", "c|", "a:b", "%41", "%zz", "%", "%4",
		"é", " ", "a ", "index.html", "~", "\\", "%2F", "\uFDD0", "\x7f", "?", "#", "/", "x.y"}
	queryValues    = []string{"q", "", "a=b", "%zz", "%", "'", "é", "?", "#", " ", "a=b&c=d", "\"", "%27", "\x01", "{}"}
	fragmentValues = []string{"f", "", "#", "%", "%zz", "é", " ", "`", "?", "<>", "\x00", "%20"}
	userValues     = []string{"u", "", "%40", "é", ":", "@", "%zz", "user name", "a:b"}
	passValues     = []string{"p", "", ":", "@", "%3A", "é", "%"}
	ports          = []uint16{80, 443, 21, 8080, 0, 65535, 1, 81}

	// domains are domain-to-ASCII fixed points that do not end in a number.
	domains = []string{"h", "example.com", "localhost", "a.b.c", "xn--nxasmq6b", "xn--n3h", "a-b", "a.",
		"x1", "1x", "www.example.org", "xn--bcher-kva.example", "0x1g", "a--b", "1.2.3.4x"}
	// opaqueHosts are valid opaque hosts (no forbidden host code point).
	opaqueHosts = []string{"h", "example.com", "EXAMPLE.com", "1.2.3.4", "%41", "%zz", "%", "é", "!$&'()*+,;=",
		"~", "a.", "\x01", "xn--", "0x7f.1", "-", "ﬀ"}
	ipv4s = []uint32{0x7f000001, 0, 0xffffffff, 0x01020304, 0xc0a80001, 0x0a000001}

	// alphabet is the material of generated values: printable ASCII,
	// percent-encoded bytes, pct-invalid sequences, non-ASCII (Latin-1,
	// BMP, astral, U+FFFD), C0 and C1 controls and non-characters.
	alphabet = []string{"a", "b", "z", "A", "Z", "0", "9", "-", ".", "_", "~", "!", "$", "&", "'", "(", ")",
		"*", "+", ",", ";", "=", ":", "@", "%", "%41", "%2e", "%2E", "%zz", "%4", "%C3%A9", "%FF", " ", "\"",
		"<", ">", "`", "{", "}", "^", "|", "\\", "[", "]", "#", "?", "/", "é", "€", "😀", "\uFFFD", "\u0085",
		"\uFDD0", "\x00", "\x01", "\t", "\x7f", "\u00A0", "\u200B", "ß", "İ", "\uFEFF", ".."}
	// opaqueAlphabet is alphabet without the forbidden host code points.
	opaqueAlphabet = without(alphabet, "\x00", "\t", " ", "#", "/", ":", "<", ">", "?", "@", "[", "\\", "]", "^", "|")
	labelAlphabet  = []string{"a", "b", "x", "z", "0", "1", "9", "-"}
)

func without(xs []string, drop ...string) []string {
	var out []string
outer:
	for _, x := range xs {
		for _, d := range drop {
			if strings.Contains(x, d) {
				continue outer
			}
		}
		out = append(out, x)
	}
	return out
}

// pick returns an element of xs; choice 0 is the first.
func pick[T any](src Source, xs []T) T { return xs[src.Choose(len(xs))] }

// flag returns true with probability 1/k from a random source; false (0)
// is the simple answer.
func flag(src Source, k int) bool { return src.Choose(k) == k-1 }

// text builds a string of at most max pieces of alpha; each further piece
// is taken with probability 3/4.
func text(src Source, alpha []string, max int) string {
	var b strings.Builder
	for n := 0; n < max && src.Choose(4) != 0; n++ {
		b.WriteString(pick(src, alpha))
	}
	return b.String()
}

// value returns one of the edge values (mostly) or a built string.
func value(src Source, edges []string, alpha []string) string {
	i := src.Choose(len(edges) + 2)
	if i < len(edges) {
		return edges[i]
	}
	return text(src, alpha, 12)
}
