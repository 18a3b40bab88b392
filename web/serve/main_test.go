package main

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// start serves the page on 127.0.0.1:0 with the test's short timeouts. The
// built files are stand-ins written to a temporary directory: the test is
// about the server, not the wasm build.
func start(t *testing.T) (*http.Server, string) {
	t.Helper()
	web, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	built := t.TempDir()
	for name, body := range map[string]string{"urlspec.wasm": "\x00asm\x01\x00\x00\x00", "wasm_exec.js": "// wasm_exec.js\n"} {
		if err := os.WriteFile(filepath.Join(built, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer(ln.Addr().String(), handler(web, built))
	srv.ReadHeaderTimeout = 300 * time.Millisecond
	srv.ReadTimeout = 600 * time.Millisecond
	srv.IdleTimeout = 300 * time.Millisecond
	srv.WriteTimeout = 2 * time.Second
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return srv, ln.Addr().String()
}

// The defaults: loopback, every timeout set, a bounded header.
func TestNewServerDefaults(t *testing.T) {
	srv := newServer("127.0.0.1:8080", http.NotFoundHandler())
	if srv.ReadHeaderTimeout <= 0 || srv.ReadTimeout <= 0 || srv.WriteTimeout <= 0 || srv.IdleTimeout <= 0 {
		t.Errorf("a timeout is not set: %+v", srv)
	}
	if srv.MaxHeaderBytes <= 0 || srv.MaxHeaderBytes > 64<<10 {
		t.Errorf("MaxHeaderBytes = %d, want a small bound", srv.MaxHeaderBytes)
	}
}

// Only the page's files are served; everything else is 404, a long path
// 414 (or 431 when it exceeds MaxHeaderBytes), never 500.
func TestServesOnlyThePage(t *testing.T) {
	_, addr := start(t)
	index, err := os.ReadFile(filepath.Join("..", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		method, path string
		status       int
		typ, body    string // a prefix of Content-Type; a substring of the body
	}{
		{"GET", "/", 200, "text/html", string(index)},
		{"GET", "/index.html", 200, "text/html", "<title>"},
		{"GET", "/app.js", 200, "text/javascript", "urlspec.wasm"},
		{"GET", "/urlspec.wasm", 200, "application/wasm", "asm"},
		{"GET", "/wasm_exec.js", 200, "text/javascript", "wasm_exec.js"},
		{"HEAD", "/", 200, "text/html", ""},
		{"POST", "/", 405, "", ""},
		{"GET", "/browser_test.go", 404, "", ""},
		{"GET", "/serve/", 404, "", ""},
		{"GET", "/serve/main.go", 404, "", ""},
		{"GET", "/.gitignore", 404, "", ""},
		{"GET", "/README.md", 404, "", ""},
		{"GET", "/wasm/", 404, "", ""},
		{"GET", "/../go.mod", 404, "", ""},
		{"GET", "/%2e%2e/go.mod", 404, "", ""},
		{"GET", "/app.js/", 404, "", ""},
		{"GET", "/" + strings.Repeat("a", 4<<10), 414, "", ""},
	}
	client := &http.Client{Timeout: 5 * time.Second}
	for _, tt := range tests {
		req, err := http.NewRequest(tt.method, "http://"+addr+tt.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Errorf("%s %.40s: %v", tt.method, tt.path, err)
			continue
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.status {
			t.Errorf("%s %.40s: status %d, want %d", tt.method, tt.path, resp.StatusCode, tt.status)
			continue
		}
		if typ := resp.Header.Get("Content-Type"); !strings.HasPrefix(typ, tt.typ) {
			t.Errorf("%s %s: Content-Type %q, want %q", tt.method, tt.path, typ, tt.typ)
		}
		if !strings.Contains(string(body), tt.body) {
			t.Errorf("%s %s: body does not contain %.40q", tt.method, tt.path, tt.body)
		}
	}
	// A 1 MB path, written on the connection (the request line is larger
	// than MaxHeaderBytes: the server answers 431 before any handler runs).
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(5 * time.Second))
	go func() {
		io.WriteString(conn, "GET /"+strings.Repeat("a", 1<<20)+" HTTP/1.1\r\nHost: x\r\n\r\n")
	}()
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("1 MB path: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestURITooLong && resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("1 MB path: status %d, want 414 or 431", resp.StatusCode)
	}
	t.Logf("1 MB path: %s", resp.Status)
}

// A client that trickles its request header one byte at a time is cut off
// by ReadHeaderTimeout; an idle keep-alive connection by IdleTimeout.
func TestSlowClientsAreClosed(t *testing.T) {
	srv, addr := start(t)
	closedWithin := func(t *testing.T, conn net.Conn, trickle bool) time.Duration {
		t.Helper()
		begin := time.Now()
		done := make(chan struct{})
		if trickle {
			go func() {
				for {
					select {
					case <-done:
						return
					case <-time.After(50 * time.Millisecond):
						if _, err := conn.Write([]byte("X")); err != nil {
							return
						}
					}
				}
			}()
		}
		defer close(done)
		conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		_, err := io.Copy(io.Discard, conn) // until the server closes
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			t.Fatalf("the server kept the connection open for 5 s")
		}
		return time.Since(begin)
	}

	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: "); err != nil {
		t.Fatal(err)
	}
	d := closedWithin(t, conn, true)
	if d > srv.ReadHeaderTimeout+time.Second {
		t.Errorf("trickling client closed after %v, want about ReadHeaderTimeout %v", d, srv.ReadHeaderTimeout)
	}
	t.Logf("trickling client: closed after %v (ReadHeaderTimeout %v)", d.Round(time.Millisecond), srv.ReadHeaderTimeout)

	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	if _, err := io.WriteString(idle, "HEAD / HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(idle)
	resp, err := http.ReadResponse(r, &http.Request{Method: "HEAD"})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("HEAD /: %s", resp.Status)
	}
	d = closedWithin(t, idle, false)
	if d > srv.IdleTimeout+time.Second {
		t.Errorf("idle keep-alive connection closed after %v, want about IdleTimeout %v", d, srv.IdleTimeout)
	}
	t.Logf("idle keep-alive connection: closed after %v (IdleTimeout %v)", d.Round(time.Millisecond), srv.IdleTimeout)
}
