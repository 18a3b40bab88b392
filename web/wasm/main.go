//go:build js && wasm

// Command wasm is the URL desk calculator's engine: the urlspec library
// compiled to WebAssembly (GOOS=js GOARCH=wasm). It registers one object,
// urlspec, on the page's global object, whose functions take strings and
// return a JSON string each (see package webcalc for their answers):
//
//	urlspec.explain(input, base, mode)  every phase of parse-resolve-and-normalise
//	urlspec.compare(a, b, mode)         equivalence at every level, relativize both ways
//	urlspec.claim(expr, cases)          check a claim, or its shrunk counterexample
//	urlspec.eval(expr, mode)            the value of an expression
//	urlspec.whatif(variant, corpus)     the what-if report of a variant
//
// Build it with go run ./web/build.
package main

import (
	"syscall/js"

	"github.com/urlspec/urlspec/internal/webcalc"
)

func main() {
	str := func(args []js.Value, i int) string {
		if i < len(args) && args[i].Type() == js.TypeString {
			return args[i].String()
		}
		return ""
	}
	num := func(args []js.Value, i int) int {
		if i < len(args) && args[i].Type() == js.TypeNumber {
			return args[i].Int()
		}
		return 0
	}
	api := map[string]any{
		"explain": js.FuncOf(func(_ js.Value, a []js.Value) any {
			return webcalc.Explain(str(a, 0), str(a, 1), str(a, 2))
		}),
		"compare": js.FuncOf(func(_ js.Value, a []js.Value) any {
			return webcalc.Compare(str(a, 0), str(a, 1), str(a, 2))
		}),
		"claim": js.FuncOf(func(_ js.Value, a []js.Value) any {
			return webcalc.Claim(str(a, 0), num(a, 1))
		}),
		"eval": js.FuncOf(func(_ js.Value, a []js.Value) any {
			return webcalc.Eval(str(a, 0), str(a, 1))
		}),
		"whatif": js.FuncOf(func(_ js.Value, a []js.Value) any {
			return webcalc.WhatIf(str(a, 0), str(a, 1))
		}),
	}
	js.Global().Set("urlspec", js.ValueOf(api))
	if ready := js.Global().Get("urlspecReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {} // keep the functions alive
}
