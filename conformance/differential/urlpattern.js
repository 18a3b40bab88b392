// urlpattern.js runs the URLPattern Standard's reference polyfill (npm
// urlpattern-polyfill, pinned in package.json) on patterns and inputs for
// urlspec's differential test of package urlpattern
// (urlpattern/differential_test.go).
//
// Input on stdin: JSON Lines
//   {"pattern": string | URLPatternInit, "base": string | null,
//    "ignoreCase": bool, "input": string | URLPatternInit, "inputBase": string | null}
// Output on stdout: one JSON line per input, in order:
//   {"error": true} when the constructor throws, else
//   {"components": {protocol: ..., hash: ...}, "hasRegExpGroups": bool,
//    "match": null | {protocol: {"input": s, "groups": {name: s | null}}, ...}}
// (an undefined group is written null; exec throwing is written
// "match": "error").
//
// The polyfill canonicalises through the global URL class. Node 20's own
// (ada) departs from the WHATWG URL Standard on a few non-special URLs
// (it lower-cases an opaque host, and gives "foo://h/.." an empty path),
// so the global URL is replaced by the standard's reference
// implementation, whatwg-url (as in compare.js), before the polyfill loads.
"use strict";

globalThis.URL = require("whatwg-url").URL;
const { URLPattern } = require("urlpattern-polyfill/urlpattern");
const fs = require("fs");

const components = ["protocol", "username", "password", "hostname", "port",
  "pathname", "search", "hash"];

const lines = fs.readFileSync(0, "utf8").split("\n");
const out = [];
for (const line of lines) {
  if (line === "") {
    continue;
  }
  const { pattern, base, ignoreCase, input, inputBase } = JSON.parse(line);
  let p;
  try {
    const opts = { ignoreCase: !!ignoreCase };
    p = base === null || base === undefined ? new URLPattern(pattern, opts) : new URLPattern(pattern, base, opts);
  } catch {
    out.push('{"error":true}');
    continue;
  }
  const r = { components: {}, hasRegExpGroups: p.hasRegExpGroups };
  for (const c of components) {
    r.components[c] = p[c];
  }
  try {
    const m = inputBase === null || inputBase === undefined ? p.exec(input) : p.exec(input, inputBase);
    if (m === null) {
      r.match = null;
    } else {
      r.match = {};
      for (const c of components) {
        const groups = {};
        for (const [k, v] of Object.entries(m[c].groups)) {
          groups[k] = v === undefined ? null : v;
        }
        r.match[c] = { input: m[c].input, groups };
      }
    }
  } catch {
    r.match = "error";
  }
  out.push(JSON.stringify(r));
}
process.stdout.write(out.join("\n") + (out.length ? "\n" : ""));
