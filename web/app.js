// The URL desk calculator's page logic: it reads the fields, calls the
// engine (urlspec.wasm, which defines globalThis.urlspec), renders the
// answers and keeps the state in location.hash.
"use strict";

const $ = (id) => document.getElementById(id);
const fields = ["input", "base", "mode", "a", "b", "expr"];
const defaults = { input: "HTTP://EXAMPLE.com:80/a/./b/../c?q#f", base: "", mode: "", a: "http://a/ü", b: "http://a/%C3%BC", expr: 'goto("//", "./")' };

function readHash() {
  const p = new URLSearchParams(location.hash.slice(1));
  const s = {};
  for (const f of fields) s[f] = p.has(f) ? p.get(f) : (location.hash ? "" : defaults[f]);
  return s;
}

// writeHash records the state in the fragment after a short pause, once per
// burst of edits: Chromium ignores history.replaceState beyond 200 calls in
// 10 seconds, which fast typing (or a script setting fields) would exceed.
let hashTimer = 0;
function writeHash() {
  clearTimeout(hashTimer);
  hashTimer = setTimeout(() => {
    const p = new URLSearchParams();
    for (const f of fields) if ($(f).value !== "") p.set(f, $(f).value);
    const h = "#" + p.toString();
    if (location.hash !== h) history.replaceState(null, "", h);
  }, 50);
}

function rows(tbody, pairs, attr) {
  tbody.replaceChildren();
  for (const [k, v, cls] of pairs) {
    const tr = document.createElement("tr");
    const th = document.createElement("th"); th.textContent = k;
    const td = document.createElement("td"); td.className = "v" + (cls ? " " + cls : ""); td.textContent = v;
    if (attr) td.dataset[attr] = k;
    tr.append(th, td); tbody.append(tr);
  }
}

const getterNames = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash", "origin"];

function renderExplain() {
  const x = JSON.parse(urlspec.explain($("input").value, $("base").value, $("mode").value));
  $("href").textContent = x.href || "";
  $("unicode").textContent = x.unicode || "";
  // A failure and the validity in the words of the urlspec command: the
  // failure as parse and explain print it, the strict verdict as parse's
  // "valid" line, and both verdicts as urlspec valid prints them.
  $("failure").hidden = !x.failure;
  $("failure").textContent = x.failure_text || "";
  $("failed-phase").textContent = x.failed_phase ? "fails in the " + x.failed_phase + " phase (every phase below)" : "";
  const v = x.validity;
  $("validmode").textContent = v.mode;
  $("valid").textContent = v.summary;
  $("valid").className = v.valid ? "yes" : "no";
  $("verdicts").textContent = v.text;
  rows($("components").tBodies[0], x.components.map((c) => [c.type, c.value]));
  rows($("getters").tBodies[0], x.getters ? getterNames.map((g) => [g, JSON.stringify(x.getters[g])]) : [], "getter");
  $("explain").textContent = x.text;
}

function renderCompare() {
  const c = JSON.parse(urlspec.compare($("a").value, $("b").value, $("mode").value));
  $("compare-error").textContent = c.error || "";
  rows($("levels").tBodies[0], c.levels.map((l) => [l.level, l.equivalent ? "yes" : "no", l.equivalent ? "yes" : "no"]), "level");
  $("normal-a").textContent = c.normal_a || ""; $("normal-b").textContent = c.normal_b || "";
  $("decoded-a").textContent = c.decoded_a || ""; $("decoded-b").textContent = c.decoded_b || "";
  $("rel-ab").textContent = c.relativize_a_b || ""; $("rel-ba").textContent = c.relativize_b_a || "";
}

// An expression with ==, != or && is a claim; anything else is evaluated.
function renderExpr() {
  const e = $("expr").value;
  if (e.trim() === "") { $("expr-out").textContent = ""; $("expr-kind").textContent = ""; return; }
  if (/==|!=|&&/.test(e.replace(/"(\\.|[^"\\])*"/g, ""))) {
    const r = JSON.parse(urlspec.claim(e, 0));
    $("expr-kind").textContent = "claim: checked on generated URLs (seed 1)";
    $("expr-out").textContent = r.text;
    $("expr-out").dataset.holds = r.result ? String(r.result.holds) : "error";
  } else {
    const r = JSON.parse(urlspec.eval(e, $("mode").value));
    $("expr-kind").textContent = "expression: evaluated";
    let out = r.text;
    if (!r.error) {
      out += "\nvalue  " + r.value + "\n";
      if (r.components) out += r.components.map((c) => "  " + c.type.padEnd(10) + " " + c.value).join("\n") + "\nstring " + JSON.stringify(r.string) + "\n";
    }
    $("expr-out").textContent = out;
    $("expr-out").dataset.holds = "";
  }
}

function renderAll() { renderExplain(); renderCompare(); renderExpr(); }

function start() {
  const s = readHash();
  for (const f of fields) $(f).value = s[f];
  for (const f of ["input", "base", "mode"]) $(f).addEventListener("input", () => { writeHash(); renderExplain(); renderCompare(); });
  for (const f of ["a", "b"]) $(f).addEventListener("input", () => { writeHash(); renderCompare(); });
  $("expr").addEventListener("change", () => { writeHash(); renderExpr(); });
  $("check").addEventListener("click", () => { writeHash(); renderExpr(); });
  window.addEventListener("hashchange", () => { const s = readHash(); for (const f of fields) $(f).value = s[f]; renderAll(); });
  renderAll();
  writeHash();
  $("status").textContent = "ready";
  document.body.dataset.ready = "true";
}

globalThis.urlspecReady = () => setTimeout(start, 0); // after the engine's main has returned control
const go = new Go();
WebAssembly.instantiateStreaming(fetch("urlspec.wasm"), go.importObject)
  .then((r) => go.run(r.instance))
  .catch((err) => { $("status").textContent = "the engine failed to load: " + err; });
