// Package wpt reads the web-platform-tests data that the tests of several
// packages run: url/resources/urltestdata.json (copied to
// conformance/testdata with WPT's 3-clause BSD note), from
// github.com/web-platform-tests/wpt.
package wpt

import (
	"encoding/json"
	"os"
)

// URLTestCase is one test of urltestdata.json: an input, an optional base,
// and either failure or the expected href and getters (origin only for
// some).
type URLTestCase struct {
	Input    string  `json:"input"`
	Base     *string `json:"base"`
	Failure  bool    `json:"failure"`
	Href     string  `json:"href"`
	Origin   *string `json:"origin"`
	Protocol string  `json:"protocol"`
	Username string  `json:"username"`
	Password string  `json:"password"`
	Host     string  `json:"host"`
	Hostname string  `json:"hostname"`
	Port     string  `json:"port"`
	Pathname string  `json:"pathname"`
	Search   string  `json:"search"`
	Hash     string  `json:"hash"`
}

// URLTestData returns the tests of the urltestdata.json file at path, in
// their order, without the comment strings between them.
func URLTestData(path string) ([]URLTestCase, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	var cases []URLTestCase
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue // a comment
		}
		var c URLTestCase
		if err := json.Unmarshal(r, &c); err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	return cases, nil
}
