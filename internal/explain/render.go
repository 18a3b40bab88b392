package explain

// Rendering helpers of the explanation; those it shares with the urlspec
// command (quoting, carets, the palette, component lines and records,
// parser-mode reasons) are in internal/display.

import (
	"strconv"
	"strings"

	"github.com/urlspec/urlspec/internal/display"
	"github.com/urlspec/urlspec/model"
)

// diff returns the part of the component sequence of a that differs from b
// (after their common prefix and suffix), rendered, as "before" and "after".
// An empty part is ε.
func diff(a, b *model.URL) (before, after string) { return diffContext(a, b, 0) }

// diffContext is diff with up to ctx unchanged components kept on each side.
func diffContext(a, b *model.URL, ctx int) (before, after string) {
	ca, cb := display.ComponentList(a), display.ComponentList(b)
	i := 0
	for i < len(ca) && i < len(cb) && sameComponent(ca[i], cb[i]) {
		i++
	}
	j := 0
	for j < len(ca)-i && j < len(cb)-i && sameComponent(ca[len(ca)-1-j], cb[len(cb)-1-j]) {
		j++
	}
	i, j = max(i-ctx, 0), max(j-ctx, 0)
	return renderSeq(ca[i : len(ca)-j]), renderSeq(cb[i : len(cb)-j])
}

func sameComponent(a, b model.Component) bool { return a == b }

func renderSeq(cs []model.Component) string {
	if len(cs) == 0 {
		return "ε"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = display.Render(c)
	}
	return strings.Join(parts, "・")
}

// quote shows a getter's value Go-quoted, so that the empty string shows.
func quote(s string) string { return strconv.Quote(s) }

// output is the readable writer of an explanation.
type output = display.Lines
