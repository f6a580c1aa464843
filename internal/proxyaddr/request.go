package proxyaddr

import (
	"regexp"
	"strings"
)

// Protocol is req.protocol: "https" for a TLS connection, else "http";
// when the socket address is trusted (trusted is Trusted(socket, 0)), the
// first comma-separated element of X-Forwarded-Proto, trimmed, wins if the
// header is present. The result may be a substring of xForwardedProto.
// req.secure is Protocol(...) == "https".
func Protocol(encrypted bool, xForwardedProto string, trusted bool) string {
	proto := "http"
	if encrypted {
		proto = "https"
	}
	if !trusted {
		return proto
	}
	header := xForwardedProto
	if header == "" {
		header = proto
	}
	if c := strings.IndexByte(header, ','); c >= 0 {
		header = header[:c]
	}
	return trimJS(header)
}

// Hostname is req.hostname: X-Forwarded-Host when present and the socket
// address is trusted (its first comma-separated element, right-trimmed),
// else Host; then the port is removed, keeping a bracketed IPv6 literal
// whole ("[::1]:3000" gives "[::1]"). ok is false where Express returns
// undefined (no host at all); the name may still be empty (":3000").
// The result is a substring of the arguments.
func Hostname(host, xForwardedHost string, trusted bool) (name string, ok bool) {
	h := xForwardedHost
	if h == "" || !trusted {
		h = host
	} else if c := strings.IndexByte(h, ','); c >= 0 {
		h = trimRightJS(h[:c])
	}
	if h == "" {
		return "", false
	}
	offset := 0
	if h[0] == '[' {
		offset = strings.IndexByte(h, ']') + 1
	}
	if c := strings.IndexByte(h[offset:], ':'); c >= 0 {
		return h[:offset+c], true
	}
	return h, true
}

// Subdomains appends req.subdomains to dst: the dot-separated labels of
// hostname in reverse order, without the offset last ones ("subdomain
// offset", 2 by default), or hostname alone when it is an IP address as
// Node's net.isIP sees it ("[::1]" is not). A negative offset counts from
// the end, as Array#slice does. The labels are substrings of hostname.
func Subdomains(dst []string, hostname string, offset int) []string {
	if hostname == "" {
		return dst
	}
	n := 1
	if !isNodeIP(hostname) {
		n = strings.Count(hostname, ".") + 1
	}
	start := offset
	if start < 0 {
		start = max(n+start, 0)
	}
	if start >= n {
		return dst
	}
	if n == 1 {
		return append(dst, hostname)
	}
	// Label k of the reversed list is the (n-1-k)th from the left; emit
	// from label start onwards, walking the name from the right.
	s := hostname
	for k := 0; k < n; k++ {
		dot := strings.LastIndexByte(s, '.')
		label := s[dot+1:]
		if dot >= 0 {
			s = s[:dot]
		}
		if k >= start {
			dst = append(dst, label)
		}
	}
	return dst
}

// Node's net.isIPv4 and net.isIPv6 (lib/internal/net.js in Node 20).
var (
	nodeIPv4 = regexp.MustCompile(`^` + v4Str + `$`)
	nodeIPv6 = regexp.MustCompile(`^(?:` +
		`(?:` + v6Seg + `:){7}(?:` + v6Seg + `|:)|` +
		`(?:` + v6Seg + `:){6}(?:` + v4Str + `|:` + v6Seg + `|:)|` +
		`(?:` + v6Seg + `:){5}(?::` + v4Str + `|(?::` + v6Seg + `){1,2}|:)|` +
		`(?:` + v6Seg + `:){4}(?:(?::` + v6Seg + `){0,1}:` + v4Str + `|(?::` + v6Seg + `){1,3}|:)|` +
		`(?:` + v6Seg + `:){3}(?:(?::` + v6Seg + `){0,2}:` + v4Str + `|(?::` + v6Seg + `){1,4}|:)|` +
		`(?:` + v6Seg + `:){2}(?:(?::` + v6Seg + `){0,3}:` + v4Str + `|(?::` + v6Seg + `){1,5}|:)|` +
		`(?:` + v6Seg + `:){1}(?:(?::` + v6Seg + `){0,4}:` + v4Str + `|(?::` + v6Seg + `){1,6}|:)|` +
		`(?::(?:(?::` + v6Seg + `){0,5}:` + v4Str + `|(?::` + v6Seg + `){1,7}|:))` +
		`)(?:%[0-9a-zA-Z-.:]{1,})?$`)
)

const (
	v4Seg = `(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])`
	v4Str = `(?:` + v4Seg + `\.){3}` + v4Seg
	v6Seg = `(?:[0-9a-fA-F]{1,4})`
)

func isNodeIP(s string) bool {
	if strings.IndexByte(s, ':') < 0 {
		return nodeIPv4.MatchString(s)
	}
	return nodeIPv6.MatchString(s)
}
