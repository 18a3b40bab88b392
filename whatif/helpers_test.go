package whatif

import (
	"encoding/json"
	"fmt"
)

func sscanf(s string, a, an, b, bn *int) (int, error) {
	return fmt.Sscanf(s, "@@ -%d,%d +%d,%d @@", a, an, b, bn)
}

func jsonValid(s string) bool { return json.Valid([]byte(s)) }
