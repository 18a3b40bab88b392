// Command serve builds the URL desk calculator (as go run ./web/build
// does) and serves the page on a local address:
//
//	go run ./web/serve [-addr 127.0.0.1:8080]
//
// Then open http://127.0.0.1:8080/. It serves the page's files only
// (index.html, app.js, the built urlspec.wasm and wasm_exec.js; anything
// else is 404), listens on the loopback interface unless -addr says
// otherwise, and bounds every connection with timeouts (see newServer).
package main

import (
	"flag"
	"fmt"
	"log"
	"net/http"
	"time"

	"github.com/urlspec/urlspec/internal/webbuild"
)

// handler serves the page from webDir (index.html, app.js) and builtDir
// (urlspec.wasm, wasm_exec.js) and nothing else: see webbuild.Handler.
func handler(webDir, builtDir string) http.Handler {
	return webbuild.Handler(webDir, builtDir)
}

// newServer returns the server for h on addr, with every timeout set: a
// client must send its request header within 5 s and its whole request
// within 10 s, a response has 60 s (urlspec.wasm is about 5 MB), and an
// idle keep-alive connection is closed after 30 s. A request header is at
// most 16 KiB (a longer one is 431; a path longer than
// webbuild.MaxPathBytes is 414).
func newServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       30 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on (loopback by default)")
	flag.Parse()
	web, err := webbuild.WebDir()
	if err != nil {
		log.Fatal(err)
	}
	size, err := webbuild.Build(web)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("built urlspec.wasm (%.1f MB); serving the page on http://%s/\n", float64(size)/1e6, *addr)
	log.Fatal(newServer(*addr, handler(web, web)).ListenAndServe())
}
