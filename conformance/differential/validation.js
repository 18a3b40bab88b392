// validation.js runs the WHATWG URL Standard's reference implementation
// (npm whatwg-url, pinned in package.json) for urlspec's validation-error
// and validity differential test
// (conformance/validation_differential_test.go).
//
// Input on stdin: JSON Lines {"input": string, "base": string | null}.
// Output on stdout: one JSON line per input, in order:
//   {"href": string | null, "errors": [names], "valid": bool}
// where href and errors are those of
// parseURLWithValidationErrors(input, {baseURL}) (href null for failure,
// errors in the order reported) and valid is
// isValidURLString(input, {baseURL}); or {"baseFailure": true} when the base
// itself does not parse.
"use strict";

const { parseURL, parseURLWithValidationErrors, isValidURLString, serializeURL } = require("whatwg-url");
const fs = require("fs");

const lines = fs.readFileSync(0, "utf8").split("\n");
const out = [];
for (const line of lines) {
  if (line === "") {
    continue;
  }
  const { input, base } = JSON.parse(line);
  let baseURL = null;
  if (base !== null) {
    baseURL = parseURL(base);
    if (baseURL === null) {
      out.push('{"baseFailure":true}');
      continue;
    }
  }
  const options = baseURL === null ? {} : { baseURL };
  const { url, validationErrors } = parseURLWithValidationErrors(input, options);
  out.push(JSON.stringify({
    href: url === null ? null : serializeURL(url),
    errors: validationErrors,
    valid: isValidURLString(input, options)
  }));
}
process.stdout.write(out.join("\n") + (out.length ? "\n" : ""));
