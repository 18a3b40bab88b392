package race_test

import (
	"fmt"
	"testing"

	"github.com/urlspec/urlspec/internal/race"
)

// An allocation assertion holds, or is skipped under the race detector.
func ExampleEnabled() {
	noAllocs := race.Enabled || testing.AllocsPerRun(10, func() {}) == 0
	fmt.Println(noAllocs)
	// Output: true
}
