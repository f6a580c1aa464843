package mime

import "strings"

// DefaultType is the type mime 1.6.0 gives a path it does not know, and so
// the Content-Type of res.type('rawr'), res.sendFile and express.static for
// unknown extensions.
const DefaultType = "application/octet-stream"

// SendTable is mime 1.6.0's table, the one the send module exports as
// send.mime. Use it through the package variable Send.
type SendTable struct{}

// Send is mime 1.6.0's table: res.type, res.attachment, res.format's
// Content-Type, res.sendFile, res.download, express.static, and the charset
// res.set adds to a Content-Type.
var Send SendTable

// Lookup returns the type for path, a file name, path or bare extension, as
// mime.lookup(path) does: the extension is what follows the last '.', '/'
// or '\' on the first line of path (the whole of path when there is none),
// and an unknown extension gives DefaultType.
func (SendTable) Lookup(path string) string {
	if t, ok := Send.Find(path); ok {
		return t
	}
	return DefaultType
}

// LookupOr is mime.lookup(path, fallback): the type for path, else fallback,
// else DefaultType when fallback is empty.
func (SendTable) LookupOr(path, fallback string) string {
	if t, ok := Send.Find(path); ok {
		return t
	}
	if fallback != "" {
		return fallback
	}
	return DefaultType
}

// Find returns the type mime 1.6.0 knows for the extension of path, and
// false when it knows none (where Lookup would give DefaultType).
func (SendTable) Find(path string) (string, bool) {
	var buf [keyBufLen]byte
	key, ok := foldKey(&buf, sendExt(path))
	if !ok {
		return "", false
	}
	t := sendType(key)
	return t, t != ""
}

// sendExt applies mime 1.6.0's path.replace(/^.*[\.\/\\]/, ""): JavaScript's
// '.' does not match a line terminator, so only the first line is searched
// for the last separator, and what follows it (later lines included) is the
// extension.
func sendExt(path string) string {
	line := path
	if i := lineEnd(path); i >= 0 {
		line = path[:i]
	}
	if i := strings.LastIndexAny(line, `./\`); i >= 0 {
		return path[i+1:]
	}
	return path
}

// lineEnd returns the index of the first JavaScript line terminator in s
// (LF, CR, U+2028, U+2029), or -1.
func lineEnd(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n', '\r':
			return i
		case 0xe2:
			if i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xa8 || s[i+2] == 0xa9) {
				return i
			}
		}
	}
	return -1
}

// Extension returns mime 1.6.0's default extension for the media type
// mimeType (parameters and surrounding white space ignored, any case), as
// mime.extension does, and false when there is none.
func (SendTable) Extension(mimeType string) (string, bool) {
	var buf [keyBufLen]byte
	key, ok := foldKey(&buf, essence(mimeType))
	if !ok {
		return "", false
	}
	e := sendExtension(key)
	return e, e != ""
}

// Charset is mime 1.6.0's mime.charsets.lookup(mimeType): "UTF-8" when
// mimeType starts with "text/", "application/javascript" or
// "application/json" (case-sensitive, parameters not stripped), else false.
// Express's res.set appends it, lower-cased, to a Content-Type that has no
// charset parameter, passing the text before the first ';'.
func (SendTable) Charset(mimeType string) (string, bool) {
	if strings.HasPrefix(mimeType, "text/") ||
		strings.HasPrefix(mimeType, "application/javascript") ||
		strings.HasPrefix(mimeType, "application/json") {
		return "UTF-8", true
	}
	return "", false
}
