// Package negotiate chooses among offered media types, charsets, encodings
// and languages by the request's Accept-family headers, as negotiator 0.6.3
// and accepts 1.3.8 do under Express 4.22.3 (req.accepts,
// req.acceptsCharsets, req.acceptsEncodings, req.acceptsLanguages and
// res.format).
//
// Each function takes the header value and whether the header was sent at
// all: negotiator reads a missing Accept-Charset or Accept-Language as "*"
// and a missing Accept as "*/*", while an empty one accepts nothing.
//
// The accepts-level functions (Type, Charset, Encoding, Language) return the
// preferred offer, exactly the caller's string, or false; the list forms
// (Types, Charsets, Encodings, Languages) return the header's own entries by
// preference, as req.accepts() and friends do without arguments. The
// Preferred* functions are negotiator's: the offers that are acceptable,
// sorted by preference.
//
// The rules, including their oddities, are negotiator's: q-values are read
// with JavaScript's parseFloat; a more specific match beats a less specific
// one for the same offer (for media types: type, subtype, then parameters),
// and among equally specific entries the later one in the header wins; q=0
// and unparsable q-values make an offer unacceptable; offers are ranked by
// q, then specificity, then the position of the matching header entry, then
// their own order. Accept-Encoding always accepts "identity" unless it lists
// "identity" or "*" itself. Accept-Language's "en" accepts "en-US" and
// "en-US" accepts "en", but an exact match is preferred; its q-value is only
// read when written without a space after ';' (negotiator's quirk).
//
// Header values are Latin-1 byte strings (one character per byte), as Node
// decodes them; offers are compared the same way. The preferred-offer
// functions allocate nothing for ordinary headers; list forms allocate the
// returned slice, whose strings are substrings of the header value and so
// share its lifetime. All functions are safe for concurrent use.
package negotiate
