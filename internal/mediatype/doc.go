// Package mediatype parses, formats and matches Content-Type values as the
// jshttp modules under Express 4.22.3 do:
//
//   - content-type 1.0.5: Parse, Format, Parameter and SetCharset (Express's
//     utils.setCharset, used by res.send and res.json);
//   - type-is 1.6.18 with media-typer 0.3.0: Is (req.is and the body parsers'
//     type check), Normalize, Match and HasBody.
//
// Inputs are header values: each byte is one character, as Node decodes
// headers (Latin-1). A Go string holding UTF-8 is therefore seen as its bytes;
// this only matters for non-ASCII text, which the modules reject or pass
// through unchanged in the same places.
//
// Errors are the TypeErrors the modules throw, as values of type Error whose
// text is the module's message (Express shows it as "TypeError: <message>").
//
// All functions are safe for concurrent use. Returned strings are substrings
// of the arguments, constants, or new strings; none aliases pooled memory
// beyond what the caller passed in.
package mediatype
