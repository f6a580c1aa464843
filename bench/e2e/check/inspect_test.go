package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestInspect(t *testing.T) {
	t.Parallel()
	serve := func(jsonBody string, close bool) string {
		mux := http.NewServeMux()
		mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Write([]byte("Hello, World!"))
		})
		mux.HandleFunc("GET /user/{name}", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			if close {
				w.Header().Set("Connection", "close")
			}
			w.Write([]byte(jsonBody))
		})
		srv := httptest.NewServer(mux)
		t.Cleanup(srv.Close)
		return strings.TrimPrefix(srv.URL, "http://")
	}
	tests := []struct {
		name    string
		addr    string
		problem string // "" for none
		note    string
	}{
		{"it should accept the expected bytes", serve(`{"name":"alice"}`, false), "", ""},
		{"it should note a trailing newline", serve(`{"name":"alice"}`+"\n", false), "", "body ends with a newline"},
		{"it should refuse another body", serve(`{"name":"bob"}`, false), `body "{\"name\":\"bob\"}"`, ""},
		{"it should refuse a server that closes", serve(`{"name":"alice"}`, true), "closes the connection", ""},
		{"it should refuse a server that is not there", "127.0.0.1:1", "cannot connect", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := inspect(server{name: "x", addr: tc.addr})
			got := strings.Join(r.problems, "; ")
			if (tc.problem == "") != (got == "") || !strings.Contains(got, tc.problem) {
				t.Errorf("problems %q, want one mentioning %q", got, tc.problem)
			}
			if tc.problem != "" {
				return
			}
			if len(r.exchanges) != 2 || r.exchanges[1].note != tc.note {
				t.Fatalf("exchanges %+v", r.exchanges)
			}
			// net/http's head: status line, Content-Length, Content-Type,
			// Date (37 bytes with its CRLF) and the blank line.
			if e := r.exchanges[0]; e.bodyBytes != 13 || e.headBytes != len("HTTP/1.1 200 OK\r\nContent-Length: 13\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n")+37 || len(e.extra) != 0 {
				t.Errorf("GET /: %+v", e)
			}
			var b strings.Builder
			if err := writeTable(&b, []result{r}); err != nil || !strings.Contains(b.String(), "| x | 117 + 13 | 123 + ") {
				t.Errorf("table %v:\n%s", err, b.String())
			}
		})
	}
}
