package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/fwgo/fw/cmd/fwbench/internal/engine"
)

func TestProgress(t *testing.T) {
	t.Parallel()
	pt := engine.Point{T: 5, Dur: 1, Requests: 12345, Errors: 2, P99: 1500, LagP99: 80}
	tests := []struct {
		name string
		p    progress
		want []string
		not  []string
	}{
		{"terminal with a duration", progress{tty: true, total: 10 * time.Second}, []string{"\r\x1b[K[============            ]  50% ", "12,345 req/s", "p99 1.50ms", "errors 2", "lag p99 80µs"}, []string{"\n"}},
		{"terminal with a count", progress{tty: true, count: 24694}, []string{"]  50% ", "12,345 req/s"}, nil},
		{"not a terminal", progress{}, []string{"fwbench:    5.0s     12,345 req/s", "\n"}, []string{"\r", "["}},
		{"quiet", progress{quiet: true}, nil, []string{"req/s"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var b bytes.Buffer
			p := tc.p
			p.w = &b
			p.update(pt, nil)
			p.finish()
			for _, w := range tc.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("output %q lacks %q", b.String(), w)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(b.String(), w) {
					t.Errorf("output %q contains %q", b.String(), w)
				}
			}
		})
	}
}
