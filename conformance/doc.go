// Package conformance holds urlspec's conformance tests and their data; it has
// no API. Its tests run the web-platform-tests (WPT) URL data through the
// library the way the WPT harness runs it in a browser (urltestdata.json;
// IdnaTestV2.json and toascii.json for domain to ASCII), check the
// specification's laws as property and fuzz tests, and compare with other
// implementations. Test code and data live here, not in the core packages.
//
// The WPT data in testdata/ is vendored unchanged (see testdata/LICENSE-wpt.md
// for its version and licence). Each runner has an expected-failures file
// (*_expected_failures.txt): a test fails on any failing case that the file
// does not list with a reason, and on any listed case that passes.
package conformance
