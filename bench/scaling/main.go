//go:build unix

// Command scaling runs BenchmarkScaling (scaling_test.go in the urlspec root
// package) and prints, for every shape, the cost per op at n = 10³, 10⁴, 10⁵
// and the ratio per 10× n; issue 5 wants every ratio ≤ 12.
//
// Each sub-benchmark runs in a process of its own with a fixed iteration
// count (-test.benchtime=<k>x, k chosen for about -target of CPU time), and
// the cost per op is the process's CPU time (user + system, so GC and page
// faults count) less the CPU time of an idle run of the test binary, over k;
// each value is the minimum over -count rounds. CPU time, unlike wall time,
// does not grow when other processes share the machine. The wall-clock
// ns/op that the benchmark itself reports is shown beside it. The rounds are
// interleaved (all sub-benchmarks, then all again).
//
// With -marginal, each sub-benchmark runs once with k and once with 2k
// iterations and the cost per op is the difference of the two processes'
// CPU times over k (the wall column: the same difference of the benchmark's
// totals), the median over the rounds. What every process pays once
// (start-up, the benchmark's setup, the first iteration's cold heap: fresh
// memory from the kernel, encoding/json's pooled buffer growing) cancels
// out, so a large input that runs only a few times (explain at n = 10⁵, a
// second an op) is compared with a small one run many times on equal terms.
// For cheap ops the difference of two noisy totals is the noisier measure.
//
// With -inprocess, it runs `go test -bench` as it is, in -count rounds (a
// process per round running every sub-benchmark once with -benchtime
// -target, b.N chosen by the testing package), and reports the median of
// the benchmark's wall-clock ns/op and the median of the per-round ratios.
// This is the steady state of a warm process (its heap grown, its pools
// filled), where the default measure also counts what a young process pays
// at large n (a heap that grows with the input, fresh memory from the
// kernel, more collections), spread over few iterations.
//
// Usage (from bench/): go run ./scaling [-count 3] [-target 200ms] [-bench re] [-pkg dir] [-marginal | -inprocess]
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

var (
	count    = flag.Int("count", 3, "rounds; each value is the minimum over the rounds (the median with -marginal)")
	target   = flag.Duration("target", 200*time.Millisecond, "CPU time per sub-benchmark run")
	bench    = flag.String("bench", ".", "regexp for the shapes to run")
	pkg      = flag.String("pkg", "..", "directory of the urlspec root package")
	limit    = flag.Float64("limit", 12, "ratio per 10× n above which a row is marked")
	marginal = flag.Bool("marginal", false, "marginal cost: runs with k and 2k iterations, their difference over k, the median of the rounds")
	inproc   = flag.Bool("inprocess", false, "go test -bench in -count rounds of -benchtime -target: median ns/op (wall) and median per-round ratio")
)

type sub struct {
	shape string
	n     int
	bytes int     // input length
	k     int     // iterations per run
	cpu   float64 // CPU ns/op: the median of cpus
	wall  float64 // wall ns/op: the median of walls
	cpus  []float64
	walls []float64
}

// median returns the median of xs (the mean of the middle two for an even
// count).
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return -1
	}
	ys := slices.Clone(xs)
	slices.Sort(ys)
	m := len(ys) / 2
	if len(ys)%2 == 0 {
		return (ys[m-1] + ys[m]) / 2
	}
	return ys[m]
}

type result struct {
	name   string
	nsOp   float64
	inputB float64
}

var benchLine = regexp.MustCompile(`^(BenchmarkScaling/\S+?)(-\d+)?\s+\d+\s+(.*)$`)

// run runs the test binary and returns its benchmark results and its CPU
// time (user + system).
func run(bin string, args ...string) ([]result, time.Duration) {
	cmd := exec.Command(bin, args...)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		log.Fatalf("%s %s: %v\n%s", bin, strings.Join(args, " "), err, out.String())
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := time.Duration(syscall.TimevalToNsec(ru.Utime) + syscall.TimevalToNsec(ru.Stime))
	var rs []result
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		m := benchLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		r := result{name: m[1]}
		f := strings.Fields(m[3])
		for i := 0; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			switch f[i+1] {
			case "ns/op":
				r.nsOp = v
			case "input-bytes":
				r.inputB = v
			}
		}
		rs = append(rs, r)
	}
	return rs, cpu
}

func benchArgs(pattern string, k int) []string {
	return []string{"-test.run", "^$", "-test.bench", pattern,
		"-test.benchtime", fmt.Sprintf("%dx", k), "-test.count", "1"}
}

func main() {
	log.SetFlags(0)
	flag.Parse()
	dir, err := os.MkdirTemp("", "scaling")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "urlspec.test")
	build := exec.Command("go", "test", "-c", "-o", bin, ".")
	build.Dir = *pkg
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		log.Fatal(err)
	}

	// The sub-benchmarks and their input sizes, from one iteration of each.
	rs, _ := run(bin, benchArgs("^BenchmarkScaling$/("+*bench+")/", 1)...)
	var subs []*sub
	for _, r := range rs {
		p := strings.Split(r.name, "/")
		if len(p) != 3 || !strings.HasPrefix(p[2], "n=") {
			continue
		}
		n, err := strconv.Atoi(strings.TrimPrefix(p[2], "n="))
		if err != nil {
			log.Fatalf("bad name %s", r.name)
		}
		subs = append(subs, &sub{shape: p[1], n: n, bytes: int(r.inputB), cpu: -1, wall: -1})
	}
	if len(subs) == 0 {
		log.Fatal("no BenchmarkScaling sub-benchmarks matched")
	}

	if *inproc {
		inProcess(bin, subs)
		return
	}

	// The CPU time of a run without benchmarks (start-up, loading).
	var idle time.Duration = -1
	for range *count {
		if _, c := run(bin, benchArgs("^$", 1)...); idle < 0 || c < idle {
			idle = c
		}
	}
	pattern := func(s *sub) string {
		return fmt.Sprintf("^BenchmarkScaling$/^%s$/^n=%d$", regexp.QuoteMeta(s.shape), s.n)
	}
	cpuPerOp := func(c time.Duration, k int) float64 {
		return float64(max(c-idle, 0).Nanoseconds()) / float64(k)
	}

	// Calibrate k: a first run over about 1 MB of input.
	for _, s := range subs {
		k := max(1, (1<<20)/max(1, s.bytes))
		rs, c := run(bin, benchArgs(pattern(s), k)...)
		per := max(cpuPerOp(c, k), 1)
		// A run this short can measure less CPU than the idle run (the
		// idle run's own scatter): the benchmark's wall-clock ns/op, which
		// the process's CPU time does not undercut by much, bounds it.
		for _, r := range rs {
			per = max(per, r.nsOp/2)
		}
		s.k = max(1, int(float64(target.Nanoseconds())/per))
	}

	wallTotal := func(rs []result, k int) float64 {
		for _, r := range rs {
			return r.nsOp * float64(k)
		}
		return 0
	}
	for round := 1; round <= *count; round++ {
		fmt.Fprintf(os.Stderr, "round %d/%d\n", round, *count)
		for _, s := range subs {
			rs1, c1 := run(bin, benchArgs(pattern(s), s.k)...)
			if !*marginal {
				if per := cpuPerOp(c1, s.k); s.cpu < 0 || per < s.cpu {
					s.cpu = per
				}
				for _, r := range rs1 {
					if s.wall < 0 || r.nsOp < s.wall {
						s.wall = r.nsOp
					}
				}
				continue
			}
			rs2, c2 := run(bin, benchArgs(pattern(s), 2*s.k)...)
			s.cpus = append(s.cpus, float64((c2-c1).Nanoseconds())/float64(s.k))
			s.walls = append(s.walls, (wallTotal(rs2, 2*s.k)-wallTotal(rs1, s.k))/float64(s.k))
		}
	}
	if *marginal {
		for _, s := range subs {
			s.cpu, s.wall = median(s.cpus), median(s.walls)
		}
	}
	report(subs, idle)
}

// inProcess runs the sub-benchmarks as go test -bench does, in -count
// rounds (one process each, every sub-benchmark once), and reports the
// medians of their ns/op and the medians of the per-round ratios per 10× n:
// the sizes of one shape run one after the other within seconds, so a slow
// spell of the machine moves both sides of a ratio.
func inProcess(bin string, subs []*sub) {
	walls := map[string][]float64{}
	for round := 1; round <= *count; round++ {
		fmt.Fprintf(os.Stderr, "round %d/%d (go test -bench, -benchtime %v)\n", round, *count, *target)
		rs, _ := run(bin, "-test.run", "^$", "-test.bench", "^BenchmarkScaling$/("+*bench+")/",
			"-test.benchtime", target.String(), "-test.count", "1")
		for _, r := range rs {
			walls[r.name] = append(walls[r.name], r.nsOp)
		}
	}
	for _, s := range subs {
		s.walls = walls[fmt.Sprintf("BenchmarkScaling/%s/n=%d", s.shape, s.n)]
		s.wall = median(s.walls)
	}
	shapes, ns, by := index(subs)
	fmt.Printf("BenchmarkScaling: go test -bench in %d rounds of -benchtime %v; median ns/op (wall) and median of the per-round ratios\n\n", *count, *target)
	fmt.Printf("%-18s", "shape")
	for _, n := range ns {
		fmt.Printf(" %12s", fmt.Sprintf("n=%d", n))
	}
	fmt.Printf(" | ratio\n%-18s", "")
	for range ns {
		fmt.Printf(" %12s", "ns/op")
	}
	fmt.Printf(" |")
	for j := 1; j < len(ns); j++ {
		fmt.Printf(" %10s", short(ns[j])+"/"+short(ns[j-1]))
	}
	fmt.Println()
	bad := 0
	var worst []string
	for _, sh := range shapes {
		printRow(sh, ns, by, func(s *sub) float64 { return s.wall })
		fmt.Printf(" |")
		before := bad
		for j := 1; j < len(ns); j++ {
			a, b := by[sh][ns[j-1]], by[sh][ns[j]]
			if a == nil || b == nil || len(a.walls) != len(b.walls) {
				fmt.Printf(" %10s", "-")
				continue
			}
			var rs []float64
			for k := range a.walls {
				rs = append(rs, b.walls[k]/a.walls[k])
			}
			r := median(rs)
			mark := ""
			if r > *limit {
				bad++
				mark = "!"
			}
			fmt.Printf(" %10s", fmt.Sprintf("%.1f%s", r, mark))
		}
		if bad > before {
			worst = append(worst, sh)
		}
		fmt.Println()
	}
	fmt.Printf("\n%d ratio(s) above %g (marked !)", bad, *limit)
	if len(worst) > 0 {
		fmt.Printf(" in: %s", strings.Join(worst, ", "))
	}
	fmt.Println()
}

// index returns the shapes and the sizes of subs in their order, and subs
// by shape and size.
func index(subs []*sub) (shapes []string, ns []int, by map[string]map[int]*sub) {
	by = map[string]map[int]*sub{}
	seenN := map[int]bool{}
	for _, s := range subs {
		if by[s.shape] == nil {
			by[s.shape] = map[int]*sub{}
			shapes = append(shapes, s.shape)
		}
		by[s.shape][s.n] = s
		if !seenN[s.n] {
			seenN[s.n] = true
			ns = append(ns, s.n)
		}
	}
	return shapes, ns, by
}

// printRow prints a row's shape and its cost f at each size.
func printRow(sh string, ns []int, by map[string]map[int]*sub, f func(*sub) float64) {
	fmt.Printf("%-18s", sh)
	for _, n := range ns {
		if s := by[sh][n]; s != nil {
			fmt.Printf(" %12.0f", f(s))
		} else {
			fmt.Printf(" %12s", "-")
		}
	}
}

func report(subs []*sub, idle time.Duration) {
	shapes, ns, by := index(subs)
	bad := 0
	ratio := func(a, b *sub, f func(*sub) float64) string {
		if a == nil || b == nil || f(a) <= 0 || f(b) <= 0 {
			return "-"
		}
		r := f(b) / f(a)
		if r > *limit {
			bad++
			return fmt.Sprintf("%.1f!", r)
		}
		return fmt.Sprintf("%.1f", r)
	}
	cpu := func(s *sub) float64 { return s.cpu }
	wall := func(s *sub) float64 { return s.wall }

	switch {
	case *marginal:
		fmt.Printf("BenchmarkScaling: median of %d; CPU ns/op = (process CPU with 2k iterations - with k) / k\n\n", *count)
	default:
		fmt.Printf("BenchmarkScaling: best of %d; CPU ns/op = (process CPU - %v idle) / iterations\n\n",
			*count, idle.Round(time.Millisecond))
	}
	fmt.Printf("%-18s", "shape")
	for _, n := range ns {
		fmt.Printf(" %12s", fmt.Sprintf("n=%d", n))
	}
	fmt.Printf(" | %-*s | %s\n", 11*(len(ns)-1), "CPU ratio", "wall ratio")
	fmt.Printf("%-18s", "")
	for range ns {
		fmt.Printf(" %12s", "CPU ns/op")
	}
	for range 2 {
		fmt.Printf(" |")
		for j := 1; j < len(ns); j++ {
			fmt.Printf(" %10s", short(ns[j])+"/"+short(ns[j-1]))
		}
	}
	fmt.Println()
	worst := map[string]bool{}
	for _, sh := range shapes {
		printRow(sh, ns, by, cpu)
		before := bad
		for _, f := range []func(*sub) float64{cpu, wall} {
			fmt.Printf(" |")
			for j := 1; j < len(ns); j++ {
				fmt.Printf(" %10s", ratio(by[sh][ns[j-1]], by[sh][ns[j]], f))
			}
		}
		if bad > before {
			worst[sh] = true
		}
		fmt.Println()
	}
	fmt.Printf("\n%d ratio(s) above %g (marked !)", bad, *limit)
	if len(worst) > 0 {
		var w []string
		for _, sh := range shapes {
			if worst[sh] {
				w = append(w, sh)
			}
		}
		fmt.Printf(" in: %s", strings.Join(w, ", "))
	}
	fmt.Println()
}

// short writes n as 1e3 when it is a power of ten.
func short(n int) string {
	e := 0
	for m := n; m >= 10 && m%10 == 0; m /= 10 {
		e++
	}
	if n == pow10(e) && e > 0 {
		return fmt.Sprintf("1e%d", e)
	}
	return strconv.Itoa(n)
}

func pow10(e int) int {
	p := 1
	for range e {
		p *= 10
	}
	return p
}
