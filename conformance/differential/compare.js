// compare.js runs the WHATWG URL Standard's reference implementation
// (npm whatwg-url, pinned in package.json) on URL-strings for urlspec's
// differential test (conformance/differential_test.go).
//
// Input on stdin: JSON Lines {"input": string, "base": string | null}.
// Output on stdout: one JSON line per input, in order: the eleven getters
// of new URL(input, base), or {"failure": true} when the constructor throws
// (a base that does not parse makes the input fail too).
"use strict";

const { URL } = require("whatwg-url");
const fs = require("fs");

const getters = ["href", "protocol", "username", "password", "host", "hostname",
  "port", "pathname", "search", "hash", "origin"];

const lines = fs.readFileSync(0, "utf8").split("\n");
const out = [];
for (const line of lines) {
  if (line === "") {
    continue;
  }
  const { input, base } = JSON.parse(line);
  try {
    const u = base === null ? new URL(input) : new URL(input, base);
    const r = {};
    for (const g of getters) {
      r[g] = u[g];
    }
    out.push(JSON.stringify(r));
  } catch {
    out.push('{"failure":true}');
  }
}
process.stdout.write(out.join("\n") + (out.length ? "\n" : ""));
