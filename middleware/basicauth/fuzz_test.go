package basicauth

import (
	"encoding/base64"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzAuthorization feeds arbitrary Authorization values to both parsers:
// they never panic, decoded text is valid UTF-8, a user never holds ':',
// and a well-formed header round-trips.
func FuzzAuthorization(f *testing.F) {
	for _, s := range []string{
		"Basic dGo6d2Fob28=", "basic Zm9vOmJhcg==", "  basic   Zm9vOmJhcg==  ", "Basic 7aCAOg==",
		"Basic Zm9v=OmJhcg==", "Basic -_-_", "Basic ", "Bearer x", "Basic dGo6*d2Fo!b28=", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, header string) {
		for _, parse := range []func(string) (string, string, bool){Parse, splitConnect} {
			user, pass, ok := parse(header)
			if !ok {
				continue
			}
			if !utf8.ValidString(user) || !utf8.ValidString(pass) {
				t.Fatalf("invalid UTF-8 from %q: %q %q", header, user, pass)
			}
			if strings.Contains(user, ":") {
				t.Fatalf("user %q holds ':' (header %q)", user, header)
			}
		}
	})
}

// FuzzRoundTrip encodes credentials as a client does and checks that both
// parsers give them back.
func FuzzRoundTrip(f *testing.F) {
	f.Add("tj", "wahoo")
	f.Add("", "")
	f.Add("jé", "pa:ss€")
	f.Fuzz(func(t *testing.T, user, pass string) {
		if strings.Contains(user, ":") || !utf8.ValidString(user) || !utf8.ValidString(pass) {
			return
		}
		token := base64.StdEncoding.EncodeToString([]byte(user + ":" + pass))
		u, p, ok := splitConnect("Basic " + token)
		if !ok || u != user || p != pass {
			t.Fatalf("splitConnect: %q %q %v, want %q %q", u, p, ok, user, pass)
		}
		if hasLineTerminator(pass) {
			return
		}
		u, p, ok = Parse("Basic " + token)
		if !ok || u != user || p != pass {
			t.Fatalf("Parse: %q %q %v, want %q %q", u, p, ok, user, pass)
		}
	})
}
