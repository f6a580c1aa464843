// Package cookieparser is Express's cookie-parser 1.4 middleware for fast:
// it parses the Cookie header into req.Cookies() and, with secrets, the
// signed cookies into req.SignedCookies().
//
//	app.Use(cookieparser.New("keyboard cat"))
//	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
//		user, ok := req.SignedCookies().Get("user")
//		...
//	})
//
// As cookie-parser does:
//
//   - values are percent-decoded when they hold '%' (kept as sent when that
//     fails), quotes around a value are removed, the first occurrence of a
//     name wins;
//   - with secrets, a value "s:<value>.<signature>" leaves req.cookies and is
//     set in req.signedCookies to <value> when one of the secrets, tried in
//     order, verifies the HMAC-SHA256 signature, or to false when none does;
//   - in both, a value "j:<json>" whose JSON parses to a truthy value becomes
//     a JSON cookie (Express holds the parsed value; see fast.Cookies);
//   - the first secret is req.secret, which res.cookie(…, {signed: true})
//     signs with;
//   - a second cookie parser in the same chain does nothing.
package cookieparser

import (
	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/internal/cookie"
)

// New returns the cookieParser(secrets) middleware. With no secret (or the
// one secret ""), signed cookies stay in req.Cookies() as strings, as
// cookieParser() and cookieParser("") leave them. Several secrets verify in
// order, which allows rotating them; the first one signs. The secrets are
// copied. The middleware allocates nothing per request once the request
// buffers have grown.
func New(secrets ...string) fast.Handler {
	var list []string
	if !(len(secrets) == 1 && secrets[0] == "") {
		list = append([]string(nil), secrets...)
	}
	return func(req *fast.Request, res *fast.Response, next fast.Next) {
		req.ParseCookies(list)
		next()
	}
}

// SignedCookie is cookie-parser's signedCookie(str, secrets): a value
// without the "s:" prefix is returned as it is; a signed value is returned
// unsigned, verified with each secret in turn; ok is false (cookie-parser's
// false) when no secret verifies it.
func SignedCookie(str string, secrets ...string) (value string, ok bool) {
	return cookie.SignedCookie(str, secrets)
}

// JSONCookie is cookie-parser's JSONCookie(str): for "j:<json>" with valid
// JSON it returns the JSON text, which JSON.parse would read, and true;
// otherwise "" and false (cookie-parser's undefined).
func JSONCookie(str string) (json string, ok bool) {
	return cookie.JSONCookie(str)
}
