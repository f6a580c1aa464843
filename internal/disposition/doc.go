// Package disposition builds and parses Content-Disposition header values as
// content-disposition 0.5.4 does under Express 4.22.3 (res.attachment,
// res.download).
//
// Filenames are Go strings holding UTF-8 text, standing for the JavaScript
// strings Express receives. The result of Format is the header value as Node
// puts it on the wire: the filename parameter is ISO-8859-1, so its
// characters U+0080 to U+00FF come out as single bytes; filename* carries
// the UTF-8 name percent-encoded (RFC 5987). Bytes that are not valid UTF-8
// are treated as U+FFFD (JavaScript strings cannot hold them).
//
// Parse reads a header value as Node does (one character per byte) and
// returns the parameters as UTF-8 text of those JavaScript strings.
//
// Errors are the TypeErrors the module throws, as values of type Error whose
// text is the module's message. All functions are safe for concurrent use.
package disposition
