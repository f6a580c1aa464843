package runner

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// derived returns n cases derived from every suite in ../cases by a
// mutator seeded with seed, as the fuzz mode derives them, rendered.
func derived(t *testing.T, seed uint64, n int) (cases []Case, raws []string, descs []string) {
	t.Helper()
	suites, err := LoadSuites("../cases")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range suites {
		m := NewMutator(seed, StreamOf(s.Scenario))
		for i := range n {
			p := &s.Cases[m.Pick(len(s.Cases))]
			c, muts := m.Mutate(p, "fuzz-"+strconv.Itoa(i))
			raw, err := RequestBytes(&c)
			if err != nil {
				t.Fatalf("%s: %v", s.Scenario, err)
			}
			var d []string
			for _, mu := range muts {
				d = append(d, mu.Desc)
			}
			cases = append(cases, c)
			raws = append(raws, string(raw))
			descs = append(descs, strings.Join(d, "; "))
		}
	}
	return cases, raws, descs
}

func TestMutatorDeterministic(t *testing.T) {
	t.Parallel()
	_, a, da := derived(t, 7, 50)
	_, b, db := derived(t, 7, 50)
	if !reflect.DeepEqual(a, b) || !reflect.DeepEqual(da, db) {
		t.Fatal("the same seed derived different requests")
	}
	_, c, _ := derived(t, 8, 50)
	same := 0
	for i := range a {
		if a[i] == c[i] {
			same++
		}
	}
	if same > len(a)/2 {
		t.Fatalf("seeds 7 and 8 derived %d of %d requests alike", same, len(a))
	}
}

// checkRequest parses raw as one HTTP/1.1 request message and returns why
// it is not well-formed, or "".
func checkRequest(raw string) string {
	head, body, ok := strings.Cut(raw, "\r\n\r\n")
	if !ok {
		return "no end of the header section"
	}
	lines := strings.Split(head, "\r\n")
	parts := strings.Split(lines[0], " ")
	if len(parts) != 3 {
		return fmt.Sprintf("request line %q is not three parts", lines[0])
	}
	if !isToken(parts[0]) {
		return fmt.Sprintf("method %q is not a token", parts[0])
	}
	if parts[1] == "" {
		return "empty target"
	}
	for i := 0; i < len(parts[1]); i++ {
		if c := parts[1][i]; c <= ' ' || c == 0x7f {
			return fmt.Sprintf("target %q has byte %#x", parts[1], c)
		}
	}
	if parts[2] != "HTTP/1.1" {
		return fmt.Sprintf("version %q", parts[2])
	}
	length, chunked := -1, false
	for _, l := range lines[1:] {
		name, value, ok := strings.Cut(l, ": ")
		if !ok || !isToken(name) {
			return fmt.Sprintf("header line %q", l)
		}
		if strings.ContainsAny(value, "\r\n\x00") {
			return fmt.Sprintf("header value %q", value)
		}
		switch strings.ToLower(name) {
		case "content-length":
			n, err := strconv.Atoi(value)
			if err != nil || (length >= 0 && n != length) {
				return fmt.Sprintf("content-length %q", value)
			}
			length = n
		case "transfer-encoding":
			chunked = strings.EqualFold(value, "chunked")
		}
	}
	switch {
	case chunked:
		if !strings.HasSuffix(body, "0\r\n\r\n") {
			return "chunked body without its last chunk"
		}
	case length >= 0 && len(body) != length:
		return fmt.Sprintf("body of %d bytes, content-length %d", len(body), length)
	case length < 0 && body != "":
		return "a body without framing"
	}
	return ""
}

func TestMutatorValidRequests(t *testing.T) {
	t.Parallel()
	cases, raws, descs := derived(t, 1, 300)
	kinds := map[string]int{}
	for i, raw := range raws {
		if why := checkRequest(raw); why != "" {
			t.Errorf("%s (mutations %s): %s\n%q", cases[i].ID, descs[i], why, raw)
		}
		for _, d := range strings.Split(descs[i], "; ") {
			k, _, _ := strings.Cut(d, ":")
			kinds[k]++
		}
	}
	for _, k := range []string{"target", "headers", "method"} {
		if kinds[k] == 0 {
			t.Errorf("no %s mutation in %d requests", k, len(raws))
		}
	}
}

func TestDeriveLeavesParent(t *testing.T) {
	t.Parallel()
	parent := Case{ID: "p", Method: "POST", Target: "/a/b?x=1", Headers: [][2]string{{"Host", "h"}, {"Content-Type", "text/plain"}, {"Accept", "*/*"}}, Body: "hi"}
	keep := parent
	keep.Headers = append([][2]string(nil), parent.Headers...)
	m := NewMutator(3, 0)
	for i := range 200 {
		c, muts := m.Mutate(&parent, "c")
		if !reflect.DeepEqual(parent, keep) {
			t.Fatalf("mutation %d (%v) changed the parent: %+v", i, muts, parent)
		}
		if why := checkRequest(string(mustBytes(t, &c))); why != "" {
			t.Fatalf("mutation %d: %s", i, why)
		}
		// Replaying the same mutations gives the same case.
		if d := Derive(&parent, "c", muts); !reflect.DeepEqual(d, c) {
			t.Fatalf("Derive(%v) = %+v, Mutate gave %+v", muts, d, c)
		}
	}
}

func mustBytes(t *testing.T, c *Case) []byte {
	t.Helper()
	b, err := RequestBytes(c)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestMutatorTokens(t *testing.T) {
	t.Parallel()
	// The inserted tokens and header values never carry a byte that would
	// break the message's framing.
	for _, tok := range append(append([]string{}, targetTokens...), queries...) {
		if strings.ContainsAny(tok, " \r\n\t\x00") {
			t.Errorf("target token %q", tok)
		}
	}
	for _, hv := range headerValues {
		for _, v := range hv.values {
			if strings.ContainsAny(v, "\r\n\x00") {
				t.Errorf("%s value %q", hv.name, v)
			}
		}
	}
	for _, m := range methods {
		if !isToken(m) {
			t.Errorf("method %q is not a token", m)
		}
	}
}
