// Package bench compares urlspec with other Go URL parsers on real URL lists
// (issue 5). It is a module of its own so that the peers it measures never
// become dependencies of the library.
//
// Each benchmark op is one pass over a whole dataset; besides ns/op, B/op,
// allocs/op and MB/s (input bytes), every benchmark reports
//
//	ns/URL      wall time per URL
//	cpu-ns/URL  CPU time (user + system, all threads, so GC included) per
//	            URL; unlike wall time it does not grow when other processes
//	            compete for the CPUs (Unix only)
//	allocs/URL  heap allocations per URL
//	B/URL       heap bytes allocated per URL
//	failures    URLs of the dataset the implementation rejected (per pass)
//
// Run all of it side by side with compare.sh.
package bench

import (
	"bufio"
	"net/url"
	"os"
	"runtime"
	"sync"
	"testing"

	wurl "github.com/nlnwa/whatwg-url/url"
	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/internal/wpt"
)

// dataset is a list of inputs, each with an optional base ("" = no base).
type dataset struct {
	name   string
	inputs []string
	bases  []string // nil, or one per input ("" = none)
	size   int      // total input bytes
}

var (
	loadOnce sync.Once
	datasets []*dataset
	loadErr  error
)

func loadLines(name, path string) (*dataset, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	d := &dataset{name: name}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if s := sc.Text(); s != "" {
			d.inputs = append(d.inputs, s)
			d.size += len(s)
		}
	}
	return d, sc.Err()
}

// loadWPT reads the inputs of urltestdata.json with their bases (comment
// strings in the file are skipped).
func loadWPT(path string) (*dataset, error) {
	cases, err := wpt.URLTestData(path)
	if err != nil {
		return nil, err
	}
	d := &dataset{name: "wpt"}
	for _, c := range cases {
		base := ""
		if c.Base != nil {
			base = *c.Base
		}
		d.inputs = append(d.inputs, c.Input)
		d.bases = append(d.bases, base)
		d.size += len(c.Input)
	}
	return d, nil
}

func load(b *testing.B) []*dataset {
	loadOnce.Do(func() {
		for _, l := range []struct{ name, path string }{
			{"kasztp", "../testdata/kasztp.txt"},
			{"node_files", "../testdata/node_files.txt"},
			{"isaacs_files", "../testdata/isaacs_files.txt"},
		} {
			d, err := loadLines(l.name, l.path)
			if err != nil {
				loadErr = err
				return
			}
			datasets = append(datasets, d)
		}
		d, err := loadWPT("../conformance/testdata/urltestdata.json")
		if err != nil {
			loadErr = err
			return
		}
		datasets = append(datasets, d)
	})
	if loadErr != nil {
		b.Fatal(loadErr)
	}
	return datasets
}

// sink keeps the results alive so that nothing is optimised away.
var sink int

// impl is one implementation under test. prepare resolves the bases of d
// (outside the timed loop) and returns a function that runs one pass over d
// and returns the number of failures.
type impl struct {
	name    string
	prepare func(d *dataset) func() int
}

// resolveBases parses each distinct base once with parse; inputs whose base
// fails get ok[i] = false and count as failures without being parsed.
func resolveBases[T any](d *dataset, parse func(string) (T, error)) (bases []*T, ok []bool) {
	bases = make([]*T, len(d.inputs))
	ok = make([]bool, len(d.inputs))
	cache := map[string]*T{}
	bad := map[string]bool{}
	for i := range d.inputs {
		ok[i] = true
		if d.bases == nil || d.bases[i] == "" {
			continue
		}
		s := d.bases[i]
		if bad[s] {
			ok[i] = false
			continue
		}
		p, seen := cache[s]
		if !seen {
			v, err := parse(s)
			if err != nil {
				bad[s] = true
				ok[i] = false
				continue
			}
			p = &v
			cache[s] = p
		}
		bases[i] = p
	}
	return bases, ok
}

var impls = []impl{
	{"urlspec", func(d *dataset) func() int {
		bases, ok := resolveBases(d, func(s string) (urlspec.URL, error) { return urlspec.Parse(s) })
		in := d.inputs
		return func() int {
			fails, n := 0, 0
			for i, s := range in {
				if !ok[i] {
					fails++
					continue
				}
				var u urlspec.URL
				var err error
				if b := bases[i]; b != nil {
					u, err = b.Resolve(s)
				} else {
					u, err = urlspec.Parse(s)
				}
				if err != nil {
					fails++
					continue
				}
				n += len(u.Href())
			}
			sink += n
			return fails
		}
	}},
	{"neturl", func(d *dataset) func() int {
		bases, ok := resolveBases(d, func(s string) (*url.URL, error) { return url.Parse(s) })
		in := d.inputs
		return func() int {
			fails, n := 0, 0
			for i, s := range in {
				if !ok[i] {
					fails++
					continue
				}
				var u *url.URL
				var err error
				if bases[i] != nil {
					u, err = (*bases[i]).Parse(s)
				} else {
					u, err = url.Parse(s)
				}
				if err != nil {
					fails++
					continue
				}
				n += len(u.String())
			}
			sink += n
			return fails
		}
	}},
	{"nlnwa", func(d *dataset) func() int {
		p := wurl.NewParser()
		bases, ok := resolveBases(d, p.Parse)
		in := d.inputs
		return func() int {
			fails, n := 0, 0
			for i, s := range in {
				if !ok[i] {
					fails++
					continue
				}
				var u *wurl.Url
				var err error
				if bases[i] != nil {
					u, err = p.BasicParser(s, *bases[i], nil, wurl.NoState)
				} else {
					u, err = p.Parse(s)
				}
				if err != nil {
					fails++
					continue
				}
				n += len(u.Href(false))
			}
			sink += n
			return fails
		}
	}},
}

// BenchmarkWHATWG runs every implementation over every dataset:
// BenchmarkWHATWG/<dataset>/<impl>. urlspec is the whole WHATWG pipeline
// (Parse, then Href); neturl is net/url's Parse (or the base's Parse) then
// String; nlnwa is github.com/nlnwa/whatwg-url's Parse (or BasicParser with
// the base) then Href.
func BenchmarkWHATWG(b *testing.B) {
	for _, d := range load(b) {
		b.Run(d.name, func(b *testing.B) {
			for _, im := range impls {
				b.Run(im.name, func(b *testing.B) { measure(b, d, im) })
			}
		})
	}
}

// measure runs im over d in b's loop (one op = one pass over d) and reports
// the per-URL metrics.
func measure(b *testing.B, d *dataset, im impl) {
	pass := im.prepare(d)
	b.SetBytes(int64(d.size))
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	cpu0 := processCPU()
	fails, iters := 0, 0
	for b.Loop() {
		fails = pass()
		iters++
	}
	cpu1 := processCPU()
	runtime.ReadMemStats(&after)
	urls := float64(iters * len(d.inputs))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/urls, "ns/URL")
	if cpu0 >= 0 && cpu1 >= 0 {
		b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/urls, "cpu-ns/URL")
	}
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/urls, "allocs/URL")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/urls, "B/URL")
	b.ReportMetric(float64(fails), "failures")
}
