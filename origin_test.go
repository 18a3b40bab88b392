package urlspec

import "testing"

// WHATWG §Origin.
func TestOrigin(t *testing.T) {
	tests := []struct {
		href, origin string
		opaque       bool
	}{
		{"https://EXAMPLE.com:443/x", "https://example.com", false},
		{"http://h:8080/", "http://h:8080", false},
		{"ws://[::1]:80/", "ws://[::1]", false},
		{"ftp://1.2.3.4:21/", "ftp://1.2.3.4", false},
		{"blob:https://whatwg.org/d0360e2f-caee-469f-9a2f-87d5b0456f6f", "https://whatwg.org", false},
		{"blob:http://h:1/x", "http://h:1", false},
		{"blob:file:///x", "null", true},
		{"blob:ftp://h/x", "null", true},
		{"blob:blob:https://h/", "null", true},
		{"blob:d0360e2f", "null", true},
		{"file:///x", "null", true},
		{"sc://h/", "null", true},
		{"data:,x", "null", true},
	}
	for _, tt := range tests {
		u := mustParse(t, tt.href)
		o := u.Origin()
		if o.String() != tt.origin || u.Origin().String() != tt.origin || o.IsOpaque() != tt.opaque {
			t.Errorf("%q: origin %q (opaque %v), want %q (%v)", tt.href, o.String(), o.IsOpaque(), tt.origin, tt.opaque)
		}
		if (o == u.Origin()) == tt.opaque {
			t.Errorf("%q: same origin with itself = %v", tt.href, !tt.opaque)
		}
		if o2 := o; o != o2 {
			t.Errorf("%q: not same origin with a copy", tt.href)
		}
	}
}

func TestOriginTuple(t *testing.T) {
	u := mustParse(t, "https://h:8443/a")
	o := u.Origin()
	if o.Scheme() != "https" || o.Host() != "h" {
		t.Errorf("%q %q", o.Scheme(), o.Host())
	}
	if p, ok := o.Port(); !ok || p != 8443 {
		t.Errorf("port %d %v", p, ok)
	}
	if o != mustParse(t, "HTTPS://H:8443/").Origin() {
		t.Error("same scheme, host and port: not ==")
	}
	if o == mustParse(t, "wss://h:8443/").Origin() {
		t.Error("schemes differ: ==")
	}
	v := mustParse(t, "https://h:8443/b?c#d")
	if o != v.Origin() {
		t.Error("same origin across paths")
	}
	w := mustParse(t, "https://h/")
	if o == w.Origin() {
		t.Error("ports differ")
	}
	if _, ok := w.Origin().Port(); ok {
		t.Error("default port is null")
	}
	op := newOpaqueOrigin()
	if op == newOpaqueOrigin() || !op.IsOpaque() || op.String() != "null" || op.Scheme() != "" {
		t.Error("opaque origins")
	}
	if _, ok := op.Port(); ok {
		t.Error("opaque origin has a port")
	}
	var zero Origin
	if zero.String() != "null" || zero.IsOpaque() {
		t.Error("zero Origin")
	}
	if _, ok := zero.Port(); ok {
		t.Error("zero Origin has a port")
	}
}
