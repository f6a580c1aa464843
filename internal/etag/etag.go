// Package etag generates entity tags as the etag 1.8.1 package does and
// decides freshness as fresh 0.5.2 does: the pieces Express 4 uses for
// res.send's ETag, req.fresh and req.stale, and that send uses for
// express.static and res.sendFile.
//
// Everything here works on caller-owned memory and allocates nothing:
// AppendBody and AppendStat append to a caller's []byte, Fresh and
// ParseDate read strings without copying them. All functions are safe for
// concurrent use.
package etag

import (
	"crypto/sha1"
	"encoding/base64"
	"math"
	"strconv"
	"time"
)

// AppendBody appends to dst the entity tag of body as etag(body, {weak})
// renders it: `"<byte length in hex>-<first 27 characters of the base64
// SHA-1 of body>"`, preceded by `W/` when weak. Express's default
// ("etag" setting "weak") is AppendBody(dst, body, true); an empty body
// gives `W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"`.
func AppendBody(dst, body []byte, weak bool) []byte {
	if weak {
		dst = append(dst, 'W', '/')
	}
	sum := sha1.Sum(body)
	var b64 [28]byte
	base64.StdEncoding.Encode(b64[:], sum[:])
	dst = append(dst, '"')
	dst = strconv.AppendUint(dst, uint64(len(body)), 16)
	dst = append(dst, '-')
	dst = append(dst, b64[:27]...)
	return append(dst, '"')
}

// AppendStat appends to dst the entity tag etag(stats) gives for a file of
// size bytes last modified at mtime: `W/"<size hex>-<mtime ms hex>"`, weak
// unless weak is false. The milliseconds are computed as Node computes
// Stats.mtime: seconds*1e3 + nanoseconds/1e6 in float64, rounded half up
// (Math.round), so a file modified at 1700000000.0005 s gives 18bcfe56801.
// Times before 1970 render with a minus sign ("-3e9"), as Number#toString
// does.
func AppendStat(dst []byte, size int64, mtime time.Time, weak bool) []byte {
	if weak {
		dst = append(dst, 'W', '/')
	}
	dst = append(dst, '"')
	dst = strconv.AppendInt(dst, size, 16)
	dst = append(dst, '-')
	dst = strconv.AppendInt(dst, statMillis(mtime), 16)
	return append(dst, '"')
}

// statMillis is Node's Math.round(sec*1e3 + nsec/1e6) for a file time.
func statMillis(t time.Time) int64 {
	ms := float64(t.Unix())*1e3 + float64(t.Nanosecond())/1e6
	r := math.Floor(ms)
	if ms-r >= 0.5 {
		r++
	}
	return int64(r) // -0 becomes 0, as (-0).toString(16) is "0"
}
