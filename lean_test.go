package urlspec

import (
	"os/exec"
	"strings"
	"testing"
)

// The root package does not link the legacy encodings (package charset
// does): no golang.org/x/text/encoding package among its dependencies.
// (It links net, through net/http: FromRequest takes an *http.Request.)
func TestLeanDependencies(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not in PATH")
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "golang.org/x/text/encoding") || p == "github.com/urlspec/urlspec/charset" {
			t.Errorf("the root package depends on %s", p)
		}
	}
}
