package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/internal/display"
	"github.com/urlspec/urlspec/urlpattern"
)

const matchHelp = `usage: urlspec match PATTERN [URL...] [--base BASE] [--ignore-case] [--json]

Match each URL against PATTERN, a URL pattern of the WHATWG URLPattern
Standard (urlpattern.spec.whatwg.org): fixed text, named groups (:id),
wildcards (*), regexp groups ((\d+)), optional or repeated groups
({/:page}?, :path+). Show the pattern's eight normalised components once,
then for each URL either the groups of every component that has any, or the
first component that does not match. The URLs come from the arguments or,
without any (or for "-"), from stdin, one a line.

A pattern without a protocol needs --base, which supplies the components it
leaves out. Components after the last one the pattern string gives are
wildcards ("https://example.com" matches any path); a hostname without a port
means the default port. Write \? for a '?' that starts the search right after
a group (":id\?q=*"): there '?' is the optional modifier.

Flags:
  --base BASE      the base URL of a relative PATTERN
  --ignore-case    match pathname, search and hash without regard to case
  --json           one JSON object per URL: {"input", "match", "pattern",
                   "components": {NAME: {"input", "groups"}}} (groups that
                   took no part are null), or "failed": the first component
                   that does not match, "error" for a URL that does not parse

Regular expression groups run on Go's regexp (RE2): matching time is linear
in the URL; lookahead, lookbehind and backreferences are rejected.

Examples:
  urlspec match 'https://*.example.com/books/:id' https://shop.example.com/books/42
  urlspec match '/api/:version/*' --base https://example.com https://example.com/api/v2/users/7
  urlspec match 'https://example.com/:year(\d+)/:month(\d+)' https://example.com/2026/03 --json
  urlspec match 'http{s}?://{:sub.}?example.com/*' http://example.com/x https://a.example.org/
  cat urls.txt | urlspec match 'https://example.com/docs/*'

Exit status: 0 every URL matches, 1 some URL does not (or does not parse),
2 usage error (including a PATTERN that does not compile).
`

var flagIgnoreCase = flagDef{name: "ignore-case", boolean: true}

func init() { helps["match"] = matchHelp }

var patternComponents = []urlpattern.Component{urlpattern.Protocol, urlpattern.Username,
	urlpattern.Password, urlpattern.Hostname, urlpattern.Port, urlpattern.Pathname,
	urlpattern.Search, urlpattern.Hash}

// cmdMatch implements "urlspec match".
func cmdMatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, err := parseArgs(args, flagBase, flagIgnoreCase, flagJSON)
	if err != nil {
		return usageError("match", err, stdout, stderr)
	}
	if len(opts.args) == 0 {
		return usageError("match", fmt.Errorf("missing PATTERN"), stdout, stderr)
	}
	popts := urlpattern.Options{IgnoreCase: opts.has("ignore-case")}
	var p *urlpattern.Pattern
	if opts.has("base") {
		p, err = urlpattern.NewWithBase(opts.args[0], opts.get("base"), popts)
	} else {
		p, err = urlpattern.New(opts.args[0], popts)
	}
	if err != nil {
		fmt.Fprintf(stderr, "urlspec match: %v\n", err)
		return exitUsage
	}
	out := newOutput(stdout)
	defer out.flush()
	patternJSON := map[string]string{}
	for _, c := range patternComponents {
		patternJSON[c.String()] = p.Component(c)
	}
	if !opts.json() {
		out.block()
		out.Field(0, "pattern", display.Show(opts.args[0]))
		for _, c := range patternComponents {
			out.Field(2, c.String(), display.Show(p.Component(c)))
		}
		if p.HasRegExpGroups() {
			out.Field(2, "regexp groups", "yes")
		}
	}
	return eachInput(opts.args[1:], stdin, stderr, opts.json(), func(input string) int {
		defer out.flush()
		return matchOne(out, p, input, patternJSON, opts.json())
	})
}

type matchComponentJSON struct {
	Input  string             `json:"input"`
	Groups map[string]*string `json:"groups"`
}

type matchJSON struct {
	Input      string                        `json:"input"`
	Match      bool                          `json:"match"`
	Pattern    map[string]string             `json:"pattern"`
	Components map[string]matchComponentJSON `json:"components,omitempty"`
	Failed     string                        `json:"failed,omitempty"`
	Error      string                        `json:"error,omitempty"`
}

func matchOne(out *output, p *urlpattern.Pattern, input string, patternJSON map[string]string, asJSON bool) int {
	a := matchJSON{Input: input, Pattern: patternJSON}
	u, err := urlspec.Parse(input)
	var res urlpattern.Result
	if err != nil {
		a.Error = err.Error()
	} else if res, a.Match = p.ExecURL(u); a.Match {
		a.Components = map[string]matchComponentJSON{}
		for _, c := range patternComponents {
			r := res.Get(c)
			groups := map[string]*string{}
			for _, g := range r.Groups {
				if g.Matched {
					groups[g.Name] = &g.Value
				} else {
					groups[g.Name] = nil
				}
			}
			a.Components[c.String()] = matchComponentJSON{Input: r.Input, Groups: groups}
		}
	} else {
		a.Failed = firstFailure(p, u)
	}
	if asJSON {
		out.jsonLine(a)
	} else {
		writeMatch(out, p, a, res, u)
	}
	if a.Match {
		return exitOK
	}
	return exitFailure
}

// componentValue returns the value of component c of u that matching reads.
func componentValue(u *urlspec.URL, c urlpattern.Component) string {
	switch c {
	case urlpattern.Protocol:
		return strings.TrimSuffix(u.Protocol(), ":")
	case urlpattern.Username:
		return u.Username()
	case urlpattern.Password:
		return u.Password()
	case urlpattern.Hostname:
		return u.Hostname()
	case urlpattern.Port:
		return u.Port()
	case urlpattern.Pathname:
		return u.Pathname()
	case urlpattern.Search:
		return strings.TrimPrefix(u.Search(), "?")
	}
	return strings.TrimPrefix(u.Hash(), "#")
}

// firstFailure returns the first component of u that p does not match.
func firstFailure(p *urlpattern.Pattern, u urlspec.URL) string {
	for _, c := range patternComponents {
		if _, ok := p.ExecComponent(c, componentValue(&u, c)); !ok {
			return c.String()
		}
	}
	return ""
}

func writeMatch(out *output, p *urlpattern.Pattern, a matchJSON, res urlpattern.Result, u urlspec.URL) {
	out.block()
	pal := out.Pal
	switch {
	case a.Error != "":
		out.Field(0, "no match", display.Show(a.Input))
		out.Field(2, "error", pal.Bad(a.Error))
	case !a.Match:
		out.Field(0, "no match", display.Show(a.Input))
		c, _ := urlpattern.ComponentNamed(a.Failed)
		out.Field(2, a.Failed, pal.Bad(display.Show(componentValue(&u, c)))+" "+pal.Dim("does not match "+display.Show(p.Component(c))))
	default:
		out.Field(0, "match", pal.Good(display.Show(a.Input)))
		for _, c := range patternComponents {
			r := res.Get(c)
			if len(r.Groups) == 0 || p.Component(c) == "*" && r.Input == "" {
				continue
			}
			out.Field(2, c.String(), display.Show(r.Input))
			for _, g := range r.Groups {
				v := display.Show(g.Value)
				if !g.Matched {
					v = pal.Dim("(no part in the match)")
				}
				out.Field(4, g.Name, v)
			}
		}
	}
}
