package logger

import "testing"

func TestEscape(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want, latin1 string }{
		{"plain", "plain", "plain"},
		{"a\"b\\c", `a\"b\\c`, `a\"b\\c`},
		{"\b\f\n\r\t\x00\x1f\x7f", `\b\f\n\r\t\u0000\u001f\u007f`, `\b\f\n\r\t\u0000\u001f\u007f`},
		{"\u0085\u2028\u2029é", `\u0085\u2028\u2029é`, `Â\u0085â\u0080¨â\u0080©Ã©`},
		{"\xff", "\xff", "ÿ"},
	}
	for _, tt := range tests {
		if got := escape(tt.in); got != tt.want {
			t.Errorf("escape(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := escapeLatin1(tt.in); got != tt.latin1 {
			t.Errorf("escapeLatin1(%q) = %q, want %q", tt.in, got, tt.latin1)
		}
	}
}

// FuzzCompile compiles arbitrary formats with a catch-all token set:
// compile never panics except for the documented refusals, and a format
// without ':' is its own output.
func FuzzCompile(f *testing.F) {
	for _, s := range []string{Combined, Common, Default, Short, Tiny, "a:b :: :x[] :url[ :method[] [:status]", ":date[clf]", ":response-time[101]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, format string) {
		defer func() {
			if r := recover(); r != nil {
				if s, ok := r.(string); !ok || len(s) < 7 || s[:7] != "logger:" {
					panic(r)
				}
			}
		}()
		c := newTokens(nil).compile(format)
		text := ""
		for _, s := range c {
			text += s.text
		}
		hasColon := false
		for i := 0; i < len(format); i++ {
			hasColon = hasColon || format[i] == ':'
		}
		if !hasColon && text != format {
			t.Fatalf("compile(%q) text %q", format, text)
		}
	})
}
