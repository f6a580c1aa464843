package fast

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/fwgo/fw/internal/mime"
)

// AcceptedType is one media range of the Accept header as Express 3's
// req.accepted lists it.
type AcceptedType struct {
	// Value is the range without its parameters ("text/html").
	Value string `json:"value"`
	// Quality is the q parameter (1 without one).
	Quality float64 `json:"quality"`
	// Type and Subtype are Value's parts around '/'; Subtype is "" when
	// Value has no '/'.
	Type    string `json:"type"`
	Subtype string `json:"subtype"`
	// Params are the parameters other than q.
	Params map[string]string `json:"params"`
}

// Accepted returns the media ranges of the Accept header, highest quality
// first (ties in header order), without those of quality 0, as req.accepted
// of Express 3; nil without the header. It allocates on every call.
func (r *Request) Accepted() []AcceptedType {
	h := r.Get("Accept")
	if h == "" {
		return nil
	}
	return parseAccept3(h)
}

// Legacy3Request reads the request as Express 3's req does where 3.x and
// 4.x differ, returned by Request.Legacy3. Express 3 compares the accepted
// values exactly as written (case-sensitively, without wildcards) and
// without the header accepts everything. Its methods allocate.
type Legacy3Request struct{ r *Request }

// Legacy3 returns the Express 3 reading of the request (Legacy3Request).
// It is valid until the request ends.
func (r *Request) Legacy3() Legacy3Request { return Legacy3Request{r} }

// Accepted is Request.Accepted, req.accepted.
func (l Legacy3Request) Accepted() []AcceptedType { return l.r.Accepted() }

// AcceptedLanguages returns the Accept-Language values, highest quality
// first, as req.acceptedLanguages of Express 3; nil without the header.
func (l Legacy3Request) AcceptedLanguages() []string { return l.values("Accept-Language") }

// AcceptedCharsets returns the Accept-Charset values, highest quality
// first, as req.acceptedCharsets of Express 3; nil without the header.
func (l Legacy3Request) AcceptedCharsets() []string { return l.values("Accept-Charset") }

// AcceptedEncodings returns the Accept-Encoding values as written, q
// parameters included, as req.acceptedEncodings of Express 3; nil without
// the header.
func (l Legacy3Request) AcceptedEncodings() []string {
	h := strings.TrimSpace(l.r.Get("Accept-Encoding"))
	if h == "" {
		return nil
	}
	return listSplit.Split(h, -1)
}

// AcceptsCharset reports whether charset is one of AcceptedCharsets, or
// true without the header, as req.acceptsCharset of Express 3.
func (l Legacy3Request) AcceptsCharset(charset string) bool {
	return acceptedOrAbsent(l.AcceptedCharsets(), charset)
}

// AcceptsLanguage reports whether lang is one of AcceptedLanguages, or true
// without the header, as req.acceptsLanguage of Express 3.
func (l Legacy3Request) AcceptsLanguage(lang string) bool {
	return acceptedOrAbsent(l.AcceptedLanguages(), lang)
}

// AcceptsEncoding reports whether encoding is one of AcceptedEncodings, as
// req.acceptsEncoding of Express 3 (false without the header).
func (l Legacy3Request) AcceptsEncoding(encoding string) bool {
	return slices.Contains(l.AcceptedEncodings(), encoding)
}

// Accepts returns the first of types that the most preferred media range
// of Accept matches, as req.accepts of Express 3: the ranges are tried
// highest quality first, each against types in order; a type is a MIME
// type or an extension ("json"), one argument may be a comma-separated
// list. Without Accept the first type is returned. ok is false when none
// matches (Express 3's undefined).
func (l Legacy3Request) Accepts(types ...string) (string, bool) {
	if len(types) == 1 {
		types = listSplit.Split(types[0], -1)
	}
	return l.acceptsArray(types)
}

// acceptsArray is Express 3's utils.acceptsArray: Accepts without the
// splitting of a single argument.
func (l Legacy3Request) acceptsArray(types []string) (string, bool) {
	if len(types) == 0 {
		return "", false
	}
	h := l.r.Get("Accept")
	if h == "" {
		return types[0], true
	}
	accepted := parseAccept3(h)
	norm := make([]AcceptedType, len(types))
	for i, t := range types {
		if strings.IndexByte(t, '/') >= 0 {
			norm[i] = acceptParams3(t, 0)
		} else {
			norm[i] = AcceptedType{Value: mime.Send.Lookup(t)}
		}
	}
	for _, a := range accepted {
		for j, n := range norm {
			if accept3(n, a) {
				return types[j], true
			}
		}
	}
	return "", false
}

// Host returns the host name without the port, as req.host of Express 3
// (Request.Hostname; X-Forwarded-Host when the proxy is trusted).
func (l Legacy3Request) Host() string { return l.r.Hostname() }

func (l Legacy3Request) values(header string) []string {
	h := l.r.Get(header)
	if h == "" {
		return nil
	}
	params := parseParams3(h)
	out := make([]string, len(params))
	for i, p := range params {
		out[i] = p.Value
	}
	return out
}

func acceptedOrAbsent(accepted []string, v string) bool {
	return len(accepted) == 0 || slices.Contains(accepted, v)
}

// accept3 is Express 3's utils.accept: type and subtype equal or '*' in
// the accepted range, and every parameter of the offered type equal.
func accept3(offer, range_ AcceptedType) bool {
	t, sub, _ := strings.Cut(offer.Value, "/")
	if t != range_.Type && range_.Type != "*" {
		return false
	}
	if sub != range_.Subtype && range_.Subtype != "*" {
		return false
	}
	for k, v := range offer.Params {
		if range_.Params[k] != v {
			return false
		}
	}
	return true
}

var (
	listSplit  = regexp.MustCompile(` *, *`)
	paramSplit = regexp.MustCompile(` *; *`)
	eqSplit    = regexp.MustCompile(` *= *`)
)

// parseAccept3 is Express 3's utils.parseAccept.
func parseAccept3(s string) []AcceptedType {
	out := parseParams3(s)
	for i := range out {
		out[i].Type, out[i].Subtype, _ = strings.Cut(out[i].Value, "/")
		if j := strings.IndexByte(out[i].Subtype, '/'); j >= 0 {
			out[i].Subtype = out[i].Subtype[:j]
		}
	}
	return out
}

// parseParams3 is Express 3's utils.parseParams: the comma-separated
// values with their q, those of quality 0 (or not a number) dropped,
// sorted by quality, ties in order.
func parseParams3(s string) []AcceptedType {
	parts := listSplit.Split(s, -1)
	out := make([]AcceptedType, 0, len(parts))
	for i, p := range parts {
		a := acceptParams3(p, i)
		if a.Quality != 0 && !math.IsNaN(a.Quality) {
			out = append(out, a)
		}
	}
	slices.SortStableFunc(out, func(a, b AcceptedType) int {
		switch {
		case a.Quality > b.Quality:
			return -1
		case a.Quality < b.Quality:
			return 1
		}
		return 0
	})
	return out
}

// acceptParams3 is Express 3's acceptParams.
func acceptParams3(s string, _ int) AcceptedType {
	parts := paramSplit.Split(s, -1)
	a := AcceptedType{Value: parts[0], Quality: 1}
	for _, p := range parts[1:] {
		kv := eqSplit.Split(p, -1)
		val, hasVal := "", len(kv) > 1
		if hasVal {
			val = kv[1]
		}
		if kv[0] == "q" {
			a.Quality = jsParseFloat(val, hasVal)
			continue
		}
		if a.Params == nil {
			a.Params = make(map[string]string)
		}
		a.Params[kv[0]] = val
	}
	return a
}

var floatPrefix = regexp.MustCompile(`^[+-]?(?:Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)`)

// jsParseFloat is JavaScript's parseFloat: the longest numeric prefix
// after leading white space, NaN when there is none.
func jsParseFloat(s string, present bool) float64 {
	if !present {
		return math.NaN()
	}
	m := floatPrefix.FindString(strings.TrimLeft(s, " \t\n\r\v\f"))
	if m == "" {
		return math.NaN()
	}
	if strings.HasSuffix(m, "Infinity") {
		if m[0] == '-' {
			return math.Inf(-1)
		}
		return math.Inf(1)
	}
	if e := strings.IndexAny(m, "eE"); e >= 0 && !strings.ContainsAny(m[e+1:], "0123456789") {
		m = m[:e]
	}
	f, err := strconv.ParseFloat(m, 64)
	if err != nil {
		return math.NaN()
	}
	return f
}
