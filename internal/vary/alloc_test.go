//go:build !race

package vary

import "testing"

func TestAppendWithoutChangeDoesNotAllocate(t *testing.T) {
	cases := []struct {
		name string
		fn   func()
	}{
		{"first field", func() { _, _ = Append("", "Accept") }},
		{"already listed", func() { _, _ = Append("Accept-Encoding, Accept", "accept") }},
		{"star", func() { _, _ = Append("*", "Accept") }},
		{"array already listed", func() { _, _ = AppendFields("Accept, Origin", []string{"Origin", "Accept"}) }},
	}
	for _, c := range cases {
		if n := testing.AllocsPerRun(200, c.fn); n != 0 {
			t.Errorf("%s allocates %v times per call", c.name, n)
		}
	}
}
