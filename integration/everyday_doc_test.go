package integration_test

import (
	"os"
	"strings"
	"testing"
)

// TestEverydayDocShowsSQLiteExample checks that docs/everyday.md shows
// sqlite_example_test.go as it is: the page cannot build that program (the
// root module does not require an SQL driver), so it shows this file in a
// ```text block, and this test keeps the copy from drifting.
func TestEverydayDocShowsSQLiteExample(t *testing.T) {
	src, err := os.ReadFile("sqlite_example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../docs/everyday.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "```text\n"+string(src)+"```\n") {
		t.Errorf("docs/everyday.md does not show sqlite_example_test.go as it is: copy the file into its ```text block")
	}
}
