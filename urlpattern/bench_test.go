package urlpattern_test

import (
	"bufio"
	"os"
	"testing"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/internal/race"
	"github.com/urlspec/urlspec/urlpattern"
)

// routeTable is a router's table of 50 patterns for the kasztp URL list
// (testdata/kasztp.txt at the repository root: 48,010 web URLs), most
// specific first: fixed hosts with named groups, regexp groups, optional
// groups and wildcards, and catch-alls at the end.
var routeTable = []string{
	`https://tools.ietf.org/html/rfc:num(\d+)`,
	`https://tools.ietf.org/html/draft-:name`,
	`https://tools.ietf.org/html/:doc`,
	`https://tools.ietf.org/rfc/rfc:num(\d+).txt`,
	`https://tools.ietf.org/*`,
	`https://www.angelfire.com/:state/:site/*`,
	`https://www.angelfire.com/:site{/}?`,
	`https://en.wikipedia.org/wiki/:title`,
	`https://en.wikipedia.org/*`,
	`https://sourceforge.net/projects/:project{/*}?`,
	`https://sourceforge.net/*`,
	`https://members.tripod.com/:user{/*}?`,
	`https://www.freewebs.com/:site{/*}?`,
	`https://news.cnet.com/:slug.html`,
	`https://news.cnet.com/*`,
	`https://{:kind.}?groups.yahoo.com/group/:name{/*}?`,
	`https://www.webring.com/hub\?ring=:ring`,
	`https://www.webring.com/*`,
	`https://www.wired.com/:section/:year(\d{4})/:month(\d{2})/*`,
	`https://www.wired.com/*`,
	`https://www.w3.org/TR/:spec{/}?`,
	`https://www.w3.org/:year(\d{4})/*`,
	`https://www.w3.org/*`,
	`https://www.gamespot.com/:platform/:genre/:game/*`,
	`https://www.theregister.co.uk/:year(\d{4})/:month(\d{2})/:day(\d{2})/:slug{/}?`,
	`https://www.topix.com/*`,
	`https://www.rpg.net/*`,
	`https://www.ddj.com/:section/:id(\d+)`,
	`https://www.ibm.com/developerworks/*`,
	`https://www.cs.:dept(cmu|arizona).edu/~:user/*`,
	`https://code.google.com/p/:project/*`,
	`https://(msdn|support|www).microsoft.com/*`,
	`https://home.earthlink.net/~:user/*`,
	`https://news.bbc.co.uk/:n(\d+)/hi/*`,
	`https://www.gnu.org/software/:pkg/*`,
	`https://www.gnu.org/*`,
	`https://www.faqs.org/rfcs/rfc:num(\d+).html`,
	`https://slashdot.org/:section/:yy/:mm/:dd/:id.shtml`,
	`https://c2.com/cgi/wiki\?:page`,
	`https://*.c2.com/cgi/wiki\?:page`,
	`https://github.com/:owner/:repo{/*}?`,
	`https://:sub.blogspot.com/:year(\d{4})/:month(\d{2})/:slug.html`,
	`https://*.wikipedia.org/wiki/:title`,
	`https://*.edu/~:user{/*}?`,
	`https://*.edu/*`,
	`https://*.gov/*`,
	`https://*/*.pdf`,
	`https://*/*.(html|htm)`,
	`https://*/:first/*`,
	`https://*/*`,
}

func loadKasztp(tb testing.TB) []string {
	f, err := os.Open("../testdata/kasztp.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var urls []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		urls = append(urls, sc.Text())
	}
	return urls
}

func compileRoutes(tb testing.TB) []*urlpattern.Pattern {
	var ps []*urlpattern.Pattern
	for _, r := range routeTable {
		p, err := urlpattern.New(r, urlpattern.Options{})
		if err != nil {
			tb.Fatalf("%s: %v", r, err)
		}
		ps = append(ps, p)
	}
	if len(ps) != 50 {
		tb.Fatalf("%d routes, want 50", len(ps))
	}
	return ps
}

// route returns the index of the first route that u matches, or -1, and
// how many routes it tried.
func route(routes []*urlpattern.Pattern, u urlspec.URL) (int, int) {
	for i, p := range routes {
		if p.TestURL(u) {
			return i, i + 1
		}
	}
	return -1, len(routes)
}

// BenchmarkRouter: parse each URL once, then test the routes in order
// until one matches. ns/op and allocs/op are per URL.
func BenchmarkRouter(b *testing.B) {
	urls, routes := loadKasztp(b), compileRoutes(b)
	tried, matched := 0, 0
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		u, err := urlspec.Parse(urls[i%len(urls)])
		i++
		if err != nil {
			continue
		}
		r, n := route(routes, u)
		tried += n
		if r >= 0 {
			matched++
		}
	}
	b.ReportMetric(float64(tried)/float64(i), "routes-tried/URL")
	b.ReportMetric(float64(matched)/float64(i)*100, "%matched")
}

// BenchmarkRouterExec: as BenchmarkRouter, then Exec on the route found
// (the groups a handler reads).
func BenchmarkRouterExec(b *testing.B) {
	urls, routes := loadKasztp(b), compileRoutes(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		u, err := urlspec.Parse(urls[i%len(urls)])
		i++
		if err != nil {
			continue
		}
		if r, _ := route(routes, u); r >= 0 {
			routes[r].ExecURL(u)
		}
	}
}

// BenchmarkParse is the baseline: urlspec.Parse alone, per URL.
func BenchmarkParse(b *testing.B) {
	urls := loadKasztp(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		urlspec.Parse(urls[i%len(urls)])
		i++
	}
}

// BenchmarkTest: one pattern's Test on each URL string: a parse plus at
// most one regexp match per component that is neither "*" nor fixed text.
func BenchmarkTest(b *testing.B) {
	urls := loadKasztp(b)
	p := urlpattern.MustNew(`https://*/:first/*`)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p.Test(urls[i%len(urls)])
		i++
	}
}

// TestRouteTable checks that the routes compile, route every kasztp URL
// that parses, and that Test allocates no more than Parse does.
func TestRouteTable(t *testing.T) {
	urls, routes := loadKasztp(t), compileRoutes(t)
	counts := make([]int, len(routes))
	unmatched := 0
	for _, s := range urls {
		u, err := urlspec.Parse(s)
		if err != nil {
			continue
		}
		r, _ := route(routes, u)
		if r < 0 {
			unmatched++
			continue
		}
		counts[r]++
	}
	t.Logf("%d URLs, %d unmatched; first 10 routes took %v", len(urls), unmatched, counts[:10])
	u := "https://tools.ietf.org/html/rfc3986"
	parse := testing.AllocsPerRun(100, func() { urlspec.Parse(u) })
	test := testing.AllocsPerRun(100, func() { routes[0].Test(u) })
	if test > parse && !race.Enabled {
		t.Errorf("Test allocates %v per run, Parse %v: matching must not allocate", test, parse)
	}
}
