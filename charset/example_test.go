package charset_test

import (
	"errors"
	"fmt"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/charset"
)

func ExampleParse() {
	enc, _ := charset.Lookup("windows-1252")
	u, _ := charset.Parse("https://example.com/café?q=café&r=\u2020&s=\u3042#café", nil, enc)
	fmt.Println(u.Pathname())
	fmt.Println(u.Search())
	fmt.Println(u.Hash())
	// Output:
	// /caf%C3%A9
	// ?q=caf%E9&r=%86&s=%26%2312354%3B
	// #caf%C3%A9
}

func ExampleSerializeURLEncoded() {
	list := urlspec.NewSearchParams("")
	list.Append("q", "1+1 ≡ 2")
	sjis, _ := charset.Lookup("shift_jis")
	fmt.Println(charset.SerializeURLEncoded(list, sjis))
	fmt.Println(charset.SerializeURLEncoded(list, nil))
	// Output:
	// q=1%2B1+%81%DF+2
	// q=1%2B1+%E2%89%A1+2
}

func ExampleLookup_label() {
	e, _ := charset.Lookup(" Latin1 ")
	fmt.Println(e.Name())
	_, err := charset.Lookup("klingon")
	fmt.Println(errors.Is(err, charset.UnknownEncoding))
	// Output:
	// windows-1252
	// true
}
