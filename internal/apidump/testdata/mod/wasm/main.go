//go:build js && wasm

package main

func Wasm() {}

func main() {}
