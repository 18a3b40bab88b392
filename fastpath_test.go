package urlspec

import (
	"bufio"
	"os"
	"testing"

	"github.com/urlspec/urlspec/internal/race"
)

// parseFull is Parse without the fast path.
func parseFull(input string) (URL, error) {
	r, err := parseResolveNormalise(input, nil)
	if err != nil {
		return URL{}, err
	}
	return fromModel(&r), nil
}

// The fast path gives exactly the full pipeline's URL (model, href and
// offsets) wherever it applies, on every line of the datasets and on edge
// cases; and it applies to most real web URLs.
func TestFastPathAgrees(t *testing.T) {
	inputs := []string{
		"http://a/", "https://a.b/c/d?e#f", "http://a:8080/", "http://a:80/", "http://a:080/", "http://a:/",
		"http://a:65536/", "http://1.2.3.4/", "http://a.0x1/", "http://a/./b", "http://a/b/..", "http://a/%2e/",
		"http://a/%2E%2e", "http://a/.b/..c", "http://A/", "http://a", "http://a?b", "http://a/b c", "http://a/b'c?d'e",
		"http://a/b?c#d`e", "http://a/b#c`", "http://a/b\\c", "https://a/b/c/", "ftp://a:21/", "ws://a:443/",
		"http://xn--a/", "file:///a/b", "file://h/a", "file://h", "file://", "file:///", "file://localhost/x", "file://h:1/",
		"file:///C:/x", "file:///C|/x", "file:///C:", "file:///Cc/x", "file:///c/x", "file://1.2.3.4/", "http://h", "http://h?x",
		"file:///a/..", "file:///a?b#c", "file://H/", "file:///%43:/", "http://a_b/", "http://./", "http://a..b/", "http://a/%zz", "wss://h/?", "http://h/#",
		"http://0.0.0.0/", "http://255.255.255.255/", "http://1.2.3.4.", "http://1.2.3.04/", "http://1.2.3.256/", "http://1.2.3.4.5/", "http://1.2.3/",
		"http://1.2.3.4:80/", "http://1.2.3.4:81/a?b#c", "http://1000.2.3.4/", "http://1.2.3.4a/", "http://9.9.9.9/a/../b",
		"http://[::1]/", "http://[::1]", "http://[::1]:8080/a?b#c", "http://[::1]:80/", "http://[::1/]", "http://[::1", "http://[0::1]/", "http://[::]/",
		"http://[::ffff:1.2.3.4]/", "http://[::ffff:102:304]/", "http://[2001:DB8::1]/", "http://[2001:db8::1]/x/./y", "file://[::1]/", "http://[1:0:0:2::3]/",
		"http://[::1]x/", "http://[::1]]/", "http://[[::1]]/", "http://a[::1]/",
		// Hosts the fast path rewrites (and the failures it leaves to the pipeline).
		"http://EXAMPLE.COM/", "http://Example.com", "http://EXAMPLE.COM.:81/a?b#c", "http://A", "http://A?b#c", "http://XN--A/",
		"http://LOCALHOST/", "http://A_B-C.d/", "file://EXAMPLE/x", "file://Localhost/x", "http://0X7F.1/", "http://0x7f.1:8080/x?y#z",
		"http://0x7F.0.0.1", "http://127.1/", "http://2130706433/", "http://017700000001/", "http://1.2.3.4./", "http://1.2.3.4.:80/",
		"http://0x100000000/", "http://1.2.3.4.5/", "http://1.2.3.256/", "http://0xG/", "http://a.0X1/", "http://A.1B/", "http://1.2.3.04:81/",
		"http://[::FFFF:1.2.3.4]:81/a", "http://[0:0:0:0:0:0:0:1]", "http://[1:2:3:4::5:6:7:8]/", "http://[2001:0DB8:0000:0000:8A2B:0000:0000:B1AC]/x#y",
		"http://[::1.2.3]/", "http://[1::2::3]/", "http://[::1]:80/", "http://[0::1]:/", "https://[::ffff:0102:0304]/?#",
	}
	for _, ds := range []string{"testdata/kasztp.txt", "testdata/node_files.txt", "testdata/isaacs_files.txt"} {
		f, err := os.Open(ds)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			inputs = append(inputs, sc.Text())
		}
		f.Close()
	}
	fast := 0
	for _, in := range inputs {
		var got URL
		if !parseSimple(in, &got) {
			continue
		}
		fast++
		want, err := parseFull(in)
		if err != nil {
			t.Errorf("%q: fast path accepts, full pipeline fails: %v", in, err)
			continue
		}
		if got != want {
			t.Errorf("%q: fast path\n\t%q %+v\nfull pipeline\n\t%q %+v", in, got.href, got.off, want.href, want.off)
		}
	}
	t.Logf("fast path taken for %d of %d inputs", fast, len(inputs))
	if fast < len(inputs)/3 {
		t.Errorf("fast path taken for only %d of %d inputs", fast, len(inputs))
	}
}

// BenchmarkFullPipeline runs Parse without its fast path on the web URLs,
// to measure the general pipeline.
func BenchmarkFullPipeline(b *testing.B) {
	lines, size := loadLines(b, "testdata/kasztp.txt")
	b.ReportAllocs()
	b.SetBytes(int64(size))
	for b.Loop() {
		for _, s := range lines {
			if u, err := parseFull(s); err == nil && u.href == "" {
				b.Fatal("empty href")
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/URL")
}

// Every line of the iphosts workload (IPv4 and IPv6 hosts in many
// spellings, with paths, queries and fragments in normal form) takes the
// fast path, its host rewritten where it is not in its serialisation, with
// at most one allocation (docs/performance.md, issue 12's third round).
func TestFastPathTakesIPHosts(t *testing.T) {
	cases := agreementCases(t)["iphosts"]
	if len(cases) == 0 {
		t.Fatal("no iphosts workload")
	}
	for k, c := range cases {
		var u URL
		if !parseSimple(c.input, &u) {
			t.Errorf("%q: not on the fast path", c.input)
			continue
		}
		if k%20 != 0 {
			continue // allocations: one line in twenty
		}
		if n := testing.AllocsPerRun(5, func() { parseSimple(c.input, &u) }); n > 1 && !race.Enabled {
			t.Errorf("%q: %v allocations on the fast path, want ≤ 1", c.input, n)
		}
	}
}
