package wpt_test

import (
	"fmt"

	"github.com/urlspec/urlspec/internal/wpt"
)

func ExampleURLTestData() {
	cases, err := wpt.URLTestData("../../conformance/testdata/urltestdata.json")
	if err != nil {
		panic(err)
	}
	failures := 0
	for _, c := range cases {
		if c.Failure {
			failures++
		}
	}
	fmt.Println(len(cases), "tests,", failures, "of them failures")
	// Output:
	// 891 tests, 267 of them failures
}
