package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/fwgo/fw/cmd/fwbench/internal/engine"
)

// targetLine is one line of a --targets file.
type targetLine struct {
	URL      string            `json:"url"`
	Method   string            `json:"method"`
	Headers  map[string]string `json:"headers"`
	Body     *string           `json:"body"`
	BodyFile string            `json:"body_file"`
	Weight   *int              `json:"weight"`
}

// maxTargets bounds a targets file.
const maxTargets = 10_000

// readTargets reads a targets file: one JSON object per line, blank lines
// and lines starting with # ignored. Fields: url (required), method,
// headers (object), body or body_file (relative to the file), weight
// (default 1). The command line's method, headers and body are the
// defaults each line overrides.
func readTargets(path, method string, headers []engine.Header, body []byte) ([]engine.Target, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read the targets file: %v", unwrapPathError(err))
	}
	defer f.Close()
	var out []engine.Target
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		where := fmt.Sprintf("%s:%d", path, n)
		var tl targetLine
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&tl); err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		if tl.URL == "" {
			return nil, fmt.Errorf("%s: missing \"url\"", where)
		}
		t := engine.Target{URL: tl.URL, Method: method, Header: append([]engine.Header(nil), headers...), Body: body}
		if tl.Method != "" {
			t.Method = tl.Method
		}
		for _, k := range slices.Sorted(maps.Keys(tl.Headers)) {
			t.Header = append(t.Header, engine.Header{Name: k, Value: tl.Headers[k]})
		}
		switch {
		case tl.Body != nil && tl.BodyFile != "":
			return nil, fmt.Errorf("%s: give either \"body\" or \"body_file\", not both", where)
		case tl.Body != nil:
			t.Body = []byte(*tl.Body)
		case tl.BodyFile != "":
			p := tl.BodyFile
			if !filepath.IsAbs(p) {
				p = filepath.Join(filepath.Dir(path), p)
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return nil, fmt.Errorf("%s: cannot read the body file: %v", where, unwrapPathError(err))
			}
			t.Body = b
		}
		if t.Method == "" {
			t.Method = "GET"
			if t.Body != nil {
				t.Method = "POST"
			}
		}
		t.Method = strings.ToUpper(t.Method)
		if tl.Weight != nil {
			if *tl.Weight < 1 || *tl.Weight > 1000 {
				return nil, fmt.Errorf("%s: weight must be between 1 and 1000, not %d", where, *tl.Weight)
			}
			t.Weight = *tl.Weight
		}
		out = append(out, t)
		if len(out) > maxTargets {
			return nil, fmt.Errorf("%s: more than %d targets", path, maxTargets)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("cannot read the targets file: %v", err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no targets", path)
	}
	return out, nil
}
