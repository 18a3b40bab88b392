// filepath.js runs Node's own url.pathToFileURL and url.fileURLToPath (no npm
// package: node's built-in url module, which takes {windows: true|false}
// since Node 20.13 and 22.1) for urlspec's file path differential test
// (conformance/filepath_differential_test.go).
//
// Input on stdin: JSON Lines {"op": "toURL" | "toPath", "windows": bool,
// "input": string}. Output on stdout: one JSON line per input, in order:
// {"ok": href or path} or {"error": code or message}.
"use strict";

const url = require("url");
const fs = require("fs");

const lines = fs.readFileSync(0, "utf8").split("\n");
const out = [];
for (const line of lines) {
  if (line === "") {
    continue;
  }
  const { op, windows, input } = JSON.parse(line);
  try {
    const r = op === "toURL" ? url.pathToFileURL(input, { windows }).href : url.fileURLToPath(input, { windows });
    out.push(JSON.stringify({ ok: r }));
  } catch (e) {
    out.push(JSON.stringify({ error: e.code || e.name || String(e) }));
  }
}
process.stdout.write(out.join("\n") + (out.length ? "\n" : ""));
