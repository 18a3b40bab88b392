package bench

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/internal/race"
	"github.com/urlspec/urlspec/internal/shortcut"
)

//go:generate go run ./cmd/genworkloads

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

func loadWorkloads(b testing.TB) []*dataset {
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
//
// Besides the implementations of BenchmarkWHATWG, <impl> "pipeline" is
// urlspec with every shortcut of Parse off (internal/shortcut): the
// specification's pipeline alone, which TestWorkloadsAgree checks gives
// the same result on every line.
func BenchmarkWorkloads(b *testing.B) {
	for _, d := range loadWorkloads(b) {
		b.Run(d.name, func(b *testing.B) {
			for _, im := range impls {
				b.Run(im.name, func(b *testing.B) { measure(b, d, im) })
			}
			b.Run("pipeline", func(b *testing.B) {
				defer withoutShortcuts()()
				measure(b, d, impls[0])
			})
		})
	}
}

// withoutShortcuts turns every shortcut of urlspec's Parse off and returns
// the function that restores the switch. No other parse may run meanwhile
// (the switch is a plain variable).
func withoutShortcuts() (restore func()) {
	old := shortcut.Off
	shortcut.Off = true
	return func() { shortcut.Off = old }
}

// parseLine is one workload line's parse through the urlspec impl of
// BenchmarkWorkloads (the base parsed by Parse, then Resolve), with the
// shortcuts as the switch is.
func parseLine(input, base string) (urlspec.URL, error) {
	if base == "" {
		return urlspec.Parse(input)
	}
	b, err := urlspec.Parse(base)
	if err != nil {
		return urlspec.URL{}, err
	}
	return b.Resolve(input)
}

// TestWorkloadsAgree checks that every line of every workload file gives
// the same URL (==: href and component offsets) or the same error with
// Parse's shortcuts on and off, so that the pipeline sub-benchmark of
// BenchmarkWorkloads measures the same work as the urlspec one.
func TestWorkloadsAgree(t *testing.T) {
	if impls[0].name != "urlspec" {
		t.Fatal("BenchmarkWorkloads' pipeline impl expects impls[0] to be urlspec")
	}
	for _, d := range loadWorkloads(t) {
		on := make([]urlspec.URL, len(d.inputs))
		onErr := make([]error, len(d.inputs))
		for i, in := range d.inputs {
			on[i], onErr[i] = parseLine(in, baseOf(d, i))
		}
		restore := withoutShortcuts()
		disagree, failed := 0, 0
		for i, in := range d.inputs {
			off, offErr := parseLine(in, baseOf(d, i))
			same := off == on[i] && (offErr == nil) == (onErr[i] == nil)
			if same && offErr != nil {
				failed++
				same = offErr.Error() == onErr[i].Error()
			}
			if !same {
				disagree++
				if disagree <= 10 {
					t.Errorf("%s line %d: %q against %q:\n\tshortcuts on  %q, %v\n\tshortcuts off %q, %v",
						d.name, i+1, in, baseOf(d, i), on[i].Href(), onErr[i], off.Href(), offErr)
				}
			}
		}
		restore()
		if disagree > 10 {
			t.Errorf("%s: %d lines disagree (the first 10 shown)", d.name, disagree)
		}
		t.Logf("%s: %d lines, %d disagree, %d fail both ways", d.name, len(d.inputs), disagree, failed)
	}
}

// baseOf returns the base of d's line i ("" = none).
func baseOf(d *dataset, i int) string {
	if d.bases == nil {
		return ""
	}
	return d.bases[i]
}

// TestWorkloadAllocs checks, input by input, the issue 22 promise behind
// the allocations-per-URL column: parsing (or resolving) a workload line
// allocates at most once, for the href, but where the output needs more —
// a failure's error, with its cause, takes up to three — and for the two
// kinds of input counted here, whose further allocations are measured and
// explained in docs/performance.md (tenth pass): a scheme with an
// upper-case letter that is not special (its lower-case form; schemes),
// and a web-URL written without "//" whose host changes (the host that
// resolution's force parses without the parse's buffer, and domain to
// ASCII's result for an IDN; dirty2). Every line of wpt is read, and every
// eighth line of the others (each reading of the allocation count stops
// the world: every line of every workload takes 17 s, and finds 1,453 of
// schemes' 5,000 lines and 80 of dirty2's 4,000), the base of a line
// parsed once beforehand.
func TestWorkloadAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector (internal/race)")
	}
	more := map[string]int{"schemes": 184, "dirty2": 16} // lines of the sample that allocate more than once
	for _, d := range loadWorkloads(t) {
		bases := map[string]*urlspec.URL{}
		n, read := 0, 0
		for i, in := range d.inputs {
			if d.name != "wpt" && i%8 != 0 {
				continue
			}
			var base *urlspec.URL
			if b := baseOf(d, i); b != "" {
				if base = bases[b]; base == nil {
					u, err := urlspec.Parse(b)
					if err != nil {
						continue // as BenchmarkWorkloads: a line whose base fails is not parsed
					}
					base = &u
					bases[b] = base
				}
			}
			var err error
			// Five runs: one-off allocations (the pool's Buffer made again
			// after a collection emptied the pool) round away.
			a := testing.AllocsPerRun(5, func() {
				if base != nil {
					_, err = base.Resolve(in)
				} else {
					_, err = urlspec.Parse(in)
				}
			})
			read++
			switch _, counted := more[d.name]; {
			case err != nil && a > 3:
				t.Errorf("%s line %d %q fails with %v allocations, want at most 3", d.name, i+1, in, a)
			case err == nil && a > 1 && !counted:
				t.Errorf("%s line %d %q: %v allocations, want at most 1", d.name, i+1, in, a)
			case err == nil && a > 3:
				t.Errorf("%s line %d %q: %v allocations, want at most 3", d.name, i+1, in, a)
			case err == nil && a > 1:
				n++
			}
		}
		if want := more[d.name]; n != want {
			t.Errorf("%s: %d of %d lines read allocate more than once, want %d (update the count and docs/performance.md)", d.name, n, read, want)
		}
	}
}
