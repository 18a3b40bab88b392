// setters.js runs setter chains on the WHATWG URL Standard's reference
// implementation (npm whatwg-url, pinned in package.json) for urlspec's
// setter-chain differential test (conformance/setter_chains_test.go).
//
// Input on stdin: JSON Lines {"start": string, "steps": [[attribute, value], ...]}.
// Output on stdout: one JSON line per chain, in order:
//   {"failure": true} when new URL(start) throws, otherwise
//   {"start": G, "steps": [{"threw": bool, "g": G}, ...]}
// where G is the eleven getters (href, protocol, username, password, host,
// hostname, port, pathname, search, hash, origin) as an array, read after
// new URL(start) and after each setter ("threw": the setter threw, which
// only the href setter does, on a string that does not parse).
"use strict";

const { URL } = require("whatwg-url");
const fs = require("fs");

const getters = ["href", "protocol", "username", "password", "host", "hostname",
  "port", "pathname", "search", "hash", "origin"];
const setters = new Set(["href", "protocol", "username", "password", "host", "hostname",
  "port", "pathname", "search", "hash"]);

function read(u) {
  return getters.map((g) => u[g]);
}

const lines = fs.readFileSync(0, "utf8").split("\n");
const out = [];
for (const line of lines) {
  if (line === "") {
    continue;
  }
  const { start, steps } = JSON.parse(line);
  let u;
  try {
    u = new URL(start);
  } catch {
    out.push('{"failure":true}');
    continue;
  }
  const r = { start: read(u), steps: [] };
  for (const [attr, value] of steps) {
    if (!setters.has(attr)) {
      throw new Error("unknown setter " + attr);
    }
    let threw = false;
    try {
      u[attr] = value;
    } catch {
      threw = true;
    }
    r.steps.push({ threw, g: read(u) });
  }
  out.push(JSON.stringify(r));
}
process.stdout.write(out.join("\n") + (out.length ? "\n" : ""));
