// Package html escapes text for HTML documents exactly as the escape-html
// package used throughout Express does.
package html

import "strings"

// AppendEscape appends s to dst with the five characters " & ' < > replaced
// by &quot; &amp; &#39; &lt; &gt;, as escape-html does.
func AppendEscape(dst []byte, s string) []byte {
	last := 0
	for i := 0; i < len(s); i++ {
		var esc string
		switch s[i] {
		case '"':
			esc = "&quot;"
		case '&':
			esc = "&amp;"
		case '\'':
			esc = "&#39;"
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		default:
			continue
		}
		dst = append(dst, s[last:i]...)
		dst = append(dst, esc...)
		last = i + 1
	}
	return append(dst, s[last:]...)
}

// Escape returns s escaped as AppendEscape does; it returns s itself when
// nothing needs escaping.
func Escape(s string) string {
	if !strings.ContainsAny(s, "\"&'<>") {
		return s
	}
	return string(AppendEscape(make([]byte, 0, len(s)+16), s))
}
