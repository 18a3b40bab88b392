// Package mod is the root.
package mod

// Root is exported.
func Root() {}
