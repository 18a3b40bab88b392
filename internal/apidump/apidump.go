// Package apidump writes the exported API of a Go module's importable
// packages, one line per feature, in the style of the files in Go's own api/
// directory (https://go.dev/src/api/README), for example
//
//	pkg example.com/m, func Parse(string) (URL, error)
//	pkg example.com/m, method (*URL) Scan(any) error
//	pkg example.com/m, type Error struct, Code model.Code
//
// It reads source only (go/build to select the files of a build context,
// go/parser to parse them, go/printer to print types); it does not type-check.
// The lines therefore show types as written in the source, with parameter and
// result names dropped and an empty interface written as any; a constant shows
// its declared type, or else its value expression as written, or "= ..."
// when that uses iota; a
// variable shows its declared type, or the type its initialiser spells out
// (a composite literal, errors.New, fmt.Errorf, a basic literal), or "= ...".
// Methods promoted through embedding are not listed; the embedding is
// (type T struct, embedded U).
//
// The test TestAPIGolden in the module root compares these lines with the
// checked-in api/urlspec.txt, so that every change of the public surface is a
// visible diff.
package apidump

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/printer"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Counts is the number of exported identifiers of one package, by kind.
// Methods are those of exported types; Fields (exported struct fields,
// embedded types included, and interface methods) are counted apart and are
// not part of Total.
type Counts struct {
	Funcs, Methods, Types, Consts, Vars int
	Fields                              int
}

// Total returns the exported identifiers: funcs, methods, types, consts and
// vars (not fields).
func (c Counts) Total() int { return c.Funcs + c.Methods + c.Types + c.Consts + c.Vars }

// Package is the exported API of one importable package.
type Package struct {
	Path     string   // import path, e.g. github.com/urlspec/urlspec/model
	Dir      string   // directory
	Name     string   // package name
	Features []string // sorted lines, each "pkg Path, feature"
	Counts   Counts
}

// Contexts are the build contexts whose union the API is: a feature present
// in every context (where the package has files) is written plainly; one
// present in only some is written once per context, as Go's api files do:
// "pkg path (goos-goarch), feature".
var Contexts = []struct{ GOOS, GOARCH string }{
	{"linux", "amd64"},
	{"darwin", "arm64"},
	{"windows", "amd64"},
	{"js", "wasm"},
}

// Module returns the API of every importable package of the module rooted at
// root (the directory holding go.mod), sorted by import path. A package is
// importable when it is not under a directory named internal, testdata,
// node_modules or vendor (nor one whose name starts with . or _), is not in a
// nested module (a directory with its own go.mod), is not package main, and
// has non-test Go files in at least one of Contexts. Packages with no exported
// identifier are included (with no features).
func Module(root string) ([]Package, error) {
	modPath, err := modulePath(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, err
	}
	d := newDumper()
	var pkgs []Package
	err = filepath.WalkDir(root, func(dir string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !e.IsDir() {
			return nil
		}
		if dir != root {
			name := e.Name()
			switch {
			case name == "internal", name == "testdata", name == "node_modules", name == "vendor",
				strings.HasPrefix(name, "."), strings.HasPrefix(name, "_"):
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				return filepath.SkipDir // nested module
			}
		}
		rel, err := filepath.Rel(root, dir)
		if err != nil {
			return err
		}
		importPath := modPath
		if rel != "." {
			importPath = path.Join(modPath, filepath.ToSlash(rel))
		}
		p, ok, err := d.dir(dir, importPath)
		if err != nil {
			return err
		}
		if ok && p.Name != "main" {
			pkgs = append(pkgs, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(pkgs, func(a, b Package) int { return strings.Compare(a.Path, b.Path) })
	return pkgs, nil
}

// Dir returns the API of the package in dir, named importPath in the lines.
// It fails when dir holds no non-test Go file in any of Contexts.
func Dir(dir, importPath string) (Package, error) {
	p, ok, err := newDumper().dir(dir, importPath)
	if err != nil {
		return Package{}, err
	}
	if !ok {
		return Package{}, fmt.Errorf("apidump: no Go package in %s", dir)
	}
	return p, nil
}

// Write writes the features of pkgs, one a line, sorted by import path and
// then by line.
func Write(w io.Writer, pkgs []Package) error {
	sorted := slices.Clone(pkgs)
	slices.SortStableFunc(sorted, func(a, b Package) int { return strings.Compare(a.Path, b.Path) })
	bw := bufio.NewWriter(w)
	for _, p := range sorted {
		for _, f := range p.Features {
			bw.WriteString(f)
			bw.WriteByte('\n')
		}
	}
	return bw.Flush()
}

// WriteTable writes the counts of pkgs as an aligned table with a header and
// a line of totals.
func WriteTable(w io.Writer, pkgs []Package) error {
	var sum Counts
	width := len("package")
	for _, p := range pkgs {
		width = max(width, len(p.Path))
		c := p.Counts
		sum.Funcs += c.Funcs
		sum.Methods += c.Methods
		sum.Types += c.Types
		sum.Consts += c.Consts
		sum.Vars += c.Vars
		sum.Fields += c.Fields
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%-*s %6s %7s %6s %6s %5s %6s %6s\n", width, "package", "funcs", "methods", "types", "consts", "vars", "total", "fields")
	row := func(name string, c Counts) {
		fmt.Fprintf(bw, "%-*s %6d %7d %6d %6d %5d %6d %6d\n", width, name, c.Funcs, c.Methods, c.Types, c.Consts, c.Vars, c.Total(), c.Fields)
	}
	for _, p := range pkgs {
		row(p.Path, p.Counts)
	}
	row(fmt.Sprintf("all %d packages", len(pkgs)), sum)
	return bw.Flush()
}

// modulePath reads the module path from the module directive of a go.mod file.
func modulePath(gomod string) (string, error) {
	data, err := os.ReadFile(gomod)
	if err != nil {
		return "", fmt.Errorf("apidump: %w", err)
	}
	for line := range strings.Lines(string(data)) {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`), nil
		}
	}
	return "", fmt.Errorf("apidump: no module directive in %s", gomod)
}

// kind of a feature, for the counts.
type kind int

const (
	kFunc kind = iota
	kMethod
	kType
	kConst
	kVar
	kField
	kNone // not counted
)

type feature struct {
	text string // without the "pkg path, " prefix
	kind kind
}

// dumper caches parsed files across build contexts.
type dumper struct {
	fset  *token.FileSet
	files map[string]*ast.File
}

func newDumper() *dumper {
	return &dumper{fset: token.NewFileSet(), files: map[string]*ast.File{}}
}

func (d *dumper) parse(name string) (*ast.File, error) {
	if f, ok := d.files[name]; ok {
		return f, nil
	}
	f, err := parser.ParseFile(d.fset, name, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("apidump: %w", err)
	}
	d.files[name] = f
	return f, nil
}

// dir dumps the package in dir; ok is false when no context has Go files there.
func (d *dumper) dir(dir, importPath string) (p Package, ok bool, err error) {
	type ctxResult struct {
		label    string
		features map[string]kind
	}
	var results []ctxResult
	for _, c := range Contexts {
		ctxt := build.Default
		ctxt.GOOS, ctxt.GOARCH, ctxt.CgoEnabled = c.GOOS, c.GOARCH, false
		bp, err := ctxt.ImportDir(dir, 0)
		if err != nil {
			var noGo *build.NoGoError
			if errors.As(err, &noGo) {
				continue
			}
			return Package{}, false, fmt.Errorf("apidump: %s (%s/%s): %w", dir, c.GOOS, c.GOARCH, err)
		}
		if len(bp.GoFiles) == 0 { // test files only
			continue
		}
		p.Name = bp.Name
		if bp.Name == "main" {
			return p, true, nil
		}
		fs := map[string]kind{}
		for _, name := range bp.GoFiles {
			f, err := d.parse(filepath.Join(dir, name))
			if err != nil {
				return Package{}, false, err
			}
			for _, ft := range d.fileFeatures(f) {
				fs[ft.text] = ft.kind
			}
		}
		results = append(results, ctxResult{c.GOOS + "-" + c.GOARCH, fs})
	}
	if len(results) == 0 {
		return Package{}, false, nil
	}
	p.Path, p.Dir = importPath, dir
	seen := map[string]bool{}    // lines written
	counted := map[string]bool{} // features counted, whatever their contexts
	for _, r := range results {
		for text, k := range r.features {
			common := true
			for _, o := range results {
				if _, in := o.features[text]; !in {
					common = false
					break
				}
			}
			line := "pkg " + importPath + ", " + text
			if !common {
				line = "pkg " + importPath + " (" + r.label + "), " + text
			}
			if seen[line] {
				continue
			}
			seen[line] = true
			p.Features = append(p.Features, line)
			if counted[text] {
				continue
			}
			counted[text] = true
			switch k {
			case kFunc:
				p.Counts.Funcs++
			case kMethod:
				p.Counts.Methods++
			case kType:
				p.Counts.Types++
			case kConst:
				p.Counts.Consts++
			case kVar:
				p.Counts.Vars++
			case kField:
				p.Counts.Fields++
			}
		}
	}
	slices.Sort(p.Features)
	return p, true, nil
}

// fileFeatures returns the exported features declared in f.
func (d *dumper) fileFeatures(f *ast.File) []feature {
	var out []feature
	add := func(k kind, format string, args ...any) {
		out = append(out, feature{fmt.Sprintf(format, args...), k})
	}
	for _, decl := range f.Decls {
		switch decl := decl.(type) {
		case *ast.FuncDecl:
			if !decl.Name.IsExported() {
				continue
			}
			if decl.Recv == nil {
				add(kFunc, "func %s%s%s", decl.Name.Name, d.typeParams(decl.Type.TypeParams), d.signature(decl.Type))
				continue
			}
			if len(decl.Recv.List) != 1 {
				continue
			}
			recv := decl.Recv.List[0].Type
			if !ast.IsExported(baseTypeName(recv)) {
				continue
			}
			add(kMethod, "method (%s) %s%s", d.expr(recv), decl.Name.Name, d.signature(decl.Type))
		case *ast.GenDecl:
			switch decl.Tok {
			case token.TYPE:
				for _, s := range decl.Specs {
					out = d.typeSpec(out, s.(*ast.TypeSpec))
				}
			case token.CONST:
				var typ ast.Expr // carried over by implicit repetition
				var vals []ast.Expr
				for _, s := range decl.Specs {
					vs := s.(*ast.ValueSpec)
					if vs.Type != nil || len(vs.Values) > 0 {
						typ, vals = vs.Type, vs.Values
					}
					for i, n := range vs.Names {
						if !n.IsExported() {
							continue
						}
						switch {
						case typ != nil:
							add(kConst, "const %s %s", n.Name, d.expr(typ))
						case i < len(vals) && !mentionsIota(vals[i]):
							add(kConst, "const %s = %s", n.Name, d.expr(vals[i]))
						default:
							add(kConst, "const %s = ...", n.Name)
						}
					}
				}
			case token.VAR:
				for _, s := range decl.Specs {
					vs := s.(*ast.ValueSpec)
					for i, n := range vs.Names {
						if !n.IsExported() {
							continue
						}
						var t string
						switch {
						case vs.Type != nil:
							t = d.expr(vs.Type)
						case len(vs.Values) == len(vs.Names):
							t = d.initType(vs.Values[i])
						}
						if t == "" {
							add(kVar, "var %s = ...", n.Name)
						} else {
							add(kVar, "var %s %s", n.Name, t)
						}
					}
				}
			}
		}
	}
	return out
}

// typeSpec appends the features of an exported type declaration.
func (d *dumper) typeSpec(out []feature, ts *ast.TypeSpec) []feature {
	if !ts.Name.IsExported() {
		return out
	}
	name := ts.Name.Name + d.typeParams(ts.TypeParams)
	if ts.Assign.IsValid() {
		return append(out, feature{"type " + name + " = " + d.expr(ts.Type), kType})
	}
	switch t := ts.Type.(type) {
	case *ast.StructType:
		out = append(out, feature{"type " + name + " struct", kType})
		for _, fl := range t.Fields.List {
			typ := d.expr(fl.Type)
			if len(fl.Names) == 0 {
				if ast.IsExported(baseTypeName(fl.Type)) {
					out = append(out, feature{"type " + name + " struct, embedded " + typ, kField})
				}
				continue
			}
			for _, n := range fl.Names {
				if n.IsExported() {
					out = append(out, feature{"type " + name + " struct, " + n.Name + " " + typ, kField})
				}
			}
		}
	case *ast.InterfaceType:
		var summary []string
		var members []feature
		unexported := false
		for _, fl := range t.Methods.List {
			if len(fl.Names) == 0 { // embedded interface or type-set element
				s := d.expr(fl.Type)
				summary = append(summary, s)
				members = append(members, feature{"type " + name + " interface, embedded " + s, kField})
				continue
			}
			for _, n := range fl.Names {
				if !n.IsExported() {
					unexported = true
					continue
				}
				summary = append(summary, n.Name)
				sig := d.signature(fl.Type.(*ast.FuncType))
				members = append(members, feature{"type " + name + " interface, " + n.Name + sig, kField})
			}
		}
		if unexported { // no type outside the package can implement it
			members = append(members, feature{"type " + name + " interface, unexported methods", kNone})
		}
		slices.Sort(summary)
		if len(summary) == 0 {
			out = append(out, feature{"type " + name + " interface {}", kType})
		} else {
			out = append(out, feature{"type " + name + " interface { " + strings.Join(summary, ", ") + " }", kType})
		}
		out = append(out, members...)
	default:
		out = append(out, feature{"type " + name + " " + d.expr(ts.Type), kType})
	}
	return out
}

// signature prints a function type without "func" and without parameter
// and result names: "(string, *URL) (URL, error)".
func (d *dumper) signature(ft *ast.FuncType) string {
	var b strings.Builder
	b.WriteByte('(')
	b.WriteString(strings.Join(d.fieldTypes(ft.Params), ", "))
	b.WriteByte(')')
	res := d.fieldTypes(ft.Results)
	switch len(res) {
	case 0:
	case 1:
		b.WriteString(" " + res[0])
	default:
		b.WriteString(" (" + strings.Join(res, ", ") + ")")
	}
	return b.String()
}

// fieldTypes lists the types of a parameter list, one per name.
func (d *dumper) fieldTypes(fl *ast.FieldList) []string {
	if fl == nil {
		return nil
	}
	var out []string
	for _, f := range fl.List {
		t := d.expr(f.Type)
		for range max(1, len(f.Names)) {
			out = append(out, t)
		}
	}
	return out
}

// typeParams prints a type parameter list, names kept: "[K comparable, V any]".
func (d *dumper) typeParams(fl *ast.FieldList) string {
	if fl == nil || len(fl.List) == 0 {
		return ""
	}
	var parts []string
	for _, f := range fl.List {
		var names []string
		for _, n := range f.Names {
			names = append(names, n.Name)
		}
		parts = append(parts, strings.Join(names, ", ")+" "+d.expr(f.Type))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// expr prints a type or value expression on one line, an empty interface as
// any and a function type without parameter names.
func (d *dumper) expr(e ast.Expr) string {
	e = simplify(e)
	var buf bytes.Buffer
	// A fresh FileSet: positions of the original source must not make the
	// printer break lines.
	if err := printer.Fprint(&buf, token.NewFileSet(), e); err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	return oneLine(buf.String())
}

// simplify returns a copy of e where empty interfaces read any and names are
// dropped from function types (struct field names and tags are kept, tags
// dropped).
func simplify(e ast.Expr) ast.Expr {
	switch e := e.(type) {
	case *ast.InterfaceType:
		if e.Methods == nil || len(e.Methods.List) == 0 {
			return ast.NewIdent("any")
		}
		c := *e
		c.Methods = simplifyFields(e.Methods, false)
		return &c
	case *ast.FuncType:
		c := *e
		c.Params = simplifyFields(e.Params, true)
		c.Results = simplifyFields(e.Results, true)
		return &c
	case *ast.StarExpr:
		return &ast.StarExpr{X: simplify(e.X)}
	case *ast.ArrayType:
		return &ast.ArrayType{Len: e.Len, Elt: simplify(e.Elt)}
	case *ast.MapType:
		return &ast.MapType{Key: simplify(e.Key), Value: simplify(e.Value)}
	case *ast.ChanType:
		return &ast.ChanType{Dir: e.Dir, Value: simplify(e.Value)}
	case *ast.Ellipsis:
		return &ast.Ellipsis{Elt: simplify(e.Elt)}
	case *ast.ParenExpr:
		return &ast.ParenExpr{X: simplify(e.X)}
	case *ast.IndexExpr:
		return &ast.IndexExpr{X: e.X, Index: simplify(e.Index)}
	case *ast.IndexListExpr:
		c := &ast.IndexListExpr{X: e.X}
		for _, i := range e.Indices {
			c.Indices = append(c.Indices, simplify(i))
		}
		return c
	case *ast.StructType:
		return &ast.StructType{Struct: e.Struct, Fields: simplifyFields(e.Fields, false)}
	}
	return e
}

// simplifyFields copies a field list with simplified types, without
// comments and tags, and (dropNames) one unnamed field per name.
func simplifyFields(fl *ast.FieldList, dropNames bool) *ast.FieldList {
	if fl == nil {
		return nil
	}
	c := &ast.FieldList{}
	for _, f := range fl.List {
		t := simplify(f.Type)
		if dropNames {
			for range max(1, len(f.Names)) {
				c.List = append(c.List, &ast.Field{Type: t})
			}
			continue
		}
		c.List = append(c.List, &ast.Field{Names: f.Names, Type: t})
	}
	return c
}

// oneLine joins a printed multi-line expression (a struct or interface
// literal type) into one line: "struct { A int; B string }".
func oneLine(s string) string {
	if !strings.Contains(s, "\n") {
		return s
	}
	lines := strings.Split(s, "\n")
	var b strings.Builder
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if i > 0 {
			prev := strings.TrimSpace(lines[i-1])
			switch {
			case strings.HasSuffix(prev, "{"), strings.HasPrefix(l, "}"):
				b.WriteByte(' ')
			default:
				b.WriteString("; ")
			}
		}
		b.WriteString(l)
	}
	return b.String()
}

// initType returns the type that an initialiser spells out, or "".
func (d *dumper) initType(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.CompositeLit:
		if e.Type != nil {
			return d.expr(e.Type)
		}
	case *ast.UnaryExpr:
		if cl, ok := e.X.(*ast.CompositeLit); ok && e.Op == token.AND && cl.Type != nil {
			return "*" + d.expr(cl.Type)
		}
	case *ast.BasicLit:
		switch e.Kind {
		case token.STRING:
			return "string"
		case token.INT:
			return "int"
		case token.FLOAT:
			return "float64"
		case token.CHAR:
			return "rune"
		}
	case *ast.CallExpr:
		if sel, ok := e.Fun.(*ast.SelectorExpr); ok {
			if pkg, ok := sel.X.(*ast.Ident); ok {
				switch pkg.Name + "." + sel.Sel.Name {
				case "errors.New", "fmt.Errorf":
					return "error"
				}
			}
		}
	}
	return ""
}

// mentionsIota reports whether e uses iota, whose value depends on the
// constant's place in its block.
func mentionsIota(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "iota" {
			found = true
		}
		return !found
	})
	return found
}

// baseTypeName returns the name of the named type in a receiver or embedded
// field expression: T, *T, T[P], *T[P], pkg.T → "T"; "" otherwise.
func baseTypeName(e ast.Expr) string {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.ParenExpr:
			e = t.X
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.SelectorExpr:
			return t.Sel.Name
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}
