package urlspec

import (
	"bufio"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/urlspec/urlspec/internal/shortcut"
)

// Relative references that leave the shortcuts (print.ResolveSimple) and
// run the pipeline against their base: dot segments, characters to
// encode, backslashes, non-ASCII, file: and non-special bases. Most of
// their cost used to be rebuilding the base's model from its href.
var benchRelRefs = []struct{ base, ref string }{
	{"https://example.com/a/b/c?q=1#f", "../d e/./f?x=ü"},
	{"https://example.com/a/b/c", "..\\x\\y"},
	{"https://пример.рф/путь/к/файлу", "../другой/файл?к=в"},
	{"http://user:pass@example.org:8080/dir/file.html", "./%7euser/index.html"},
	{"file:///C:/Users/me/Documents/report.txt", "../Pictures/a b.png"},
	{"sc://host/a/b/c", "../../x/./y?z#w"},
	{"https://example.com/very/deep/path/with/many/segments/in/it/file", "../../../up/../x"},
	{"http://[2001:db8::1]:8443/api/v1/items", "./items/42?fields=a,b"},
}

// BenchmarkResolvePipeline parses each relative reference against its
// base (base.Resolve(ref)) through the pipeline.
func BenchmarkResolvePipeline(b *testing.B) {
	bases := make([]URL, len(benchRelRefs))
	for i, c := range benchRelRefs {
		bases[i] = MustParse(c.base)
	}
	b.ReportAllocs()
	cpu := processCPU()
	for b.Loop() {
		for i, c := range benchRelRefs {
			if _, err := bases[i].Resolve(c.ref); err != nil {
				b.Fatal(err)
			}
		}
	}
	reportCPU(b, cpu)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(benchRelRefs)), "ns/ref")
}

// reportCPU reports the process's CPU time per op since start (see
// processCPU), which GC workers' time is part of.
func reportCPU(b *testing.B, start int64) {
	if end := processCPU(); start >= 0 && end >= 0 {
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkRelPipeline resolves the rel_kasztp workload (relative
// references against real web URLs; bench/testdata/workloads) with every
// shortcut off, so each reference runs the pipeline against its base's
// model. One op is one pass over the file; ns/ref is per reference.
func BenchmarkRelPipeline(b *testing.B) {
	f, err := os.Open("bench/testdata/workloads/rel_kasztp.tsv")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	type job struct {
		base *URL
		ref  string
	}
	var jobs []job
	bases := map[string]*URL{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		ref, base, _ := strings.Cut(sc.Text(), "\x1f")
		bu, ok := bases[base]
		if !ok {
			u, err := Parse(base)
			if err != nil {
				continue
			}
			bu = &u
			bases[base] = bu
		}
		jobs = append(jobs, job{bu, ref})
	}
	b.ReportAllocs()
	shortcut.Off = true
	defer func() { shortcut.Off = false }()
	cpu := processCPU()
	for b.Loop() {
		for _, j := range jobs {
			_, _ = j.base.Resolve(j.ref)
		}
	}
	reportCPU(b, cpu)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(jobs)), "ns/ref")
}

// benchSetterHref is the URL the setter benchmarks change.
const benchSetterHref = "https://example.com/api/v1/items?q=golang&page=1#results"

// benchSink keeps the benchmarks' results alive.
var benchSink string

// BenchmarkSetters runs each With setter, JoinPath and a SearchParams
// update next to its net/url equivalent (the field assignment and String,
// as a net/url user writes it: on a copy of the parsed *url.URL, which
// stays on the stack), on the same URL, in the same run: row/urlspec and
// row/neturl. Each op yields the new URL-string. Besides ns/op each row
// reports cpu-ns/op, the process's CPU time per op (GC included).
func BenchmarkSetters(b *testing.B) {
	u := MustParse(benchSetterHref)
	nu, err := url.Parse(benchSetterHref)
	if err != nil {
		b.Fatal(err)
	}
	with := func(f func() (URL, error)) func(*testing.B) {
		return func(b *testing.B) {
			b.ReportAllocs()
			cpu := processCPU()
			for b.Loop() {
				r, err := f()
				if err != nil {
					b.Fatal(err)
				}
				benchSink = r.Href()
			}
			reportCPU(b, cpu)
		}
	}
	net := func(f func() string) func(*testing.B) {
		return func(b *testing.B) {
			b.ReportAllocs()
			cpu := processCPU()
			for b.Loop() {
				benchSink = f()
			}
			reportCPU(b, cpu)
		}
	}
	rows := setterBenchRows(u, nu)
	for _, r := range rows {
		b.Run(r.name+"/urlspec", with(r.ours))
		b.Run(r.name+"/neturl", net(r.neturl))
	}
}

// setterBenchRow is a row of BenchmarkSetters: an operation on u and its
// net/url equivalent on nu.
type setterBenchRow struct {
	name   string
	ours   func() (URL, error)
	neturl func() string
}

// setterBenchRows returns the rows of BenchmarkSetters on u and nu, the
// same URL parsed by urlspec and net/url.
func setterBenchRows(u URL, nu *url.URL) []setterBenchRow {
	return []setterBenchRow{
		{"JoinPath", func() (URL, error) { return u.JoinPath("users", "42") },
			func() string { return nu.JoinPath("users", "42").String() }},
		{"WithHash", func() (URL, error) { return u.WithHash("details") },
			func() string { v := *nu; v.Fragment = "details"; return v.String() }},
		{"WithHash-empty", func() (URL, error) { return u.WithHash("") },
			func() string { v := *nu; v.Fragment = ""; return v.String() }},
		{"WithSearch", func() (URL, error) { return u.WithSearch("q=rust&page=2") },
			func() string { v := *nu; v.RawQuery = "q=rust&page=2"; return v.String() }},
		{"WithSearch-empty", func() (URL, error) { return u.WithSearch("") },
			func() string { v := *nu; v.RawQuery = ""; return v.String() }},
		{"SearchParams-Set", func() (URL, error) {
			p := u.SearchParams()
			p.Set("page", "2")
			return u.WithSearch(p.String())
		}, func() string {
			v := *nu
			q := v.Query()
			q.Set("page", "2")
			v.RawQuery = q.Encode()
			return v.String()
		}},
		{"WithHost", func() (URL, error) { return u.WithHost("example.org:8443") },
			func() string { v := *nu; v.Host = "example.org:8443"; return v.String() }},
		{"WithHostname", func() (URL, error) { return u.WithHostname("example.org") },
			func() string { v := *nu; v.Host = "example.org"; return v.String() }},
		{"WithPort", func() (URL, error) { return u.WithPort("8443") },
			func() string { v := *nu; v.Host = v.Hostname() + ":8443"; return v.String() }},
		{"WithPathname", func() (URL, error) { return u.WithPathname("/api/v2/items/42") },
			func() string { v := *nu; v.Path = "/api/v2/items/42"; return v.String() }},
		{"WithProtocol", func() (URL, error) { return u.WithProtocol("http") },
			func() string { v := *nu; v.Scheme = "http"; return v.String() }},
		{"WithUsername", func() (URL, error) { return u.WithUsername("ann") },
			func() string { v := *nu; v.User = url.User("ann"); return v.String() }},
		{"WithPassword", func() (URL, error) { return u.WithPassword("s3cret") },
			func() string { v := *nu; v.User = url.UserPassword(v.User.Username(), "s3cret"); return v.String() }},
	}
}

// BenchmarkSettersPaired measures each row of BenchmarkSetters as pairs
// of batches, 100 urlspec ops and 100 net/url ops (in turn first), so that both sides of
// a pair share the machine's load (which drifts by 2× on a shared machine
// between two sub-benchmarks, and stalls a batch now and then): one op is
// one pair. It reports the medians over the pairs of each side's ns per
// operation and of their ratio (urlspec ÷ net/url). Allocations are
// BenchmarkSetters'.
func BenchmarkSettersPaired(b *testing.B) {
	u := MustParse(benchSetterHref)
	nu, err := url.Parse(benchSetterHref)
	if err != nil {
		b.Fatal(err)
	}
	const batch = 100
	for _, r := range setterBenchRows(u, nu) {
		b.Run(r.name, func(b *testing.B) {
			var ours, theirs, ratios []float64
			runOurs := func() float64 {
				t := time.Now()
				for range batch {
					x, _ := r.ours()
					benchSink = x.href
				}
				return float64(time.Since(t)) / batch
			}
			runTheirs := func() float64 {
				t := time.Now()
				for range batch {
					benchSink = r.neturl()
				}
				return float64(time.Since(t)) / batch
			}
			first := false // which side goes first alternates
			for b.Loop() {
				var o, t float64
				if first = !first; first {
					o, t = runOurs(), runTheirs()
				} else {
					t, o = runTheirs(), runOurs()
				}
				ours, theirs, ratios = append(ours, o), append(theirs, t), append(ratios, o/t)
			}
			b.ReportMetric(median(ours), "urlspec-ns/op")
			b.ReportMetric(median(theirs), "neturl-ns/op")
			b.ReportMetric(median(ratios), "ratio")
		})
	}
}

// median returns the median of xs (which it sorts).
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	slices.Sort(xs)
	if n := len(xs); n%2 == 0 {
		return (xs[n/2-1] + xs[n/2]) / 2
	}
	return xs[len(xs)/2]
}
