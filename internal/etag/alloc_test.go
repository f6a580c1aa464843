//go:build !race

package etag

import (
	"testing"
	"time"
)

func TestAllocs(t *testing.T) {
	body := []byte("hello, world!")
	dst := make([]byte, 0, 64)
	mtime := time.Unix(1704164645, 123456789)
	tests := []struct {
		name string
		fn   func()
	}{
		{"AppendBody", func() { dst = AppendBody(dst[:0], body, true) }},
		{"AppendStat", func() { dst = AppendStat(dst[:0], 13, mtime, true) }},
		{"Fresh etag", func() {
			_ = Fresh(`"x", W/"d-HwnTDHB9U/PRbFMN1z1wps51lqk"`, "", "max-age=0", `W/"d-HwnTDHB9U/PRbFMN1z1wps51lqk"`, "")
		}},
		{"Fresh date", func() {
			_ = Fresh("", "Tue, 02 Jan 2024 03:04:05 GMT", "", "", "Tue, 02 Jan 2024 03:04:05 GMT")
		}},
		{"ParseDate local", func() { _, _ = ParseDate("Tue, 02 Jan 2024 03:04:05") }},
	}
	for _, tt := range tests {
		if n := testing.AllocsPerRun(100, tt.fn); n != 0 {
			t.Errorf("%s allocates %v times", tt.name, n)
		}
	}
}
