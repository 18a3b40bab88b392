// Command serve builds the URL desk calculator (as go run ./web/build
// does) and serves web/ on a local address:
//
//	go run ./web/serve [-addr localhost:8080]
//
// Then open http://localhost:8080/.
package main

import (
	"flag"
	"fmt"
	"log"
	"net/http"

	"github.com/urlspec/urlspec/internal/webbuild"
)

func main() {
	addr := flag.String("addr", "localhost:8080", "address to listen on")
	flag.Parse()
	web, err := webbuild.WebDir()
	if err != nil {
		log.Fatal(err)
	}
	size, err := webbuild.Build(web)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("built urlspec.wasm (%.1f MB); serving %s on http://%s/\n", float64(size)/1e6, web, *addr)
	log.Fatal(http.ListenAndServe(*addr, webbuild.Handler(web, web)))
}
