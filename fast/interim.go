package fast

// INTERIM: these small pieces stand in for internal/mediatype, internal/mime
// and internal/etag, which are being written beside the core; they are
// replaced by calls to those packages when they land.

import (
	"crypto/sha1"
	"encoding/base64"
	"strconv"
	"strings"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/status"
)

func statusTexts(code int) string { return status.Text(code) }

// hasCharsetParam is Express's charsetRegExp, /;\s*charset\s*=/.
func hasCharsetParam(v string) bool {
	for i := 0; i < len(v); i++ {
		if v[i] != ';' {
			continue
		}
		j := i + 1
		for j < len(v) && (v[j] == ' ' || v[j] == '\t') {
			j++
		}
		if strings.HasPrefix(v[j:], "charset") {
			k := j + len("charset")
			for k < len(v) && (v[k] == ' ' || v[k] == '\t') {
				k++
			}
			if k < len(v) && v[k] == '=' {
				return true
			}
		}
	}
	return false
}

// mimeCharsetUTF8 is mime 1.6's charsets.lookup test.
func mimeCharsetUTF8(typ string) bool {
	return strings.HasPrefix(typ, "text/") || strings.HasPrefix(typ, "application/javascript") ||
		strings.HasPrefix(typ, "application/json")
}

// withCharset is Express's setCharset for the common case; a type with
// parameters other than charset keeps them in sorted order.
func withCharset(typ, charset string) string {
	if base, params, ok := strings.Cut(typ, "; "); ok && strings.HasPrefix(params, "charset=") && params[len("charset="):] == charset && isLowerToken(base) {
		return typ // already what format(parse(typ)) gives
	}
	base, params, _ := strings.Cut(typ, ";")
	base = strings.ToLower(strings.TrimSpace(base))
	if params == "" {
		return base + "; charset=" + charset
	}
	var kept []string
	for _, p := range strings.Split(params, ";") {
		k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
		k = strings.ToLower(strings.TrimSpace(k))
		if k == "" || k == "charset" {
			continue
		}
		kept = append(kept, k+"="+v)
	}
	kept = append(kept, "charset="+charset)
	for i := 1; i < len(kept); i++ {
		for j := i; j > 0 && kept[j] < kept[j-1]; j-- {
			kept[j], kept[j-1] = kept[j-1], kept[j]
		}
	}
	return base + "; " + strings.Join(kept, "; ")
}

// setETag sets the ETag of body per the etag setting.
func (c *state) setETag(body []byte) {
	s := c.settings
	h := &c.fctx.Response.Header
	switch s.etag {
	case etagCustom:
		if v := s.etagFn(body); v != "" {
			h.Set("ETag", v)
		}
		return
	case etagOff:
		return
	}
	var buf [64]byte
	b := buf[:0]
	if s.etag == etagWeak {
		b = append(b, 'W', '/')
	}
	b = append(b, '"')
	b = strconv.AppendInt(b, int64(len(body)), 16)
	b = append(b, '-')
	sum := sha1.Sum(body)
	var enc [28]byte
	base64.StdEncoding.Encode(enc[:], sum[:])
	b = append(b, enc[:27]...)
	b = append(b, '"')
	h.SetCanonical(hETag, b)
}

// fresh is req.fresh for the ETag and Last-Modified of the response.
func (r *Request) fresh() bool {
	c := r.c
	if c.methodIdx != methodGet && c.methodIdx != methodHead {
		return false
	}
	st := c.fctx.Response.StatusCode()
	if !(st >= 200 && st < 300 || st == 304) {
		return false
	}
	inm := bytesconv.B2S(c.fctx.Request.Header.PeekCanonical(hIfNoneMatch))
	ims := bytesconv.B2S(c.fctx.Request.Header.PeekCanonical(hIfModifiedSince))
	if inm == "" && ims == "" {
		return false
	}
	if cc := bytesconv.B2S(c.fctx.Request.Header.PeekCanonical(hCacheControl)); strings.Contains(cc, "no-cache") {
		return false
	}
	if inm != "" && inm != "*" {
		etag := bytesconv.B2S(c.fctx.Response.Header.PeekCanonical(hETag))
		if etag == "" {
			return false
		}
		stale := true
		for _, m := range strings.Split(inm, ",") {
			m = strings.TrimSpace(m)
			if m == etag || m == "W/"+etag || "W/"+m == etag {
				stale = false
				break
			}
		}
		if stale {
			return false
		}
	}
	if ims != "" {
		return false // interim: Last-Modified comparison comes with internal/etag
	}
	return true
}

func isLowerToken(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || 'A' <= c && c <= 'Z' || c == ';' {
			return false
		}
	}
	return s != ""
}
