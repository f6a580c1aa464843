package negotiate

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
	"unicode/utf8"
)

// testdata/negotiate.json is written by testdata/gen.js from the installed
// negotiator 0.6.3 and accepts 1.3.8. Its strings stand for Latin-1 byte
// strings (one character per byte); a null header is a missing one.

type record struct {
	Header    *string     `json:"header"`
	List      []string    `json:"list"`
	Offers    []int       `json:"offers"`
	Best      []*string   `json:"best"`
	Preferred [][]string  `json:"preferred"`
	Raw       []*[]string `json:"-"`
}

type negotiateData struct {
	TypeOffers     [][]string `json:"typeOffers"`
	Type           []record   `json:"type"`
	CharsetOffers  [][]string `json:"charsetOffers"`
	Charset        []record   `json:"charset"`
	EncodingOffers [][]string `json:"encodingOffers"`
	Encoding       []record   `json:"encoding"`
	LanguageOffers [][]string `json:"languageOffers"`
	Language       []record   `json:"language"`
}

func latin1(t *testing.T, s string) string {
	t.Helper()
	b := make([]byte, 0, len(s))
	for _, r := range s {
		if r > 0xff || r == utf8.RuneError {
			t.Fatalf("testdata string %q is not Latin-1", s)
		}
		b = append(b, byte(r))
	}
	return string(b)
}

func latin1s(t *testing.T, list []string) []string {
	if list == nil {
		return nil
	}
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = latin1(t, s)
	}
	return out
}

func loadData(t *testing.T) *negotiateData {
	t.Helper()
	b, err := os.ReadFile("testdata/negotiate.json")
	if err != nil {
		t.Fatal(err)
	}
	var d negotiateData
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	return &d
}

type kind struct {
	name      string
	offers    [][]string
	records   []record
	best      func(h string, present bool, offers ...string) (string, bool)
	list      func(h string, present bool) []string
	preferred func(h string, present bool, available []string) []string
}

func TestMatchesNegotiator(t *testing.T) {
	t.Parallel()
	d := loadData(t)
	kinds := []kind{
		{"Type", d.TypeOffers, d.Type, Type, Types, PreferredMediaTypes},
		{"Charset", d.CharsetOffers, d.Charset, Charset, Charsets, PreferredCharsets},
		{"Encoding", d.EncodingOffers, d.Encoding, Encoding, Encodings, PreferredEncodings},
		{"Language", d.LanguageOffers, d.Language, Language, Languages, PreferredLanguages},
	}
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			t.Parallel()
			cases := 0
			for _, r := range k.records {
				h, present := "", r.Header != nil
				if present {
					h = latin1(t, *r.Header)
				}
				want := latin1s(t, r.List)
				if got := k.list(h, present); !equal(got, want) {
					t.Errorf("%ss(%q, %v) = %q, want %q", k.name, h, present, got, want)
				}
				cases++
				for n, oi := range r.Offers {
					offers := latin1s(t, k.offers[oi])
					got, ok := k.best(h, present, offers...)
					if w := r.Best[n]; w == nil && ok || w != nil && (!ok || got != latin1(t, *w)) {
						t.Errorf("%s(%q, %v, %q) = %q, %v; want %v", k.name, h, present, offers, got, ok, show(w))
					}
					cases++
					if r.Preferred[n] == nil {
						continue
					}
					want := latin1s(t, r.Preferred[n])
					if got := k.preferred(h, present, offers); !equal(got, want) {
						t.Errorf("Preferred %s(%q, %v, %q) = %q, want %q", k.name, h, present, offers, got, want)
					}
					cases++
				}
			}
			t.Logf("%d cases", cases)
		})
	}
}

func equal(a, b []string) bool {
	return len(a) == len(b) && slices.Equal(a, b)
}

func show(p *string) string {
	if p == nil {
		return "false"
	}
	return "\"" + *p + "\""
}
