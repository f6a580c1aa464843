package rangeparser

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// latin1 turns a JSON string holding one character per byte (as Node reads
// headers) back into those bytes.
func latin1(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r > 0xFF {
			panic("not latin1")
		}
		b.WriteByte(byte(r))
	}
	return b.String()
}

type recorded struct {
	Size    int64      `json:"size"`
	Header  string     `json:"header"`
	Combine bool       `json:"combine"`
	Result  Result     `json:"result"`
	Type    string     `json:"type"`
	Ranges  [][2]int64 `json:"ranges"`
}

func loadCases(t testing.TB) []recorded {
	b, err := os.ReadFile("testdata/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Module string     `json:"module"`
		Cases  []recorded `json:"cases"`
	}
	if err := json.Unmarshal(b, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) < 1000 {
		t.Fatalf("only %d recorded cases", len(file.Cases))
	}
	for i := range file.Cases {
		file.Cases[i].Header = latin1(file.Cases[i].Header)
		file.Cases[i].Type = latin1(file.Cases[i].Type)
	}
	return file.Cases
}

// TestDifferential replays the answers range-parser 1.2.1 recorded in
// testdata/cases.json (regenerate with testdata/gen.js).
func TestDifferential(t *testing.T) {
	t.Parallel()
	for i, c := range loadCases(t) {
		got, unit, res := Parse(nil, c.Size, c.Header, c.Combine)
		ok := res == c.Result
		if ok && res == OK {
			ok = unit == c.Type && len(got) == len(c.Ranges)
			for k := 0; ok && k < len(got); k++ {
				ok = got[k].Start == c.Ranges[k][0] && got[k].End == c.Ranges[k][1]
			}
		}
		if !ok {
			t.Errorf("case %d: Parse(%d, %q, combine=%v) = %v %q %d; range-parser: %v %q %d",
				i, c.Size, c.Header, c.Combine, got, unit, res, c.Ranges, c.Type, c.Result)
		}
	}
}

// TestReqRange ports Express's test/req.range.js.
func TestReqRange(t *testing.T) {
	t.Parallel()
	type want struct {
		unit   string
		ranges []Range
		res    Result
	}
	tests := []struct {
		name    string
		size    int64
		header  string
		combine bool
		want    want
	}{
		{"should return parsed ranges", 120, "bytes=0-50,51-100", false,
			want{"bytes", []Range{{Start: 0, End: 50}, {Start: 51, End: 100}}, OK}},
		{"should cap to the given size", 75, "bytes=0-100", false, want{"bytes", []Range{{Start: 0, End: 74}}, OK}},
		{"should cap to the given size when open-ended", 75, "bytes=0-", false, want{"bytes", []Range{{Start: 0, End: 74}}, OK}},
		{"should have a .type", 120, "bytes=0-100", false, want{"bytes", []Range{{Start: 0, End: 100}}, OK}},
		{"should accept any type", 120, "users=0-2", false, want{"users", []Range{{Start: 0, End: 2}}, OK}},
		{"should return -1 if unsatisfiable", 120, "bytes=200-500", false, want{"bytes", nil, Unsatisfiable}},
		{"should return -2 if invalid", 120, "asdf", false, want{"", nil, Malformed}},
		{"should combine ranges", 120, "bytes=0-50,51-100", true, want{"bytes", []Range{{Start: 0, End: 100}}, OK}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, unit, res := Parse(nil, tt.size, tt.header, tt.combine)
			if res != tt.want.res || unit != tt.want.unit || len(got) != len(tt.want.ranges) {
				t.Fatalf("Parse = %v %q %d, want %v", got, unit, res, tt.want)
			}
			for i := range got {
				if got[i].Start != tt.want.ranges[i].Start || got[i].End != tt.want.ranges[i].End {
					t.Fatalf("range %d = %+v, want %+v", i, got[i], tt.want.ranges[i])
				}
			}
		})
	}
}

func TestParseKeepsDstPrefix(t *testing.T) {
	t.Parallel()
	dst := []Range{{Start: 7, End: 8}}
	got, _, res := Parse(dst, 100, "bytes=50-60,0-10,5-12", true)
	if res != OK || len(got) != 3 || got[0].Start != 7 || got[1] != (Range{Start: 50, End: 60, index: 0}) || got[2] != (Range{Start: 0, End: 12, index: 1}) {
		t.Fatalf("got %+v", got)
	}
	got, _, res = Parse(dst, 100, "bytes=500-", false)
	if res != Unsatisfiable || len(got) != 1 {
		t.Fatalf("got %+v %d", got, res)
	}
}

func TestManyRangesBounded(t *testing.T) {
	t.Parallel()
	// 50,000 single-byte ranges: linear parse plus one stable sort.
	h := "bytes=" + strings.Repeat("1-1,0-0,", 25000)
	got, _, res := Parse(nil, 10, h, true)
	if res != OK || len(got) != 1 || got[0].Start != 0 || got[0].End != 1 {
		t.Fatalf("got %v %d", got, res)
	}
}
