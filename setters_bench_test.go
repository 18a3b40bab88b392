package urlspec

import (
	"net/url"
	"testing"
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
	for b.Loop() {
		for i, c := range benchRelRefs {
			if _, err := bases[i].Resolve(c.ref); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(benchRelRefs)), "ns/ref")
}

var _ = url.Parse
