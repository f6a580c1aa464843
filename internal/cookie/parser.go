package cookie

import (
	"encoding/json"
	"github.com/fwgo/fw/internal/bytesconv"
	"strconv"
	"strings"
)

// SignedCookie is cookie-parser's signedCookie(str, secrets): a value
// without the "s:" prefix is returned unchanged with ok true; a signed
// value is unsigned with each secret in turn, and the first that verifies
// gives the original value and ok true; when none does, ok is false
// (cookie-parser's false).
func SignedCookie(str string, secrets []string) (value string, ok bool) {
	if !strings.HasPrefix(str, "s:") {
		return str, true
	}
	for _, secret := range secrets {
		if v, ok := Unsign(str[2:], secret); ok {
			return v, true
		}
	}
	return "", false
}

// SignedCookies is cookie-parser's signedCookies(cookies, secrets): every
// String cookie whose value starts with "s:" is removed from cookies and
// appended to signed, unsigned, or with Kind False when no secret verifies
// it. cookies is compacted in place and returned with its new length.
func SignedCookies(signed, cookies []Pair, secrets []string) (signedOut, rest []Pair) {
	k := 0
	for _, p := range cookies {
		if p.Kind != String || !strings.HasPrefix(p.Value, "s:") {
			cookies[k] = p
			k++
			continue
		}
		v, ok := SignedCookie(p.Value, secrets)
		if !ok {
			signed = append(signed, Pair{Name: p.Name, Kind: False})
		} else {
			signed = append(signed, Pair{Name: p.Name, Value: v})
		}
	}
	clear(cookies[k:])
	return signed, cookies[:k]
}

// JSONCookie is cookie-parser's JSONCookie(str): for a value starting with
// "j:" whose rest is valid JSON it returns that JSON text and true; for
// anything else "" and false.
func JSONCookie(str string) (string, bool) {
	if !strings.HasPrefix(str, "j:") || !json.Valid(bytesconv.S2B(str[2:])) {
		return "", false
	}
	return str[2:], true
}

// JSONCookies is cookie-parser's JSONCookies(cookies): every String cookie
// that is a JSON cookie whose JSON value is truthy (not false, null, 0 or
// "") becomes Kind JSON with Value the JSON text. It works in place.
func JSONCookies(cookies []Pair) {
	for i := range cookies {
		p := &cookies[i]
		if p.Kind != String {
			continue
		}
		if j, ok := JSONCookie(p.Value); ok && truthy(j) {
			p.Value, p.Kind = j, JSON
		}
	}
}

// truthy reports whether valid JSON text parses to a truthy JavaScript
// value.
func truthy(j string) bool {
	j = strings.Trim(j, " \t\r\n")
	switch {
	case j == "false" || j == "null" || j == `""`:
		return false
	case j[0] == '-' || '0' <= j[0] && j[0] <= '9':
		f, _ := strconv.ParseFloat(j, 64) // underflow gives 0, as in JavaScript
		return f != 0
	}
	return true
}

// ParseRequest does for one request what the cookieParser(secrets)
// middleware does: it parses header into cookies (see Parse); with at least
// one secret it moves the signed cookies into signed (see SignedCookies),
// then marks the JSON cookies of both (see JSONCookies). Without secrets,
// "s:" values stay in cookies as strings. Lifetimes are those of Parse.
func ParseRequest(cookies, signed []Pair, buf []byte, header string, secrets []string) (cookiesOut, signedOut []Pair, bufOut []byte) {
	base := len(cookies)
	cookies, buf = Parse(cookies, buf, header)
	if len(secrets) > 0 {
		sbase := len(signed)
		var rest []Pair
		signed, rest = SignedCookies(signed, cookies[base:], secrets)
		cookies = cookies[:base+len(rest)]
		JSONCookies(signed[sbase:])
	}
	JSONCookies(cookies[base:])
	return cookies, signed, buf
}
