package static

import (
	"bytes"

	"github.com/fwgo/fw/internal/bytesconv"
)

// appendNormalize appends path normalized as Node's path.posix.normalize
// does: "." segments and empty segments dropped, ".." segments resolved
// against the segment before them (kept at the start of a relative path,
// dropped at the root of an absolute one), a trailing slash kept, "." for
// an empty relative result.
func appendNormalize(dst []byte, path string) []byte {
	if path == "" {
		return append(dst, '.')
	}
	abs := path[0] == '/'
	trailing := path[len(path)-1] == '/'
	if abs {
		dst = append(dst, '/')
	}
	body := len(dst)
	dst = normalizeSegments(dst, path, !abs)
	if len(dst) == body {
		if abs {
			return dst
		}
		if trailing {
			return append(dst, '.', '/')
		}
		return append(dst, '.')
	}
	if trailing {
		dst = append(dst, '/')
	}
	return dst
}

// normalizeSegments is Node's normalizeString for POSIX: it appends the
// segments of path with "." and empty ones dropped and ".." resolved;
// allowAboveRoot keeps leading ".." segments (relative paths).
func normalizeSegments(dst []byte, path string, allowAboveRoot bool) []byte {
	base := len(dst)
	lastSegmentLength := 0
	lastSlash := -1
	dots := 0
	var code byte
	for i := 0; i <= len(path); i++ {
		if i < len(path) {
			code = path[i]
		} else if code == '/' {
			break
		} else {
			code = '/'
		}
		if code == '/' {
			switch {
			case lastSlash == i-1 || dots == 1:
				// an empty or "." segment
			case dots == 2:
				res := dst[base:]
				if len(res) < 2 || lastSegmentLength != 2 || res[len(res)-1] != '.' || res[len(res)-2] != '.' {
					if len(res) > 2 {
						if j := bytes.LastIndexByte(res, '/'); j < 0 {
							dst = dst[:base]
							lastSegmentLength = 0
						} else {
							dst = dst[:base+j]
							res = dst[base:]
							lastSegmentLength = len(res) - 1 - bytes.LastIndexByte(res, '/')
						}
						lastSlash = i
						dots = 0
						continue
					} else if len(res) != 0 {
						dst = dst[:base]
						lastSegmentLength = 0
						lastSlash = i
						dots = 0
						continue
					}
				}
				if allowAboveRoot {
					if len(dst) > base {
						dst = append(dst, "/.."...)
					} else {
						dst = append(dst, ".."...)
					}
					lastSegmentLength = 2
				}
			default:
				if len(dst) > base {
					dst = append(dst, '/')
				}
				dst = append(dst, path[lastSlash+1:i]...)
				lastSegmentLength = i - lastSlash - 1
			}
			lastSlash = i
			dots = 0
		} else if code == '.' && dots != -1 {
			dots++
		} else {
			dots = -1
		}
	}
	return dst
}

// appendJoin appends path.posix.join(a, b): the two joined with '/' (an
// empty one skipped) and normalized.
func appendJoin(dst, tmp []byte, a, b string) (out, scratch []byte) {
	tmp = tmp[:0]
	tmp = append(tmp, a...)
	if a != "" && b != "" {
		tmp = append(tmp, '/')
	}
	tmp = append(tmp, b...)
	if len(tmp) == 0 {
		return append(dst, '.'), tmp
	}
	return appendNormalize(dst, bytesconv.B2S(tmp)), tmp
}
