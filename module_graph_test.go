package urlspec_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A program that imports the library gets no third-party module with it:
// a fresh consumer module that imports every public package of this module
// (everything go list ./... shows that is neither internal nor a command)
// lists only github.com/urlspec/urlspec and golang.org/x modules in
// go list -m all. The tests that need other modules (chromedp, rapid) live
// in the nested module integration/, outside this module's graph.
//
// The consumer resolves modules offline (GOPROXY=off, GOFLAGS=-mod=mod)
// from the module cache this test runs with; when the cache lacks a module
// it retries through the GOPROXY of the environment if that is not off,
// and otherwise skips with a message.
func TestModuleGraph(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command on PATH: skipping the module graph check (%v)", err)
	}
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	const module = "github.com/urlspec/urlspec"

	// The public packages: importable (not internal, not main, with Go
	// files), as go list sees them from the module root (-e: a module
	// missing from the cache shows up below, where it leads to the skip).
	out, err := goCmd(t, goTool, root, nil, "list", "-e", "-f", "{{.ImportPath}}\t{{.Name}}\t{{len .GoFiles}}", "./...")
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			t.Fatalf("go list: unexpected line %q", line)
		}
		path, name, files := f[0], f[1], f[2]
		if name == "main" || files == "0" || strings.Contains(path, "/internal/") || strings.HasSuffix(path, "/internal") {
			continue
		}
		pkgs = append(pkgs, path)
	}
	if len(pkgs) < 2 || pkgs[0] != module {
		t.Fatalf("public packages found by go list: %v; want the root package first and more", pkgs)
	}
	goVersion, err := goCmd(t, goTool, root, nil, "list", "-m", "-f", "{{.GoVersion}}")
	if err != nil {
		t.Fatal(err)
	}

	// The consumer: one program importing them all, with a replace to this
	// working tree and this module's go.sum (so that no checksum has to be
	// looked up).
	dir := t.TempDir()
	var src strings.Builder
	src.WriteString("// Command consumer imports every public package of " + module + ".\npackage main\n\nimport (\n")
	for _, p := range pkgs {
		fmt.Fprintf(&src, "\t_ %q\n", p)
	}
	src.WriteString(")\n\nfunc main() {}\n")
	gomod := fmt.Sprintf("module example.com/consumer\n\ngo %s\n\nrequire %s v0.0.0-00010101000000-000000000000\n\nreplace %s => %s\n",
		strings.TrimSpace(goVersion), module, module, root)
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"main.go": []byte(src.String()), "go.mod": []byte(gomod), "go.sum": sum} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// go list -deps resolves every import (and adds the requirements it
	// needs to the consumer's go.mod, as go get would); then the graph.
	run := func(proxy string) (string, error) {
		env := []string{"GOFLAGS=-mod=mod", "GOPROXY=" + proxy, "GOWORK=off", "GOTOOLCHAIN=local"}
		if out, err := goCmd(t, goTool, dir, env, "list", "-deps", "."); err != nil {
			return out, err
		}
		return goCmd(t, goTool, dir, env, "list", "-m", "all")
	}
	graph, err := run("off")
	if err != nil {
		proxy, perr := goCmd(t, goTool, root, nil, "env", "GOPROXY")
		proxy = strings.TrimSpace(proxy)
		if perr != nil || proxy == "" || proxy == "off" {
			t.Skipf("the consumer module does not resolve offline from the module cache and GOPROXY is off: skipping the module graph check (run go mod download in the module root first)\n%v", err)
		}
		t.Logf("offline: %v\nretrying through GOPROXY=%s", err, proxy)
		if graph, err = run(proxy); err != nil {
			t.Fatalf("the consumer module (GOPROXY=%s): %v", proxy, err)
		}
	}
	t.Logf("go list -m all of a module importing %d public packages:\n%s", len(pkgs), graph)

	var foreign []string
	seen := false
	for _, line := range strings.Split(strings.TrimSpace(graph), "\n") {
		path, _, _ := strings.Cut(line, " ")
		switch {
		case path == "example.com/consumer":
		case path == module:
			seen = true
		case strings.HasPrefix(path, "golang.org/x/"):
		default:
			foreign = append(foreign, line)
		}
	}
	if !seen {
		t.Errorf("go list -m all does not list %s:\n%s", module, graph)
	}
	if len(foreign) > 0 {
		t.Errorf("a module importing the public packages gets modules other than %s and golang.org/x/...:\n%s\n(the whole list:\n%s)\nmove the tests that need them to the nested module integration/",
			module, strings.Join(foreign, "\n"), graph)
	}
}

// goCmd runs the go command in dir with the test's environment plus env
// (later entries win) and returns its standard output; an error carries
// the standard error.
func goCmd(t *testing.T, goTool, dir string, env []string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(goTool, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.String(), fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String(), nil
}
