package etag

import (
	"strings"
	"testing"
	"time"
)

// FuzzListMatches checks the If-None-Match list against a plain split:
// a match is exactly an element, trimmed of spaces, equal to the tag up to
// one W/ prefix.
func FuzzListMatches(f *testing.F) {
	for _, s := range []string{`"foo"`, `"foo", "bar"`, `W/"a"`, `*`, ` "a" ,W/"b"`, `,`, "\"a\"\t", `W/W/"a"`, ``} {
		f.Add(s, `"a"`)
		f.Add(s, `W/"foo"`)
	}
	f.Fuzz(func(t *testing.T, header, tag string) {
		want := false
		for _, el := range strings.Split(header, ",") {
			el = strings.Trim(el, " ")
			if el == tag || "W/"+el == tag || el == "W/"+tag {
				want = true
			}
		}
		if got := ListMatches(header, tag); got != want {
			t.Fatalf("ListMatches(%q, %q) = %v, want %v", header, tag, got, want)
		}
		_ = Fresh(header, header, header, tag, tag)
	})
}

// FuzzParseDate checks that any input parses without panicking, that a
// result lies within JavaScript's time range, and that dates ParseDate
// renders back in HTTP form parse to themselves.
func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"Tue, 02 Jan 2024 03:04:05 GMT", "Tuesday, 02-Jan-24 03:04:05 GMT", "Tue Jan  2 03:04:05 2024",
		"2024-01-02T03:04:05.123Z", "+275760-09-13T00:00:00Z", "Jan 2 2024 GMT-8:30", "(((", "12:00 pm 1/2/2024", "\xa0Jan 2 2024"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ms, ok := parseDateIn(s, time.UTC)
		if !ok {
			return
		}
		if ms < -8.64e15 || ms > 8.64e15 {
			t.Fatalf("ParseDate(%q) = %d, outside the time range", s, ms)
		}
		// Years below 100 read back as 19xx or 20xx, as two-digit years do.
		if ms%1000 != 0 || ms < -59011459200000 || ms > 253402300799000 {
			return
		}
		http := time.UnixMilli(ms).UTC().Format(time.RFC1123)
		if back, ok := parseDateIn(http, time.UTC); !ok || back != ms {
			t.Fatalf("ParseDate(%q) = %d, but its HTTP form %q gives %d %v", s, ms, http, back, ok)
		}
	})
}
