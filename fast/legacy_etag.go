package fast

import (
	"crypto/md5"
	"encoding/base64"
	"strconv"
)

// appendLegacyETag appends the ETag Express 3 (etag 1.7) gives a body:
// [W/]"<length hex>-<base64 MD5 without padding>".
func appendLegacyETag(dst, body []byte, weak bool) []byte {
	if weak {
		dst = append(dst, 'W', '/')
	}
	sum := md5.Sum(body)
	var b64 [24]byte
	base64.RawStdEncoding.Encode(b64[:], sum[:])
	dst = append(dst, '"')
	dst = strconv.AppendInt(dst, int64(len(body)), 16)
	dst = append(dst, '-')
	dst = append(dst, b64[:22]...)
	return append(dst, '"')
}
