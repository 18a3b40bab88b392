package whatif

import (
	"fmt"
	"strings"
)

// edit replaces lines[start:end] by lines.
type edit struct {
	start, end int
	lines      []string
}

// op is one line of an edit script: ' ' keep, '-' remove, '+' add.
type op struct {
	kind byte
	text string
}

// lcsOps is the line diff of a and b (small: one JSON object).
func lcsOps(a, b []string) []op {
	n, m := len(a), len(b)
	t := make([][]int, n+1)
	for i := range t {
		t[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	var ops []op
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			ops = append(ops, op{' ', a[i]})
			i, j = i+1, j+1
		case i < n && (j == m || t[i+1][j] >= t[i][j+1]):
			ops = append(ops, op{'-', a[i]})
			i++
		default:
			ops = append(ops, op{'+', b[j]})
			j++
		}
	}
	return ops
}

// unified returns the unified diff (3 lines of context) that the edits,
// in order and not overlapping, make to lines, and its count of removed
// and added lines.
func unified(from, to string, lines []string, edits []edit) (string, int) {
	if len(edits) == 0 {
		return "", 0
	}
	var ops []op
	pos := 0
	for _, e := range edits {
		for ; pos < e.start; pos++ {
			ops = append(ops, op{' ', lines[pos]})
		}
		ops = append(ops, lcsOps(lines[e.start:e.end], e.lines)...)
		pos = e.end
	}
	for ; pos < len(lines); pos++ {
		ops = append(ops, op{' ', lines[pos]})
	}
	const context = 3
	var b strings.Builder
	b.WriteString("--- " + from + "\n+++ " + to + "\n")
	changes := 0
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		// A hunk: from context lines before i to context lines after the
		// last change that is at most 2*context lines from the next.
		start := max(0, i-context)
		end := i
		for k := i; k < len(ops); k++ {
			if ops[k].kind != ' ' {
				end = k
			} else if k-end > 2*context {
				break
			}
		}
		stop := min(len(ops), end+context+1)
		aLine, bLine := 1, 1
		for _, o := range ops[:start] {
			if o.kind != '+' {
				aLine++
			}
			if o.kind != '-' {
				bLine++
			}
		}
		aN, bN := 0, 0
		for _, o := range ops[start:stop] {
			if o.kind != '+' {
				aN++
			}
			if o.kind != '-' {
				bN++
			}
		}
		fmt.Fprintf(&b, "@@ -%d,%d +%d,%d @@\n", aLine, aN, bLine, bN)
		for _, o := range ops[start:stop] {
			b.WriteByte(o.kind)
			b.WriteString(o.text)
			b.WriteByte('\n')
			if o.kind != ' ' {
				changes++
			}
		}
		i = stop
	}
	return b.String(), changes
}
