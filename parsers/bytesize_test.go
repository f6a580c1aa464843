package parsers

import "testing"

// TestParseBytes pins ParseBytes to what bytes.parse (3.1.2) returns on
// Node 20 for the same strings (recorded with node, see the table).
func TestParseBytes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"100kb", 102400, true}, {"1kb", 1024, true}, {"1024", 1024, true}, {"1.5kb", 1536, true},
		{"1 KB", 1024, true}, {"  1kb", 1, true}, {"1kb ", 1, true}, {"-1", -1, true}, {"-1kb", -1024, true},
		{"abc", 0, false}, {"", 0, false}, {"1e3", 1, true}, {"0x10", 0, true}, {"1.5", 1, true},
		{"1.9", 1, true}, {"10mb", 10485760, true}, {"1gb", 1073741824, true}, {"1tb", 1099511627776, true},
		{"1pb", 1125899906842624, true}, {"1eb", 1, true}, {"kb", 0, false}, {".5kb", 0, false},
		{"5.kb", 5, true}, {"1,000", 1, true}, {"12abc", 12, true}, {"Infinity", 0, false}, {"NaN", 0, false},
		{"1  mb", 1048576, true}, {"1 b", 1, true}, {"1B", 1, true}, {"9007199254740993", 9007199254740992, true},
		{"1e309kb", 1, true}, {"1.0000001", 1, true}, {"00012", 12, true}, {"+5", 5, true}, {"+5kb", 5120, true},
		{" 5", 5, true}, {"5 ", 5, true}, {"1.5 Kb", 1536, true}, {"1_000", 1, true}, {"\u00a0\ufeff7", 7, true},
		{"-", 0, false}, {"+kb", 0, false}, {"99999999999999999999999", 1<<63 - 1, true},
	}
	for _, tt := range tests {
		got, err := ParseBytes(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseBytes(%q) = %d, %v; want %d, ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}
