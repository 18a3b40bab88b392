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
// fails the test. In the other direction, Node's fileURLToPath must read
// urlspec's URL of every canonical path back to that path.

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
)

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
			reqs := make([]fileReq, len(paths))
			for i, p := range paths {
				reqs[i] = fileReq{Op: "toURL", Windows: style == fileurl.Windows, Input: p}
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

			// Node reads urlspec's URLs back to the canonical paths.
			reqs = reqs[:0]
			for _, p := range canonical {
				u, err := urlspec.FromFilePath(p, style)
				if err != nil {
					t.Fatalf("%q: %v", p, err)
				}
				reqs = append(reqs, fileReq{Op: "toPath", Windows: style == fileurl.Windows, Input: u.Href()})
			}
			answers, _ = runFileNode(t, node, reqs)
			back := 0
			for i, p := range canonical {
				if a := answers[i]; a.OK == nil || *a.OK != p {
					t.Errorf("fileURLToPath(%s) = %v %s, want %q", reqs[i].Input, a.OK, a.Error, p)
					continue
				}
				back++
			}
			t.Logf("fileURLToPath: %d of %d URLs of canonical paths read back to the path", back, len(canonical))
		})
	}
}
