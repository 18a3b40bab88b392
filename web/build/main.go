// Command build builds the URL desk calculator in web/: urlspec.wasm (the
// library compiled with GOOS=js GOARCH=wasm) and the toolchain's
// wasm_exec.js, beside index.html. Run it from anywhere in the module:
//
//	go run ./web/build
//
// Then serve web/ with go run ./web/serve (or any static file server).
package main

import (
	"fmt"
	"os"

	"github.com/urlspec/urlspec/internal/webbuild"
)

func main() {
	web, err := webbuild.WebDir()
	if err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
	size, err := webbuild.Build(web)
	if err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
	fmt.Printf("built %s/urlspec.wasm (%.1f MB) and wasm_exec.js\n", web, float64(size)/1e6)
}
