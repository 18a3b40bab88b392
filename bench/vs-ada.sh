#!/bin/sh
# vs-ada.sh measures urlspec against ada (github.com/ada-url/ada, the C++
# WHATWG URL parser that Node.js uses) on the workload files: it builds ada
# (g++ -O3) into a temporary directory, then runs ROUNDS interleaved rounds
# of ada and of BenchmarkWorkloads on the same files (in each round, each
# workload through ada and the Go implementations in turn) and prints, per
# workload, the medians of CPU ns/URL and wall ns/URL of both, the median
# of the per-round ratios urlspec ÷ ada, and urlspec's allocs/URL; then one
# summary table of every implementation's ratio (and the ratio of the
# fastest rounds) and allocs/URL side by side (urlspec and the pipeline
# alone by default). It is a measuring tool only: the library never
# depends on ada and no ada source is copied into this repository.
#
# Environment:
#   ADA_DIR    a directory with ada's single-file amalgamation (ada.cpp,
#              ada.h) and the bench.cpp driver that reads workload files
#              (default: ../shared/peers/ada next to the repository, or
#              next to the main checkout of a git worktree); when
#              it is missing the script says so and exits 0
#   URLSPEC_WORKLOADS  the directory of .tsv workload files (default
#              bench/testdata/workloads)
#   ROUNDS     interleaved rounds (default 5)
#   BENCHTIME  -test.benchtime of each Go benchmark (default 1s)
#   ADA_MS     CPU milliseconds of each ada measurement (default 1000)
#   IMPLS      Go implementations to run, a regexp (default
#              'urlspec|pipeline': urlspec, and urlspec with every shortcut of
#              Parse off, the specification's pipeline alone; e.g.
#              'urlspec|pipeline|neturl|nlnwa' for all four)
#   OUT        directory for the binaries and raw results (default: a new
#              temporary directory)
#   ADA_PIPELINE  when 1, also build and run "adapipe": ada with its fast
#              path for simple absolute URLs (try_parse_simple_absolute, which
#              parse_url_impl tries first for http: and https: inputs) turned
#              off, by patching the call in a copy of ada.cpp under OUT, so
#              that urlspec's pipeline alone (shortcuts off) can also be
#              compared with ada's own parser without its shortcut; the
#              summary then adds "÷ adapipe" columns for the pipeline
#              implementations. When the call is not found (another ada
#              version) it says so and runs without adapipe.
#   LAYOUTS    k > 0: build the Go test binaries k more times, each with
#              another random order of its functions (-ldflags=-randlayout=1
#              to k), and run round i with layout (i-1) mod (k+1), 0 being
#              Go's own order; the medians are then over layouts as well as
#              rounds (ROUNDS a multiple of k+1 weighs them alike). The order
#              of the same code moves a workload's time by up to 25% on some
#              machines (docs/performance.md, eleventh pass), more than most
#              changes: one binary is one draw of it (default 0)
#   BASE_REV   a git revision to compare with in the same rounds: its bench
#              module is built from a temporary worktree and run after the
#              current one in every round, its implementations named
#              <impl>@base (e.g. urlspec@base, pipeline@base); it must have
#              BenchmarkWorkloads with the same workload files
# Usage: bench/vs-ada.sh               # about 1.5 min of CPU per round
#        ROUNDS=3 BENCHTIME=300ms ADA_MS=300 bench/vs-ada.sh   # quick look
set -eu

cd "$(dirname "$0")"
bench=$(pwd)
if [ -z "${ADA_DIR:-}" ]; then
	ADA_DIR=$bench/../../shared/peers/ada
	# In a git worktree, next to the main checkout instead.
	if [ ! -f "$ADA_DIR/ada.cpp" ] && common=$(git -C "$bench" rev-parse --path-format=absolute --git-common-dir 2>/dev/null); then
		ADA_DIR=$common/../../shared/peers/ada
	fi
fi
WORK=${URLSPEC_WORKLOADS:-$bench/testdata/workloads}
ROUNDS=${ROUNDS:-5}
BENCHTIME=${BENCHTIME:-1s}
ADA_MS=${ADA_MS:-1000}
IMPLS=${IMPLS:-urlspec|pipeline}
if [ ! -f "$ADA_DIR/ada.cpp" ] || [ ! -f "$ADA_DIR/bench.cpp" ]; then
	echo "vs-ada.sh: ada not found in $ADA_DIR (set ADA_DIR to a directory with ada.cpp, ada.h and bench.cpp); skipped" >&2
	exit 0
fi
case $WORK in /*) ;; *) WORK=$(pwd)/$WORK ;; esac
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"
raw=$OUT/raw.txt

if [ ! -x "$OUT/bench_ada" ]; then
	echo "building ada (g++ -O3) in $OUT" >&2
	g++ -O3 -std=c++20 -DNDEBUG -o "$OUT/bench_ada" "$ADA_DIR/bench.cpp" "$ADA_DIR/ada.cpp"
fi
adapipe=
if [ "${ADA_PIPELINE:-}" = 1 ]; then
	call='if (!digit_led_host \&\& try_parse_simple_absolute(user_input, url)) {'
	if grep -qF "$(printf '%s' "$call" | tr -d '\\')" "$ADA_DIR/ada.cpp"; then
		if [ ! -x "$OUT/bench_adapipe" ]; then
			mkdir -p "$OUT/adapipe"
			sed "s/$call/if (false \&\& !digit_led_host) {/" "$ADA_DIR/ada.cpp" >"$OUT/adapipe/ada.cpp"
			grep -qF 'if (false && !digit_led_host) {' "$OUT/adapipe/ada.cpp" || {
				echo "vs-ada.sh: patching ada.cpp for adapipe failed" >&2
				exit 1
			}
			cp "$ADA_DIR/ada.h" "$OUT/adapipe/ada.h"
			echo "building ada without its simple-absolute fast path in $OUT/adapipe" >&2
			g++ -O3 -std=c++20 -DNDEBUG -I"$OUT/adapipe" -o "$OUT/bench_adapipe" "$ADA_DIR/bench.cpp" "$OUT/adapipe/ada.cpp"
		fi
		adapipe=$OUT/bench_adapipe
	else
		echo "vs-ada.sh: ada.cpp has no call of try_parse_simple_absolute to turn off; running without adapipe" >&2
	fi
fi
LAYOUTS=${LAYOUTS:-0}
buildGo() { # output: the test binary in Go's order, then LAYOUTS more
	go test -c -o "$1" .
	j=1
	while [ "$j" -le "$LAYOUTS" ]; do
		go test -c -ldflags=-randlayout=$j -o "$1.$j" .
		j=$((j + 1))
	done
}
buildGo "$OUT/bench.test"
if [ -n "${BASE_REV:-}" ]; then
	rm -rf "$OUT/base"
	git -C "$bench" worktree add --detach -q "$OUT/base" "$BASE_REV"
	(cd "$OUT/base/bench" && buildGo "$OUT/base.test")
	git -C "$bench" worktree remove --force "$OUT/base"
fi

echo "# $(date -u '+%Y-%m-%d %H:%M UTC') $(git -C "$bench" rev-parse --short HEAD 2>/dev/null || echo '?') $(uname -m) $(nproc) CPUs; layouts: $((LAYOUTS + 1)); load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" >"$raw"
# Each round runs every workload in turn through ada and the Go
# implementations one after the other (ada first in odd rounds, last in
# even ones), so that the runs a per-round ratio compares lie seconds apart,
# not minutes: on a shared machine whose speed drifts, the pairs then drift
# together. A Go run reads only its workload's file (a directory holding a
# link to it).
one=$OUT/one
runGo() { # binary, workload, suffix
	URLSPEC_WORKLOADS=$one/$2 "$1" -test.run '^$' \
		-test.bench "^BenchmarkWorkloads/.*/($IMPLS)\$" \
		-test.benchtime "$BENCHTIME" -test.count 1 | grep '^BenchmarkWorkloads/' |
		sed "s#^\(BenchmarkWorkloads/[^/]*/[a-z]*\)#\1$3#" >>"$raw"
}
runAll() { # workload; round i's layout (LAYOUTS)
	l=$(((i - 1) % (LAYOUTS + 1)))
	sfx=
	[ "$l" -gt 0 ] && sfx=.$l
	runGo "$OUT/bench.test$sfx" "$1" ""
	if [ -n "$adapipe" ]; then
		"$adapipe" -t "$ADA_MS" "$one/$1/$1.tsv" 2>/dev/null | sed 's#/adacpp #/adapipe #' >>"$raw"
	fi
	if [ -n "${BASE_REV:-}" ]; then
		runGo "$OUT/base.test$sfx" "$1" "@base"
	fi
}
rm -rf "$one"
for f in "$WORK"/*.tsv; do
	w=$(basename "$f" .tsv)
	mkdir -p "$one/$w"
	ln -s "$f" "$one/$w/$w.tsv"
done
i=1
while [ "$i" -le "$ROUNDS" ]; do
	echo "round $i/$ROUNDS (load $(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?'))" >&2
	echo "round $i" >>"$raw"
	for f in "$WORK"/*.tsv; do
		w=$(basename "$f" .tsv)
		if [ $((i % 2)) -eq 1 ]; then
			"$OUT/bench_ada" -t "$ADA_MS" "$f" >>"$raw" 2>/dev/null
			runAll "$w"
		else
			runAll "$w"
			"$OUT/bench_ada" -t "$ADA_MS" "$f" >>"$raw" 2>/dev/null
		fi
	done
	i=$((i + 1))
done
echo "raw results: $raw" >&2
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" >>"$raw"

head -1 "$raw"
awk '
function median(key,    n, a, i, j, t) {
	n = cnt[key]
	if (n == 0) return -1
	for (i = 1; i <= n; i++) a[i] = val[key, i]
	for (i = 2; i <= n; i++) {
		t = a[i]
		for (j = i - 1; j >= 1 && a[j] > t; j--) a[j+1] = a[j]
		a[j+1] = t
	}
	return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
}
function add(key, v) { val[key, ++cnt[key]] = v }
function minimum(key,    i, m) {
	m = -1
	for (i = 1; i <= cnt[key]; i++) if (m < 0 || val[key, i] < m) m = val[key, i]
	return m
}
/^round / { r = $2; next }
/^Benchmark(W|Workloads)\// {
	split($1, p, "/")
	d = p[2]; im = p[3]; sub(/-[0-9]+$/, "", im)
	if (im == "adacpp") im = "ada"
	if (!(d in seen)) { seen[d] = 1; order[++nd] = d }
	if (!(im in iseen) && im != "ada") { iseen[im] = 1; imorder[++ni] = im }
	for (k = 3; k < NF; k += 2) {
		add(d SUBSEP im SUBSEP $(k+1), $k)
		cur[r, d, im, $(k+1)] = $k
	}
	next
}
END {
	printf "\nmedians of %d interleaved rounds; ratio = median of the per-round ratios impl ÷ ada (below 1: faster than ada)\n", r
	for (q = 1; q <= ni; q++) {
		im = imorder[q]
		for (rr = 1; rr <= r; rr++) for (i = 1; i <= nd; i++) {
			d = order[i]
			a = cur[rr, d, "ada", "cpu-ns/URL"]; u = cur[rr, d, im, "cpu-ns/URL"]
			if (a > 0 && u > 0) add(d SUBSEP im SUBSEP "ratio-cpu", u / a)
			a = cur[rr, d, "ada", "ns/URL"]; u = cur[rr, d, im, "ns/URL"]
			if (a > 0 && u > 0) add(d SUBSEP im SUBSEP "ratio-wall", u / a)
		}
		printf "\n| workload | %s cpu-ns/URL | ada cpu-ns/URL | %s ÷ ada (CPU) | %s wall ns/URL | ada wall ns/URL | %s ÷ ada (wall) | %s allocs/URL | failures (%s / ada) |\n", im, im, im, im, im, im
		printf "|---|---|---|---|---|---|---|---|---|\n"
		for (i = 1; i <= nd; i++) {
			d = order[i]
			printf "| %s | %.0f | %.0f | %.2f | %.0f | %.0f | %.2f | %.2f | %d / %d |\n", d,
				median(d SUBSEP im SUBSEP "cpu-ns/URL"), median(d SUBSEP "ada" SUBSEP "cpu-ns/URL"),
				median(d SUBSEP im SUBSEP "ratio-cpu"),
				median(d SUBSEP im SUBSEP "ns/URL"), median(d SUBSEP "ada" SUBSEP "ns/URL"),
				median(d SUBSEP im SUBSEP "ratio-wall"),
				median(d SUBSEP im SUBSEP "allocs/URL"),
				median(d SUBSEP im SUBSEP "failures"), median(d SUBSEP "ada" SUBSEP "failures")
		}
	}
	if ("adapipe" in iseen) for (q = 1; q <= ni; q++) {
		im = imorder[q]
		if (im !~ /^pipeline/) continue
		pipes[++np] = im
		for (rr = 1; rr <= r; rr++) for (i = 1; i <= nd; i++) {
			d = order[i]
			a = cur[rr, d, "adapipe", "cpu-ns/URL"]; u = cur[rr, d, im, "cpu-ns/URL"]
			if (a > 0 && u > 0) add(d SUBSEP im SUBSEP "ratio-cpu-adapipe", u / a)
		}
	}
	printf "\nsummary: CPU ratio impl ÷ ada (median of the per-round ratios; in brackets the ratio of the fastest rounds, min impl ÷ min ada, which a slow spell of the machine cannot raise) and allocs/URL\n\n| workload | ada cpu-ns/URL |"
	for (q = 1; q <= ni; q++) printf " %s ÷ ada |", imorder[q]
	for (q = 1; q <= np; q++) printf " %s ÷ adapipe |", pipes[q]
	for (q = 1; q <= ni; q++) printf " %s allocs/URL |", imorder[q]
	printf "\n|---|---:|"
	for (q = 1; q <= 2 * ni + np; q++) printf "---:|"
	printf "\n"
	for (i = 1; i <= nd; i++) {
		d = order[i]
		printf "| %s | %.0f |", d, median(d SUBSEP "ada" SUBSEP "cpu-ns/URL")
		for (q = 1; q <= ni; q++) printf " %.2f (%.2f) |", median(d SUBSEP imorder[q] SUBSEP "ratio-cpu"),
			minimum(d SUBSEP imorder[q] SUBSEP "cpu-ns/URL") / minimum(d SUBSEP "ada" SUBSEP "cpu-ns/URL")
		for (q = 1; q <= np; q++) printf " %.2f |", median(d SUBSEP pipes[q] SUBSEP "ratio-cpu-adapipe")
		for (q = 1; q <= ni; q++) printf (imorder[q] == "adapipe" ? " – |" : " %.2f |"), median(d SUBSEP imorder[q] SUBSEP "allocs/URL")
		printf "\n"
	}
}
' "$raw"
tail -1 "$raw"
