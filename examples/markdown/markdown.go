package main

import (
	"html"
	"regexp"
	"strings"
)

// render converts the markdown subset the example's views use to HTML,
// writing what marked 0.7 (the original's renderer) writes for it:
// ATX headings ("# Title", with marked's id slug), paragraphs separated
// by blank lines, *em* and _em_, **strong** and __strong__, `code` and
// [links](url). Other markdown is written as paragraph text.
func render(src string) string {
	var b strings.Builder
	var para []string
	flush := func() {
		if len(para) > 0 {
			b.WriteString("<p>" + inline(strings.Join(para, "\n")) + "</p>\n")
			para = para[:0]
		}
	}
	for _, line := range strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n") {
		trimmed := strings.TrimSpace(line)
		if trimmed == "" {
			flush()
			continue
		}
		if level, text, ok := heading(trimmed); ok {
			flush()
			tag := string(rune('0' + level))
			b.WriteString("<h" + tag + ` id="` + slug(text) + `">` + inline(text) + "</h" + tag + ">\n")
			continue
		}
		para = append(para, trimmed)
	}
	flush()
	return b.String()
}

// heading parses an ATX heading: 1 to 6 '#' then a space.
func heading(line string) (level int, text string, ok bool) {
	for level < len(line) && line[level] == '#' {
		level++
	}
	if level == 0 || level > 6 || level < len(line) && line[level] != ' ' {
		return 0, "", false
	}
	text = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(line[level:]), "#"))
	return level, text, true
}

// slugPunct is what marked 0.7's slugger removes.
var slugPunct = regexp.MustCompile("[\u2000-\u206F\u2E00-\u2E7F\\\\'!\"#$%&()*+,./:;<=>?@\\[\\]^`{|}~]")

// slug is marked 0.7's heading id: lower case, punctuation removed,
// whitespace as '-'.
func slug(text string) string {
	s := slugPunct.ReplaceAllString(strings.TrimSpace(strings.ToLower(text)), "")
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\n' {
			return '-'
		}
		return r
	}, s)
}

var inlineRules = []struct {
	re  *regexp.Regexp
	rep string
}{
	{regexp.MustCompile("`([^`]+)`"), "<code>$1</code>"},
	{regexp.MustCompile(`\*\*([^*]+)\*\*`), "<strong>$1</strong>"},
	{regexp.MustCompile(`\b__([^_]+)__\b`), "<strong>$1</strong>"},
	{regexp.MustCompile(`\*([^*]+)\*`), "<em>$1</em>"},
	{regexp.MustCompile(`\b_([^_]+)_\b`), "<em>$1</em>"},
	{regexp.MustCompile(`\[([^\]]+)\]\(([^)\s]+)\)`), `<a href="$2">$1</a>`},
}

// inline escapes text as marked does and applies the inline rules.
func inline(text string) string {
	s := html.EscapeString(text)
	for _, r := range inlineRules {
		s = r.re.ReplaceAllString(s, r.rep)
	}
	return s
}
