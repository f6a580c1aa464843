//go:build !race

package rangeparser

import "testing"

func TestParseAllocs(t *testing.T) {
	dst := make([]Range, 0, 8)
	for _, h := range []string{"bytes=0-499", "bytes=50-55,0-10,5-10,56-60", "bytes=-400", "asdf", "bytes=900-"} {
		for _, combine := range []bool{false, true} {
			n := testing.AllocsPerRun(100, func() {
				dst, _, _ = Parse(dst[:0], 800, h, combine)
			})
			if n != 0 {
				t.Errorf("Parse(%q, combine=%v) allocates %v times", h, combine, n)
			}
		}
	}
}
