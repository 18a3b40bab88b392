package bench

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

// defaultWorkloads is the committed copy of the workload files (see its
// README.md); $URLSPEC_WORKLOADS names another directory.
const defaultWorkloads = "testdata/workloads"

var (
	workloadsOnce sync.Once
	workloads     []*dataset
	workloadsErr  error
)

// loadTSV reads a workload file: one parse a line, input U+001F base (an
// empty or missing base = no base). Lines are split at '\n' only, so that a
// '\r' or a tab in an input stays part of it.
func loadTSV(name, path string) (*dataset, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	d := &dataset{name: name}
	text := strings.TrimSuffix(string(data), "\n")
	hasBase := false
	for line := range strings.SplitSeq(text, "\n") {
		in, base, _ := strings.Cut(line, "\x1f")
		d.inputs = append(d.inputs, in)
		d.bases = append(d.bases, base)
		d.size += len(in)
		hasBase = hasBase || base != ""
	}
	if !hasBase {
		d.bases = nil
	}
	return d, nil
}

func loadWorkloads(b *testing.B) []*dataset {
	workloadsOnce.Do(func() {
		dir := os.Getenv("URLSPEC_WORKLOADS")
		if dir == "" {
			dir = defaultWorkloads
		}
		paths, err := filepath.Glob(filepath.Join(dir, "*.tsv"))
		if err != nil {
			workloadsErr = err
			return
		}
		sort.Strings(paths)
		for _, p := range paths {
			d, err := loadTSV(strings.TrimSuffix(filepath.Base(p), ".tsv"), p)
			if err != nil {
				workloadsErr = err
				return
			}
			workloads = append(workloads, d)
		}
		if len(workloads) == 0 {
			workloadsErr = os.ErrNotExist
		}
	})
	if workloadsErr != nil {
		b.Fatal("workloads:", workloadsErr)
	}
	return workloads
}

// BenchmarkWorkloads runs every implementation over every workload file:
// BenchmarkWorkloads/<file stem>/<impl>, one op = one pass over the file,
// with the per-URL metrics of BenchmarkWHATWG. Each distinct base is parsed
// once, outside the timed loop. bench/vs-ada.sh runs it interleaved with
// ada (github.com/ada-url/ada) on the same files.
func BenchmarkWorkloads(b *testing.B) {
	for _, d := range loadWorkloads(b) {
		b.Run(d.name, func(b *testing.B) {
			for _, im := range impls {
				b.Run(im.name, func(b *testing.B) { measure(b, d, im) })
			}
		})
	}
}
