package whatif

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/model"
)

// Inputs are what Impact measures a variant against. Each part is
// optional.
type Inputs struct {
	// URLTestData is the content of WPT's url/resources/urltestdata.json.
	URLTestData []byte
	// Setters is the content of WPT's url/resources/setters_tests.json.
	Setters []byte
	// Corpus holds URL-strings, one an entry; an entry "input\x1fbase"
	// (U+001F between them) is input parsed against base.
	Corpus []string
	// Laws, when set, checks the laws under the variant (the laws table
	// lives outside this package); its result is the report's Laws section.
	Laws func(v Variant) ([]Law, error)
}

// Law is one law checked under a variant, as the Laws hook reports it.
// Exactly one of Holds, Counterexample, NotChecked and Vacuous says the
// verdict.
type Law struct {
	Name  string `json:"name"`
	Holds bool   `json:"holds"`
	// Cases is the number of generated cases checked (0 when NotChecked).
	Cases          int    `json:"cases"`
	Counterexample string `json:"counterexample,omitempty"`
	// NotChecked, when not empty, says why the law could not be checked
	// under the variant (its check is built on an operation the variant
	// replaces but the law cannot take from it).
	NotChecked string `json:"not_checked,omitempty"`
	// Vacuous reports a guarded law whose premise no generated case
	// satisfied under the variant.
	Vacuous bool `json:"vacuous,omitempty"`
}

// Report is the measured impact of a variant.
type Report struct {
	Variant     string        `json:"variant"`
	URLTestData *WPTImpact    `json:"urltestdata,omitempty"`
	Setters     *WPTImpact    `json:"setters,omitempty"`
	Corpus      *CorpusImpact `json:"corpus,omitempty"`
	Laws        []Law         `json:"laws,omitempty"`
	LawsError   string        `json:"laws_error,omitempty"`
}

// WPTImpact is the impact on one WPT file: the cases whose expectation
// changes, and the change as a unified diff of the file.
type WPTImpact struct {
	File    string       `json:"file"`
	Cases   int          `json:"cases"`
	Changed []CaseChange `json:"changed"`
	// Patch is a unified diff that turns the file into the variant's
	// expectations.
	Patch string `json:"patch"`
	// DiffLines counts the patch's removed and added lines.
	DiffLines int `json:"diff_lines"`
	// Coverage says what was computed under the variant and what not.
	Coverage string `json:"coverage,omitempty"`
	// NotCovered lists the cases that could not be computed: setter
	// tests whose href fails under the variant.
	NotCovered []string `json:"not_covered,omitempty"`
}

// CaseChange is one WPT case whose expectation changes.
type CaseChange struct {
	Input  string   `json:"input"`
	Base   *string  `json:"base,omitempty"`
	Setter string   `json:"setter,omitempty"` // setters: attribute=new value
	Before string   `json:"before"`           // href, or "failure"
	After  string   `json:"after"`
	Fields []string `json:"fields"` // the keys whose value changes
}

// CorpusImpact counts a corpus's lines by how the variant changes them.
type CorpusImpact struct {
	Lines        int    `json:"lines"`
	Unchanged    int    `json:"unchanged"`
	Changed      int    `json:"changed_href"`
	NewlyFailing int    `json:"newly_failing"`
	NewlyParsing int    `json:"newly_parsing"`
	Kinds        []Kind `json:"kinds"`
}

// Kind is one kind of change with its count and its smallest examples.
type Kind struct {
	Kind     string    `json:"kind"`
	Count    int       `json:"count"`
	Examples []Example `json:"examples"`
}

// Example is a corpus line and its result before and after.
type Example struct {
	Input  string `json:"input"`
	Base   string `json:"base,omitempty"`
	Before string `json:"before"`
	After  string `json:"after"`
}

const examplesPerKind = 3

// Impact measures v against in.
func Impact(v Variant, in Inputs) (*Report, error) {
	p := v.compile()
	r := &Report{Variant: v.String()}
	if in.URLTestData != nil {
		w, err := p.urlTestData(in.URLTestData)
		if err != nil {
			return nil, err
		}
		r.URLTestData = w
	}
	if in.Setters != nil {
		w, err := p.setters(in.Setters)
		if err != nil {
			return nil, err
		}
		r.Setters = w
	}
	if in.Corpus != nil {
		r.Corpus = p.corpus(in.Corpus)
	}
	if in.Laws != nil {
		laws, err := in.Laws(v)
		r.Laws = laws
		if err != nil {
			r.LawsError = err.Error()
		}
	}
	return r, nil
}

var getterKeys = []string{"href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}

func (u URL) get(key string) string {
	switch key {
	case "href":
		return u.Href
	case "origin":
		return u.Origin
	case "protocol":
		return u.Protocol
	case "username":
		return u.Username
	case "password":
		return u.Password
	case "host":
		return u.Host
	case "hostname":
		return u.Hostname
	case "port":
		return u.Port
	case "pathname":
		return u.Pathname
	case "search":
		return u.Search
	case "hash":
		return u.Hash
	}
	return ""
}

// field is one line "key": value of a JSON object in a WPT file.
type field struct {
	key, raw string // raw: the value as the file writes it
	prefix   string // the line up to the value; "" for a new field
}

// object is a JSON object of a WPT file, one field a line.
type object struct {
	start, end int // line indexes of "{" and "}"
	indent     string
	fields     []field
}

var fieldLine = regexp.MustCompile(`^(\s*"([^"]+)":\s*)(.*?),?$`)

func (o *object) value(key string) (string, bool) {
	for _, f := range o.fields {
		if f.key == key {
			var s string
			if json.Unmarshal([]byte(f.raw), &s) == nil {
				return s, true
			}
			return f.raw, true
		}
	}
	return "", false
}

func (o *object) has(key string) bool {
	for _, f := range o.fields {
		if f.key == key {
			return true
		}
	}
	return false
}

// render writes the object's field lines, commas on all but the last.
func render(indent string, fs []field) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		if f.prefix == "" {
			f.prefix = indent + `"` + f.key + `": `
		}
		out[i] = f.prefix + f.raw
		if i < len(fs)-1 {
			out[i] += ","
		}
	}
	return out
}

func jsonString(s string) string {
	var b strings.Builder
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	_ = e.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// urlTestData computes the variant's expectations for urltestdata.json.
func (p *spec) urlTestData(data []byte) (*WPTImpact, error) {
	if !json.Valid(data) {
		return nil, errors.New("whatif: urltestdata.json is not JSON")
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	w := &WPTImpact{File: "urltestdata.json", Changed: []CaseChange{}}
	var edits []edit
	for i := 0; i < len(lines); i++ {
		if lines[i] != "  {" {
			continue
		}
		o := object{start: i, indent: "    "}
		j := i + 1
		for ; j < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[j]), "}"); j++ {
			m := fieldLine.FindStringSubmatch(lines[j])
			if m == nil {
				return nil, fmt.Errorf("whatif: urltestdata.json line %d: not one field a line", j+1)
			}
			o.fields = append(o.fields, field{m[2], m[3], m[1]})
		}
		o.end = j
		i = j
		w.Cases++
		input, _ := o.value("input")
		var base *string
		for _, f := range o.fields {
			if f.key == "base" && f.raw != "null" {
				b, _ := o.value("base")
				base = &b
			}
		}
		bs := ""
		if base != nil {
			bs = *base
		}
		got, err := p.newURL(input, bs)
		before := "failure"
		if !o.has("failure") {
			before, _ = o.value("href")
		}
		var nf []field
		var changed []string
		switch {
		case err != nil && o.has("failure"), err == nil && !o.has("failure") && sameGetters(&o, got):
			continue
		case err != nil:
			for _, f := range o.fields {
				if f.key == "base" {
					nf = append(nf, f, field{"failure", "true", ""})
				} else if !slices.Contains(getterKeys, f.key) && f.key != "searchParams" {
					nf = append(nf, f)
				}
			}
			changed = []string{"failure"}
		default:
			for _, f := range o.fields {
				switch {
				case f.key == "failure":
					for _, k := range getterKeys {
						nf = append(nf, field{k, jsonString(got.get(k)), ""})
					}
					changed = []string{"failure"}
				case slices.Contains(getterKeys, f.key):
					if v, _ := o.value(f.key); v != got.get(f.key) {
						f.raw = jsonString(got.get(f.key))
						changed = append(changed, f.key)
					}
					nf = append(nf, f)
				default:
					nf = append(nf, f)
				}
			}
		}
		after := "failure"
		if err == nil {
			after = got.Href
		}
		w.Changed = append(w.Changed, CaseChange{Input: input, Base: base, Before: before, After: after, Fields: changed})
		edits = append(edits, edit{o.start + 1, o.end, render(o.indent, nf)})
	}
	w.Patch, w.DiffLines = unified("a/url/resources/urltestdata.json", "b/url/resources/urltestdata.json", lines, edits)
	return w, nil
}

func sameGetters(o *object, u URL) bool {
	for _, k := range getterKeys {
		if v, ok := o.value(k); ok && v != u.get(k) {
			return false
		}
	}
	return true
}

// setters computes the variant's expectations for setters_tests.json.
func (p *spec) setters(data []byte) (*WPTImpact, error) {
	if !json.Valid(data) {
		return nil, errors.New("whatif: setters_tests.json is not JSON")
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	w := &WPTImpact{File: "setters_tests.json", Changed: []CaseChange{},
		Coverage: "every setter runs under the variant, on the URL that the test's href parses to under the variant"}
	var edits []edit
	attr := ""
	attrLine := regexp.MustCompile(`^    "(\w+)": \[$`)
	for i := 0; i < len(lines); i++ {
		if m := attrLine.FindStringSubmatch(lines[i]); m != nil {
			attr = m[1]
			continue
		}
		if lines[i] != "        {" || attr == "" {
			continue
		}
		// A test: its fields, then the expected object.
		var top, exp object
		j := i + 1
		for ; j < len(lines) && !strings.HasPrefix(lines[j], "        }"); j++ {
			if lines[j] == `            "expected": {` {
				exp = object{start: j, indent: "                "}
				k := j + 1
				for ; k < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[k]), "}"); k++ {
					m := fieldLine.FindStringSubmatch(lines[k])
					if m == nil {
						return nil, fmt.Errorf("whatif: setters_tests.json line %d: not one field a line", k+1)
					}
					exp.fields = append(exp.fields, field{m[2], m[3], m[1]})
				}
				exp.end = k
				j = k
				continue
			}
			if m := fieldLine.FindStringSubmatch(lines[j]); m != nil {
				top.fields = append(top.fields, field{m[2], m[3], m[1]})
			}
		}
		i = j
		w.Cases++
		href, _ := top.value("href")
		value, _ := top.value("new_value")
		got, err := p.applySetter(attr, href, value)
		if err != nil {
			w.NotCovered = append(w.NotCovered, attr+": "+href+" (the href fails under the variant)")
			continue
		}
		var changed []string
		nf := slices.Clone(exp.fields)
		for x, f := range nf {
			if v, _ := exp.value(f.key); v != got.get(f.key) {
				nf[x].raw = jsonString(got.get(f.key))
				changed = append(changed, f.key)
			}
		}
		if changed == nil {
			continue
		}
		before, _ := exp.value("href")
		w.Changed = append(w.Changed, CaseChange{Input: href, Setter: attr + "=" + value, Before: before, After: got.Href, Fields: changed})
		edits = append(edits, edit{exp.start + 1, exp.end, render(exp.indent, nf)})
	}
	w.Patch, w.DiffLines = unified("a/url/resources/setters_tests.json", "b/url/resources/setters_tests.json", lines, edits)
	return w, nil
}

// corpus compares the library and the variant on each line.
func (p *spec) corpus(lines []string) *CorpusImpact {
	c := &CorpusImpact{Kinds: []Kind{}}
	kinds := map[string]*Kind{}
	bases := map[string]*baseResult{}
	for _, line := range lines {
		input, base, _ := strings.Cut(line, "\x1f")
		c.Lines++
		var lib URL
		var lerr error
		var got URL
		var gerr error
		if base == "" {
			lib, lerr = library(input, "")
			got, gerr = p.newURLFrom(input, nil, nil)
		} else {
			b := bases[base]
			if b == nil {
				b = &baseResult{}
				b.lib, b.libErr = urlspec.Parse(base)
				b.model, b.err = p.whatwg(base, nil)
				bases[base] = b
			}
			if b.libErr != nil {
				lerr = b.libErr
			} else {
				lib, lerr = fromRoot(b.lib.Resolve(input))
			}
			got, gerr = p.newURLFrom(input, &b.model, b.err)
		}
		var kind string
		switch {
		case lerr != nil && gerr != nil, lerr == nil && gerr == nil && lib == got:
			c.Unchanged++
			continue
		case gerr != nil:
			c.NewlyFailing++
			kind = "newly failing: " + code(gerr)
		case lerr != nil:
			c.NewlyParsing++
			kind = "newly parsing"
		default:
			c.Changed++
			var fs []string
			for _, k := range getterKeys[1:] {
				if lib.get(k) != got.get(k) {
					fs = append(fs, k)
				}
			}
			if fs == nil {
				fs = []string{"href"}
			}
			kind = "changed: " + strings.Join(fs, ", ")
		}
		k := kinds[kind]
		if k == nil {
			k = &Kind{Kind: kind}
			kinds[kind] = k
		}
		k.Count++
		ex := Example{Input: input, Base: base, Before: result(lib, lerr), After: result(got, gerr)}
		k.Examples = append(k.Examples, ex)
		slices.SortFunc(k.Examples, func(a, b Example) int {
			return cmp.Or(cmp.Compare(len(a.Input)+len(a.Base), len(b.Input)+len(b.Base)), cmp.Compare(a.Input, b.Input), cmp.Compare(a.Base, b.Base))
		})
		k.Examples = slices.CompactFunc(k.Examples, func(a, b Example) bool { return a == b })
		if len(k.Examples) > examplesPerKind {
			k.Examples = k.Examples[:examplesPerKind]
		}
	}
	for _, k := range kinds {
		c.Kinds = append(c.Kinds, *k)
	}
	slices.SortFunc(c.Kinds, func(a, b Kind) int { return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Kind, b.Kind)) })
	return c
}

type baseResult struct {
	lib    urlspec.URL
	libErr error
	model  model.URL
	err    error
}

func (p *spec) newURLFrom(input string, base *model.URL, baseErr error) (URL, error) {
	if baseErr != nil {
		return URL{}, baseErr
	}
	u, err := p.whatwg(input, base)
	if err != nil {
		return URL{}, err
	}
	return p.getters(&u), nil
}

func fromRoot(u urlspec.URL, err error) (URL, error) {
	if err != nil {
		return URL{}, err
	}
	return URL{Href: u.Href(), Origin: u.Origin().String(), Protocol: u.Protocol(), Username: u.Username(),
		Password: u.Password(), Host: u.Host(), Hostname: u.Hostname(), Port: u.Port(),
		Pathname: u.Pathname(), Search: u.Search(), Hash: u.Hash()}, nil
}

// library is new URL(input, base) by the root package (base "": none).
func library(input, base string) (URL, error) {
	if base == "" {
		return fromRoot(urlspec.Parse(input))
	}
	b, err := urlspec.Parse(base)
	if err != nil {
		return URL{}, err
	}
	return fromRoot(b.Resolve(input))
}

func code(err error) string {
	var e *urlspec.Error // model.Error: the spec packages' too
	if errors.As(err, &e) {
		return string(e.Code)
	}
	return "error"
}

func result(u URL, err error) string {
	if err != nil {
		return "failure (" + code(err) + ")"
	}
	return u.Href
}
