package mime

import "strings"

// TypesTable is mime-db 1.52.0 as mime-types 2.1.35 maps it. Use it through
// the package variable Types.
type TypesTable struct{}

// Types is the mime-types 2.1.35 table: type-is (req.is, the body parsers'
// type option) and accepts (req.accepts and res.format with extension
// names) resolve extension names through it.
var Types TypesTable

// Lookup returns the type for path, a file name, path, bare extension or
// ".ext", as mime-types' lookup(path) does: the extension is
// path.extname('x.' + path), matched in any case. It returns false for an
// unknown or missing extension.
func (TypesTable) Lookup(path string) (string, bool) {
	if path == "" {
		return "", false
	}
	var buf [keyBufLen]byte
	key, ok := foldKey(&buf, typesExt(path))
	if !ok || key == "" {
		return "", false
	}
	t := typesType(key)
	return t, t != ""
}

// typesExt returns the extension, without its dot, of Node's posix
// path.extname('x.' + path), without building that string. The extra "x."
// means a bare "json" or ".json" is an extension, while a dotfile such as
// "a/.json" still has none.
func typesExt(path string) string {
	n := len(path) + 2
	at := func(i int) byte {
		switch i {
		case 0:
			return 'x'
		case 1:
			return '.'
		}
		return path[i-2]
	}
	startDot, startPart, end := -1, 0, -1
	matchedSlash := true
	preDotState := 0
	for i := n - 1; i >= 0; i-- {
		c := at(i)
		if c == '/' {
			if !matchedSlash {
				startPart = i + 1
				break
			}
			continue
		}
		if end == -1 {
			matchedSlash = false
			end = i + 1
		}
		if c == '.' {
			if startDot == -1 {
				startDot = i
			} else if preDotState != 1 {
				preDotState = 1
			}
		} else if startDot != -1 {
			preDotState = -1
		}
	}
	if startDot == -1 || end == -1 || preDotState == 0 ||
		preDotState == 1 && startDot == end-1 && startDot == startPart+1 {
		return ""
	}
	// The extension is virtual[startDot+1:end]; startDot >= 1.
	return path[startDot-1 : end-2]
}

// Extension returns mime-types' default extension for the media type
// mimeType (parameters and surrounding white space ignored, any case), and
// false when mime-db lists none.
func (TypesTable) Extension(mimeType string) (string, bool) {
	var buf [keyBufLen]byte
	key, ok := foldKey(&buf, essence(mimeType))
	if !ok {
		return "", false
	}
	e := typesExtension(key)
	return e, e != ""
}

// Charset returns mime-types' charset(mimeType): mime-db's charset for the
// type ("UTF-8", "US-ASCII" or "7-BIT"), else "UTF-8" for any text/* type,
// else false.
func (TypesTable) Charset(mimeType string) (string, bool) {
	if mimeType == "" {
		return "", false
	}
	typ := essence(mimeType)
	var buf [keyBufLen]byte
	if key, ok := foldKey(&buf, typ); ok {
		if c := typesCharset(key); c != "" {
			return c, true
		}
	}
	if len(typ) >= 5 && asciiLower(typ[0]) == 't' && asciiLower(typ[1]) == 'e' &&
		asciiLower(typ[2]) == 'x' && asciiLower(typ[3]) == 't' && typ[4] == '/' {
		return "UTF-8", true
	}
	return "", false
}

// ContentType returns mime-types' contentType(str): str itself when it
// contains '/', else the type Lookup finds for it; then, unless the result
// contains "charset", "; charset=" and the lower-cased Charset of the type
// are appended. It returns false when str is empty or an unknown extension.
// It allocates only when it appends a charset.
func (TypesTable) ContentType(str string) (string, bool) {
	if str == "" {
		return "", false
	}
	typ := str
	if !strings.Contains(str, "/") {
		var ok bool
		if typ, ok = Types.Lookup(str); !ok {
			return "", false
		}
	}
	if strings.Contains(typ, "charset") {
		return typ, true
	}
	cs, ok := Types.Charset(typ)
	if !ok {
		return typ, true
	}
	return typ + "; charset=" + lowerCharset(cs), true
}

// lowerCharset lower-cases the charsets mime-db uses without allocating.
func lowerCharset(cs string) string {
	switch cs {
	case "UTF-8":
		return "utf-8"
	case "US-ASCII":
		return "us-ascii"
	case "7-BIT":
		return "7-bit"
	}
	return strings.ToLower(cs)
}

// asciiLower lower-cases an ASCII letter, as /i does for ASCII patterns.
func asciiLower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
