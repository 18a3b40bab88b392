// Package pub is importable.
package pub

// Pub is exported.
const Pub = 1
