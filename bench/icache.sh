#!/bin/sh
# icache.sh reports, for one workload through one implementation of
# BenchmarkWorkloads, the instructions and the simulated first-level
# instruction-cache misses per URL, in total and by function, from
# cachegrind (valgrind): a deterministic measure of how much code one URL
# runs through, which timings on a shared machine cannot give (a pipeline
# whose code does not fit the cache spends its time refetching it, with the
# same instruction count).
#
# It runs the benchmark twice under cachegrind, for 1 and for PASSES+1
# passes over the workload, and divides the difference by PASSES × lines:
# what the loop costs per URL, without the start-up and the loading of the
# workload. The simulated caches are those of a common x86-64 core: 32 KB
# 8-way first-level instruction and data caches with 64-byte lines and a
# 1 MB last level. The figures are of the code as built here (Go's own
# layout of it); compare two trees by running this in each.
#
# Usage: bench/icache.sh <workload> [impl] [rows]
#   workload  a file stem of bench/testdata/workloads (kasztp, wpt, ...)
#   impl      urlspec (default), pipeline (every shortcut off), neturl, ...
#   rows      functions to list (default 25), by misses per URL
# Environment: PASSES (default 3), TEST (a test binary of this module, built
# with go test -c; default: built into a temporary directory).
# It needs valgrind; without it, it says so and exits 0.
set -eu

cd "$(dirname "$0")"
w=${1:?usage: bench/icache.sh <workload> [impl] [rows]}
impl=${2:-urlspec}
rows=${3:-25}
PASSES=${PASSES:-3}
file=testdata/workloads/$w.tsv
if [ ! -f "$file" ]; then
	echo "icache.sh: no workload $file" >&2
	exit 1
fi
if ! command -v valgrind >/dev/null 2>&1; then
	echo "icache.sh: valgrind not found; skipped" >&2
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -z "${TEST:-}" ]; then
	go test -c -o "$tmp/bench.test" .
	TEST=$tmp/bench.test
fi
run() { # passes, output
	GOMAXPROCS=1 GOGC=off GODEBUG=asyncpreemptoff=1 valgrind --tool=cachegrind \
		--cache-sim=yes --I1=32768,8,64 --D1=32768,8,64 --LL=1048576,16,64 \
		--cachegrind-out-file="$2" "$TEST" -test.run '^$' \
		-test.bench "^BenchmarkWorkloads\$/^$w\$/^$impl\$" -test.benchtime "${1}x" >/dev/null 2>&1
	# Ir and I1mr by function: "Ir I1mr file:function".
	cg_annotate --auto=no --show=Ir,I1mr --sort=I1mr --threshold=0 "$2" 2>/dev/null |
		sed -E 's/\([^)]*%\)//g' |
		awk '$1 ~ /^[0-9,]+$/ && $2 ~ /^[0-9,]+$/ { a = $1; b = $2; gsub(",", "", a); gsub(",", "", b); $1 = ""; $2 = ""; sub(/^ +/, ""); print a "\t" b "\t" $0 }' >"$2.txt"
}
run 1 "$tmp/one.cg"
run $((PASSES + 1)) "$tmp/more.cg"
lines=$(wc -l <"$file")
root=$(cd .. && pwd)
awk -F '\t' -v root="$root/" -v n="$PASSES" -v L="$lines" -v rows="$rows" -v w="$w" -v im="$impl" '
NR == FNR { i[$3] = $1; m[$3] = $2; next }
{
	di = ($1 - i[$3]) / n / L; dm = ($2 - m[$3]) / n / L
	if ($3 == "PROGRAM TOTALS") { ti = di; tm = dm; next }
	if (dm > 0.005) { f[++k] = $3; fi[k] = di; fm[k] = dm }
}
END {
	if (tm < 0) tm = 0 # the runs differ by a few misses in all
	printf "%s/%s: %.0f instructions and %.1f first-level instruction-cache misses per URL\n\n", w, im, ti, tm
	printf "%9s %9s  %s\n", "misses", "instrs", "function (per URL)"
	for (a = 1; a <= k; a++) for (b = a + 1; b <= k; b++) if (fm[b] > fm[a]) {
		t = f[a]; f[a] = f[b]; f[b] = t; t = fi[a]; fi[a] = fi[b]; fi[b] = t; t = fm[a]; fm[a] = fm[b]; fm[b] = t
	}
	for (a = 1; a <= k && a <= rows; a++) {
		name = f[a]; if (index(name, root) == 1) name = substr(name, length(root) + 1)
		gsub(/github\.com\/urlspec\/urlspec/, "U", name)
		printf "%9.2f %9.0f  %s\n", fm[a], fi[a], name
	}
}' "$tmp/one.cg.txt" "$tmp/more.cg.txt"
