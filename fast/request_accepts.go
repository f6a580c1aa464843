package fast

import "github.com/fwgo/fw/internal/negotiate"

// Accepts returns the offered type the Accept header prefers, as
// req.accepts(types): offers are MIME types ("application/json") or
// extension names ("json", "html"), and the winner is returned exactly as
// offered. ok is false, Express's false, when none is acceptable. Without
// an Accept header (or with an empty one) the first offer wins. Ties go as
// in Express: by q-value, then specificity, then the header's order, then
// the offers' order. With no offers it returns false; AcceptedTypes is
// req.accepts() without arguments. A fixed offer allocates nothing. The
// result is one of the caller's offers, not request memory.
func (r *Request) Accepts(types ...string) (string, bool) {
	h, present := r.c.requestHeader(hAccept)
	return negotiate.Type(h, present, types...)
}

// AcceptedTypes returns the media ranges of the Accept header by
// preference, as req.accepts() without arguments: ["*/*"] without an
// Accept header, none for an empty one. It allocates the slice; its strings
// are valid until the request ends.
func (r *Request) AcceptedTypes() []string {
	h, present := r.c.requestHeader(hAccept)
	return negotiate.Types(h, present)
}

// AcceptsCharsets returns the offered charset Accept-Charset prefers, as
// req.acceptsCharsets(charsets): compared ignoring case, returned as
// offered; ok is false when none is acceptable. A missing header accepts
// every charset (the first offer wins); an empty one accepts none.
func (r *Request) AcceptsCharsets(charsets ...string) (string, bool) {
	h, present := r.c.requestHeader(hAcceptCharset)
	return negotiate.Charset(h, present, charsets...)
}

// AcceptedCharsets returns the charsets of Accept-Charset by preference,
// as req.acceptsCharsets() without arguments (["*"] without the header).
// It allocates the slice; its strings are valid until the request ends.
func (r *Request) AcceptedCharsets() []string {
	h, present := r.c.requestHeader(hAcceptCharset)
	return negotiate.Charsets(h, present)
}

// AcceptsEncodings returns the offered encoding Accept-Encoding prefers,
// as req.acceptsEncodings(encodings); ok is false when none is acceptable.
// "identity" is acceptable unless the header refuses it; a missing header
// accepts only identity.
func (r *Request) AcceptsEncodings(encodings ...string) (string, bool) {
	h, present := r.c.requestHeader(hAcceptEncoding)
	return negotiate.Encoding(h, present, encodings...)
}

// AcceptedEncodings returns the encodings of Accept-Encoding by preference,
// identity included, as req.acceptsEncodings() without arguments.
// It allocates the slice; its strings are valid until the request ends.
func (r *Request) AcceptedEncodings() []string {
	h, present := r.c.requestHeader(hAcceptEncoding)
	return negotiate.Encodings(h, present)
}

// AcceptsLanguages returns the offered language Accept-Language prefers,
// as req.acceptsLanguages(languages): "en" accepts "en-US" and the reverse,
// an exact match ranking first; ok is false when none is acceptable. A
// missing header accepts every language (the first offer wins); an empty
// one accepts none.
func (r *Request) AcceptsLanguages(languages ...string) (string, bool) {
	h, present := r.c.requestHeader(hAcceptLanguage)
	return negotiate.Language(h, present, languages...)
}

// AcceptedLanguages returns the language tags of Accept-Language by
// preference, as req.acceptsLanguages() without arguments (["*"] without
// the header).
// It allocates the slice; its strings are valid until the request ends.
func (r *Request) AcceptedLanguages() []string {
	h, present := r.c.requestHeader(hAcceptLanguage)
	return negotiate.Languages(h, present)
}

// AcceptsCharset is AcceptsCharsets.
//
// Deprecated: use AcceptsCharsets, as Express 4 says.
func (r *Request) AcceptsCharset(charsets ...string) (string, bool) {
	return r.AcceptsCharsets(charsets...)
}

// AcceptsEncoding is AcceptsEncodings.
//
// Deprecated: use AcceptsEncodings, as Express 4 says.
func (r *Request) AcceptsEncoding(encodings ...string) (string, bool) {
	return r.AcceptsEncodings(encodings...)
}

// AcceptsLanguage is AcceptsLanguages.
//
// Deprecated: use AcceptsLanguages, as Express 4 says.
func (r *Request) AcceptsLanguage(languages ...string) (string, bool) {
	return r.AcceptsLanguages(languages...)
}
