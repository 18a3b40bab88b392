package apidump_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/apidump"
)

func TestDir(t *testing.T) {
	p, err := apidump.Dir("testdata/fixture", "example.com/fixture")
	if err != nil {
		t.Fatal(err)
	}
	want := `pkg example.com/fixture (windows-amd64), func WindowsOnly()
pkg example.com/fixture, const MaxLen = 64 << 10
pkg example.com/fixture, const ModeFile Mode
pkg example.com/fixture, const ModeWeb Mode
pkg example.com/fixture, const Name = "fixture"
pkg example.com/fixture, func Join(string, string, ...string) (string, int)
pkg example.com/fixture, func Map[T any, U comparable]([]T, func(T) U) []U
pkg example.com/fixture, func Parse(string, bool) (URL, error)
pkg example.com/fixture, method (*URL) Scan(any) error
pkg example.com/fixture, method (URL) HostName() string
pkg example.com/fixture, type Code = uint16
pkg example.com/fixture, type Embedded struct
pkg example.com/fixture, type Getter interface { Get, io.Closer }
pkg example.com/fixture, type Getter interface, Get(string) (string, bool)
pkg example.com/fixture, type Getter interface, embedded io.Closer
pkg example.com/fixture, type Getter interface, unexported methods
pkg example.com/fixture, type Handler func(URL, struct { A, B int }) error
pkg example.com/fixture, type Mode int
pkg example.com/fixture, type URL struct
pkg example.com/fixture, type URL struct, Host string
pkg example.com/fixture, type URL struct, Port int
pkg example.com/fixture, type URL struct, Scheme string
pkg example.com/fixture, type URL struct, embedded *Embedded
pkg example.com/fixture, type URL struct, embedded io.Reader
pkg example.com/fixture, var Default Mode
pkg example.com/fixture, var ErrBad error
pkg example.com/fixture, var Zero *URL
`
	got := strings.Join(p.Features, "\n") + "\n"
	if got != want {
		t.Errorf("features of testdata/fixture:\n%s\nwant:\n%s", got, want)
	}
	wantCounts := apidump.Counts{Funcs: 4, Methods: 2, Types: 6, Consts: 4, Vars: 3, Fields: 7}
	if p.Counts != wantCounts {
		t.Errorf("counts = %+v, want %+v", p.Counts, wantCounts)
	}
	if p.Counts.Total() != 19 {
		t.Errorf("total = %d, want 19", p.Counts.Total())
	}
}

func TestModule(t *testing.T) {
	pkgs, err := apidump.Module("testdata/mod")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := apidump.Write(&buf, pkgs); err != nil {
		t.Fatal(err)
	}
	// Not listed: internal/priv (internal), cmd/tool and wasm (package main),
	// nested (own go.mod), testdata/x, node_modules/y, webtest (tests only).
	want := `pkg example.com/mod, func Root()
pkg example.com/mod/pub, const Pub = 1
`
	if buf.String() != want {
		t.Errorf("Module(testdata/mod):\n%s\nwant:\n%s", buf.String(), want)
	}
}

func TestErrors(t *testing.T) {
	if _, err := apidump.Module(t.TempDir()); err == nil {
		t.Error("Module of a directory without go.mod: no error")
	}
	if _, err := apidump.Dir(t.TempDir(), "example.com/empty"); err == nil {
		t.Error("Dir of an empty directory: no error")
	}
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/bad.go", []byte("package bad\nfunc {"), 0o666); err != nil {
		t.Fatal(err)
	}
	if _, err := apidump.Dir(dir, "example.com/bad"); err == nil {
		t.Error("Dir of a package with a syntax error: no error")
	}
}

func ExampleWriteTable() {
	p, err := apidump.Dir("testdata/fixture", "example.com/fixture")
	if err != nil {
		panic(err)
	}
	apidump.WriteTable(os.Stdout, []apidump.Package{p})
	// Output:
	// package              funcs methods  types consts  vars  total fields
	// example.com/fixture      4       2      6      4     3     19      7
	// all 1 packages           4       2      6      4     3     19      7
}
