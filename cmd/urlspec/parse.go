package main

import (
	"fmt"
	"io"

	"github.com/urlspec/urlspec"
)

// cmdParse implements "urlspec parse INPUT [--base BASE]".
func cmdParse(args []string, stdout, stderr io.Writer) int {
	var input, base string
	var haveInput, haveBase bool
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--base" || a == "-base":
			if i+1 >= len(args) {
				fmt.Fprintln(stderr, "urlspec parse: --base needs a value")
				return 2
			}
			base, haveBase = args[i+1], true
			i++
		case len(a) > 7 && a[:7] == "--base=":
			base, haveBase = a[7:], true
		case !haveInput:
			input, haveInput = a, true
		default:
			fmt.Fprintf(stderr, "urlspec parse: unexpected argument %q\n", a)
			return 2
		}
	}
	if !haveInput {
		fmt.Fprintln(stderr, "urlspec parse: missing INPUT\nusage: urlspec parse INPUT [--base BASE]")
		return 2
	}
	var u urlspec.URL
	var err error
	if haveBase {
		u, err = urlspec.ParseWithBase(input, base)
	} else {
		u, err = urlspec.Parse(input, nil)
	}
	if err != nil {
		fmt.Fprintln(stdout, "failure:", err)
		return 1
	}
	m := u.Model()
	fmt.Fprintf(stdout, "href:       %s\n", u.Href())
	fmt.Fprintf(stdout, "components: %s\n", m.String())
	for _, g := range getters(&u) {
		fmt.Fprintf(stdout, "%-11s %q\n", g.name+":", g.value)
	}
	return 0
}

type getter struct{ name, value string }

// getters returns the eleven WHATWG getters in the standard's order.
func getters(u *urlspec.URL) []getter {
	return []getter{
		{"href", u.Href()}, {"protocol", u.Protocol()}, {"username", u.Username()},
		{"password", u.Password()}, {"host", u.Host()}, {"hostname", u.Hostname()},
		{"port", u.Port()}, {"pathname", u.Pathname()}, {"search", u.Search()},
		{"hash", u.Hash()}, {"origin", u.Origin()},
	}
}
