package compress

import "strings"

// Compressible reports whether a Content-Type is compressible, as the
// compressible 2.0 module decides: mime-db's flag for the media type
// (parameters and surrounding white space ignored, any case), else true
// for text/* and for the +json, +text and +xml suffixes, else false.
func Compressible(contentType string) bool {
	typ := mediaType(contentType)
	if c, ok := compressibleTable[typ]; ok {
		return c
	}
	return strings.HasPrefix(typ, "text/") || strings.HasSuffix(typ, "+json") ||
		strings.HasSuffix(typ, "+text") || strings.HasSuffix(typ, "+xml")
}

// mediaType is compressible's /^\s*([^;\s]*)(?:;|\s|$)/ with the result
// lower-cased: leading white space skipped, then the characters up to a
// ';' or white space. JavaScript's \s covers more than ASCII white space;
// the characters it adds (U+00A0 and above) are matched in their UTF-8
// form.
func mediaType(s string) string {
	i := 0
	for i < len(s) {
		n := jsSpace(s[i:])
		if n == 0 {
			break
		}
		i += n
	}
	j := i
	for j < len(s) && s[j] != ';' && jsSpace(s[j:]) == 0 {
		j++
	}
	return strings.ToLower(s[i:j])
}

// jsSpace returns the length of the JavaScript white space or line
// terminator at the start of s, or 0.
func jsSpace(s string) int {
	switch c := s[0]; c {
	case ' ', '\t', '\n', '\v', '\f', '\r':
		return 1
	}
	for _, sp := range jsSpaces {
		if strings.HasPrefix(s, sp) {
			return len(sp)
		}
	}
	return 0
}

var jsSpaces = []string{
	"\u00a0", "\u1680", "\u2000", "\u2001", "\u2002", "\u2003", "\u2004", "\u2005", "\u2006",
	"\u2007", "\u2008", "\u2009", "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff",
}
