package charset

import "github.com/urlspec/urlspec"

// parseWithBase parses input without a base when base is nil, and resolves
// it against *base otherwise (new URL(input, base) in JavaScript).
func parseWithBase(input string, base *urlspec.URL) (urlspec.URL, error) {
	if base == nil {
		return urlspec.Parse(input)
	}
	return base.Resolve(input)
}
