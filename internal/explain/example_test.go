package explain_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/explain"
)

func ExampleNew() {
	x := explain.New("../x", explain.NewBase("file:///C:/dir/sub/"), explain.Options{})
	var b strings.Builder
	x.WriteText(&b, false)
	// The normalisation phase of the trace.
	text := b.String()
	i, j := strings.Index(text, "5 normalise"), strings.Index(text, "6 print")
	fmt.Print(text[i:j])
	r, err := x.Result()
	fmt.Println(x.Input(), "→", x.Href(), r.Pathname(), err, x.Failed(), x.Mismatch() == "")
	// Output:
	// 5 normalise      §Equivalences and Normalisation
	//   dir-dots       (dir sub)・(dir ..) → ε
	//   result         (scheme file)・(authority ε)・(drive C:)・(path-root /)・(dir dir)・(file x)
	//
	// ../x → file:///C:/dir/x /C:/dir/x <nil> false true
}

// Options.Mode reads a scheme-less input in another mode than the WHATWG
// fallback.
func ExampleOptions() {
	for _, mode := range []string{"", "file"} {
		var b strings.Builder
		explain.New("C|/x", nil, explain.Options{Mode: mode}).WriteText(&b, false)
		// Without a base the reference cannot resolve; its parse differs.
		fmt.Printf("%q: drive %v\n", mode, strings.Contains(b.String(), "  drive          C|"))
	}
	fmt.Println(explain.New("x", nil, explain.Options{Mode: "nope"}).Failed())
	// Output:
	// "": drive false
	// "file": drive true
	// true
}

func ExampleExplanation_MarshalJSON() {
	x := explain.New("HTTP://h:80/a/./b", nil, explain.Options{})
	var j struct {
		Normalise struct {
			Steps []struct{ Rule string }
		}
	}
	data, _ := json.Marshal(x)
	json.Unmarshal(data, &j)
	for _, s := range j.Normalise.Steps {
		fmt.Println(s.Rule)
	}
	// Output:
	// scheme-case
	// default-port
	// dot
}

func ExampleExplanation_WriteJSON() {
	// A long path: the normalisation steps are summarised, and the JSON is
	// written straight to the writer.
	x := explain.New("http://h/"+strings.Repeat("a/b/../c/./", 20000), nil, explain.Options{})
	var b strings.Builder
	if err := x.WriteJSON(&b); err != nil {
		fmt.Println(err)
	}
	var j struct {
		Normalise struct {
			Steps []struct {
				Rule  string
				Count int
			}
		}
	}
	json.Unmarshal([]byte(b.String()), &j)
	steps := j.Normalise.Steps
	last := steps[len(steps)-1]
	fmt.Println(len(b.String()) < 100*len(x.Input()), last.Count > 0)
	// Output:
	// true true
}

func ExampleExplanation_WriteText() {
	x := explain.New("http://h/"+strings.Repeat("a/../", 3), nil, explain.Options{})
	x.WriteText(os.Stdout, false)
	// Output:
	// input            http://h/a/../a/../a/../
	// base             none
	//
	// 1 preprocess     §Preprocessing
	//   removed        nothing
	//   result         http://h/a/../a/../a/../
	//
	// 2 mode           §Parser modes: parser-mode-for
	//   mode           web
	//   why            the input starts with the web-scheme "http" and ':'
	//
	// 3 parse          §URL Grammar in web mode, §Host Parsing
	//   scheme         http
	//   authority      (host h)
	//     host         h (domain)
	//   path-root      /
	//   dir            a
	//   dir            ..
	//   dir            a
	//   dir            ..
	//   dir            a
	//   dir            ..
	//
	// 4 resolve        §Resolution: WHATWG resolution against the base
	//   case           force (legacy-resolve reference base)
	//   why            the reference is a web- or file-URL
	//   legacy         nothing to remove: there is no base
	//   reference      (scheme http)・(authority (host h))・(path-root /)・(dir a)・(dir ..)・(dir a)・(dir ..)・(dir a)・(dir ..)
	//   goto keeps     base upto (ord reference) = base upto scheme = ε (no base)
	//   goto result    (scheme http)・(authority (host h))・(path-root /)・(dir a)・(dir ..)・(dir a)・(dir ..)・(dir a)・(dir ..)
	//   force          web (§Forced Web URL): nothing to change
	//   why            it has a host and a path-root
	//
	// 5 normalise      §Equivalences and Normalisation
	//   dir-dots       (dir a)・(dir ..) → ε
	//   dir-dots       (dir a)・(dir ..) → ε
	//   dir-dots       (dir a)・(dir ..) → ε
	//   result         (scheme http)・(authority (host h))・(path-root /)
	//
	// 6 print          §Printing
	//   for printing   nothing to change
	//   profile        special (a web-URL; §Encode Profile Selection)
	//   encoded        nothing: every character stands as it is
	//
	// 7 result         §Concluding: the getters
	//   href           http://h/
	//   protocol       "http:"
	//   username       ""
	//   password       ""
	//   host           "h"
	//   hostname       "h"
	//   port           ""
	//   pathname       "/"
	//   search         ""
	//   hash           ""
	//   origin         "http://h"
}

func ExampleHostNote() {
	s := "http://EX%41MPLE.com/"
	u, _ := grammar.Parse(s, grammar.Web)
	fmt.Println(explain.HostNote(s, grammar.Web, &u))
	// Output:
	// ← written EX%41MPLE.com: percent-decode, domain to ASCII
}
