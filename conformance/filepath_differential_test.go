package conformance_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/fileurl"
	"github.com/urlspec/urlspec/internal/gen"
)

// The file path differential test compares fileurl (through
// urlspec.FromFilePath and URL.FilePath) with Node's built-in
// url.pathToFileURL and url.fileURLToPath, for both path styles, on 10,000
// generated paths per style (gen.FilePath, the round-trip law's paths, and
// gen.FilePathVariant). Node needs no npm package; Node before 20.13 has no
// {windows} option and the test skips. Every difference must fall in one of
// the classes documented in docs/file-paths.md (explainFileDiff); any other
// fails the test; a Windows path that Win32 normalises (fileurl.Normalize:
// runs of separators, trailing periods and spaces) is also sent normalised,
// and Node's href of that explains the difference. In the other direction,
// Node's fileURLToPath must read urlspec's URL of every generated path back
// to its normalised path (an IPv6 server in brackets, where Windows writes
// an ipv6-literal.net name).

const filePathDiffCases = 10000

type fileReq struct {
	Op      string `json:"op"`
	Windows bool   `json:"windows"`
	Input   string `json:"input"`
}

type fileAns struct {
	OK    *string `json:"ok"`
	Error string  `json:"error"`
}

func fileNode(t *testing.T) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		requireNodeOrSkip(t, "node is not installed: skipping the file path differential test against Node's url.pathToFileURL (install Node ≥ 20.13)")
	}
	out, err := runFileNode(t, node, []fileReq{{Op: "toURL", Windows: true, Input: `C:\x`}})
	if err != nil || out[0].OK == nil || *out[0].OK != "file:///C:/x" {
		requireNodeOrSkip(t, fmt.Sprintf("%s has no url.pathToFileURL(path, {windows: true}) (Node ≥ 20.13 or ≥ 22.1 has): skipping the file path differential test", nodeVersion(node)))
	}
	t.Logf("comparing with url.pathToFileURL and url.fileURLToPath of %s", nodeVersion(node))
	return node
}

func runFileNode(t *testing.T, node string, reqs []fileReq) ([]fileAns, error) {
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, r := range reqs {
		if err := enc.Encode(r); err != nil {
			return nil, err
		}
	}
	cmd := exec.Command(node, "filepath.js")
	cmd.Dir = differentialDir
	cmd.Stdin = &in
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node filepath.js: %v\n%s", err, stderr.String())
	}
	var answers []fileAns
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var a fileAns
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("node output line %d: %v", len(answers)+1, err)
		}
		answers = append(answers, a)
	}
	if len(answers) != len(reqs) {
		t.Fatalf("node answered %d of %d requests", len(answers), len(reqs))
	}
	return answers, nil
}

// nodeExtraEncoded are the characters Node's pathToFileURL percent-encodes
// and the WHATWG path percent-encode set (so urlspec) does not.
var nodeExtraEncoded = strings.NewReplacer("%5B", "[", "%5D", "]", "%7C", "|", "%7E", "~")

var (
	repeatedSlashes = regexp.MustCompile(`/{2,}`)
	driveRootDouble = regexp.MustCompile(`^file:///([A-Za-z]:)//$`)
	// POSIX /C:/x is file:///C%3A/x: the parser must not read a drive.
	driveLikeEncoded = regexp.MustCompile(`^file:///([A-Za-z])%3A(/|$)`)
)

// ipv6Literal matches the server of a UNC path that is an IPv6 address's
// ipv6-literal.net name.
var ipv6Literal = regexp.MustCompile(`^\\\\[0-9a-f-]+\.ipv6-literal\.net`)

// bracketIPv6 turns \\--1.ipv6-literal.net into \\[::1].
func bracketIPv6(s string) string {
	return `\\[` + strings.ReplaceAll(strings.TrimSuffix(s[2:], ".ipv6-literal.net"), "-", ":") + "]"
}

// pathPart splits a file URL-string after its authority.
func pathPart(href string) (string, string) {
	i := strings.IndexByte(href[len("file://"):], '/')
	if i < 0 {
		return href, ""
	}
	i += len("file://")
	return href[:i], href[i:]
}

// fileDiffTransforms are the documented differences (docs/file-paths.md),
// each a rewrite of urlspec's and Node's href that removes it.
var fileDiffTransforms = []struct {
	name        string
	ours, other func(string) string
}{
	{"node-encodes-[]|~", nodeExtraEncoded.Replace, nodeExtraEncoded.Replace},
	{"node-drive-root-//", func(s string) string { return s }, func(s string) string { return driveRootDouble.ReplaceAllString(s, "file:///$1/") }},
	{"urlspec-encodes-drive-like-first-segment", func(s string) string { return driveLikeEncoded.ReplaceAllString(s, "file:///$1:$2") }, func(s string) string { return s }},
	{"node-collapses-repeated-separators", func(s string) string {
		a, p := pathPart(s)
		return a + repeatedSlashes.ReplaceAllString(p, "/")
	}, func(s string) string { return s }},
}

// uncShare returns the share of the UNC path p, or "".
func uncShare(p string) string {
	p = strings.ReplaceAll(p, "/", `\`)
	switch {
	case strings.HasPrefix(p, `\\?\UNC\`):
		p = p[8:]
	case strings.HasPrefix(p, `\\?\`) || strings.HasPrefix(p, `\\.\`):
		return ""
	case strings.HasPrefix(p, `\\`):
		p = p[2:]
	default:
		return ""
	}
	segs := strings.Split(p, `\`)
	if len(segs) < 2 {
		return ""
	}
	return segs[1]
}

// climbsAboveShare reports whether the UNC path p has a .. segment that
// would remove its share (Node's pathToFileURL leaves that to the URL
// parser, which removes the share; FromPath keeps it, as Windows does).
func climbsAboveShare(p string) bool {
	p = strings.ReplaceAll(p, "/", `\`)
	switch {
	case strings.HasPrefix(p, `\\?\UNC\`):
		p = p[8:]
	case strings.HasPrefix(p, `\\?\`) || strings.HasPrefix(p, `\\.\`):
		return false
	case strings.HasPrefix(p, `\\`):
		p = p[2:]
	default:
		return false
	}
	segs := strings.Split(p, `\`)
	if len(segs) < 2 {
		return false
	}
	depth := 0
	for _, s := range segs[2:] {
		switch s {
		case ".":
		case "..":
			if depth == 0 {
				return true
			}
			depth--
		default:
			depth++
		}
	}
	return false
}

// explainFileDiff returns the documented causes of a difference between
// urlspec's href and Node's, joined by "+", or "".
func explainFileDiff(style fileurl.Style, p, ours, node string) string {
	if style == fileurl.Windows && climbsAboveShare(p) {
		return "node-dot-dot-removes-unc-share"
	}
	if sh := uncShare(p); style == fileurl.Windows && len(sh) == 2 && (sh[1] == ':' || sh[1] == '|') {
		return "node-drive-share-loses-unc-host"
	}
	if c := p[len(p)-1]; c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
		return "node-drops-trailing-c0-control"
	}
	var causes []string
	for _, tr := range fileDiffTransforms {
		if ours == node {
			break
		}
		o, n := tr.ours(ours), tr.other(node)
		if o != ours || n != node {
			causes = append(causes, tr.name)
		}
		ours, node = o, n
	}
	if ours != node {
		return ""
	}
	return strings.Join(causes, "+")
}

func TestFilePathDifferential(t *testing.T) {
	node := fileNode(t)
	for _, style := range []fileurl.Style{fileurl.POSIX, fileurl.Windows} {
		t.Run(style.String(), func(t *testing.T) {
			var paths, canonical []string
			seen := map[string]bool{}
			skipped := 0
			for i := 0; len(paths) < filePathDiffCases; i++ {
				src := gen.CaseSource(16, i)
				var p string
				if i%2 == 0 {
					p = gen.FilePath(src, style)
				} else {
					p = gen.FilePathVariant(src, style)
				}
				if !utf8.ValidString(p) { // Node's strings cannot hold it
					skipped++
					continue
				}
				if !seen[p] {
					seen[p] = true
					paths = append(paths, p)
					if i%2 == 0 {
						canonical = append(canonical, p)
					}
				}
			}
			// Each path, then (for Windows) the path as Win32 normalises it
			// where that differs: Node's pathToFileURL resolves separators
			// and dot segments but keeps trailing periods and spaces.
			reqs := make([]fileReq, len(paths), 2*len(paths))
			normIndex := make([]int, len(paths))
			for i, p := range paths {
				reqs[i] = fileReq{Op: "toURL", Windows: style == fileurl.Windows, Input: p}
				normIndex[i] = -1
			}
			for i, p := range paths {
				if n, err := fileurl.Normalize(p, style); style == fileurl.Windows && err == nil && n != p && utf8.ValidString(n) {
					normIndex[i] = len(reqs)
					n = ipv6Literal.ReplaceAllStringFunc(n, bracketIPv6) // Node has no ipv6-literal.net
					reqs = append(reqs, fileReq{Op: "toURL", Windows: true, Input: n})
				}
			}
			answers, _ := runFileNode(t, node, reqs)
			classes := map[string]int{}
			examples := map[string]string{}
			same := 0
			for i, p := range paths {
				var ours, oursErr string
				if u, err := urlspec.FromFilePath(p, style); err != nil {
					oursErr = err.Error()
				} else {
					ours = u.Href()
				}
				a := answers[i]
				var nodeHref string
				if a.OK != nil {
					nodeHref = *a.OK
				}
				if oursErr == "" && a.OK != nil && ours == nodeHref || oursErr != "" && a.OK == nil {
					same++
					continue
				}
				c := ""
				if oursErr == "" && a.OK != nil {
					c = explainFileDiff(style, p, ours, nodeHref)
				}
				if oursErr != "" && a.OK != nil && strings.Contains(oursErr, fileurl.ErrVerbatimName.Error()) {
					// Windows takes . and .. literally after \\?\; no file
					// URL can hold such a name.
					c = "urlspec-rejects-dot-name-in-verbatim-path"
				}
				if k := normIndex[i]; c == "" && oursErr == "" && k >= 0 && answers[k].OK != nil {
					// Node's href of the normalised path.
					n, _ := fileurl.Normalize(p, style)
					if normHref := *answers[k].OK; normHref == ours {
						c = "win32-normalisation"
					} else if c2 := explainFileDiff(style, n, ours, normHref); c2 != "" {
						c = "win32-normalisation+" + c2
					}
				}
				if c == "" {
					c = "UNEXPLAINED"
					t.Errorf("%q: urlspec %s%s, node %s%s: not a documented difference", p, ours, oursErr, nodeHref, a.Error)
				}
				classes[c]++
				if _, ok := examples[c]; !ok {
					examples[c] = p + " → urlspec " + ours + oursErr + " | node " + nodeHref + a.Error
				}
			}
			t.Logf("pathToFileURL: %d paths (%d not UTF-8, not sent): %d the same href", len(paths), skipped, same)
			var names []string
			for c := range classes {
				names = append(names, c)
			}
			sort.Strings(names)
			for _, c := range names {
				t.Logf("  %-40s %5d  e.g. %q", c, classes[c], examples[c])
			}

			// Node reads urlspec's URLs back to the normalised paths (Node
			// writes an IPv6 server in brackets, Windows as its
			// ipv6-literal.net name).
			reqs = reqs[:0]
			want := make([]string, 0, len(canonical))
			for _, p := range canonical {
				u, err := urlspec.FromFilePath(p, style)
				if err != nil {
					t.Fatalf("%q: %v", p, err)
				}
				n, err := fileurl.Normalize(p, style)
				if err != nil {
					t.Fatalf("Normalize(%q): %v", p, err)
				}
				want = append(want, n)
				reqs = append(reqs, fileReq{Op: "toPath", Windows: style == fileurl.Windows, Input: u.Href()})
			}
			answers, _ = runFileNode(t, node, reqs)
			back, ipv6 := 0, 0
			for i, n := range want {
				a := answers[i]
				if a.OK != nil && *a.OK == n {
					back++
					continue
				}
				if a.OK != nil && ipv6Literal.ReplaceAllStringFunc(n, bracketIPv6) == *a.OK {
					ipv6++
					continue
				}
				t.Errorf("fileURLToPath(%s) = %v %s, want %q", reqs[i].Input, a.OK, a.Error, n)
			}
			t.Logf("fileURLToPath: %d of %d URLs of canonical paths read back to the normalised path, %d more with the IPv6 server in brackets (node-ipv6-server-in-brackets)", back, len(want), ipv6)
		})
	}
}
