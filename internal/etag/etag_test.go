package etag

import (
	"bytes"
	"encoding/base64"
	"testing"
	"time"
)

// TestBodyDifferential replays etag(body) and etag(body, {weak: true}) as
// recorded from etag 1.8.1 (testdata/gen.js).
func TestBodyDifferential(t *testing.T) {
	t.Parallel()
	var cases []struct {
		Body    *string `json:"body"`
		RepeatX int     `json:"repeatX"`
		Strong  string  `json:"strong"`
		Weak    string  `json:"weak"`
		Stat    *struct {
			Size   int64  `json:"size"`
			Sec    int64  `json:"sec"`
			Nsec   int64  `json:"nsec"`
			Weak   string `json:"weak"`
			Strong string `json:"strong"`
		} `json:"stat"`
	}
	loadJSON(t, "etag.json", &cases)
	bodies, stats := 0, 0
	for i, c := range cases {
		if c.Stat != nil {
			stats++
			mtime := time.Unix(c.Stat.Sec, c.Stat.Nsec)
			if got := string(AppendStat(nil, c.Stat.Size, mtime, true)); got != c.Stat.Weak {
				t.Errorf("case %d: AppendStat(%d, %v, weak) = %s, etag: %s", i, c.Stat.Size, mtime, got, c.Stat.Weak)
			}
			if got := string(AppendStat(nil, c.Stat.Size, mtime, false)); got != c.Stat.Strong {
				t.Errorf("case %d: AppendStat strong = %s, etag: %s", i, got, c.Stat.Strong)
			}
			continue
		}
		bodies++
		var body []byte
		if c.Body != nil {
			var err error
			if body, err = base64.StdEncoding.DecodeString(*c.Body); err != nil {
				t.Fatal(err)
			}
		} else {
			body = bytes.Repeat([]byte("x"), c.RepeatX)
		}
		if got := string(AppendBody(nil, body, false)); got != c.Strong {
			t.Errorf("case %d: AppendBody(%d bytes) = %s, etag: %s", i, len(body), got, c.Strong)
		}
		if got := string(AppendBody(nil, body, true)); got != c.Weak {
			t.Errorf("case %d: AppendBody(%d bytes, weak) = %s, etag: %s", i, len(body), got, c.Weak)
		}
	}
	if bodies < 50 || stats < 40 {
		t.Fatalf("only %d body and %d stat cases", bodies, stats)
	}
}

// TestResSendETag holds the vectors of Express's test/res.send.js and the
// probe of real Express 4.22.3 (shared/reference/express-behaviour.md).
func TestResSendETag(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		body string
		weak bool
		want string
	}{
		{"should send ETag for empty string response", "", true, `W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"`},
		{"should send ETag for long response", stringsRepeat("-", 999), true, `W/"3e7-qPnkJ3CVdVhFJQvUBfF10TmVA7g"`},
		{"should send ETag when etag is enabled", "hello, world!", true, `W/"d-HwnTDHB9U/PRbFMN1z1wps51lqk"`},
		{"should send strong ETag", "hello, world!", false, `"d-HwnTDHB9U/PRbFMN1z1wps51lqk"`},
		{"should send weak ETag", "hello, world!", true, `W/"d-HwnTDHB9U/PRbFMN1z1wps51lqk"`},
		{"probe: send('Hello World')", "Hello World", true, `W/"b-Ck1VqNd45QIvq3AZd8XYQLvEhtA"`},
		{"probe: json", `{"name":"tobi","n":1,"html":"<&>"}`, true, `W/"22-CPDv1IMKrepLCJq8ccekavTJgDQ"`},
		{"probe: send(Buffer 'hello')", "hello", true, `W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := string(AppendBody(nil, []byte(tt.body), tt.weak)); got != tt.want {
				t.Fatalf("got %s, want %s", got, tt.want)
			}
		})
	}
	t.Run("static file etag", func(t *testing.T) {
		t.Parallel()
		mtime := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
		if got := string(AppendStat([]byte("x"), 13, mtime, true)); got != `xW/"d-18cc820d888"` {
			t.Fatalf("got %s", got)
		}
	})
}

func stringsRepeat(s string, n int) string { return string(bytes.Repeat([]byte(s), n)) }
