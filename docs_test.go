package urlspec_test

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// A docSnippet is a fenced code block of README.md or docs/*.md with the
// ```text block that follows it, if any (its expected output).
type docSnippet struct {
	file      string
	line      int // line of the opening fence
	lang      string
	code      string
	want      string
	hasWant   bool
	wantLine  int
	goPackage string // for go snippets: the package the test builds it as
}

func (s *docSnippet) pos() string { return fmt.Sprintf("%s:%d", s.file, s.line) }

// docFiles returns README.md and docs/*.md.
func docFiles(t *testing.T) []string {
	files, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{"README.md"}, files...)
}

// readSnippets returns the fenced code blocks of file, each ```go and ```sh
// block with the ```text block that follows it (blank lines between allowed).
func readSnippets(t *testing.T, file string) []*docSnippet {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	type block struct {
		line int
		lang string
		code string
	}
	var blocks []block
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	// next[i] is the index of the block that follows block i with only
	// blank lines between, or -1.
	var ends []int
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if !strings.HasPrefix(l, "```") {
			continue
		}
		lang := strings.TrimSpace(strings.TrimPrefix(l, "```"))
		start := i
		var code strings.Builder
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			code.WriteString(lines[i])
			code.WriteByte('\n')
		}
		if i == len(lines) {
			t.Errorf("%s:%d: unclosed code block", file, start+1)
		}
		blocks = append(blocks, block{start + 1, lang, code.String()})
		ends = append(ends, i)
	}
	var out []*docSnippet
	for k, b := range blocks {
		if b.lang != "go" && b.lang != "sh" {
			continue
		}
		s := &docSnippet{file: file, line: b.line, lang: b.lang, code: b.code}
		if k+1 < len(blocks) && blocks[k+1].lang == "text" && onlyBlank(lines[ends[k]+1:blocks[k+1].line-1]) {
			s.want, s.hasWant, s.wantLine = blocks[k+1].code, true, blocks[k+1].line
		}
		out = append(out, s)
	}
	return out
}

func onlyBlank(lines []string) bool {
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			return false
		}
	}
	return true
}

// runsCLI reports whether a ```sh block is a CLI example that the test runs:
// its first line that is not empty or a comment begins with "urlspec ".
func runsCLI(code string) bool {
	for _, l := range strings.Split(code, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		return strings.HasPrefix(l, "urlspec ")
	}
	return false
}

var funcMain = regexp.MustCompile(`(?m)^func main\(\) \{`)

// TestDocs runs every code example of README.md and docs/*.md, so the docs
// cannot rot:
//   - each ```go block is a complete program (package main); all of them are
//     built once, as packages of one program in a temporary module that
//     uses this module through a replace directive, and each is run; its
//     output must equal the ```text block that follows it, if there is one;
//   - each ```sh block whose first command begins with "urlspec " is run
//     by sh with the CLI, built once, first on PATH; its stdout must equal
//     the ```text block that follows it.
func TestDocs(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh on PATH")
	}
	var goSnips, shSnips []*docSnippet
	for _, f := range docFiles(t) {
		for _, s := range readSnippets(t, f) {
			switch {
			case s.lang == "go":
				if !strings.HasPrefix(strings.TrimSpace(s.code), "package main") || !funcMain.MatchString(s.code) {
					t.Errorf("%s: a ```go block must be a complete program: package main with func main", s.pos())
					continue
				}
				s.goPackage = fmt.Sprintf("s%d", len(goSnips))
				goSnips = append(goSnips, s)
			case runsCLI(s.code):
				if !s.hasWant {
					t.Errorf("%s: a urlspec example needs a ```text block with its output after it", s.pos())
					continue
				}
				shSnips = append(shSnips, s)
			}
		}
	}
	if len(goSnips) == 0 || len(shSnips) == 0 {
		t.Fatalf("found %d go and %d sh examples; the docs have both", len(goSnips), len(shSnips))
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "bin")

	// Build the CLI and the snippet program at the same time.
	var wg sync.WaitGroup
	var cliErr, snipErr error
	var cliOut, snipOut []byte
	wg.Add(2)
	go func() {
		defer wg.Done()
		cmd := exec.Command(goTool, "build", "-o", filepath.Join(bin, "urlspec"), "./cmd/urlspec")
		cmd.Dir = root
		cliOut, cliErr = cmd.CombinedOutput()
	}()
	go func() {
		defer wg.Done()
		snipOut, snipErr = buildSnippets(goTool, root, filepath.Join(tmp, "snippets"), filepath.Join(bin, "snippets"), goSnips)
	}()
	wg.Wait()
	if cliErr != nil {
		t.Fatalf("building the CLI: %v\n%s", cliErr, cliOut)
	}
	if snipErr != nil {
		t.Fatalf("building the go examples: %v\n%s", snipErr, snipOut)
	}

	for _, s := range goSnips {
		t.Run(s.pos(), func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			cmd := exec.Command(filepath.Join(bin, "snippets"), s.goPackage)
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("%s: %v\n%s%s", s.pos(), err, stdout.String(), stderr.String())
			}
			if s.hasWant && stdout.String() != s.want {
				t.Errorf("%s: output differs from the text block at line %d; got:\n%s\nwant:\n%s", s.pos(), s.wantLine, stdout.String(), s.want)
			}
		})
	}
	for _, s := range shSnips {
		t.Run(s.pos(), func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			cmd := exec.Command("sh", "-c", s.code)
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "NO_COLOR=1")
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			_ = cmd.Run() // examples may show a failure (exit status 1); the output decides
			if stdout.String() != s.want {
				t.Errorf("%s: output differs from the text block at line %d; got:\n%s\nwant:\n%s\nstderr:\n%s", s.pos(), s.wantLine, stdout.String(), s.want, stderr.String())
			}
		})
	}
}

// buildSnippets writes each go snippet as package sN of a temporary module
// in dir (main renamed Main; //line directives point compile errors at the
// doc), a main package that runs the snippet named by its argument, and
// builds it to out.
func buildSnippets(goTool, root, dir, out string, snips []*docSnippet) ([]byte, error) {
	goMod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, err
	}
	var mod strings.Builder
	mod.WriteString("module docsnippets\n\n")
	for _, l := range strings.Split(string(goMod), "\n") {
		if strings.HasPrefix(l, "go ") {
			mod.WriteString(l + "\n\n")
		}
	}
	mod.WriteString("require github.com/urlspec/urlspec v0.0.0\n\n")
	fmt.Fprintf(&mod, "replace github.com/urlspec/urlspec => %s\n", root)
	files := map[string]string{"go.mod": mod.String()}
	if sum, err := os.ReadFile(filepath.Join(root, "go.sum")); err == nil {
		files["go.sum"] = string(sum)
	}
	var main strings.Builder
	main.WriteString("package main\n\nimport (\n\t\"os\"\n\n")
	for _, s := range snips {
		fmt.Fprintf(&main, "\t%s \"docsnippets/%s\"\n", s.goPackage, s.goPackage)
	}
	main.WriteString(")\n\nfunc main() {\n\tswitch os.Args[1] {\n")
	for _, s := range snips {
		fmt.Fprintf(&main, "\tcase %q:\n\t\t%s.Main()\n", s.goPackage, s.goPackage)
		code := strings.TrimLeft(s.code, "\n")
		skipped := strings.Count(s.code, "\n") - strings.Count(code, "\n")
		_, rest, _ := strings.Cut(code, "\n") // the package clause
		rest = funcMain.ReplaceAllString(rest, "func Main() {")
		files[filepath.Join(s.goPackage, "main.go")] = fmt.Sprintf("package %s\n\n//line %s:%d\n%s",
			s.goPackage, filepath.Join(root, s.file), s.line+2+skipped, rest)
	}
	main.WriteString("\tdefault:\n\t\tos.Exit(2)\n\t}\n}\n")
	files["main.go"] = main.String()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			return nil, err
		}
	}
	cmd := exec.Command(goTool, "build", "-o", out, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	return cmd.CombinedOutput()
}

// TestMigrationTable checks the "net/url → urlspec" table of
// docs/migrating-from-net-url.md: it has a row for every exported function
// and method of net/url (read from the Go installation's source), and the
// name of every row starts a line of the expected output of a program in
// the guide (which TestDocs runs), so every row is shown at work.
func TestMigrationTable(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	out, err := exec.Command(goTool, "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "src", "net", "url")
	fset := token.NewFileSet()
	var api []string
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		if file.Name.Name != "url" {
			continue
		}
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() {
				continue
			}
			if fd.Recv == nil {
				api = append(api, "url."+fd.Name.Name)
				continue
			}
			typ := fd.Recv.List[0].Type
			if st, ok := typ.(*ast.StarExpr); ok {
				typ = st.X
			}
			if id, ok := typ.(*ast.Ident); ok && id.IsExported() {
				api = append(api, id.Name+"."+fd.Name.Name)
			}
		}
	}
	if len(api) < 40 {
		t.Fatalf("found only %d exported functions and methods in %s", len(api), dir)
	}

	const guide = "docs/migrating-from-net-url.md"
	data, err := os.ReadFile(guide)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	start := strings.Index(text, "## net/url → urlspec")
	if start < 0 {
		t.Fatalf("%s has no section \"net/url → urlspec\"", guide)
	}
	section := text[start:]
	if end := strings.Index(section[3:], "\n## "); end >= 0 {
		section = section[:end+3]
	}
	rows := map[string]bool{}
	row := regexp.MustCompile("(?m)^\\| `([^`]+)` \\|")
	for _, m := range row.FindAllStringSubmatch(section, -1) {
		rows[m[1]] = true
	}
	for _, name := range api {
		if !rows[name] {
			t.Errorf("%s: the table has no row for net/url's %s", guide, name)
		}
	}
	var outputs strings.Builder
	for _, s := range readSnippets(t, guide) {
		if s.lang == "go" && s.hasWant {
			outputs.WriteString(s.want)
		}
	}
	for name := range rows {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + `[: (]`).MatchString(outputs.String()) {
			t.Errorf("%s: the row %s is shown by no program's output", guide, name)
		}
	}
	t.Logf("%d net/url functions and methods, %d rows", len(api), len(rows))
}
