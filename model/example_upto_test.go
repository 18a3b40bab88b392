package model_test

import (
	"fmt"

	"github.com/urlspec/urlspec/model"
)

// UptoInPlace is Upto on the URL itself.
func ExampleUptoInPlace() {
	var u model.URL
	u.Set(model.SchemeType, "http")
	u.Set(model.PathRootType, "/")
	u.SetDirs([]string{"a", "b"})
	u.Set(model.FileType, "c")
	u.Set(model.QueryType, "q")
	model.UptoInPlace(&u, model.FileType)
	fmt.Println(u.Scheme(), u.Dirs(), u.Has(model.FileType), u.Has(model.QueryType))
	// Output: http [a b] false false
}
