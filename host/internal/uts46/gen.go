package uts46

// tables.go is generated from the npm package tr46, pinned in gen/package.json and
// gen/package-lock.json. Regenerate with "go generate" in this directory (needs npm
// and the npm registry for the first step only).
//
//go:generate sh -c "cd gen && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error"
//go:generate go run ./gen -data gen/node_modules/tr46 -o tables.go
