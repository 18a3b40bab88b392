package host_test

import (
	"fmt"

	"github.com/urlspec/urlspec/host"
)

// UTS #46 with the standard's flags, then with CheckHyphens and
// UseSTD3ASCIIRules as well.
func ExampleUTS46_ToASCII() {
	web := host.UTS46{CheckBidi: true, CheckJoiners: true}
	strict := host.UTS46{CheckBidi: true, CheckJoiners: true, CheckHyphens: true, UseSTD3ASCIIRules: true}
	for _, o := range []host.UTS46{web, strict} {
		fmt.Println(o.ToASCII("Bücher-.example"))
		fmt.Println(o.ToASCII("a_b.example"))
	}
	// Output:
	// xn--bcher--3ya.example <nil>
	// a_b.example <nil>
	//  domain-to-ASCII: V3: label begins or ends with a hyphen-minus in label 1 (at byte 0 of "Bücher-.example")
	//  domain-to-ASCII: U1: code point not allowed by UseSTD3ASCIIRules in label 1 (at byte 0 of "a_b.example")
}
