package urlspec

import (
	"errors"
	"testing"

	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/resolve"
)

// Relativize: shortest references, and the documented answers where the
// schemes differ, the paths are opaque, drives differ, or no reference exists.
func TestRelativize(t *testing.T) {
	tests := []struct {
		base, target string
		mode         Mode
		want         string // "" with code set: failure
		code         model.Code
	}{
		{"http://h/a/b/c", "http://h/a/b/d", ModeWeb, "d", ""},
		{"http://h/a/b/c", "http://h/a/b/", ModeWeb, "./", ""},
		{"http://h/a/b/c", "http://h/a/x/y", ModeWeb, "../x/y", ""},
		{"http://h/a/b/c", "http://h/", ModeWeb, "/", ""},
		{"http://h/a/b/c", "http://g/a", ModeWeb, "//g/a", ""},
		{"http://h/a/b/c", "http://h/a/b/c", ModeWeb, "", ""},
		{"http://h/a/b/c?q", "http://h/a/b/c?q", ModeWeb, "", ""},
		{"http://h/a/b/c#f", "http://h/a/b/c", ModeWeb, "", ""},
		{"http://h/a/b/c", "http://h/a/b/c#g", ModeWeb, "#g", ""},
		{"http://h/a/b/c", "https://h/a/b/c", ModeWeb, "https://h/a/b/c", ""},
		{"http://h/a", "http://h/a:b", ModeWeb, "/a:b", ""},
		{"sc:/a", "sc:/a:b", ModeGeneric, "/a:b", ""},
		{"sc:/d/a", "sc:/d/a:b", ModeGeneric, "./a:b", ""},
		{"http://h/a/", "http://h//x", ModeWeb, "/.//x", ""},
		{"sc:a/b", "sc:a/c", ModeGeneric, "c", ""},
		{"sc:opaque", "sc:other?q", ModeGeneric, "other?q", ""},
		{"file:///C:/x/y", "file:///C:/z", ModeFile, "/z", ""},
		{"file:///C:/x/y/z", "file:///C:/x/w", ModeFile, "../w", ""},
		{"file:///C:/x/y", "file:///D:/z", ModeFile, "/D:/z", ""},
		{"file:///C:/x/y", "file:///z", ModeFile, "///z", ""},
		{"file://h/C:/x", "file:///C:/x", ModeFile, "///C:/x", ""},
		{"http://h/a", "/a", ModeWeb, "", model.NotRelativizable},
		{"//h/a", "/b", ModeGeneric, "", model.NotRelativizable},
		{"/a/b", "c/d", ModeGeneric, "", model.NotRelativizable},
		{"/a/b/", "/a/c", ModeGeneric, "../c", ""},
	}
	for _, tt := range tests {
		b, err := ParseRef(tt.base, tt.mode)
		if err != nil {
			t.Fatal(err)
		}
		tg, err := ParseRef(tt.target, tt.mode)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Relativize(b, tg)
		if tt.code != "" {
			if !errors.Is(err, tt.code) {
				t.Errorf("Relativize(%q, %q) = %q, %v; want %s", tt.base, tt.target, r.Href(), err, tt.code)
			}
			continue
		}
		if err != nil || r.Href() != tt.want {
			t.Errorf("Relativize(%q, %q) = %q, %v; want %q", tt.base, tt.target, r.Href(), err, tt.want)
			continue
		}
		nb := normalize.Normalize(b.Model())
		g := refOf(normalize.Normalize(resolve.Goto(&nb, &r.m)))
		if n := refOf(normalize.Normalize(tg.Model())); g.Href() != n.Href() {
			t.Errorf("Relativize(%q, %q) = %q but goto gives %q", tt.base, tt.target, r.Href(), g.Href())
		}
	}
}
