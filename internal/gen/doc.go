// Package gen generates URLs (model.URL values) and URL-strings for
// property-based tests of the URL specification's laws, for fuzzing and for
// differential testing.
//
// Every generator draws its randomness from a Source, one choice at a time,
// with choice 0 the simplest. One generator therefore serves every driver:
//
//   - a seeded pseudo-random source (NewSource) for table-driven law checks;
//   - testing/quick, through the Generate methods of Web, File, Generic, Any
//     and String (or FromRand);
//   - go test -fuzz, through FromBytes: the fuzzer's bytes are the choices;
//   - a shrinking property library such as pgregory.net/rapid, through
//     SourceFunc (rapid shrinks its draws towards 0, so towards simple URLs);
//   - the package's own runner, Check, which records the choices of a
//     failing input on a Tape and shrinks them with Shrink.
//
// URL generators (URL, AbsoluteURL, RelativeURL, WebURL, FileURL,
// GenericURL, AnyURL) return values that satisfy model.Validate by
// construction and are consistent with their parser mode (spec §Parser
// modes): the ones an URL-string parsed in that mode can give. String
// generators (URLString, GrammarString, Mutate) return inputs for the
// parser, built from the URL grammar or mutated from real URLs (Seeds).
package gen
