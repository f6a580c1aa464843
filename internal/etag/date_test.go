package etag

import (
	"testing"
	"time"
	_ "time/tzdata" // America/New_York even without system zoneinfo
)

type dateCase struct {
	S  string `json:"s"`
	MS *int64 `json:"ms"`
}

func checkDates(t *testing.T, file string, loc *time.Location, min int) {
	var cases []dateCase
	loadJSON(t, file, &cases)
	if len(cases) < min {
		t.Fatalf("only %d cases in %s", len(cases), file)
	}
	for i, c := range cases {
		s := latin1(c.S)
		got, ok := parseDateIn(s, loc)
		switch {
		case c.MS == nil && ok:
			t.Errorf("%s case %d: ParseDate(%q) = %d, Date.parse: NaN", file, i, s, got)
		case c.MS != nil && !ok:
			t.Errorf("%s case %d: ParseDate(%q) failed, Date.parse: %d", file, i, s, *c.MS)
		case c.MS != nil && got != *c.MS:
			t.Errorf("%s case %d: ParseDate(%q) = %d, Date.parse: %d", file, i, s, got, *c.MS)
		}
	}
}

// TestDateDifferential replays Date.parse as recorded on Node 20 with
// TZ=UTC (testdata/gen.js).
func TestDateDifferential(t *testing.T) {
	t.Parallel()
	checkDates(t, "date.json", time.UTC, 4000)
}

// TestDateLocalZone replays local-time forms recorded with
// TZ=America/New_York, daylight-saving gaps and overlaps included.
func TestDateLocalZone(t *testing.T) {
	t.Parallel()
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	checkDates(t, "date_ny.json", ny, 10)
}
