package whatif

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Formats lists the formats Write takes.
var formats = []string{"text", "json", "markdown"}

// Write writes the report in format "text" (for a terminal), "json" (the
// Report's fields) or "markdown" (for an issue or a pull request; the
// patches in diff blocks).
func (r *Report) Write(w io.Writer, format string) error {
	switch format {
	case "json":
		e := json.NewEncoder(w)
		e.SetEscapeHTML(false)
		e.SetIndent("", "  ")
		return e.Encode(r)
	case "text":
		return r.write(w, false)
	case "markdown":
		return r.write(w, true)
	}
	return fmt.Errorf("whatif: unknown format %q (want %s)", format, strings.Join(formats, ", "))
}

func (r *Report) write(w io.Writer, md bool) error {
	var b strings.Builder
	q := strconv.Quote
	code := func(s string) string {
		if md {
			return "`` " + q(s) + " ``"
		}
		return q(s)
	}
	head := func(s string) {
		if md {
			b.WriteString("\n## " + s + "\n\n")
		} else {
			b.WriteString("\n" + s + "\n" + strings.Repeat("=", len(s)) + "\n")
		}
	}
	item := func(format string, a ...any) {
		if md {
			b.WriteString("- ")
		} else {
			b.WriteString("  ")
		}
		fmt.Fprintf(&b, format, a...)
		b.WriteByte('\n')
	}
	if md {
		b.WriteString("# Impact of " + code(r.Variant) + "\n")
	} else {
		b.WriteString("Impact of variant: " + r.Variant + "\n")
	}
	for _, x := range []*WPTImpact{r.URLTestData, r.Setters} {
		if x == nil {
			continue
		}
		head("WPT " + x.File)
		fmt.Fprintf(&b, "%d of %d cases change; the patch has %d changed lines.\n", len(x.Changed), x.Cases, x.DiffLines)
		if x.Coverage != "" {
			fmt.Fprintf(&b, "Coverage: %s.\n", x.Coverage)
		}
		if len(x.Changed) > 0 {
			b.WriteByte('\n')
		}
		for _, c := range x.Changed {
			in := code(c.Input)
			if c.Base != nil {
				in += " against " + code(*c.Base)
			}
			if c.Setter != "" {
				in += " with " + code(c.Setter)
			}
			item("%s: %s → %s (%s)", in, code(c.Before), code(c.After), strings.Join(c.Fields, ", "))
		}
		if len(x.NotCovered) > 0 {
			fmt.Fprintf(&b, "\nNot covered (%d): cases whose href the variant changes, for setters not applied under the variant:\n", len(x.NotCovered))
			for _, s := range x.NotCovered {
				item("%s", code(s))
			}
		}
		if x.Patch != "" {
			if md {
				b.WriteString("\n```diff\n" + x.Patch + "```\n")
			} else {
				b.WriteString("\n" + x.Patch)
			}
		}
	}
	if c := r.Corpus; c != nil {
		head("Corpus")
		fmt.Fprintf(&b, "%d lines: %d unchanged, %d change href, %d newly failing, %d newly parsing.\n",
			c.Lines, c.Unchanged, c.Changed, c.NewlyFailing, c.NewlyParsing)
		for _, k := range c.Kinds {
			b.WriteByte('\n')
			if md {
				fmt.Fprintf(&b, "### %s (%d)\n\n", k.Kind, k.Count)
			} else {
				fmt.Fprintf(&b, "%s (%d), smallest:\n", k.Kind, k.Count)
			}
			for _, e := range k.Examples {
				in := code(e.Input)
				if e.Base != "" {
					in += " against " + code(e.Base)
				}
				item("%s: %s → %s", in, code(e.Before), code(e.After))
			}
		}
	}
	if r.Laws != nil || r.LawsError != "" {
		head("Laws")
		if r.LawsError != "" {
			b.WriteString("error: " + r.LawsError + "\n")
		}
		var broken, holding, notChecked, vacuous int
		for _, l := range r.Laws {
			switch {
			case l.NotChecked != "":
				notChecked++
			case l.Vacuous:
				vacuous++
			case l.Holds:
				holding++
			default:
				broken++
			}
		}
		fmt.Fprintf(&b, "%d stop holding, %d hold, %d not checked, %d vacuous\n", broken, holding, notChecked, vacuous)
		for _, l := range r.Laws {
			switch {
			case l.NotChecked != "":
				item("%s not checked: %s", l.Name, l.NotChecked)
			case l.Vacuous:
				item("%s vacuous: no generated case satisfied its premise", l.Name)
			case l.Holds:
				item("%s holds (%d cases)", l.Name, l.Cases)
			default:
				item("%s FAILS: %s", l.Name, code(l.Counterexample))
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
