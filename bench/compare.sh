#!/bin/sh
# compare.sh runs BenchmarkWHATWG (urlspec, net/url and nlnwa/whatwg-url on
# the kasztp, node_files, isaacs_files and wpt datasets) and prints
#   1. benchstat tables urlspec vs neturl and urlspec vs nlnwa (medians,
#      confidence intervals, "vs base" = urlspec/peer - 1), and
#   2. ratio tables per dataset: the median wall ns/URL, CPU ns/URL,
#      allocs/URL, B/URL and failures of each implementation, with the ratios
#      urlspec/neturl and urlspec/nlnwa. On a shared machine, trust CPU ns/URL
#      over wall ns/URL (other processes add wall time, not CPU time).
#
# The runs are interleaved: the test binary is built once and run COUNT
# times with -test.count 1, so every round measures all 12 benchmarks in turn
# (go test -count N would run each benchmark N times in a row).
#
# Environment: COUNT (default 10), BENCHTIME (default 1s), OUT (directory
# for raw.txt and the test binary; default a new temporary directory).
# Usage: bench/compare.sh                  # 3-6 minutes (about 2 min of CPU)
#        COUNT=3 BENCHTIME=200ms bench/compare.sh   # quick look
set -eu

cd "$(dirname "$0")"
COUNT=${COUNT:-10}
BENCHTIME=${BENCHTIME:-1s}
# golang.org/x/perf has no tags; this pseudo-version (2026-09-08) builds
# with Go 1.26.
BENCHSTAT="go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da"
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"
raw=$OUT/raw.txt

go test -c -o "$OUT/bench.test" .
: >"$raw"
i=1
while [ "$i" -le "$COUNT" ]; do
	echo "round $i/$COUNT" >&2
	"$OUT/bench.test" -test.run '^$' -test.bench '^BenchmarkWHATWG$' \
		-test.benchtime "$BENCHTIME" -test.count 1 >>"$raw"
	i=$((i + 1))
done
echo "raw results: $raw" >&2

# Name the sub-benchmark levels (data=, impl=) so benchstat can project on
# them, and keep only the per-URL metrics and MB/s (ns/op, B/op and
# allocs/op are per pass over a dataset and differ between datasets).
stat=$OUT/stat.txt
awk '
/^BenchmarkWHATWG\// {
	split($1, p, "/")
	line = "BenchmarkWHATWG/data=" p[2] "/impl=" p[3] "\t" $2
	for (k = 3; k < NF; k += 2)
		if ($(k+1) != "ns/op" && $(k+1) != "B/op" && $(k+1) != "allocs/op")
			line = line "\t" $k " " $(k+1)
	print line
	next
}
{ print }
' "$raw" >"$stat"

echo "## benchstat: urlspec vs neturl"
$BENCHSTAT -col '/impl@(neturl urlspec)' -row /data "$stat"
echo
echo "## benchstat: urlspec vs nlnwa"
$BENCHSTAT -col '/impl@(nlnwa urlspec)' -row /data "$stat"
echo
echo "## medians of $COUNT runs; ratio = urlspec / peer (below 1: urlspec is faster / allocates less)"
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
function ratio(x, y) { return (x < 0 || y <= 0) ? "-" : sprintf("%.2f", x / y) }
/^BenchmarkWHATWG\// {
	split($1, p, "/")
	d = p[2]; im = p[3]; sub(/-[0-9]+$/, "", im)
	if (!(d in seen)) { seen[d] = 1; order[++nd] = d }
	for (k = 3; k < NF; k += 2) {
		key = d SUBSEP im SUBSEP $(k+1)
		val[key, ++cnt[key]] = $k
	}
}
function block(unit, title, fmtv,    i, d, u, n, w) {
	printf "\n%s\n", title
	printf "%-12s %10s %10s %10s %9s %9s\n", "dataset", "urlspec", "neturl", "nlnwa", "us/neturl", "us/nlnwa"
	for (i = 1; i <= nd; i++) {
		d = order[i]
		u = median(d SUBSEP "urlspec" SUBSEP unit)
		n = median(d SUBSEP "neturl" SUBSEP unit)
		w = median(d SUBSEP "nlnwa" SUBSEP unit)
		if (u < 0 && n < 0 && w < 0) continue
		printf "%-12s " fmtv " " fmtv " " fmtv " %9s %9s\n", d, u, n, w, ratio(u, n), ratio(u, w)
	}
}
END {
	block("ns/URL", "wall ns/URL (median)", "%10.1f")
	block("cpu-ns/URL", "CPU ns/URL (median; user+system of all threads, GC included)", "%10.1f")
	block("allocs/URL", "allocs/URL", "%10.2f")
	block("B/URL", "bytes allocated/URL", "%10.1f")
	block("failures", "failures per pass (inputs rejected)", "%10d")
}
' "$raw"
