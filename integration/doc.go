// Package integration is a nested module (github.com/urlspec/urlspec/integration)
// that holds the tests of github.com/urlspec/urlspec needing third-party
// modules, so that those modules stay out of the module graph of every
// program that imports the library (go list -m all there shows only
// github.com/urlspec/urlspec and golang.org/x modules; the root's
// module_graph_test.go checks it):
//
//   - browser_test.go drives the URL desk calculator (web/) in a headless
//     Chromium with github.com/chromedp/chromedp;
//   - rapid_test.go runs the URL generators under pgregory.net/rapid: the
//     public urlspectest.FromFunc (as a user's property test would) and the
//     laws' internal/gen through gen.SourceFunc;
//   - sqlite_example_test.go stores URLs in SQLite through database/sql
//     with modernc.org/sqlite (Example_sqlite, shown in docs/everyday.md;
//     everyday_doc_test.go keeps that copy identical).
//
// It has no code of its own. Run its tests from this directory:
//
//	cd integration && go test ./...
//
// The go.mod replaces github.com/urlspec/urlspec with the parent directory,
// so the tests always run against the working tree (and may import its
// internal packages, which a nested module under the same path may).
package integration
