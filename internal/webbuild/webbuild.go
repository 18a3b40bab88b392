// Package webbuild builds the URL desk calculator (web/): the engine
// (web/wasm) compiled with GOOS=js GOARCH=wasm, and the Go toolchain's
// wasm_exec.js beside it. The build and serve commands and the browser test
// use it.
package webbuild

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Built are the files Build writes, which the page loads beside its own.
var Built = []string{"urlspec.wasm", "wasm_exec.js"}

// WebDir returns the web/ directory of the github.com/urlspec/urlspec
// module, found with go list -m: from the module itself or from a module
// that replaces it with a local directory (the nested module integration/,
// whose browser test builds the page).
func WebDir() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", module).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && len(ee.Stderr) > 0 {
			return "", fmt.Errorf("go list -m %s: %v: %s", module, err, strings.TrimSpace(string(ee.Stderr)))
		}
		return "", fmt.Errorf("go list -m %s: %v", module, err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" {
		return "", fmt.Errorf("go list -m %s: no local directory (run inside the module or a module that replaces it with a directory)", module)
	}
	return filepath.Join(dir, "web"), nil
}

// module is the path of the module whose web/ directory holds the page.
const module = "github.com/urlspec/urlspec"

// Build compiles web/wasm to outDir/urlspec.wasm and copies the
// toolchain's wasm_exec.js (from $(go env GOROOT)/lib/wasm, or misc/wasm
// in older toolchains) to outDir. It returns the size of the .wasm file.
func Build(outDir string) (int64, error) {
	web, err := WebDir()
	if err != nil {
		return 0, err
	}
	wasm := filepath.Join(outDir, "urlspec.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, "./wasm")
	cmd.Dir = web
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("GOOS=js GOARCH=wasm go build ./web/wasm: %v\n%s", err, out)
	}
	root, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return 0, fmt.Errorf("go env GOROOT: %v", err)
	}
	goroot := strings.TrimSpace(string(root))
	var src string
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if _, err := os.Stat(filepath.Join(goroot, p)); err == nil {
			src = filepath.Join(goroot, p)
			break
		}
	}
	if src == "" {
		return 0, fmt.Errorf("wasm_exec.js not found under %s (lib/wasm or misc/wasm)", goroot)
	}
	if err := copyFile(src, filepath.Join(outDir, "wasm_exec.js")); err != nil {
		return 0, err
	}
	fi, err := os.Stat(wasm)
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// Page are the page's own files, served from the web/ directory (beside
// Built, served from the build directory).
var Page = []string{"index.html", "app.js"}

// MaxPathBytes is the longest request path Handler looks up; a longer one
// is answered 414 URI Too Long.
const MaxPathBytes = 2048

// Handler serves the page and nothing else: "/" and "/index.html" (the
// page), "/app.js" from webDir, and the Built files from builtDir. Any
// other path is 404 Not Found (no directory listing, no source file), a
// path longer than MaxPathBytes is 414 URI Too Long, and a method other
// than GET or HEAD is 405. .wasm is served as application/wasm, so that the
// browser can compile it while it loads.
func Handler(webDir, builtDir string) http.Handler {
	files := map[string]string{"/": filepath.Join(webDir, "index.html")}
	for _, name := range Page {
		files["/"+name] = filepath.Join(webDir, name)
	}
	for _, name := range Built {
		files["/"+name] = filepath.Join(builtDir, name)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if len(r.URL.Path) > MaxPathBytes || len(r.URL.RawPath) > MaxPathBytes {
			http.Error(w, "URI too long", http.StatusRequestURITooLong)
			return
		}
		path, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		f, err := os.Open(path)
		if err != nil {
			http.Error(w, "not built: run go run ./web/build", http.StatusNotFound)
			return
		}
		defer f.Close()
		fi, err := f.Stat()
		if err != nil || fi.IsDir() {
			http.NotFound(w, r)
			return
		}
		if strings.HasSuffix(path, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm")
		}
		// ServeContent sets the type of .html and .js from the extension
		// and answers Range and If-Modified-Since requests.
		http.ServeContent(w, r, filepath.Base(path), fi.ModTime(), f)
	})
}
