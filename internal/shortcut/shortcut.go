// Package shortcut holds the test-only switch that turns off every
// shortcut of the WHATWG pipeline (urlspec's parseSimple and
// print.ResolveSimple), so that benchmarks and
// agreement tests can run the specification's pipeline alone
// (BenchmarkWorkloads/<stem>/pipeline in the bench module). Only tests and
// benchmarks set it; the library never does.
package shortcut

// Off turns the shortcuts off while it is true. Set it before the parses
// it is meant for and not while other goroutines parse: it is a plain
// variable, read on every parse, so that reading it costs nothing.
var Off bool
