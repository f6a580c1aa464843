package engine

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
)

// Target is one request the generator sends: a method, an absolute URL,
// extra header lines and a body, plus a weight for weighted selection.
type Target struct {
	Method  string
	URL     string
	Header  []Header
	Body    []byte
	Weight  int // relative share of requests; 0 means 1
	addr    string
	host    string
	tls     bool
	raw     []byte // the serialized request, built once
	noBody  bool   // the response to this request never has a body (HEAD)
	display string // method and URL, for reports
}

// Header is one request header line.
type Header struct {
	Name, Value string
}

// ErrBadURL reports a target URL fwbench cannot load-test.
var ErrBadURL = errors.New("fwbench: bad URL")

// parseTarget validates t and returns the network address to dial and
// whether TLS is used.
func parseTarget(raw string) (u *url.URL, addr string, useTLS bool, err error) {
	u, err = url.Parse(raw)
	if err != nil {
		return nil, "", false, fmt.Errorf("%w %q: %v", ErrBadURL, raw, unwrapURLError(err))
	}
	switch u.Scheme {
	case "http":
	case "https":
		useTLS = true
	case "":
		return nil, "", false, fmt.Errorf("%w %q: missing scheme (want http:// or https://)", ErrBadURL, raw)
	default:
		return nil, "", false, fmt.Errorf("%w %q: unsupported scheme %q (want http or https)", ErrBadURL, raw, u.Scheme)
	}
	if u.Host == "" || u.Hostname() == "" {
		return nil, "", false, fmt.Errorf("%w %q: missing host", ErrBadURL, raw)
	}
	if u.User != nil {
		return nil, "", false, fmt.Errorf("%w %q: user info in URLs is not supported (send an Authorization header)", ErrBadURL, raw)
	}
	port := u.Port()
	if port == "" {
		port = "80"
		if useTLS {
			port = "443"
		}
	} else if n, perr := strconv.Atoi(port); perr != nil || n < 1 || n > 65535 {
		return nil, "", false, fmt.Errorf("%w %q: bad port %q", ErrBadURL, raw, port)
	}
	return u, net.JoinHostPort(u.Hostname(), port), useTLS, nil
}

func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// prepare validates the target and serializes its request once.
func (t *Target) prepare() error {
	if t.Method == "" {
		t.Method = "GET"
	}
	if !validToken(t.Method) {
		return fmt.Errorf("fwbench: bad method %q", t.Method)
	}
	if t.Weight < 0 {
		return fmt.Errorf("fwbench: negative weight %d for %s", t.Weight, t.URL)
	}
	if t.Weight == 0 {
		t.Weight = 1
	}
	u, addr, useTLS, err := parseTarget(t.URL)
	if err != nil {
		return err
	}
	t.addr, t.tls, t.host = addr, useTLS, u.Host
	path := u.EscapedPath()
	if path == "" {
		path = "/"
	}
	if u.RawQuery != "" {
		path += "?" + u.RawQuery
	} else if u.ForceQuery {
		path += "?"
	}
	var b strings.Builder
	b.WriteString(t.Method)
	b.WriteByte(' ')
	b.WriteString(path)
	b.WriteString(" HTTP/1.1\r\n")
	has := map[string]bool{}
	for _, h := range t.Header {
		if !validToken(h.Name) {
			return fmt.Errorf("fwbench: bad header name %q", h.Name)
		}
		if strings.ContainsAny(h.Value, "\r\n") {
			return fmt.Errorf("fwbench: header %s: value contains a line break", h.Name)
		}
		has[strings.ToLower(h.Name)] = true
	}
	if !has["host"] {
		b.WriteString("Host: " + t.host + "\r\n")
	}
	if !has["user-agent"] {
		b.WriteString("User-Agent: fwbench\r\n")
	}
	for _, h := range t.Header {
		b.WriteString(h.Name + ": " + strings.TrimSpace(h.Value) + "\r\n")
	}
	if has["transfer-encoding"] {
		return errors.New("fwbench: the Transfer-Encoding header is not supported (bodies are sent with Content-Length)")
	}
	if !has["content-length"] && (len(t.Body) > 0 || t.Method == "POST" || t.Method == "PUT" || t.Method == "PATCH") {
		b.WriteString("Content-Length: " + strconv.Itoa(len(t.Body)) + "\r\n")
	}
	b.WriteString("\r\n")
	b.Write(t.Body)
	t.raw = []byte(b.String())
	t.noBody = t.Method == "HEAD"
	t.display = t.Method + " " + t.URL
	return nil
}

// validToken reports whether s is a non-empty RFC 9110 token.
func validToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0:
		default:
			return false
		}
	}
	return true
}

// Raw returns the serialized request; for tests and dry runs. The caller must
// not modify it.
func (t *Target) Raw() []byte { return t.raw }

// Addr returns the host:port the target's connections dial.
func (t *Target) Addr() string { return t.addr }
