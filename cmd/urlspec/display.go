package main

import "github.com/urlspec/urlspec/internal/display"

// violationOf is errorInfoOf for a violation of the strict grammar, which is
// not a failure.
func violationOf(err error) display.ErrorInfo {
	v := display.ErrorInfoOf(err)
	v.Failure = false
	return v
}
