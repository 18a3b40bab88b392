package gen_test

import (
	"fmt"

	"github.com/urlspec/urlspec/fileurl"
	"github.com/urlspec/urlspec/internal/gen"
)

// Generate absolute paths of both styles in their canonical spelling: the
// inputs of the file path round-trip law.
func ExampleFilePath() {
	src := gen.NewSource(3)
	for i := 0; i < 2; i++ {
		fmt.Printf("%q\n", gen.FilePath(src, fileurl.POSIX))
		fmt.Printf("%q\n", gen.FilePath(src, fileurl.Windows))
	}
	// Output:
	// "/)/%2F#%2e&\xff//!\xffC:=\xff/"
	// "C:\\,\\$é%2e\\\\,&"
	// "/#\xffxdir日本/日本/file.txt"
	// "\\\\192.168.0.1\\😀\\dir%]"
}

// Spell a path differently: the inputs of the canonical-spelling law.
func ExampleFilePathVariant() {
	src := gen.NewSource(5)
	for i := 0; i < 3; i++ {
		fmt.Printf("%q\n", gen.FilePathVariant(src, fileurl.Windows))
	}
	// Output:
	// "\\\\?\\UNC\\192.168.0.1\\é\n%2F%2e"
	// "\\\\?\\C:\\:*\\...`<\rdir\\-\\`...\\'\\"
	// "\\\\fs1\\=|\x7f\n(\\"
}
