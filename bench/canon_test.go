package bench

import (
	"runtime"
	"testing"

	"github.com/nlnwa/whatwg-url/canonicalizer"
	wurl "github.com/nlnwa/whatwg-url/url"
	"github.com/urlspec/urlspec/canon"
)

// canonPair is one canonicalisation measured in both libraries: urlspec's
// profile and nlnwa's canonicalizer profile (nil where nlnwa has none).
type canonPair struct {
	name  string
	nlnwa wurl.Parser
}

var canonPairs = []canonPair{
	{"whatwg", canonicalizer.WhatWg},
	{"whatwg-sort-query", canonicalizer.WhatWgSortQuery},
	{"safe-browsing", canonicalizer.GoogleSafeBrowsing},
	{"surt", nil},
	{"aggressive", nil},
}

// BenchmarkCanon canonicalises every URL of kasztp.txt with each profile:
// BenchmarkCanon/<profile>/urlspec is canon.Profile.AppendCanonical into a
// reused buffer (what `urlspec canon` does per line); .../nlnwa is the
// nlnwa/whatwg-url canonicalizer profile's Parse then Href(false).
func BenchmarkCanon(b *testing.B) {
	d := load(b)[0] // kasztp
	for _, pair := range canonPairs {
		p, ok := canon.ByName(pair.name)
		if !ok {
			b.Fatalf("no profile %s", pair.name)
		}
		b.Run(pair.name, func(b *testing.B) {
			b.Run("urlspec", func(b *testing.B) {
				var buf []byte
				measureCanon(b, d, func() int {
					fails := 0
					for _, s := range d.inputs {
						var err error
						buf, err = p.AppendCanonical(buf[:0], s)
						if err != nil {
							fails++
						}
						sink += len(buf)
					}
					return fails
				})
			})
			if pair.nlnwa == nil {
				return
			}
			b.Run("nlnwa", func(b *testing.B) {
				measureCanon(b, d, func() int {
					fails := 0
					for _, s := range d.inputs {
						u, err := pair.nlnwa.Parse(s)
						if err != nil {
							fails++
							continue
						}
						sink += len(u.Href(false))
					}
					return fails
				})
			})
		})
	}
}

func measureCanon(b *testing.B, d *dataset, pass func() int) {
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
	b.ReportMetric(float64(fails), "failures")
}

// TestCanonAgreement counts, on kasztp.txt, the URLs whose canonical form
// is the same in urlspec and in nlnwa's canonicalizer, profile by profile,
// and fails when an agreement falls below the count measured when the
// profile was written (a regression in either direction shows in the log).
func TestCanonAgreement(t *testing.T) {
	d, err := loadLines("kasztp", "../testdata/kasztp.txt")
	if err != nil {
		t.Fatal(err)
	}
	floor := map[string]int{"whatwg": 48010, "whatwg-sort-query": 47760, "safe-browsing": 47770}
	for _, pair := range canonPairs {
		if pair.nlnwa == nil {
			continue
		}
		p, _ := canon.ByName(pair.name)
		same, bothFail, shown := 0, 0, 0
		for _, s := range d.inputs {
			ours, err1 := p.Canonicalize(s)
			u, err2 := pair.nlnwa.Parse(s)
			switch {
			case err1 != nil && err2 != nil:
				bothFail++
				continue
			case err1 == nil && err2 == nil && ours == u.Href(false):
				same++
				continue
			}
			if shown < 5 {
				shown++
				theirs := "failure"
				if err2 == nil {
					theirs = u.Href(false)
				}
				t.Logf("%s: %q: urlspec %q %v, nlnwa %q", pair.name, s, ours, err1, theirs)
			}
		}
		t.Logf("%s: %d of %d the same (%d fail in both)", pair.name, same, len(d.inputs), bothFail)
		if same+bothFail < floor[pair.name] {
			t.Errorf("%s: agreement %d below %d", pair.name, same+bothFail, floor[pair.name])
		}
	}
}
