package uts46

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf8"
)

// RFC 3492 §7.1 sample strings.
var punycodeSamples = []struct{ uni, ace string }{
	{"ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"},
	{"他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"},
	{"他們爲什麽不說中文", "ihqwctvzc91f659drss3x8bo0yb"},
	{"Pročprostěnemluvíčesky", "Proprostnemluvesky-uyb24dma41a"},
	{"למההםפשוטלאמדבריםעברית", "4dbcagdahymbxekheh6e0a7fei0b"},
	{"यहलोगहिन्दीक्योंनहींबोलसकतेहैं", "i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd"},
	{"なぜみんな日本語を話してくれないのか", "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa"},
	{"세계의모든사람들이한국어를이해한다면얼마나좋을까", "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c"},
	{"почемужеонинеговорятпорусски", "b1abfaaepdrnnbgefbadotcwatmq2g4l"},
	{"PorquénopuedensimplementehablarenEspañol", "PorqunopuedensimplementehablarenEspaol-fmd56a"},
	{"TạisaohọkhôngthểchỉnóitiếngViệt", "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g"},
	{"3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"},
	{"安室奈美恵-with-SUPER-MONKEYS", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"},
	{"Hello-Another-Way-それぞれの場所", "Hello-Another-Way--fc4qua05auwb3674vfr0b"},
	{"ひとつ屋根の下2", "2-u9tlzr9756bt3uc0v"},
	{"MajiでKoiする5秒前", "MajiKoi5-783gue6qz075azm5e"},
	{"パフィーdeルンバ", "de-jg4avhby1noc0d"},
	{"そのスピードで", "d9juau41awczczp"},
	{"-> $1.00 <-", "-> $1.00 <--"},
}

func TestPunycodeSamples(t *testing.T) {
	var s punyScratch
	for _, c := range punycodeSamples {
		enc, ok := punyEncode(nil, []byte(c.uni), &s)
		if !ok || string(enc) != c.ace {
			t.Errorf("encode(%q) = %q, %v; want %q", c.uni, enc, ok, c.ace)
		}
		dec, ok := punyDecode(nil, []byte(c.ace), &s)
		if !ok || string(dec) != c.uni {
			t.Errorf("decode(%q) = %q, %v; want %q", c.ace, dec, ok, c.uni)
		}
	}
	for _, bad := range []string{"-abc", "a-b!", "99999999999", "a-b", "ab-é", "a-9"} {
		if dec, ok := punyDecode(nil, []byte(bad), &s); ok {
			t.Errorf("decode(%q) = %q, want failure", bad, dec)
		}
	}
}

// naivePunyEncode is a literal transcription of RFC 3492 §6.3 with the
// overflow checks of punycode.js.
func naivePunyEncode(input []rune) (string, bool) {
	var out []byte
	for _, r := range input {
		if r < 0x80 {
			out = append(out, byte(r))
		}
	}
	b := len(out)
	h := b
	if b > 0 {
		out = append(out, '-')
	}
	n, delta, bias := punyInitialN, 0, punyInitialBias
	for h < len(input) {
		m := int(^uint(0) >> 1)
		for _, r := range input {
			if int(r) >= n && int(r) < m {
				m = int(r)
			}
		}
		if (m-n)*(h+1) > punyMaxInt-delta {
			return "", false
		}
		delta += (m - n) * (h + 1)
		n = m
		for _, r := range input {
			if int(r) < n {
				delta++
				if delta > punyMaxInt {
					return "", false
				}
			}
			if int(r) == n {
				q := delta
				for k := punyBase; ; k += punyBase {
					t := punyThreshold(k, bias)
					if q < t {
						break
					}
					out = append(out, punyEncodeDigit(t+(q-t)%(punyBase-t)))
					q = (q - t) / (punyBase - t)
				}
				out = append(out, punyEncodeDigit(q))
				bias = punyAdapt(delta, h+1, h == b)
				delta = 0
				h++
			}
		}
		delta++
		n++
	}
	return string(out), true
}

// naivePunyDecode is a literal transcription of RFC 3492 §6.2 (insertion
// into a slice).
func naivePunyDecode(input string) ([]rune, bool) {
	b := 0
	for i := len(input) - 1; i >= 0; i-- {
		if input[i] == '-' {
			b = i
			break
		}
	}
	var out []rune
	for j := 0; j < b; j++ {
		if input[j] >= 0x80 {
			return nil, false
		}
		out = append(out, rune(input[j]))
	}
	n, i, bias := punyInitialN, 0, punyInitialBias
	in := 0
	if b > 0 {
		in = b + 1
	}
	for in < len(input) {
		oldi, w := i, 1
		for k := punyBase; ; k += punyBase {
			if in >= len(input) {
				return nil, false
			}
			digit := punyDigit(input[in])
			in++
			if digit >= punyBase || digit > (punyMaxInt-i)/w {
				return nil, false
			}
			i += digit * w
			t := punyThreshold(k, bias)
			if digit < t {
				break
			}
			if w > punyMaxInt/(punyBase-t) {
				return nil, false
			}
			w *= punyBase - t
		}
		bias = punyAdapt(i-oldi, len(out)+1, oldi == 0)
		if i/(len(out)+1) > punyMaxInt-n {
			return nil, false
		}
		n += i / (len(out) + 1)
		i %= len(out) + 1
		if n > maxRune || 0xD800 <= n && n <= 0xDFFF {
			return nil, false
		}
		out = slices.Insert(out, i, rune(n))
		i++
	}
	return out, true
}

func randomLabel(rng *rand.Rand) []rune {
	n := rng.IntN(40)
	if rng.IntN(20) == 0 {
		n = rng.IntN(3000)
	}
	alphabet := [][2]rune{{'a', 'z'}, {'0', '9'}, {'-', '-'}, {0x80, 0x17F}, {0x4E00, 0x4E20}, {0x10000, 0x10FFFF}, {0x0600, 0x06FF}}
	k := 1 + rng.IntN(len(alphabet))
	var out []rune
	for range n {
		a := alphabet[rng.IntN(k)]
		r := a[0] + rng.Int32N(a[1]-a[0]+1)
		if 0xD800 <= r && r <= 0xDFFF {
			r = 'x'
		}
		out = append(out, r)
	}
	return out
}

func TestPunycodeAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var s punyScratch
	overflows := 0
	for i := 0; i < 3000; i++ {
		label := randomLabel(rng)
		want, wantOK := naivePunyEncode(label)
		got, ok := punyEncode(nil, []byte(string(label)), &s)
		if ok != wantOK || ok && string(got) != want {
			t.Fatalf("encode(%q) = %q, %v; naive %q, %v", string(label), got, ok, want, wantOK)
		}
		if !ok {
			overflows++
			continue
		}
		dec, ok := punyDecode(nil, got, &s)
		if !ok || string(dec) != string(label) {
			t.Fatalf("decode(encode(%q)) = %q, %v", string(label), dec, ok)
		}
		// Mutations of valid encodings: both decoders agree.
		mut := []byte(want)
		if len(mut) > 0 {
			mut[rng.IntN(len(mut))] = "abz09-"[rng.IntN(6)]
		}
		wantDec, wantOK := naivePunyDecode(string(mut))
		dec, ok = punyDecode(nil, mut, &s)
		if ok != wantOK || ok && string(dec) != string(wantDec) {
			t.Fatalf("decode(%q) = %q, %v; naive %q, %v", mut, dec, ok, string(wantDec), wantOK)
		}
		if ok {
			// One encoding per string: encoding gives back the input.
			if re, ok := punyEncode(nil, dec, &s); ok && string(re) != string(mut) && isLowerASCII(mut) {
				t.Fatalf("encode(decode(%q)) = %q", mut, re)
			}
		}
	}
	if overflows == 0 {
		t.Log("no overflow exercised")
	}
}

func isLowerASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf || 'A' <= c && c <= 'Z' {
			return false
		}
	}
	return true
}

func TestPunycodeOverflow(t *testing.T) {
	var s punyScratch
	// (m - n) * (h + 1) passes 2^31 - 1: 0x10FFFF after 2100 ASCII letters.
	label := make([]rune, 0, 2101)
	for range 2100 {
		label = append(label, 'a')
	}
	label = append(label, 0x10FFFF)
	_, wantOK := naivePunyEncode(label)
	if _, ok := punyEncode(nil, []byte(string(label)), &s); ok || wantOK {
		t.Errorf("encode(a*2100 U+10FFFF) = %v, naive %v; want overflow", ok, wantOK)
	}
}

func FuzzPunycode(f *testing.F) {
	for _, c := range punycodeSamples {
		f.Add(c.ace)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var s punyScratch
		for i := 0; i < len(in); i++ {
			if in[i] >= 0x80 {
				return // the caller never decodes non-ASCII
			}
		}
		dec, ok := punyDecode(nil, []byte(in), &s)
		want, wantOK := naivePunyDecode(in)
		if ok != wantOK || ok && string(dec) != string(want) {
			t.Fatalf("decode(%q) = %q, %v; naive %q, %v", in, dec, ok, string(want), wantOK)
		}
		if ok && isLowerASCII([]byte(in)) {
			if re, ok := punyEncode(nil, dec, &s); !ok || string(re) != in {
				t.Fatalf("encode(decode(%q)) = %q, %v", in, re, ok)
			}
		}
	})
}

// punyEncodeScan is RFC 3492 §6.3's encoding loop as the RFC writes it (one
// scan over the label for each next code point), the reference for
// punyEncodeShort.
func punyEncodeScan(dst []byte, runes []rune, basic int) ([]byte, bool) {
	n, delta, bias, h := punyInitialN, 0, punyInitialBias, basic
	m := maxRune + 1 // the smallest code point >= n
	for _, r := range runes {
		if int(r) >= n && int(r) < m {
			m = int(r)
		}
	}
	for h < len(runes) {
		if (m-n)*(h+1) > punyMaxInt-delta {
			return dst, false
		}
		delta += (m - n) * (h + 1)
		n = m
		m = maxRune + 1
		// delta only grows between the checks (by at most len(runes)), so
		// that it is above punyMaxInt at one exactly when §6.3's check
		// after each increment would have failed before it.
		for _, r := range runes {
			switch c := int(r); {
			case c < n:
				delta++
			case c == n:
				if delta > punyMaxInt {
					return dst, false
				}
				dst = appendPunyDelta(dst, delta, bias)
				bias = punyAdapt(delta, h+1, h == basic)
				delta = 0
				h++
			case c < m:
				m = c
			}
		}
		if delta > punyMaxInt {
			return dst, false
		}
		delta++
		n++
	}
	return dst, true
}

// TestPunyEncodeShort checks punyEncodeShort against the RFC's scan on
// 200,000 random labels of 1 to 64 code points: ASCII, Latin, Greek,
// Arabic, Devanagari, CJK, emoji and the largest code point, with repeats,
// and labels of one code point repeated.
func TestPunyEncodeShort(t *testing.T) {
	pool := []rune{'a', 'z', '0', '-', 0x80, 0xE9, 0xFC, 0x3B1, 0x3C9, 0x627, 0x645, 0x915, 0x94D, 0x4E2D, 0x6587, 0xAC00, 0x1F600, 0x1F389, 0x10FFFF}
	rng := rand.New(rand.NewPCG(3, 4))
	var runes []rune
	var ops []uint64
	for k := range 200000 {
		runes = runes[:0]
		n := 1 + rng.IntN(punyShort)
		for i := range n {
			r := pool[rng.IntN(len(pool))]
			if k%10 == 0 && i > 0 {
				r = runes[0]
			}
			runes = append(runes, r)
		}
		var prefix []byte
		ops = ops[:0]
		basic := 0
		var ascii uint64
		for i, r := range runes {
			if r < 0x80 {
				prefix = append(prefix, byte(r))
				basic++
				ascii |= 1 << i
			} else {
				ops = append(ops, uint64(r)<<32|uint64(i))
			}
		}
		want, wok := punyEncodeScan(slices.Clone(prefix), runes, basic)
		got, gok := punyEncodeShort(slices.Clone(prefix), ops, ascii, basic)
		if string(got) != string(want) || gok != wok {
			t.Fatalf("label %U: punyEncodeShort = %q, %v; the RFC's scan: %q, %v", runes, got, gok, want, wok)
		}
	}
}
