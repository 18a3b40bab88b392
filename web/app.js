// The URL desk calculator's page logic: it reads the fields, calls the
// engine (urlspec.wasm, which defines globalThis.urlspec), renders the
// answers and keeps the state in location.hash.
"use strict";

const $ = (id) => document.getElementById(id);
const fields = ["input", "base", "mode", "a", "b", "expr", "whatif", "corpus"];
const defaults = { input: "HTTP://EXAMPLE.com:80/a/./b/../c?q#f", base: "", mode: "", a: "http://a/ü", b: "http://a/%C3%BC", expr: 'goto("//", "./")', whatif: "", corpus: "" };

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

// An expression with ==, != or && (a guarded claim has ==>), or a test
// (has, defined) is a claim; anything else is evaluated.
function renderExpr() {
  const e = $("expr").value;
  if (e.trim() === "") { $("expr-out").textContent = ""; $("expr-kind").textContent = ""; return; }
  if (/==|!=|&&|\b(has|defined)\(/.test(e.replace(/"(\\.|[^"\\])*"/g, ""))) {
    const r = JSON.parse(urlspec.claim(e, 0));
    const res = r.result;
    // holds: "true", "false" (a counterexample), "vacuous" (a guarded claim
    // whose premise no case satisfied: nothing was checked), "not-checked"
    // or "error" (the claim does not parse).
    let holds = "error", kind = "claim: checked on generated URLs (seed 1)";
    if (res) {
      holds = res.not_checked ? "not-checked" : res.vacuous ? "vacuous" : String(res.holds);
      if (res.constant) kind = "claim without variables: evaluated once";
      else if (res.guarded && res.vacuous) kind = "guarded claim: vacuous, the premise held on none of the " + res.cases + " generated cases (seed 1)";
      else if (res.guarded) kind = "guarded claim: " + res.satisfied + " of " + res.cases + " generated cases satisfied the premise (seed 1)";
    }
    $("expr-kind").textContent = kind;
    $("expr-out").textContent = r.text;
    $("expr-out").dataset.holds = holds;
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

// el makes an element with text and attributes.
function el(tag, text, attrs) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k.startsWith("data-")) e.dataset[k.slice(5).replace(/-(.)/g, (_, c) => c.toUpperCase())] = v;
    else e.setAttribute(k, v);
  }
  return e;
}

const q = JSON.stringify;

// renderWPT shows the impact on one WPT file: the changed cases, the
// cases not covered and the patch.
function renderWPT(w) {
  const box = el("div", null, { "data-file": w.file });
  box.append(el("h3", "WPT " + w.file + ": " + w.changed.length + " of " + w.cases + " cases change; the patch has " + w.diff_lines + " changed lines"));
  if (w.coverage) box.append(el("p", "Coverage: " + w.coverage + ".", { class: "note" }));
  if (w.changed.length) {
    const ul = el("ul");
    for (const c of w.changed) {
      let s = q(c.input);
      if (c.base !== undefined && c.base !== null) s += " against " + q(c.base);
      if (c.setter) s += " with " + q(c.setter);
      ul.append(el("li", s + ": " + q(c.before) + " → " + q(c.after) + " (" + c.fields.join(", ") + ")", { class: "wpt-case", "data-input": c.input }));
    }
    box.append(ul);
  }
  if (w.not_covered && w.not_covered.length) {
    box.append(el("p", "Not covered (" + w.not_covered.length + "): cases whose href the variant changes, for setters not applied under the variant:", { class: "note" }));
    const ul = el("ul");
    for (const n of w.not_covered) ul.append(el("li", n));
    box.append(ul);
  }
  if (w.patch) {
    // The patch, open when short (a variant can change hundreds of cases).
    const d = el("details");
    d.open = w.diff_lines <= 80;
    const sum = el("summary", "the patch to " + w.file + " (" + w.diff_lines + " changed lines; apply with patch -p1 in a WPT checkout)");
    d.append(sum, el("pre", w.patch, { class: "patch", "data-file": w.file }));
    box.append(d);
  }
  return box;
}

function renderCorpus(c) {
  const box = el("div");
  box.append(el("h3", "Corpus: " + c.lines + " lines: " + c.unchanged + " unchanged, " + c.changed_href + " change href, " + c.newly_failing + " newly failing, " + c.newly_parsing + " newly parsing", { id: "corpus-counts" }));
  for (const k of c.kinds) {
    box.append(el("div", k.kind + " (" + k.count + "), smallest:", { class: "row" }));
    const ul = el("ul");
    for (const e of k.examples) ul.append(el("li", q(e.input) + (e.base ? " against " + q(e.base) : "") + ": " + q(e.before) + " → " + q(e.after)));
    box.append(ul);
  }
  return box;
}

// renderLaws lists the laws that stop holding with their counterexamples,
// the laws not checked under the variant (and vacuous ones) as such, and
// the laws that hold (whatif.Law: not_checked says why a law could not be
// checked under the variant; vacuous marks a guarded law no case satisfied).
function renderLaws(laws, error) {
  const box = el("div");
  const broken = [], notChecked = [], vacuous = [], holding = [];
  for (const l of laws || []) {
    if (l.not_checked) notChecked.push(l);
    else if (l.vacuous) vacuous.push(l);
    else if (l.holds) holding.push(l);
    else broken.push(l);
  }
  box.append(el("h3", "Laws: " + broken.length + " stop holding, " + holding.length + " hold, " + notChecked.length + " not checked" + (vacuous.length ? ", " + vacuous.length + " vacuous" : ""), { id: "laws-counts" }));
  if (error) box.append(el("pre", "error: " + error, { class: "bad" }));
  const list = (title, ls, id, cls, text) => {
    if (!ls.length) return;
    box.append(el("div", title, { class: "row" }));
    const ul = el("ul", null, { id: id });
    for (const l of ls) {
      const li = el("li", null, { class: cls, "data-law": l.name });
      li.append(el("b", l.name), document.createTextNode(text(l)));
      ul.append(li);
    }
    box.append(ul);
  };
  list("stop holding, with the counterexample found:", broken, "laws-broken", "bad", (l) => " FAILS (case " + l.cases + "): " + l.counterexample);
  list("not checked under the variant (the law's check is built on an operation the variant replaces):", notChecked, "laws-not-checked", "notchecked", (l) => " " + l.not_checked);
  list("vacuous (no generated case satisfied the premise):", vacuous, "laws-vacuous", "vacuous", () => "");
  list("hold:", holding, "laws-holding", "yes", (l) => " (" + l.cases + " cases)");
  return box;
}

// The what-if panel: the report of whatif.Impact for the variant, computed
// in the engine (it takes seconds: the status says so before it starts).
let whatifRun = null;
function runWhatIf() {
  const variant = $("whatif").value, corpus = $("corpus").value;
  whatifRun = variant + "\u0000" + corpus;
  $("whatif-report").dataset.state = "running";
  $("whatif-status").textContent = "measuring…";
  setTimeout(() => {
    const t0 = performance.now();
    const a = JSON.parse(urlspec.whatif(variant, corpus));
    const secs = ((performance.now() - t0) / 1000).toFixed(1);
    $("whatif-error").hidden = !a.error;
    $("whatif-error").textContent = a.error ? a.text : "";
    const r = a.report;
    $("whatif-wpt").replaceChildren(...(r ? [r.urltestdata, r.setters].filter(Boolean).map(renderWPT) : []));
    $("whatif-corpus").replaceChildren(...(r && r.corpus ? [renderCorpus(r.corpus)] : []));
    $("whatif-laws").replaceChildren(...(r ? [renderLaws(r.laws, r.laws_error)] : []));
    $("whatif-text").textContent = r ? a.text : "";
    $("whatif-text-box").hidden = !r;
    $("whatif-status").textContent = a.error ? "the variant does not parse" : "measured in " + secs + " s: " + (r.variant === "" ? "the zero variant (no change)" : r.variant);
    $("whatif-report").dataset.state = a.error ? "error" : "done";
  }, 20);
}

function renderAll() { renderExplain(); renderCompare(); renderExpr(); }

function start() {
  const s = readHash();
  for (const f of fields) $(f).value = s[f];
  for (const f of ["input", "base", "mode"]) $(f).addEventListener("input", () => { writeHash(); renderExplain(); renderCompare(); });
  for (const f of ["a", "b"]) $(f).addEventListener("input", () => { writeHash(); renderCompare(); });
  $("expr").addEventListener("change", () => { writeHash(); renderExpr(); });
  $("check").addEventListener("click", () => { writeHash(); renderExpr(); });
  $("corpus").addEventListener("input", writeHash);
  $("whatif").addEventListener("input", writeHash);
  $("whatif").addEventListener("keydown", (e) => { if (e.key === "Enter") { writeHash(); runWhatIf(); } });
  $("whatif-run").addEventListener("click", () => { writeHash(); runWhatIf(); });
  // A fragment with a whatif key (a linked report) runs the report; so does
  // a changed variant or corpus in a fragment changed by hand.
  const linked = () => new URLSearchParams(location.hash.slice(1)).has("whatif");
  window.addEventListener("hashchange", () => {
    const s = readHash(); for (const f of fields) $(f).value = s[f]; renderAll();
    if (linked() && whatifRun !== s.whatif + "\u0000" + s.corpus) runWhatIf();
  });
  renderAll();
  if (linked()) runWhatIf();
  writeHash();
  $("status").textContent = "ready";
  document.body.dataset.ready = "true";
}

globalThis.urlspecReady = () => setTimeout(start, 0); // after the engine's main has returned control
const go = new Go();
WebAssembly.instantiateStreaming(fetch("urlspec.wasm"), go.importObject)
  .then((r) => go.run(r.instance))
  .catch((err) => { $("status").textContent = "the engine failed to load: " + err; });
