//go:build race

package race

// Enabled reports whether the binary was built with the race detector
// (go build -race, go test -race).
const Enabled = true
