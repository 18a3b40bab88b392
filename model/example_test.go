package model_test

import (
	"fmt"

	"github.com/urlspec/urlspec/model"
)

func ExampleRebase() {
	// An error about the host "a b" of "http://a b/", which starts at byte 7.
	err := model.NewError(model.Code("domain-invalid-code-point"), "a b", 1, "a space")
	fmt.Println(model.Rebase(err, "http://a b/", 7).(*model.Error).Offset)
	// Output: 8
}
