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

// TestIMFFixdateShortcut checks that the shortcut agrees with the full V8
// parser on every IMF-fixdate it accepts, day and year overflows included.
func TestIMFFixdateShortcut(t *testing.T) {
	t.Parallel()
	n := 0
	for _, wd := range weekdays {
		for _, day := range []string{"00", "01", "09", "28", "29", "30", "31", "32", "99"} {
			for _, mon := range months {
				for _, year := range []string{"0000", "0049", "0050", "0099", "0100", "1969", "1970", "2000", "2024", "9999"} {
					for _, tm := range []string{"00:00:00", "23:59:59", "24:00:00", "12:60:00", "12:00:60", "07:28:00"} {
						s := wd + ", " + day + " " + mon + " " + year + " " + tm + " GMT"
						var p dateParser
						p.init(s)
						want, wantOK := int64(0), p.parse()
						if wantOK {
							want, wantOK = p.result(time.UTC)
						}
						got, ok := parseIMFFixdate(s)
						if ok {
							n++
							if !wantOK || got != want {
								t.Fatalf("shortcut(%q) = %d, parser %d %v", s, got, want, wantOK)
							}
						}
					}
				}
			}
		}
	}
	if n < 1000 {
		t.Fatalf("shortcut took only %d strings", n)
	}
}
