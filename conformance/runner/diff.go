package runner

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Difference is one part of a response where the two sides disagree.
type Difference struct {
	// Field is "status", "reason", "header:NAME" (lower case), "body" or
	// "framing".
	Field string `json:"field"`
	// Want is Express's value, Got fast's.
	Want string `json:"want"`
	Got  string `json:"got"`
}

// String formats d for a test log as "FIELD: express WANT, fast GOT".
func (d Difference) String() string {
	return fmt.Sprintf("%s: express %s, fast %s", d.Field, d.Want, d.Got)
}

// Diff compares two normalised responses, Express's (want) and fast's
// (got), leaving out the parts named in ignore ("body", "header:NAME").
//
// Framing: when one side sent the body chunked and the other with a
// Content-Length, the difference is reported once as "framing" and the
// Content-Length itself is not compared.
func Diff(want, got *Normalized, ignore []string) []Difference {
	skip := map[string]bool{}
	for _, f := range ignore {
		skip[strings.ToLower(f)] = true
	}
	var out []Difference
	if want.Status != got.Status {
		out = append(out, Difference{"status", strconv.Itoa(want.Status), strconv.Itoa(got.Status)})
	}
	if want.Reason != got.Reason && !skip["reason"] {
		out = append(out, Difference{"reason", strconv.Quote(want.Reason), strconv.Quote(got.Reason)})
	}
	if want.Chunked != got.Chunked {
		out = append(out, Difference{"framing", framing(want.Chunked), framing(got.Chunked)})
		skip["header:content-length"] = true
	}
	// A body whose stack trace was cut has no meaningful length; the other
	// side's length was checked by reading exactly that many bytes.
	if equalStrings(want.values("content-length"), []string{Reduced}) || equalStrings(got.values("content-length"), []string{Reduced}) {
		skip["header:content-length"] = true
	}
	for _, name := range mergeNames(want.names(), got.names()) {
		if skip["header:"+name] {
			continue
		}
		w, g := want.values(name), got.values(name)
		if !equalStrings(w, g) {
			out = append(out, Difference{"header:" + name, showValues(w), showValues(g)})
		}
	}
	if !skip["body"] && !bytes.Equal(want.Body, got.Body) {
		w, g := bodyExcerpts(want.Body, got.Body)
		out = append(out, Difference{"body", w, g})
	}
	return out
}

func framing(chunked bool) string {
	if chunked {
		return "chunked"
	}
	return "content-length"
}

func mergeNames(a, b []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range [][]string{a, b} {
		for _, n := range l {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func showValues(v []string) string {
	switch len(v) {
	case 0:
		return "(absent)"
	case 1:
		return strconv.Quote(v[0])
	}
	q := make([]string, len(v))
	for i, s := range v {
		q[i] = strconv.Quote(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// bodyExcerpts shows where two bodies first differ: their lengths and up
// to 60 bytes from a little before the first differing byte.
func bodyExcerpts(a, b []byte) (string, string) {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	start := i - 20
	if start < 0 {
		start = 0
	}
	for start > 0 && !utf8.RuneStart(safeByte(a, start)) {
		start--
	}
	ex := func(p []byte) string {
		s := ""
		if start < len(p) {
			end := start + 60
			if end > len(p) {
				end = len(p)
			}
			s = string(p[start:end])
		}
		prefix := ""
		if start > 0 {
			prefix = "…"
		}
		return fmt.Sprintf("%d bytes, at %d: %s%s", len(p), i, prefix, strconv.Quote(s))
	}
	return ex(a), ex(b)
}

func safeByte(p []byte, i int) byte {
	if i < len(p) {
		return p[i]
	}
	return 0
}
