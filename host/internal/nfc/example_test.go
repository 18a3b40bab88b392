package nfc_test

import (
	"fmt"

	"github.com/urlspec/urlspec/host/internal/nfc"
)

func ExampleAppend() {
	// U+1AE8 (combining class 230, new in Unicode 17) and U+0326 (220) are
	// put in canonical order; e + U+0301 composes to é.
	fmt.Printf("%+q\n", nfc.Append(nil, []byte("a\u1AE8\u0326 e\u0301")))
	// Output: "a\u0326\u1ae8 \u00e9"
}

func ExampleIsNormal() {
	fmt.Println(nfc.IsNormal([]byte("\u00e9")), nfc.IsNormal([]byte("e\u0301")))
	// Output: true false
}

func ExampleQuickCheck() {
	// The quick check answers Yes for ASCII and for text without characters
	// that may change; U+0301 may compose with what precedes it.
	fmt.Println(nfc.QuickCheck([]byte("example.com")), nfc.QuickCheck([]byte("\u00e9")), nfc.QuickCheck([]byte("\u00e9\u0301")))
	// Output: true true false
}

func ExampleNormalizer() {
	var n nfc.Normalizer // reuse it to avoid allocating for each text
	var buf []byte
	for _, s := range []string{"A\u030A", "\u212B", "\u1100\u1161\u11A8"} {
		buf = n.Append(buf[:0], []byte(s))
		fmt.Printf("%+q %v\n", buf, n.IsNormal(buf))
	}
	// Output:
	// "\u00c5" true
	// "\u00c5" true
	// "\uac01" true
}

func ExampleNormalizer_Append() {
	var n nfc.Normalizer
	fmt.Printf("%+q\n", n.Append([]byte("x."), []byte("\u05AE\U0001612F")))
	// Output: "x.\U0001612f\u05ae"
}

func ExampleNormalizer_IsNormal() {
	var n nfc.Normalizer
	fmt.Println(n.IsNormal([]byte("\U0001612F\u05AE")), n.IsNormal([]byte("\u05AE\U0001612F")))
	// Output: true false
}

func ExampleUnicodeVersion() {
	fmt.Println(nfc.UnicodeVersion)
	// Output: 17.0.0
}

func ExampleNormalizer_Footprint() {
	var n nfc.Normalizer
	n.Append(nil, []byte("e\u0301")) // the quick check says Maybe: n decomposes into its scratch space
	fmt.Println(n.Footprint() > 0)
	// Output: true
}
