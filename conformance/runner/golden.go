package runner

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"unicode/utf8"
)

// Golden holds Express's recorded, cleaned (see Clean) responses to one
// suite, keyed by Key(env, id). It is stored as
// conformance/golden/SCENARIO.json.
type Golden struct {
	Scenario string `json:"scenario"`
	// Express and Node are the versions that answered.
	Express string `json:"express"`
	Node    string `json:"node"`
	// Responses maps Key(env, id) to the response.
	Responses map[string]*Response `json:"responses"`
}

type responseJSON struct {
	Status  int         `json:"status"`
	Reason  string      `json:"reason"`
	Headers [][2]string `json:"headers"`
	// Latin1 says the header values are stored one rune per byte,
	// because one of them is not valid UTF-8 (Node writes headers as
	// latin1).
	Latin1  bool    `json:"latin1,omitempty"`
	Body    *string `json:"body,omitempty"`
	BodyB64 string  `json:"bodyB64,omitempty"`
	Chunked bool    `json:"chunked,omitempty"`
}

// MarshalJSON stores the body as text when it is valid UTF-8, else as
// base64.
func (r *Response) MarshalJSON() ([]byte, error) {
	j := responseJSON{Status: r.Status, Reason: r.Reason, Headers: r.Headers, Chunked: r.Chunked}
	if j.Headers == nil {
		j.Headers = [][2]string{}
	}
	for _, h := range r.Headers {
		if !utf8.ValidString(h[1]) {
			j.Latin1 = true
		}
	}
	if j.Latin1 {
		j.Headers = make([][2]string, len(r.Headers))
		for i, h := range r.Headers {
			j.Headers[i] = [2]string{h[0], latin1Runes(h[1])}
		}
	}
	if utf8.Valid(r.Body) {
		s := string(r.Body)
		j.Body = &s
	} else {
		j.BodyB64 = base64.StdEncoding.EncodeToString(r.Body)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(j); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// UnmarshalJSON reads what MarshalJSON writes.
func (r *Response) UnmarshalJSON(data []byte) error {
	var j responseJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	*r = Response{Status: j.Status, Reason: j.Reason, Headers: j.Headers, Chunked: j.Chunked}
	if j.Latin1 {
		for i, h := range r.Headers {
			r.Headers[i][1] = latin1Bytes(h[1])
		}
	}
	switch {
	case j.BodyB64 != "":
		b, err := base64.StdEncoding.DecodeString(j.BodyB64)
		if err != nil {
			return err
		}
		r.Body = b
	case j.Body != nil:
		r.Body = []byte(*j.Body)
	}
	return nil
}

// LoadGolden reads a golden file.
func LoadGolden(path string) (*Golden, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var g Golden
	if err := json.Unmarshal(data, &g); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &g, nil
}

// Save writes the golden file with one response per line, in key order,
// so that re-recording gives small diffs.
func (g *Golden) Save(path string) error {
	var b bytes.Buffer
	head := func(k, v string) {
		q, _ := json.Marshal(v)
		fmt.Fprintf(&b, "  %q: %s,\n", k, q)
	}
	b.WriteString("{\n")
	head("scenario", g.Scenario)
	head("express", g.Express)
	head("node", g.Node)
	b.WriteString("  \"responses\": {")
	keys := make([]string, 0, len(g.Responses))
	for k := range g.Responses {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		line, err := g.Responses[k].MarshalJSON()
		if err != nil {
			return err
		}
		if i > 0 {
			b.WriteByte(',')
		}
		q, _ := json.Marshal(k)
		fmt.Fprintf(&b, "\n    %s: %s", q, line)
	}
	b.WriteString("\n  }\n}\n")
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// latin1Runes maps each byte to the rune of the same value.
func latin1Runes(s string) string {
	r := make([]rune, len(s))
	for i := 0; i < len(s); i++ {
		r[i] = rune(s[i])
	}
	return string(r)
}

// latin1Bytes reverses latin1Runes.
func latin1Bytes(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		b = append(b, byte(r))
	}
	return string(b)
}
