#!/bin/sh
# scaling.sh runs BenchmarkScaling (scaling_test.go in the library root) and
# prints, for every shape of issue 5 item 3, the cost per op at n = 10³, 10⁴,
# 10⁵ and the ratio per 10× n; the issue wants every ratio ≤ 12. See
# scaling/main.go: each sub-benchmark runs in its own process with a fixed
# iteration count and is timed by the process's CPU time (robust on a shared
# machine), beside the benchmark's own wall-clock ns/op.
#
# With -inprocess it runs go test -bench as it is, in -count rounds (b.N
# chosen by the testing package, -target per sub-benchmark) and reports the
# median ns/op and the median of the per-round ratios; with -marginal the
# cost of k more iterations in a process that ran k.
#
# Usage: bench/scaling.sh [-count 3] [-target 200ms] [-bench 'dir|dot'] [-inprocess | -marginal]
# Takes about 1-2 minutes of CPU time with the defaults.
set -eu
cd "$(dirname "$0")"
exec go run ./scaling "$@"
