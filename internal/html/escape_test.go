package html

import "testing"

func TestEscape(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"", ""},
		{"plain", "plain"},
		{`<script>alert("x") & 'y'</script>`, "&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;"},
		{"a>b", "a&gt;b"},
	}
	for _, tt := range tests {
		if got := Escape(tt.in); got != tt.want {
			t.Errorf("Escape(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := string(AppendEscape([]byte("x"), tt.in)); got != "x"+tt.want {
			t.Errorf("AppendEscape(%q) = %q", tt.in, got)
		}
	}
}
