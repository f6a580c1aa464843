package runner

import (
	"bytes"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Placeholders the normaliser writes in place of values that vary between
// runs or frameworks.
const (
	// PoweredBy replaces the X-Powered-By value ("Express", "fw").
	PoweredBy = "{framework}"
	// ExpiresOK replaces a cookie Expires that equals, to the second, the
	// time the server answered plus the cookie's Max-Age (see Clean).
	ExpiresOK = "{Date+Max-Age}"
	// Reduced replaces the Content-Length of a body whose stack trace was
	// cut off.
	Reduced = "{reduced}"
	// FixturesDir replaces the path of the fixture directory.
	FixturesDir = "{fixtures}"
)

// ExpiresSlack is how far a cookie's Expires may lie outside the window
// [Sent, Received] + Max-Age measured by the client. Expires is written to
// the second (floored, by Express's toUTCString as by fast), so the window
// is widened by one second on each side; both servers run on this machine,
// so they share the client's clock. The window is as wide as the request
// took, so a slow answer under load still matches, while an Expires that
// ignores Max-Age, or is off by a minute, still does not.
const ExpiresSlack = time.Second

// DateSlack is how far a cookie's Expires may be from the response's Date
// header plus Max-Age when the client's send and receive times are unknown
// (a Response not read by Do or the HTTP/2 client). It is wider than
// ExpiresSlack because the Date header is not the instant the cookie was
// made: fasthttp serves a Date cached by a goroutine that refreshes it once
// a second, and under heavy load (8 engineers' tests on 2 cores) that
// goroutine was seen lagging by more than 2 s.
const DateSlack = 10 * time.Second

// dropped are the headers removed before anything is compared or stored:
// they vary per run or per server and carry no Express behaviour.
var dropped = map[string]bool{"date": true, "connection": true, "keep-alive": true, "server": true}

// stackFrames start the second line of a stack trace shown in a <pre>:
// as finalhandler renders it in development ("\n    at " → "<br> &nbsp;
// &nbsp;at "), and as a view writes err.stack escaped (the examples'
// error pages).
var stackFrames = [][]byte{[]byte("<br> &nbsp; &nbsp;at "), []byte("\n    at ")}

// Clean removes what varies from run to run, so that the result can be
// stored as a golden and compared: the Date, Connection, Keep-Alive and
// Server headers; a cookie Expires consistent with its Max-Age (checked
// against the client's send and receive times, r.Sent and r.Received,
// when known, else against the Date header with DateSlack); a development stack trace after its first line (the
// Content-Length, and the ETag of a view's stack, then read Reduced); and
// the fixture directory's path (a Content-Length then counts the
// placeholder in its place). The header names, their order and the
// X-Powered-By value are kept.
func Clean(r *Response, fixtures string) *Response {
	out := &Response{Status: r.Status, Reason: r.Reason, Chunked: r.Chunked, Body: r.Body}
	// [from, to] is when the server may have made its cookies.
	from, to := r.Sent.Add(-ExpiresSlack), r.Received.Add(ExpiresSlack)
	if r.Sent.IsZero() || r.Received.IsZero() {
		from, to = time.Time{}, time.Time{}
		if d, ok := r.Header("Date"); ok {
			if t, err := http.ParseTime(d); err == nil {
				from, to = t.Add(-DateSlack), t.Add(DateSlack)
			}
		}
	}
	// rewritten: the fixture path was replaced in the body, whose
	// Content-Length then counts the placeholder, not the path (temporary
	// directories differ in length from run to run).
	rewritten := false
	if fixtures != "" && bytes.Contains(out.Body, []byte(fixtures)) {
		out.Body = bytes.ReplaceAll(out.Body, []byte(fixtures), []byte(FixturesDir))
		rewritten = true
	}
	// reduced: a stack was cut, so the Content-Length no longer
	// describes the body; viewStack: it was a view's, whose body the ETag
	// was computed from (finalhandler sets no ETag: one on its page was
	// set before the error and stays comparable).
	reduced, viewStack := false, false
	for k, frame := range stackFrames {
		if i := bytes.Index(out.Body, frame); i >= 0 {
			if j := bytes.Index(out.Body[i:], []byte("</pre>")); j >= 0 {
				b := append([]byte{}, out.Body[:i]...)
				out.Body = append(b, out.Body[i+j:]...)
				reduced = true
				viewStack = viewStack || k == 1
			}
		}
	}
	for _, h := range r.Headers {
		name := strings.ToLower(h[0])
		if dropped[name] {
			continue
		}
		v := h[1]
		switch name {
		case "set-cookie":
			v = cleanExpires(v, from, to)
		case "content-length":
			switch {
			case reduced:
				v = Reduced
			case rewritten && v == strconv.Itoa(len(r.Body)):
				v = strconv.Itoa(len(out.Body))
			}
		case "etag":
			if viewStack {
				v = Reduced
			}
		}
		if fixtures != "" {
			v = strings.ReplaceAll(v, fixtures, FixturesDir)
		}
		out.Headers = append(out.Headers, [2]string{h[0], v})
	}
	return out
}

var (
	maxAgeAttr  = regexp.MustCompile(`(?i);\s*Max-Age=(-?\d+)`)
	expiresAttr = regexp.MustCompile(`(?i)(;\s*Expires=)([^;]*)`)
)

// cleanExpires replaces the Expires attribute of a Set-Cookie value that
// also has Max-Age with ExpiresOK when Expires - Max-Age lies in [from, to]
// (to the second). A zero window leaves v as it is.
func cleanExpires(v string, from, to time.Time) string {
	if from.IsZero() {
		return v
	}
	m := maxAgeAttr.FindStringSubmatch(v)
	e := expiresAttr.FindStringSubmatchIndex(v)
	if m == nil || e == nil {
		return v
	}
	secs, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil {
		return v
	}
	t, err := http.ParseTime(v[e[4]:e[5]])
	if err != nil {
		return v
	}
	made := t.Add(-time.Duration(secs) * time.Second)
	if made.Before(from.Truncate(time.Second)) || made.After(to) {
		return v
	}
	return v[:e[4]] + ExpiresOK + v[e[5]:]
}

// Normalized is a cleaned response in the form that is compared: header
// names lower-cased, sorted by name with the relative order of repeated
// names kept, framing headers removed.
type Normalized struct {
	Status  int
	Reason  string
	Headers [][2]string
	Body    []byte
	Chunked bool
}

// Normalize turns a cleaned response into its comparable form: header
// names lower-cased and sorted (stably: repeated headers keep their
// order), Transfer-Encoding dropped (Chunked says how the body came), the
// X-Powered-By value replaced by PoweredBy.
func Normalize(r *Response) *Normalized {
	n := &Normalized{Status: r.Status, Reason: r.Reason, Body: r.Body, Chunked: r.Chunked}
	for _, h := range r.Headers {
		name := strings.ToLower(h[0])
		v := h[1]
		switch name {
		case "transfer-encoding":
			continue
		case "x-powered-by":
			if v == "Express" || v == "fw" {
				v = PoweredBy
			}
		}
		n.Headers = append(n.Headers, [2]string{name, v})
	}
	sort.SliceStable(n.Headers, func(i, j int) bool { return n.Headers[i][0] < n.Headers[j][0] })
	return n
}

// values returns the values of a lower-case header name, in order.
func (n *Normalized) values(name string) []string {
	var out []string
	for _, h := range n.Headers {
		if h[0] == name {
			out = append(out, h[1])
		}
	}
	return out
}

// names returns the distinct header names, sorted.
func (n *Normalized) names() []string {
	var out []string
	for _, h := range n.Headers {
		if len(out) == 0 || out[len(out)-1] != h[0] {
			out = append(out, h[0])
		}
	}
	return out
}
