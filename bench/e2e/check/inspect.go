package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"time"
)

// server is one server to check.
type server struct {
	name string
	addr string // host:port
}

// exchange is one request's expected answer and what came back.
type exchange struct {
	path        string
	contentType string
	body        string
	// got
	headBytes int      // status line and headers, with the blank line
	bodyBytes int      // body as received
	extra     []string // header names beyond the common ones
	note      string   // a difference from the expected bytes that is not an error
}

// result is one server's check.
type result struct {
	name      string
	exchanges []exchange
	problems  []string
}

// routes are what every server must answer.
var routes = []exchange{
	{path: "/", contentType: "text/plain; charset=utf-8", body: "Hello, World!"},
	{path: "/user/alice", contentType: "application/json; charset=utf-8", body: `{"name":"alice"}`},
}

// common are the headers every server sends.
var common = []string{"Content-Length", "Content-Type", "Date"}

// inspect sends both routes on one connection and checks the answers.
func inspect(s server) result {
	r := result{name: s.name}
	conn, err := net.DialTimeout("tcp", s.addr, 5*time.Second)
	if err != nil {
		r.problems = append(r.problems, fmt.Sprintf("cannot connect: %v", err))
		return r
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second)) //nolint:errcheck // a net.Conn from Dial
	br := bufio.NewReader(conn)
	for _, want := range routes {
		got, problems := roundTrip(conn, br, s.addr, want)
		r.exchanges = append(r.exchanges, got)
		r.problems = append(r.problems, problems...)
		if len(problems) > 0 {
			break
		}
	}
	return r
}

// roundTrip sends GET want.path and compares the answer with want.
func roundTrip(conn net.Conn, br *bufio.Reader, host string, want exchange) (exchange, []string) {
	got := want
	if _, err := fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nUser-Agent: fw-e2e-check\r\n\r\n", want.path, host); err != nil {
		return got, []string{fmt.Sprintf("GET %s: %v", want.path, err)}
	}
	// Count the head's bytes as they are read.
	head := &countingReader{r: br}
	res, err := http.ReadResponse(bufio.NewReaderSize(head, 16), nil)
	if err != nil {
		return got, []string{fmt.Sprintf("GET %s: %v", want.path, err)}
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		return got, []string{fmt.Sprintf("GET %s: reading the body: %v", want.path, err)}
	}
	got.headBytes = head.n - len(body)
	got.bodyBytes = len(body)
	for name := range res.Header {
		if !slices.Contains(common, name) {
			got.extra = append(got.extra, name)
		}
	}
	slices.Sort(got.extra)
	var problems []string
	if res.StatusCode != http.StatusOK {
		problems = append(problems, fmt.Sprintf("GET %s: status %d, want 200", want.path, res.StatusCode))
	}
	if ct := res.Header.Get("Content-Type"); ct != want.contentType {
		problems = append(problems, fmt.Sprintf("GET %s: Content-Type %q, want %q", want.path, ct, want.contentType))
	}
	for _, name := range common {
		if res.Header.Get(name) == "" {
			problems = append(problems, fmt.Sprintf("GET %s: no %s header", want.path, name))
		}
	}
	switch b := string(body); {
	case b == want.body:
	case b == want.body+"\n":
		got.note = "body ends with a newline"
	default:
		problems = append(problems, fmt.Sprintf("GET %s: body %q, want %q", want.path, b, want.body))
	}
	if res.Close {
		problems = append(problems, fmt.Sprintf("GET %s: the server closes the connection (fwbench needs keep-alive)", want.path))
	}
	return got, problems
}

// countingReader counts the bytes read through it. http.ReadResponse reads
// through a small buffer, so at most 16 bytes beyond the response may be
// counted, and there are none: the client sends one request at a time.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// writeTable writes the servers' response sizes and extra headers.
func writeTable(w io.Writer, results []result) error {
	var b strings.Builder
	b.WriteString("| server | `GET /` bytes (head + body) | `GET /user/alice` bytes (head + body) | headers beyond Content-Type, Content-Length, Date | notes |\n")
	b.WriteString("|---|---|---|---|---|\n")
	for _, r := range results {
		fmt.Fprintf(&b, "| %s |", r.name)
		var extra, notes []string
		for i := range routes {
			if i >= len(r.exchanges) {
				b.WriteString(" — |")
				continue
			}
			e := r.exchanges[i]
			fmt.Fprintf(&b, " %d + %d |", e.headBytes, e.bodyBytes)
			for _, h := range e.extra {
				if !slices.Contains(extra, h) {
					extra = append(extra, h)
				}
			}
			if e.note != "" {
				notes = append(notes, fmt.Sprintf("`GET %s`: %s", e.path, e.note))
			}
		}
		notes = append(notes, r.problems...)
		fmt.Fprintf(&b, " %s | %s |\n", orNone(strings.Join(extra, ", ")), strings.Join(notes, "; "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
