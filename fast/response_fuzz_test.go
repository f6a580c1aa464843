package fast

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/fwgo/fw/parsers"
)

// FuzzLocation checks what res.location writes for any URL: printable
// ASCII only (no CR, LF or other control byte can split the header), and
// the characters that delimit a URL's scheme, authority and path (/ \ @ :
// ? #) kept in order, so that the host a client reads is the host an
// allow-list parsed from the same string (CVE-2024-29041).
func FuzzLocation(f *testing.F) {
	for _, s := range []string{
		"http://google.com", `http://google.com\@apple.com`, `//google.com\@apple.com/`, "https://google.com?q=\u2603 §10",
		"/%0d%0afoo", "/a\r\nSet-Cookie: x=1", "javascript:alert(1)", "back", "%", "%zz", "\xff\xfe", "https://google.com'.bb.com/1.html",
	} {
		f.Add(s)
	}
	var input string
	app := use(func(req *Request, res *Response, next Next) {
		res.Location(input)
		if err := res.End(); err != nil {
			panic(err)
		}
	})
	h := app.Handler()
	ctx := newRequestCtx("GET", "/")
	f.Fuzz(func(t *testing.T, s string) {
		if s == "back" {
			return
		}
		input = s
		ctx.Response.Reset()
		h(ctx)
		got := string(ctx.Response.Header.Peek("Location"))
		for i := 0; i < len(got); i++ {
			if c := got[i]; c <= ' ' || c >= 0x7f {
				t.Fatalf("Location(%q) = %q: byte %#x", s, got, c)
			}
		}
		if a, b := delimiters(s), delimiters(got); a != b {
			t.Fatalf("Location(%q) = %q: delimiters %q became %q", s, got, a, b)
		}
	})
}

func delimiters(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(`/\@:?#`, s[i]) >= 0 {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// FuzzAppendJSON checks the encoder on strings and nested values: its
// output parses back, as JSON.parse reads it, to the same value (bytes
// that are not UTF-8 come back as U+FFFD).
func FuzzAppendJSON(f *testing.F) {
	for _, s := range []string{"", "a", "\u2028", "\x00", `"\`, "\xed\xa0\x80", "\xff", "é日本🎉", "<>&"} {
		f.Add(s, 1.5, true)
	}
	f.Fuzz(func(t *testing.T, s string, n float64, b bool) {
		v := map[string]any{s: []any{s, n, b, nil}}
		out, err := AppendJSON(nil, v)
		if err != nil {
			t.Fatal(err)
		}
		back, err := parsers.ParseJSON(out)
		if err != nil {
			t.Fatalf("AppendJSON(%q) = %s: %v", s, out, err)
		}
		o, ok := back.(*parsers.Object)
		if !ok || o.Len() != 1 {
			t.Fatalf("AppendJSON(%q) = %s: not a one-member object", s, out)
		}
		want := wtf8Clean(s)
		arr, _ := o.Get(want)
		list, ok := arr.([]any)
		if !ok || len(list) != 4 || list[0] != want || list[2] != b || list[3] != nil {
			t.Fatalf("AppendJSON(%q) = %s: read back as %v", s, out, back)
		}
		if f, ok := list[1].(float64); n == n && n-n == 0 && (!ok || f != n) || (n != n || n-n != 0) && list[1] != nil {
			t.Fatalf("AppendJSON(%v) = %s: number read back as %v", n, out, list[1])
		}
	})
}

// wtf8Clean is s as the encoder writes it: invalid bytes as U+FFFD, WTF-8
// surrogates kept.
func wtf8Clean(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			if i+2 < len(s) && s[i] == 0xED && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2]&0xC0 == 0x80 {
				b.WriteString(s[i : i+3])
				i += 3
				continue
			}
			b.WriteString("\ufffd")
			i++
			continue
		}
		b.WriteString(s[i : i+size])
		i += size
	}
	return b.String()
}
