package proxyaddr

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// recorded is testdata/proxyaddr.json, written by testdata/gen.js.
type recorded struct {
	Candidates []string `json:"candidates"`
	IPs        []struct {
		S      string `json:"s"`
		Valid  bool   `json:"valid"`
		NodeIP int    `json:"nodeIP"`
		V6     bool   `json:"v6"`
		Bytes  []byte `json:"-"`
		RawB   []int  `json:"bytes"`
	} `json:"ips"`
	Trust []struct {
		Setting any       `json:"setting"`
		Err     string    `json:"err"`
		Trusted [][3]bool `json:"trusted"`
	} `json:"trust"`
	Lists []struct {
		List    []string `json:"list"`
		Err     string   `json:"err"`
		Trusted []bool   `json:"trusted"`
	} `json:"lists"`
	Requests []struct {
		Setting   any               `json:"setting"`
		Socket    string            `json:"socket"`
		Headers   map[string]string `json:"headers"`
		Encrypted bool              `json:"encrypted"`
		Offset    *int              `json:"offset"`
		Want      struct {
			IP         string   `json:"ip"`
			IPs        []string `json:"ips"`
			Protocol   string   `json:"protocol"`
			Secure     bool     `json:"secure"`
			Hostname   *string  `json:"hostname"`
			Subdomains []string `json:"subdomains"`
			Forwarded  []string `json:"forwarded"`
			All        []string `json:"all"`
		} `json:"want"`
	} `json:"requests"`
}

func load(t testing.TB) *recorded {
	t.Helper()
	b, err := os.ReadFile("testdata/proxyaddr.json")
	if err != nil {
		t.Fatal(err)
	}
	var r recorded
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	if len(r.IPs) < 4000 || len(r.Trust) < 50 || len(r.Requests) < 1000 {
		t.Fatal("recorded corpus is too small")
	}
	for i := range r.IPs {
		r.IPs[i].S = latin1(r.IPs[i].S)
	}
	for i := range r.Requests {
		q := &r.Requests[i]
		q.Socket = latin1(q.Socket)
		for k, v := range q.Headers {
			q.Headers[k] = latin1(v)
		}
		w := &q.Want
		w.IP, w.Protocol = latin1(w.IP), latin1(w.Protocol)
		if w.Hostname != nil {
			h := latin1(*w.Hostname)
			w.Hostname = &h
		}
		for _, list := range [][]string{w.IPs, w.Subdomains, w.Forwarded, w.All} {
			for k := range list {
				list[k] = latin1(list[k])
			}
		}
	}
	return &r
}

// compileSetting compiles a recorded JSON setting as app.set('trust
// proxy', v) would: JSON numbers are float64.
func compileSetting(v any) (*Trust, error) {
	if f, ok := v.(float64); ok && f == float64(int(f)) {
		return Compile(int(f))
	}
	return Compile(v)
}

func latin1(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r > 0xFF {
			panic("not latin1: " + s)
		}
		b.WriteByte(byte(r))
	}
	return b.String()
}
