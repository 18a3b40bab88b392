// Command genworkloads writes the generated workload files of
// bench/testdata/workloads (issue 22): wpt.tsv from WPT's urltestdata.json,
// and long_queries.tsv, deep_paths.tsv, nonascii.tsv, rel_nonascii.tsv,
// dirty2.tsv, links.tsv, schemes.tsv, userport.tsv, invalid.tsv,
// ipforms.tsv, opaque.tsv and filepaths.tsv from a seeded pseudo-random
// generator over small word lists written for it. The output depends only on the seeds below and the WPT
// file, not on the machine nor on math/rand: the generator is its own PRNG
// (SplitMix64), and a test checks that running it again gives the
// committed bytes.
//
// Each line is one parse: input U+001F base (no U+001F: no base). An input
// or base that contains a line feed or U+001F cannot be written in that
// format; wpt.tsv leaves those WPT cases out (the README counts them).
//
// Usage, from the bench directory (go generate runs it):
//
//	go run ./cmd/genworkloads [-o testdata/workloads] [-wpt ../conformance/testdata/urltestdata.json]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/urlspec/urlspec/internal/wpt"
)

func main() {
	out := flag.String("o", "testdata/workloads", "directory to write the .tsv files into")
	wptPath := flag.String("wpt", "../conformance/testdata/urltestdata.json", "WPT's urltestdata.json")
	flag.Parse()
	files, err := generate(*wptPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, "genworkloads:", err)
		os.Exit(1)
	}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(*out, f.name), f.data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "genworkloads:", err)
			os.Exit(1)
		}
	}
}

// file is one generated workload file.
type file struct {
	name string
	data []byte
}

// generate returns every generated workload file, in a fixed order.
func generate(wptPath string) ([]file, error) {
	w, err := genWPT(wptPath)
	if err != nil {
		return nil, err
	}
	return []file{
		{"wpt.tsv", w},
		{"long_queries.tsv", genLongQueries(newRNG(22001), 80)},
		{"deep_paths.tsv", genDeepPaths(newRNG(22002), 200)},
		{"nonascii.tsv", genNonASCII(newRNG(22003), 2500)},
		{"rel_nonascii.tsv", genRelNonASCII(newRNG(22004), 2000)},
		{"dirty2.tsv", genDirty(newRNG(22005), 4000)},
		{"links.tsv", genLinks(newRNG(22006), 5000)},
		{"schemes.tsv", genSchemes(newRNG(22007), 5000)},
		{"userport.tsv", genUserPort(newRNG(22008), 3000)},
		{"invalid.tsv", genInvalid(newRNG(22009), 3000)},
		{"ipforms.tsv", genIPForms(newRNG(22010), 3000)},
		{"opaque.tsv", genOpaque(newRNG(22011), 2000)},
		{"filepaths.tsv", genFilePaths(newRNG(22012), 3000)},
	}, nil
}

// writer collects the lines of one file.
type writer struct{ bytes.Buffer }

// add writes one parse: input, and the base if there is one.
func (w *writer) add(input, base string) {
	w.WriteString(input)
	if base != "" {
		w.WriteByte(0x1f)
		w.WriteString(base)
	}
	w.WriteByte('\n')
}

// writable reports whether s can stand in a workload line.
func writable(s string) bool { return !strings.ContainsAny(s, "\n\x1f") }

// genWPT writes every input of urltestdata.json with its base, in the file's
// order, except those that a workload line cannot hold.
func genWPT(path string) ([]byte, error) {
	cases, err := wpt.URLTestData(path)
	if err != nil {
		return nil, err
	}
	var w writer
	for _, c := range cases {
		base := ""
		if c.Base != nil {
			base = *c.Base
		}
		if !writable(c.Input) || !writable(base) {
			continue
		}
		w.add(c.Input, base)
	}
	return w.Bytes(), nil
}

// rng is SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom
// number generators", OOPSLA 2014): small, and fixed here so that the
// files do not change with math/rand's algorithms.
type rng struct{ s uint64 }

func newRNG(seed uint64) *rng { return &rng{seed} }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// intn returns a number in [0, n).
func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// between returns a number in [lo, hi].
func (r *rng) between(lo, hi int) int { return lo + r.intn(hi-lo+1) }

// chance is true with probability pct %.
func (r *rng) chance(pct int) bool { return r.intn(100) < pct }

func pick[T any](r *rng, xs []T) T { return xs[r.intn(len(xs))] }

// Word lists, written for this generator.
var (
	ascii = []string{"news", "article", "products", "category", "search", "images", "video", "blog",
		"2024", "2025", "archive", "user", "profile", "settings", "api", "v2", "items", "detail",
		"index", "page", "docs", "guide", "help", "en", "de", "static", "assets", "js", "css",
		"shop", "cart", "checkout", "order", "tags", "feed", "latest", "world", "sport", "tech",
		"travel", "weather", "maps", "download", "release-notes", "how-to", "faq", "about"}
	latin = []string{"bücher", "müller", "straße", "café", "élève", "école", "über", "größe",
		"jalapeño", "mañana", "niño", "façade", "crème", "brûlée", "smörgåsbord", "łódź",
		"kraków", "český", "žluťoučký", "açaí", "são", "paulo", "zürich", "göteborg", "ærø"}
	cyrillic = []string{"пример", "новости", "статья", "главная", "поиск", "каталог", "товары",
		"москва", "россия", "погода", "спорт", "книги", "музыка", "видео", "новый", "год",
		"документы", "помощь", "київ", "україна", "сербия", "българия"}
	greek = []string{"ελλάδα", "αθήνα", "ειδήσεις", "παράδειγμα", "καφές", "θάλασσα", "ήλιος"}
	cjk   = []string{"例子", "新闻", "中国", "北京", "上海", "搜索", "图片", "文章", "東京", "日本",
		"ニュース", "検索", "テスト", "ひらがな", "カタカナ", "한국", "서울", "뉴스", "검색", "漢字"}
	arabic = []string{"مثال", "أخبار", "القاهرة", "مصر", "بحث", "مقالة", "السعودية", "الرياض",
		"عربي", "كتب", "اختبار"}
	hebrew = []string{"דוגמה", "חדשות", "ירושלים", "ישראל", "חיפוש"}
	indic  = []string{"उदाहरण", "भारत", "समाचार", "हिन्दी", "खोज", "ভারত", "தமிழ்"}
	emoji  = []string{"😀", "🎉", "🚀", "❤️", "👍🏽", "🇩🇪", "☕", "🍕", "🐈", "✨", "👨‍👩‍👧", "🌍"}
	tlds   = []string{"com", "org", "net", "de", "fr", "ru", "jp", "cn", "io", "info", "co.uk", "com.br"}
	// idnTLDs are TLDs for hosts of one script (in U-label form).
	cyrTLDs    = []string{"рф", "рус", "бел", "укр", "срб", "com", "org"}
	cjkTLDs    = []string{"中国", "公司", "网络", "日本", "한국", "com", "jp"}
	arabicTLDs = []string{"مصر", "السعودية", "عمان", "شبكة"}
	keys       = []string{"q", "id", "ref", "lang", "page", "sort", "filter", "utm_source",
		"utm_medium", "utm_campaign", "utm_term", "utm_content", "fbclid", "gclid", "msclkid",
		"session", "token", "callback", "redirect_uri", "return", "data", "payload", "state",
		"ids", "tags", "from", "to", "_", "v", "sig", "ts"}
)

// scripts groups the word lists of one writing system (and the TLDs that
// keep a host in it), so that a host never mixes right-to-left labels with
// labels that the Bidi rule of RFC 5893 would refuse next to them.
type script struct {
	words []string
	tlds  []string
	cased bool
}

var scripts = []script{
	{latin, tlds, true},
	{cyrillic, cyrTLDs, true},
	{greek, []string{"gr", "ελ", "com"}, true},
	{cjk, cjkTLDs, false},
	{arabic, arabicTLDs, false},
	{hebrew, []string{"il", "com"}, false},
	{indic, []string{"भारत", "in", "com"}, false},
}

// mixCase upper-cases a random choice of the letters of s.
func mixCase(r *rng, s string) string {
	var b strings.Builder
	mode := r.intn(3) // 0 every letter at random, 1 all upper, 2 first upper
	for i, c := range s {
		switch {
		case mode == 1, mode == 2 && i == 0, mode == 0 && r.chance(50):
			c = unicode.ToUpper(c)
		}
		b.WriteRune(c)
	}
	return b.String()
}

// pctEncode percent-encodes every byte of s outside the unreserved set of
// RFC 3986, with upper- or lower-case hex digits.
func pctEncode(s string, lower bool) string {
	hex := "0123456789ABCDEF"
	if lower {
		hex = "0123456789abcdef"
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x80 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-._~", c) >= 0) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// token returns n random characters from alphabet.
func token(r *rng, n int, alphabet string) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.intn(len(alphabet))]
	}
	return string(b)
}

const (
	alnum  = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	b64url = alnum + "-_"
	hexd   = "0123456789abcdef"
)

// asciiHost returns a host such as www.news-shop.example.com.
func asciiHost(r *rng) string {
	var parts []string
	if r.chance(50) {
		parts = append(parts, pick(r, []string{"www", "m", "api", "cdn", "shop", "en", "img"}))
	}
	label := pick(r, ascii)
	if r.chance(40) {
		label += "-" + pick(r, ascii)
	}
	parts = append(parts, label, pick(r, tlds))
	return strings.Join(parts, ".")
}

// idnHost returns a domain in one script, its letters in mixed case when
// the script has case.
func idnHost(r *rng, sc script) string {
	n := r.between(1, 2)
	var labels []string
	if sc.cased && r.chance(30) {
		labels = append(labels, pick(r, []string{"www", "WWW", "Www"}))
	}
	for range n {
		l := pick(r, sc.words)
		if r.chance(25) {
			l += "-" + pick(r, sc.words)
		}
		if sc.cased {
			l = mixCase(r, l)
		}
		labels = append(labels, l)
	}
	labels = append(labels, pick(r, sc.tlds))
	return strings.Join(labels, ".")
}

// word returns a path or query word in a random script (or an emoji run).
func word(r *rng) string {
	switch r.intn(10) {
	case 0, 1:
		return pick(r, ascii)
	case 2:
		return pick(r, latin)
	case 3, 4:
		return pick(r, cyrillic)
	case 5, 6:
		return pick(r, cjk)
	case 7:
		return pick(r, arabic)
	case 8:
		return pick(r, emoji) + pick(r, emoji)
	default:
		return pick(r, append(append([]string{}, greek...), append(hebrew, indic...)...))
	}
}

// phrase returns 1 to n words joined by sep.
func phrase(r *rng, n int, sep string) string {
	k := r.between(1, n)
	ws := make([]string, k)
	for i := range ws {
		ws[i] = word(r)
	}
	return strings.Join(ws, sep)
}

// maybeEncode percent-encodes s some of the time (as a browser's address bar
// or a server would have), else leaves it raw.
func maybeEncode(r *rng, s string, pct int) string {
	if r.chance(pct) {
		return pctEncode(s, r.chance(20))
	}
	return s
}

// ---- long_queries: 1 to 8 KB queries ----

// jsonish returns a small JSON-looking value.
func jsonish(r *rng) string {
	var b strings.Builder
	b.WriteByte('{')
	n := r.between(2, 8)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:", pick(r, keys))
		switch r.intn(5) {
		case 0:
			fmt.Fprintf(&b, "%d", r.intn(100000))
		case 1:
			fmt.Fprintf(&b, "[%d,%d,%d]", r.intn(100), r.intn(100), r.intn(100))
		case 2:
			b.WriteString(`"` + phrase(r, 3, " ") + `"`)
		case 3:
			b.WriteString(`{"x":true,"y":null}`)
		default:
			b.WriteString(`"` + token(r, r.between(8, 32), b64url) + `"`)
		}
	}
	b.WriteByte('}')
	return b.String()
}

// queryValue returns one value of a long query.
func queryValue(r *rng) string {
	switch r.intn(9) {
	case 0, 1: // tracking ids and tokens
		return token(r, r.between(16, 200), b64url)
	case 2: // hex signatures
		return token(r, 2*r.between(16, 64), hexd)
	case 3: // encoded non-ASCII text, + or %20 for spaces
		return strings.ReplaceAll(pctEncode(phrase(r, 8, " "), false), "%20", pick(r, []string{"+", "%20"}))
	case 4: // raw non-ASCII text
		return phrase(r, 8, pick(r, []string{" ", "+", "_", "-"}))
	case 5: // raw JSON
		return jsonish(r)
	case 6: // encoded JSON
		return pctEncode(jsonish(r), r.chance(30))
	case 7: // an encoded URL (redirects)
		u := "https://" + asciiHost(r) + "/" + pick(r, ascii) + "/" + pick(r, ascii) + "?" + pick(r, keys) + "=" + token(r, 12, alnum)
		return pctEncode(u, false)
	default: // comma lists
		var ids []string
		for range r.between(3, 30) {
			ids = append(ids, fmt.Sprint(r.intn(1000000)))
		}
		return strings.Join(ids, pick(r, []string{",", "%2C"}))
	}
}

// invalidUTF8 returns a byte sequence that is not UTF-8.
func invalidUTF8(r *rng) string {
	return pick(r, []string{"\xff", "\xc3", "\xe2\x82", "\x80", "\xed\xa0\x80", "\xf0\x9f\x98", "\xc0\xaf", "\xfe"})
}

func genLongQueries(r *rng, n int) []byte {
	var w writer
	for range n {
		target := r.between(1024, 8192)
		var b strings.Builder
		b.WriteString(pick(r, []string{"https://", "https://", "http://"}))
		b.WriteString(asciiHost(r))
		for range r.between(0, 4) {
			b.WriteString("/" + pick(r, ascii))
		}
		if r.chance(30) {
			b.WriteString("/" + pick(r, ascii) + ".html")
		}
		b.WriteByte('?')
		q0 := b.Len()
		bad := r.chance(15) // a few lines carry invalid UTF-8
		for first := true; b.Len()-q0 < target; first = false {
			if !first {
				b.WriteByte('&')
			}
			b.WriteString(pick(r, keys))
			b.WriteByte('=')
			v := queryValue(r)
			if bad && r.chance(10) {
				i := r.intn(len(v) + 1)
				v = v[:i] + invalidUTF8(r) + v[i:]
			}
			b.WriteString(v)
		}
		if r.chance(20) {
			b.WriteString("#" + maybeEncode(r, phrase(r, 3, "-"), 50))
		}
		w.add(b.String(), "")
	}
	return w.Bytes()
}

// ---- deep_paths: 50 to 500 segments ----

func segment(r *rng) string {
	switch r.intn(6) {
	case 0:
		return fmt.Sprint(r.intn(100000))
	case 1:
		return pick(r, ascii) + "-" + pick(r, ascii)
	case 2:
		return token(r, r.between(2, 10), alnum)
	default:
		return pick(r, ascii)
	}
}

func genDeepPaths(r *rng, n int) []byte {
	var w writer
	for range n {
		segs := r.between(50, 500)
		var b strings.Builder
		file := r.chance(10)
		if file {
			b.WriteString("file:///")
			if r.chance(50) {
				b.WriteString("C:/")
			}
		} else {
			b.WriteString(pick(r, []string{"https://", "http://"}))
			b.WriteString(asciiHost(r))
			b.WriteByte('/')
		}
		// kind 0: clean; 1: '.' and '..'; 2: percent-encoded dots too.
		kind := r.intn(3)
		dots := []string{".", ".."}
		if kind == 2 {
			dots = []string{".", "..", "%2e", "%2E", ".%2e", "%2e.", "%2e%2E", "%2E%2e"}
		}
		for i := range segs {
			if i > 0 {
				b.WriteByte('/')
			}
			if kind > 0 && r.chance(20) {
				b.WriteString(pick(r, dots))
			} else {
				b.WriteString(segment(r))
			}
		}
		if r.chance(30) {
			b.WriteByte('/')
		}
		if !file && r.chance(30) {
			b.WriteString("?" + pick(r, keys) + "=" + token(r, 8, alnum))
		}
		w.add(b.String(), "")
	}
	return w.Bytes()
}

// ---- nonascii: absolute URLs with IDN hosts and non-ASCII paths/queries ----

// nonASCIIURL returns an absolute URL with a non-ASCII host (mostly), path,
// query and fragment.
func nonASCIIURL(r *rng) string {
	var b strings.Builder
	b.WriteString(pick(r, []string{"https://", "https://", "http://", "HTTPS://", "Http://"}))
	if r.chance(85) {
		b.WriteString(idnHost(r, pick(r, scripts)))
	} else {
		b.WriteString(asciiHost(r))
	}
	if r.chance(5) {
		b.WriteString(pick(r, []string{":8080", ":443", ":80"}))
	}
	for range r.between(1, 5) {
		b.WriteString("/" + maybeEncode(r, phrase(r, 2, pick(r, []string{"-", "_", " "})), 25))
	}
	if r.chance(20) {
		b.WriteString(pick(r, []string{".html", ".php", "/"}))
	}
	if r.chance(60) {
		b.WriteByte('?')
		for i := range r.between(1, 4) {
			if i > 0 {
				b.WriteByte('&')
			}
			b.WriteString(pick(r, keys) + "=" + maybeEncode(r, phrase(r, 3, pick(r, []string{" ", "+"})), 30))
		}
	}
	if r.chance(25) {
		b.WriteString("#" + maybeEncode(r, phrase(r, 2, "-"), 20))
	}
	return b.String()
}

func genNonASCII(r *rng, n int) []byte {
	var w writer
	for range n {
		w.add(nonASCIIURL(r), "")
	}
	return w.Bytes()
}

// ---- rel_nonascii: non-ASCII references against non-ASCII bases ----

func relRef(r *rng) string {
	p := func() string { return maybeEncode(r, word(r), 20) }
	q := func() string { return pick(r, keys) + "=" + maybeEncode(r, phrase(r, 2, " "), 25) }
	switch r.intn(10) {
	case 0:
		return p() + "/" + p()
	case 1:
		return "../" + p() + "?" + q()
	case 2:
		return "../../" + p() + "/" + p()
	case 3:
		return "/" + p() + "/" + p() + "/" + p()
	case 4:
		return "?" + q() + "&" + q()
	case 5:
		return "#" + maybeEncode(r, phrase(r, 2, "-"), 20)
	case 6:
		return "./" + p() + "#" + p()
	case 7:
		return "//" + idnHost(r, pick(r, scripts)) + "/" + p()
	case 8:
		return p() + "/./" + p() + "/../" + p()
	default:
		return p()
	}
}

func genRelNonASCII(r *rng, n int) []byte { return genRefs(r, n, 150, nonASCIIURL, relRef) }

// genRefs writes n references made by ref, each against one of k bases made
// by base (all made first).
func genRefs(r *rng, n, k int, base, ref func(*rng) string) []byte {
	bases := make([]string, k)
	for i := range bases {
		bases[i] = base(r)
	}
	var w writer
	for range n {
		w.add(ref(r), pick(r, bases))
	}
	return w.Bytes()
}

// ---- dirty2: synthetic web URLs made dirty ----

var defaultPorts = map[string]string{"http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21"}

// edgeControls are the C0 controls and space that the WHATWG parser strips
// from both ends (except LF and U+001F, which a workload line cannot hold).
const edgeControls = "\x00\x01\x02\x08\x0b\x0c\x0e\x1b\x1e\r\t "

// needlessly encodes some unreserved ASCII bytes of s (%41 for A ...).
func needlessly(r *rng, s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '~') && r.chance(15) {
			fmt.Fprintf(&b, pick(r, []string{"%%%02X", "%%%02x"}), c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// sprinkle inserts tabs and carriage returns at random places of s.
func sprinkle(r *rng, s string) string {
	for range r.between(1, 3) {
		i := r.intn(len(s) + 1)
		for i < len(s) && !utf8.RuneStart(s[i]) {
			i++
		}
		s = s[:i] + pick(r, []string{"\t", "\r", "\r\t"}) + s[i:]
	}
	return s
}

func genDirty(r *rng, n int) []byte {
	var w writer
	schemes := []string{"http", "https", "https", "http", "ws", "wss", "ftp"}
	for range n {
		scheme := pick(r, schemes)
		host := asciiHost(r)
		if r.chance(15) {
			host = idnHost(r, pick(r, scripts[:3]))
		}
		var path []string
		for range r.between(0, 6) {
			path = append(path, segment(r))
		}
		query := ""
		if r.chance(50) && scheme != "ftp" {
			var kv []string
			for range r.between(1, 5) {
				kv = append(kv, pick(r, keys)+"="+token(r, r.between(1, 20), alnum))
			}
			query = strings.Join(kv, "&")
		}
		frag := ""
		if r.chance(15) {
			frag = pick(r, ascii)
		}

		// Dirty it: each change independently.
		if r.chance(40) {
			scheme = mixCase(r, scheme)
		}
		if r.chance(40) {
			host = mixCase(r, host)
		}
		if r.chance(15) {
			host = needlessly(r, host)
		}
		if r.chance(10) {
			host += "."
		}
		port := ""
		if r.chance(30) {
			port = ":" + defaultPorts[strings.ToLower(scheme)]
		} else if r.chance(5) {
			port = ":"
		} else if r.chance(5) {
			port = ":0" + fmt.Sprint(r.between(1000, 9999))
		}
		// dot segments
		if len(path) > 0 && r.chance(25) {
			i := r.intn(len(path))
			path = append(path[:i], append([]string{pick(r, []string{".", "..", "%2e", "x/.."})}, path[i:]...)...)
		}
		p := "/" + strings.Join(path, "/")
		if r.chance(20) {
			p = needlessly(r, p)
		}
		if r.chance(10) {
			p += pick(r, []string{" ", "\"", "<", ">", "`", "{", "}", "^", "|"}) + pick(r, ascii)
		}
		sep := "//"
		if r.chance(20) {
			p = strings.ReplaceAll(p, "/", "\\")
			sep = pick(r, []string{"\\\\", "/\\", "\\/"})
		} else if r.chance(5) {
			sep = pick(r, []string{"///", "/", ""})
		}
		if query != "" && r.chance(20) {
			query = needlessly(r, query)
		}
		if query != "" && r.chance(10) {
			query += pick(r, []string{" x", "'y", "\"z\"", "<>"})
		}
		s := scheme + ":" + sep + host + port + p
		if query != "" {
			s += "?" + query
		}
		if frag != "" {
			s += "#" + frag
			if r.chance(30) {
				s += pick(r, []string{" ", "`", "<", "\""}) + "x"
			}
		}
		if r.chance(25) {
			s = sprinkle(r, s)
		}
		if r.chance(25) {
			s = token(r, r.between(1, 3), edgeControls) + s
		}
		if r.chance(25) {
			s += token(r, r.between(1, 3), edgeControls)
		}
		w.add(s, "")
	}
	return w.Bytes()
}

// ---- links: the references of a web page against the page ----

// asciiWords returns lo to hi words of the ascii list joined by '/'.
func asciiWords(r *rng, lo, hi int) string {
	words := make([]string, r.between(lo, hi))
	for i := range words {
		words[i] = pick(r, ascii)
	}
	return strings.Join(words, "/")
}

// pageURL returns the URL of a page, the base of its links.
func pageURL(r *rng) string {
	path := asciiWords(r, 0, 4)
	s := pick(r, []string{"https", "https", "http"}) + "://" + asciiHost(r) + "/" + path
	if path != "" && r.chance(50) {
		s += "/"
	}
	switch r.intn(3) {
	case 0:
		if strings.HasSuffix(s, "/") {
			s += pick(r, ascii) + ".html"
		}
	case 1:
		s += "?" + pick(r, keys) + "=" + token(r, r.between(1, 12), alnum)
	}
	return s
}

// link returns an href as pages write them: fragments, queries, relative
// paths, scheme-relative and absolute URLs, the empty reference, and links
// with a scheme of their own (mailto:, tel:, javascript:, data:), some with
// the spaces around them that an attribute value keeps.
func link(r *rng) string {
	p := func(n int) string { return asciiWords(r, 1, n) }
	var s string
	switch r.intn(16) {
	case 0:
		s = "#" + pick(r, ascii)
	case 1:
		s = pick(r, []string{"#", "", "?", "."})
	case 2:
		s = "?" + pick(r, keys) + "=" + token(r, r.between(1, 10), alnum) + "&" + pick(r, keys) + "=" + pick(r, ascii)
	case 3:
		s = "mailto:" + pick(r, ascii) + "." + pick(r, ascii) + "@" + asciiHost(r)
		if r.chance(30) {
			s += "?subject=" + pick(r, ascii) + "%20" + pick(r, ascii)
		}
	case 4:
		s = pick(r, []string{"javascript:void(0)", "javascript:;", "javascript:void(0);", "javascript:history.back()"})
	case 5:
		s = fmt.Sprintf("tel:+%d-%03d-%04d", r.between(1, 49), r.intn(1000), r.intn(10000))
	case 6:
		s = "//" + asciiHost(r) + "/" + p(3) + pick(r, []string{".js", ".css", ".png", ""})
	case 7:
		s = "/" + p(4)
	case 8:
		s = p(2) + pick(r, []string{".html", "/", ""})
	case 9:
		s = strings.Repeat("../", r.between(1, 3)) + p(2)
	case 10:
		s = pick(r, []string{"https", "http"}) + "://" + asciiHost(r) + "/" + p(3)
	case 11:
		s = "./" + p(2) + "?" + pick(r, keys) + "=" + pick(r, ascii) + "&utm_source=" + pick(r, ascii)
	case 12:
		s = "data:image/" + pick(r, []string{"gif", "png", "svg+xml"}) + ";base64," + token(r, r.between(20, 120), alnum+"+/")
	case 13:
		s = "/" + p(3) + "#" + pick(r, ascii)
	case 14:
		s = mixCase(r, pick(r, []string{"https", "http"})) + "://" + mixCase(r, asciiHost(r)) + "/" + p(2)
	default:
		s = p(2) + "?" + pick(r, keys) + "=" + pick(r, ascii) + " " + pick(r, ascii)
	}
	if r.chance(5) {
		s = pick(r, []string{" ", "\t", "\r"}) + s + " "
	}
	return s
}

func genLinks(r *rng, n int) []byte { return genRefs(r, n, 200, pageURL, link) }

// ---- schemes: absolute URLs of other schemes than the special ones ----

// otherSchemeURL returns an URL of a scheme that is not special: opaque
// paths (mailto:, tel:, urn:, javascript:, data:, magnet:) and URLs with
// an authority (ssh:, git+ssh:, s3:, redis:, postgres:), some with
// characters their paths or queries must encode.
func otherSchemeURL(r *rng) string {
	switch r.intn(14) {
	case 0:
		s := "mailto:" + pick(r, ascii) + "@" + asciiHost(r)
		if r.chance(40) {
			s += "?subject=" + pick(r, ascii) + " " + pick(r, ascii) + "&cc=" + pick(r, ascii) + "@" + asciiHost(r)
		}
		return s
	case 1:
		return fmt.Sprintf("tel:+%d%09d", r.between(1, 99), r.intn(1000000000))
	case 2:
		return fmt.Sprintf("urn:isbn:978%010d", r.intn(1000000000))
	case 3:
		return "urn:uuid:" + token(r, 8, hexd) + "-" + token(r, 4, hexd) + "-4" + token(r, 3, hexd) + "-a" + token(r, 3, hexd) + "-" + token(r, 12, hexd)
	case 4:
		return pick(r, []string{"javascript:void(0)", "javascript:alert('" + pick(r, ascii) + "')", "javascript:window.print()"})
	case 5:
		return "data:text/plain;charset=utf-8," + pick(r, ascii) + pick(r, []string{"%20", " ", ",", "%0A"}) + pick(r, ascii)
	case 6:
		return "magnet:?xt=urn:btih:" + token(r, 40, hexd) + "&dn=" + pick(r, ascii) + "+" + pick(r, ascii)
	case 7:
		return "ssh://" + pick(r, ascii) + "@" + asciiHost(r) + pick(r, []string{"", ":22", ":2222"}) + "/" + pick(r, ascii)
	case 8:
		return "git+ssh://git@" + asciiHost(r) + "/" + pick(r, ascii) + "/" + pick(r, ascii) + ".git"
	case 9:
		return "s3://" + pick(r, ascii) + "-" + pick(r, ascii) + "/" + pick(r, ascii) + "/" + pick(r, ascii) + "/" + token(r, r.between(4, 16), alnum) + ".json"
	case 10:
		return fmt.Sprintf("redis://:%s@%s:6379/%d", token(r, 16, alnum), asciiHost(r), r.intn(16))
	case 11:
		return fmt.Sprintf("postgres://%s:%s@%s:5432/%s?sslmode=require", pick(r, ascii), token(r, 12, alnum), asciiHost(r), pick(r, ascii))
	case 12:
		return "spotify:" + pick(r, []string{"track", "album", "artist"}) + ":" + token(r, 22, alnum)
	default:
		return pick(r, []string{"about:blank", "about:srcdoc", "blob:https://" + asciiHost(r) + "/" + token(r, 8, hexd) + "-" + token(r, 4, hexd)})
	}
}

func genSchemes(r *rng, n int) []byte {
	var w writer
	for range n {
		s := otherSchemeURL(r)
		if r.chance(30) {
			s = mixCase(r, s[:strings.IndexByte(s, ':')]) + s[strings.IndexByte(s, ':'):]
		}
		w.add(s, "")
	}
	return w.Bytes()
}

// ---- shapes written after the tenth pass, measured before any change for them ----

// webPath returns a path of zero to five segments of ASCII words.
func webPath(r *rng) string {
	var b strings.Builder
	for range r.between(0, 5) {
		b.WriteByte('/')
		b.WriteString(pick(r, ascii))
		if r.chance(30) {
			fmt.Fprintf(&b, "%d", r.between(1, 999))
		}
	}
	if b.Len() == 0 {
		return "/"
	}
	return b.String()
}

// genUserPort: web URLs with credentials (some with bytes the userinfo set
// encodes, some non-ASCII) and ports (default ones, leading zeros, others).
func genUserPort(r *rng, n int) []byte {
	var w writer
	for range n {
		ui := ""
		if r.chance(60) {
			ui = pick(r, []string{"user", "admin", "a.b", "me%40x", "j doe", "x:y", "üser", "p@ss", "té", "git"})
			if r.chance(70) {
				ui += ":" + pick(r, []string{"pw", "s3cr3t", "p:w", "p w", "%41%42", "pä", "a/b", token(r, 12, alnum)})
			}
			ui += "@"
		}
		port := pick(r, []string{"", ":80", ":443", ":8080", ":0080", ":21", ":65535", ":1", ":3000", ":00443"})
		w.add(pick(r, []string{"http", "https", "ws", "wss", "ftp"})+"://"+ui+asciiHost(r)+port+webPath(r), "")
	}
	return w.Bytes()
}

// genInvalid: inputs that fail, as a filter of untrusted URLs sees them:
// forbidden host code points, bad IPv4 and IPv6 addresses, ports that are
// no number or too large, credentials or a port without a host, relative
// references without a base; and a few that parse.
func genInvalid(r *rng, n int) []byte {
	var w writer
	badHosts := []string{"a<b", "a>b", "a b", "a^b", "a|b", "ex%00ample", "[::1", "[::1]x", "1.2.3.256",
		"0x1.0x2.0x3.0x4.5", "999999999999", "[1:2:3:4:5:6:7:8:9]", "xn--a.com", "a..b%", "%zz", "ex\\ample"}
	badIPv6 := []string{"::1::", "1::2::3", "fffff::", "1:2:3:4:5:6:7", "::1.2.3", "::1.2.3.4.5", "g::1", "1:2:3:4:5:6:7:8:9"}
	for range n {
		scheme := pick(r, []string{"http", "https", "ws", "ftp"})
		switch k := r.intn(100); {
		case k < 35:
			w.add(scheme+"://"+pick(r, badHosts)+webPath(r), "")
		case k < 55:
			w.add(scheme+"://"+asciiHost(r)+":"+pick(r, []string{"99999", "8o", "-1", "65536", "1 2", "x"})+webPath(r), "")
		case k < 70:
			w.add(scheme+"://"+pick(r, []string{"", "@", ":@", "u@", "u:p@"})+pick(r, []string{"", "/", ":80"})+webPath(r), "")
		case k < 85:
			w.add(pick(r, []string{"", "//"})+strings.TrimPrefix(webPath(r), "/")+pick(r, []string{"", "?q=1", "#f"}), "")
		default:
			w.add(scheme+"://["+pick(r, badIPv6)+"]"+webPath(r), "")
		}
	}
	return w.Bytes()
}

// genIPForms: IPv4 hosts in decimal, hexadecimal, octal and shortened
// spellings, and IPv6 hosts with and without "::", upper-case digits and
// an embedded IPv4 address.
func genIPForms(r *rng, n int) []byte {
	var w writer
	for range n {
		a := [4]int{r.intn(256), r.intn(256), r.intn(256), r.intn(256)}
		var h string
		switch k := r.intn(100); {
		case k < 30:
			h = fmt.Sprintf("%d.%d.%d.%d", a[0], a[1], a[2], a[3])
		case k < 45:
			h = fmt.Sprintf("%#x.%#x.%#x.%#x", a[0], a[1], a[2], a[3])
		case k < 55:
			h = fmt.Sprintf("0%o.0%o.0%o.0%o", a[0], a[1], a[2], a[3])
		case k < 65:
			h = fmt.Sprint(a[0]<<24 | a[1]<<16 | a[2]<<8 | a[3])
		case k < 72:
			h = fmt.Sprintf("%d.%d", a[0], a[1]<<16|a[2]<<8|a[3])
		default:
			var g [8]string
			for i := range g {
				g[i] = fmt.Sprintf("%x", r.intn(65536))
			}
			switch m := r.intn(10); {
			case m < 3:
				h = "[" + strings.Join(g[:], ":") + "]"
			case m < 6:
				h = "[" + strings.Join(g[:2], ":") + "::" + strings.Join(g[5:], ":") + "]"
			case m < 8:
				h = fmt.Sprintf("[::ffff:%d.%d.%d.%d]", a[0], a[1], a[2], a[3])
			default:
				h = "[" + strings.ToUpper(strings.Join(g[:3], ":")) + "::0:0:" + g[7] + "]"
			}
		}
		w.add(pick(r, []string{"http", "https", "ws"})+"://"+h+pick(r, []string{"", ":8080", ":80"})+webPath(r), "")
	}
	return w.Bytes()
}

// genOpaque: long opaque paths: data: URLs with base64 payloads (with '/'
// in them) and with HTML, and javascript: URLs.
func genOpaque(r *rng, n int) []byte {
	var w writer
	const b64 = alnum + "+/"
	for range n {
		switch k := r.intn(10); {
		case k < 5:
			w.add("data:"+pick(r, []string{"image/png", "application/octet-stream", "text/plain"})+";base64,"+token(r, 4*r.between(4, 130), b64), "")
		case k < 8:
			var b strings.Builder
			b.WriteString("data:text/html,")
			for range r.between(3, 40) {
				b.WriteString(pick(r, []string{"<p>", "</p>", "hello", " ", "%20", "world", "&amp;", "#x", `"q"`}))
			}
			w.add(b.String(), "")
		default:
			w.add("javascript:"+strings.Repeat(pick(r, []string{"void(0)", "alert('x')", "location.href='/a?b=c'", "fn(1, 2)  "}), r.between(1, 5)), "")
		}
	}
	return w.Bytes()
}

// genFilePaths: file: URLs: Windows drive letters (with ':' and '|'),
// hosts, paths without "//", backslashes in upper-case schemes, localhost
// with queries, fragments and dot segments.
func genFilePaths(r *rng, n int) []byte {
	var w writer
	for range n {
		p := webPath(r)
		switch k := r.intn(100); {
		case k < 30:
			w.add("file:///"+pick(r, []string{"C", "D", "c", "d", "Z"})+pick(r, []string{":", "|"})+p, "")
		case k < 50:
			w.add("file://"+asciiHost(r)+p, "")
		case k < 70:
			w.add("file:"+p, "")
		case k < 85:
			w.add(`FILE:\\`+pick(r, []string{"server", "srv.example"})+strings.ReplaceAll(p, "/", `\`), "")
		default:
			w.add("file://localhost"+p+pick(r, []string{"", "?x=1", "#f", "/../x", "/./y"}), "")
		}
	}
	return w.Bytes()
}
