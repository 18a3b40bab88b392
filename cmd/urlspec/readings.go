package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urlspec/urlspec/internal/display"
	"github.com/urlspec/urlspec/readings"
)

const readingsHelp = `usage: urlspec readings [--json] [--attacks] [INPUT...]

Read each INPUT (or each line of stdin) five ways and show the scheme,
userinfo, host, port and path each reading sees, whether they agree, and the
first byte of INPUT where they part (with a caret under it):

  whatwg    the WHATWG URL Standard's parser: what browsers and fetch() read
  rfc3986   RFC 3986 exactly: the Appendix B split and the §3 validity
            rules (IP-literal with IPvFuture, reg-name, port = *DIGIT), no
            IDNA, no WHATWG host processing
  generic   the URL specification's generic-mode grammar: '/' the only
            separator, hosts as written, nothing removed
  legacy    legacy resolution: preprocessed, '\' a separator and hosts
            processed for web- and file-URLs, normalised, not forced
  net/url   Go's net/url.Parse

Flags:
  --attacks   read the known attack shapes (backslashes, '@', http:/\, IPv4
              forms, tabs, fullwidth dots, %2e%2e, //) instead of INPUT
  --json      one JSON object per input: {"input", "agree", "diverge",
              "component", "readings": [{"name", "scheme", "userinfo", "host",
              "port", "path"} or {"name", "error"}]}

Examples:
  urlspec readings 'http://evil.example\@good.example/'
  urlspec readings 'http:/\evil.example/' '//evil.example/x'
  urlspec readings --attacks --json

Exit status: 0 the readings of every input agree, 1 some input's readings
differ, 2 usage error.
`

func init() { helps["readings"] = readingsHelp }

type readingJSON struct {
	Name     string `json:"name"`
	Error    string `json:"error,omitempty"`
	Scheme   string `json:"scheme"`
	Userinfo string `json:"userinfo"`
	Host     string `json:"host"`
	Port     string `json:"port"`
	Path     string `json:"path"`
}

type readingsJSON struct {
	Input     string        `json:"input"`
	Agree     bool          `json:"agree"`
	Diverge   int           `json:"diverge"`
	Component string        `json:"component,omitempty"`
	Readings  []readingJSON `json:"readings"`
}

// cmdReadings implements "urlspec readings".
func cmdReadings(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, err := parseArgs(args, flagJSON, flagDef{name: "attacks", boolean: true})
	if err != nil {
		return usageError("readings", err, stdout, stderr)
	}
	if opts.has("attacks") {
		if len(opts.args) > 0 {
			return usageError("readings", fmt.Errorf("--attacks takes no INPUT"), stdout, stderr)
		}
		for _, s := range readings.AttackShapes() {
			opts.args = append(opts.args, s.Input)
		}
	}
	out := newOutput(stdout)
	defer out.flush()
	return eachInput(opts.args, stdin, stderr, opts.json(), func(input string) int {
		r := readings.Readings(input)
		if opts.json() {
			a := readingsJSON{Input: input, Agree: r.Agree(), Diverge: r.Diverge, Component: r.Component}
			for _, rd := range r.Readings {
				j := readingJSON{Name: rd.Name, Scheme: rd.Scheme, Userinfo: rd.Userinfo, Host: rd.Host, Port: rd.Port, Path: rd.Path}
				if rd.Err != nil {
					j.Error = display.DescribeError(rd.Err)
				}
				a.Readings = append(a.Readings, j)
			}
			out.jsonLine(a)
		} else {
			writeReadings(out, r)
		}
		if !r.Agree() {
			return exitFailure
		}
		return exitOK
	})
}

func writeReadings(out *output, r readings.Result) {
	out.block()
	p := out.Pal
	out.Field(0, "input", display.Show(r.Input))
	const col = 22
	cell := func(s string) string {
		if s == "" {
			s = "·"
		}
		return display.Pad(s, col)
	}
	head := display.Pad("", display.LabelWidth) + " "
	for _, rd := range r.Readings {
		head += p.Heading(display.Pad(rd.Name, col))
	}
	out.Printf("%s\n", strings.TrimRight(head, " "))
	rows := []struct {
		name string
		get  func(readings.Reading) string
	}{
		{"scheme", func(rd readings.Reading) string { return rd.Scheme }},
		{"userinfo", func(rd readings.Reading) string { return rd.Userinfo }},
		{"host", func(rd readings.Reading) string { return rd.Host }},
		{"port", func(rd readings.Reading) string { return rd.Port }},
		{"path", func(rd readings.Reading) string { return rd.Path }},
	}
	for _, row := range rows {
		line := ""
		for _, rd := range r.Readings {
			v := "(fails)"
			if rd.Err == nil {
				v = row.get(rd)
			}
			c := cell(v)
			if row.name == r.Component {
				c = p.Warn(c)
			}
			line += c
		}
		out.Field(0, row.name, strings.TrimRight(line, " "))
	}
	for _, rd := range r.Readings {
		if rd.Err != nil {
			out.Field(0, rd.Name+" fails", p.Bad(display.DescribeError(rd.Err)))
		}
	}
	if r.Agree() {
		out.Field(0, "agree", p.Good("yes"))
		return
	}
	out.Field(0, "agree", p.Bad("no")+": they part at byte "+strconv.Itoa(r.Diverge)+" ("+r.Component+")")
	line, caret := display.PointAt(r.Input, r.Diverge)
	out.Printf("  %s\n  %s\n", line, p.Bad(caret))
}
