package nfc

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func parseSeq(t *testing.T, col string) string {
	t.Helper()
	var b []byte
	for _, f := range strings.Fields(col) {
		v, err := strconv.ParseUint(f, 16, 32)
		if err != nil {
			t.Fatalf("bad code point %q", f)
		}
		b = utf8.AppendRune(b, rune(v))
	}
	return string(b)
}

// TestNormalizationTest checks the NFC conformance conditions of
// NormalizationTest.txt (UAX #15 and the file's header) at UnicodeVersion:
// c2 == NFC(c1) == NFC(c2) == NFC(c3) and c4 == NFC(c4) == NFC(c5) for every
// line, and X == NFC(X) for every code point X not listed in Part 1.
func TestNormalizationTest(t *testing.T) {
	f, err := os.Open("testdata/NormalizationTest.txt.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(zr)
	var n Normalizer
	nfc := func(s string) string { return string(n.Append(nil, []byte(s))) }
	part, lines, checks, version := "", 0, 0, ""
	inPart1 := map[rune]bool{}
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			if _, v, ok := strings.Cut(line, "# NormalizationTest-"); ok && lines == 0 {
				version, _, _ = strings.Cut(v, ".txt")
			}
			continue
		}
		if strings.HasPrefix(line, "@") {
			part = line
			continue
		}
		cols := strings.Split(line, ";")
		if len(cols) < 5 {
			t.Fatalf("bad line %q", line)
		}
		var c [5]string
		for i := range c {
			c[i] = parseSeq(t, cols[i])
		}
		lines++
		if part == "@Part1" {
			r, _ := utf8.DecodeRuneInString(c[0])
			inPart1[r] = true
		}
		for _, p := range [][2]string{{c[1], c[0]}, {c[1], c[1]}, {c[1], c[2]}, {c[3], c[3]}, {c[3], c[4]}} {
			checks++
			if got := nfc(p[1]); got != p[0] {
				t.Errorf("%s %s: NFC(%+q) = %+q, want %+q", part, line, p[1], got, p[0])
			}
		}
		if n.IsNormal([]byte(c[1])) != true || n.IsNormal([]byte(c[0])) != (c[0] == c[1]) {
			t.Errorf("%s %s: IsNormal wrong", part, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if lines < 19000 {
		t.Fatalf("only %d lines read", lines)
	}
	invariant := 0
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if inPart1[r] || !utf8.ValidRune(r) {
			continue
		}
		s := string(r)
		invariant++
		if got := nfc(s); got != s {
			t.Errorf("U+%04X not in Part 1: NFC = %+q", r, got)
		}
	}
	t.Logf("NormalizationTest-%s: %d lines, %d NFC checks passed; %d code points outside Part 1 invariant", version, lines, checks, invariant)
}

// TestAgainstNode compares Append with String.prototype.normalize("NFC") of
// node (ICU) on generated strings that mix combining marks of every
// combining class, Hangul, composition exclusions, singletons and characters
// added in recent Unicode versions. It is skipped without node (failed with
// URLSPEC_REQUIRE_NODE=1), and fails if node's Unicode version is not
// UnicodeVersion.
func TestAgainstNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		skipOrFail(t, "node not installed")
	}
	out, err := exec.Command(node, "-p", "process.versions.unicode").Output()
	if err != nil {
		skipOrFail(t, "node does not run: "+err.Error())
	}
	if v := strings.TrimSpace(string(out)); v+".0" != UnicodeVersion && v != UnicodeVersion {
		t.Fatalf("node's ICU is Unicode %s, the tables are %s", v, UnicodeVersion)
	}
	inputs := nodeInputs(10000)
	var in bytes.Buffer
	for _, s := range inputs {
		b, _ := json.Marshal(s)
		in.Write(b)
		in.WriteByte('\n')
	}
	const script = `
const lines = require("fs").readFileSync(0, "utf8").split("\n").filter(l => l !== "");
process.stdout.write(lines.map(l => JSON.stringify(JSON.parse(l).normalize("NFC"))).join("\n") + "\n");
`
	cmd := exec.Command(node, "-e", script)
	cmd.Stdin = &in
	res, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	got := strings.Split(strings.TrimSuffix(string(res), "\n"), "\n")
	if len(got) != len(inputs) {
		t.Fatalf("node answered %d lines for %d inputs", len(got), len(inputs))
	}
	var n Normalizer
	same, changed := 0, 0
	for i, s := range inputs {
		var want string
		if err := json.Unmarshal([]byte(got[i]), &want); err != nil {
			t.Fatal(err)
		}
		if ours := string(n.Append(nil, []byte(s))); ours != want {
			t.Errorf("NFC(%+q) = %+q, node %+q", s, ours, want)
			continue
		}
		if n.IsNormal([]byte(s)) != (s == want) {
			t.Errorf("IsNormal(%+q) = %v", s, !(s == want))
			continue
		}
		same++
		if s != want {
			changed++
		}
	}
	t.Logf("node %s (Unicode %s): %d of %d strings equal (%d changed by NFC)", nodeVersion(node), strings.TrimSpace(string(out)), same, len(inputs), changed)
}

func nodeVersion(node string) string {
	out, _ := exec.Command(node, "--version").Output()
	return strings.TrimSpace(string(out))
}

// nodeInputs returns n strings of 1 to 12 code points drawn from a pool of
// starters, non-starters of every combining class (from the tables),
// Hangul syllables and jamo, composites, singletons, excluded and
// non-starter decompositions, and marks new in Unicode 16 and 17.
func nodeInputs(n int) []string {
	var marks []rune // every code point with a non-zero combining class
	var composites []rune
	for r := rune(0); r <= utf8.MaxRune; r++ {
		p := props(r)
		if uint8(p) != 0 {
			marks = append(marks, r)
		}
		if (p>>10)&7 != 0 && r%7 == 0 {
			composites = append(composites, r)
		}
	}
	pool := []rune("aeoAEOnNcCsSkK\u00C5\u212B\u2126\u0344\u0F73\u0F75\u0F81\u1E9B\u3099\u309A\u304B\u30AB\uFB2C\u0958\u2ADC\U0001D15E\U0001D165\U0001D1BB" +
		"\u1100\u1161\u11A8\u11A7\u11C3\uAC00\uAC01\uD7A3\u0B47\u0B3E\u0B57\u0DD9\u0DCF\u0DCA\u1025\u102E" +
		"\u1AE8\u0326\u05AE\U0001612F\U00016130\U0001611E\U0001611F\U00011383\U000113C2\U000113B8\U000113C9\U000113CE\U0001E5EE\U0001E5EF\U000105C9\U0001D79A")
	rng := rand.New(rand.NewPCG(21, 17))
	out := make([]string, 0, n)
	for range n {
		var b []byte
		for range 1 + rng.IntN(12) {
			var r rune
			switch k := rng.IntN(10); {
			case k < 4:
				r = marks[rng.IntN(len(marks))]
			case k < 6:
				r = composites[rng.IntN(len(composites))]
			default:
				r = pool[rng.IntN(len(pool))]
			}
			b = utf8.AppendRune(b, r)
		}
		out = append(out, string(b))
	}
	return out
}

// skipOrFail skips the test with msg, or fails it when URLSPEC_REQUIRE_NODE=1
// (set by .ci/run after npm ci), so that CI never skips it silently.
func skipOrFail(t *testing.T, msg string) {
	t.Helper()
	if os.Getenv("URLSPEC_REQUIRE_NODE") == "1" {
		t.Fatal(msg + " (URLSPEC_REQUIRE_NODE=1: failing instead of skipping)")
	}
	t.Skip(msg)
}

func TestInvalidUTF8Kept(t *testing.T) {
	for _, s := range []string{"\xff", "a\xff\u0301", "e\u0301\xff", "\xcc", "a\xcc\x81"[:2] + "\u0327\u0301"} {
		got := Append(nil, []byte(s))
		if !utf8.Valid([]byte(s)) && strings.Count(string(got), "\ufffd") != 0 {
			t.Errorf("Append(%+q) = %+q: invalid byte replaced", s, got)
		}
		if !IsNormal(got) {
			t.Errorf("IsNormal(Append(%+q)) = false", s)
		}
	}
}

func TestLongRuns(t *testing.T) {
	for _, n := range []int{15, 16, 17, 29, 30, 31, 32, 100, 1000} {
		in := "a" + strings.Repeat("\u0301\u0316", n)
		want := "á" + strings.Repeat("\u0316", n) + strings.Repeat("\u0301", n-1)
		if got := Append(nil, []byte(in)); string(got) != want {
			t.Errorf("Append(a + %d U+0301 U+0316) = %+q", n, got)
		}
		if !IsNormal([]byte(want)) || IsNormal([]byte(in)) {
			t.Errorf("IsNormal wrong for %d", n)
		}
	}
}

func TestAppendAllocs(t *testing.T) {
	var n Normalizer
	dst := make([]byte, 0, 64)
	for _, s := range []string{"example", "bücher", "a\u0301\u0316b", "\u1100\u1161\u11A8"} {
		n.Append(dst[:0], []byte(s))
		if a := testing.AllocsPerRun(100, func() { n.Append(dst[:0], []byte(s)) }); a != 0 {
			t.Errorf("Append(%+q): %v allocations", s, a)
		}
	}
}

func BenchmarkAppend(b *testing.B) {
	var n Normalizer
	dst := make([]byte, 0, 256)
	for _, s := range []string{"www.example.com", "www.bücher.de", "a\u0326\u1AE8.com"} {
		b.Run(s, func(b *testing.B) {
			src := []byte(s)
			b.SetBytes(int64(len(src)))
			for range b.N {
				dst = n.Append(dst[:0], src)
			}
		})
	}
}

// TestCountingSort checks the counting sort that canonical ordering uses for
// a run of more than 32 non-starters (linear in the run's length, where an
// insertion sort would be quadratic): on long runs of marks in mixed
// classes it gives what a stable sort by combining class gives.
// BenchmarkLongRuns measures the cost per mark at 10^5 and 10^6 marks.
func TestCountingSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	classes := []cccRune{{0x0301, 230}, {0x0316, 220}, {0x1AE8, 230}, {0x0326, 220}, {0x05B0, 10}, {0x0F72, 130}, {0x1DCE, 214}}
	var n Normalizer
	for _, size := range []int{33, 100, 1000, 100_000} {
		run := make([]cccRune, size)
		for i := range run {
			run[i] = classes[rng.IntN(len(classes))]
		}
		want := slices.Clone(run)
		slices.SortStableFunc(want, func(x, y cccRune) int { return int(x.ccc) - int(y.ccc) })
		n.sortRun(run)
		if !slices.Equal(run, want) {
			t.Errorf("%d marks: the counting sort differs from a stable sort by class", size)
		}
	}
	src := []byte("a" + strings.Repeat("\u0301\u0316\u1AE8\u0326", 25_000))
	if out := n.Append(nil, src); !n.IsNormal(out) {
		t.Error("100,000 marks: result not in NFC")
	}
}

// BenchmarkLongRuns normalises a starter followed by 10^5 and by 10^6
// combining marks and reports the time per mark, which a linear
// algorithm keeps the same at both sizes (a quadratic sort would take
// 10× as long per mark at the larger size).
func BenchmarkLongRuns(b *testing.B) {
	var n Normalizer
	for _, k := range []int{100_000, 1_000_000} {
		b.Run("marks="+strconv.Itoa(k), func(b *testing.B) {
			src := []byte("a" + strings.Repeat("\u0301\u0316\u1AE8\u0326", k/4))
			dst := make([]byte, 0, 2*len(src))
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				dst = n.Append(dst[:0], src)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(k), "ns/mark")
		})
	}
}

// DecodeRune and DecodeRuneInString agree with utf8.DecodeRune on every
// one- and two-byte input and on many three- and four-byte ones.
func TestDecodeRune(t *testing.T) {
	check := func(b []byte) {
		r, n := DecodeRune(b)
		wr, wn := utf8.DecodeRune(b)
		if r != wr || n != wn {
			t.Fatalf("DecodeRune(% x) = %U, %d; utf8.DecodeRune: %U, %d", b, r, n, wr, wn)
		}
		if r, n := DecodeRuneInString(string(b)); r != wr || n != wn {
			t.Fatalf("DecodeRuneInString(% x) = %U, %d; utf8.DecodeRune: %U, %d", b, r, n, wr, wn)
		}
	}
	check(nil)
	for a := 0; a < 256; a++ {
		check([]byte{byte(a)})
		for b := 0; b < 256; b++ {
			check([]byte{byte(a), byte(b)})
			for _, c := range []byte{0x00, 0x41, 0x7f, 0x80, 0x9f, 0xa0, 0xbf, 0xc0, 0xff} {
				check([]byte{byte(a), byte(b), c})
				check([]byte{byte(a), byte(b), c, 0x80})
			}
		}
	}
}

// fullNFC normalises b without quickSpan: decomposition, reordering and
// composition of all of it, the reference for quickSpan's shortcuts.
func fullNFC(b []byte) []byte {
	var n Normalizer
	return n.appendAll(nil, b)
}

// TestQuickSpanMaybe checks quickSpan's answer for the code points whose
// NFC_QC is Maybe, of class 0 and with no decomposition, which it lets pass
// unless they compose with the code point before them: after every code
// point P up to U+2FFFF (every code point that takes part in a composition
// is below it) that decomposes, composes or has a class or another NFC_QC
// than Yes, and every 16th other one, P C passes only when normalising leaves it as it is; and
// random texts of such code points, the starters they compose with, marks,
// Hangul jamo and syllables, and a code point that decomposes into two of
// them (U+16D68) pass only when they are in NFC, with IsNormal and Append
// exact for all of them.
func TestQuickSpanMaybe(t *testing.T) {
	var maybes, pool []rune
	for r := rune(0); r <= utf8.MaxRune; r++ {
		p := props(r)
		if (p>>8)&3 == qcMaybe {
			pool = append(pool, r)
			if uint8(p) == 0 && p>>10&7 == 0 {
				maybes = append(maybes, r)
			}
		}
	}
	if len(maybes) < 20 {
		t.Fatalf("only %d code points of class 0 with NFC_QC=Maybe and no decomposition", len(maybes))
	}
	// Before each C: every code point that decomposes, composes, has a
	// class or is not NFC_QC=Yes, and every 16th other one.
	inComp := map[rune]bool{}
	for i, k := range compKeys {
		inComp[rune(k>>21)], inComp[rune(k&(1<<21-1))], inComp[compValues[i]] = true, true, true
	}
	var before []rune
	for p := rune(0); p < 0x30000; p++ {
		if (p < 0xD800 || p > 0xDFFF) && (props(p) != 0 || inComp[p] || p%16 == 0) {
			before = append(before, p)
		}
	}
	passed := 0
	for _, c := range maybes {
		for _, p := range before {
			s := utf8.AppendRune(utf8.AppendRune(nil, p), c)
			if QuickCheck(s) {
				passed++
				if got := fullNFC(s); !bytes.Equal(got, s) {
					t.Fatalf("QuickCheck(U+%04X U+%04X) = true, but NFC is %+q", p, c, got)
				}
			}
		}
	}
	t.Logf("%d code points of class 0 with NFC_QC=Maybe and no decomposition; %d pairs passed the quick check", len(maybes), passed)
	for i, k := range compKeys {
		pool = append(pool, rune(k>>21), rune(k&(1<<21-1)), compValues[i])
	}
	pool = append(pool, 'a', 'e', ' ', 0x0301, 0x0316, 0x094D, 0x09CD, 0x1100, 0x1161, 0x11A8, 0xAC00, 0xAC01, 0x16D68, 0xFFFD)
	rng := rand.New(rand.NewPCG(1, 2))
	var s []byte
	quick := 0
	for range 300000 {
		s = s[:0]
		for range 1 + rng.IntN(6) {
			s = utf8.AppendRune(s, pool[rng.IntN(len(pool))])
		}
		want := fullNFC(s)
		normal := bytes.Equal(want, s)
		if QuickCheck(s) {
			quick++
			if !normal {
				t.Fatalf("QuickCheck(%+q) = true, but NFC is %+q", s, want)
			}
		}
		if got := IsNormal(s); got != normal {
			t.Fatalf("IsNormal(%+q) = %v, NFC is %+q", s, got, want)
		}
		if got := Append(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("Append(%+q) = %+q, want %+q", s, got, want)
		}
	}
	t.Logf("random texts: %d of 300000 passed the quick check", quick)
}
