package mediatype

import "github.com/fwgo/fw/internal/ecma"

// HasBody is type-is's hasBody(req): true when the request has a
// Transfer-Encoding header, or a Content-Length header whose value is a
// number to JavaScript (isNaN is false; an empty or blank value counts as 0,
// and "0x1f", "1e3" or " 12 " are numbers). Pass the presence of each header
// and the Content-Length value as received.
func HasBody(hasTransferEncoding bool, contentLength string, hasContentLength bool) bool {
	return hasTransferEncoding || hasContentLength && ecma.IsNumber(contentLength)
}
