// Package mime maps file extensions to media types and back, with the two
// tables Express 4.22.3 uses, generated from the installed data by gen.go:
//
//   - Send is mime 1.6.0 (types.json), the table of the send module. Express
//     reaches it through send.mime for res.type / res.contentType,
//     res.attachment, res.format's Content-Type, res.sendFile, res.download and
//     express.static (serve-static), and through mime.charsets.lookup when
//     res.set adds a charset to a Content-Type.
//   - Types is mime-db 1.52.0 as mime-types 2.1.35 maps it, the table of
//     type-is (req.is, the body parsers' type option) and accepts
//     (req.accepts with extension names).
//
// The two disagree on some extensions (mime 1.6 is older), which is why both
// exist: each Express feature must see the table its module sees.
//
// Paths and types are Go strings holding UTF-8 text, the counterpart of the
// JavaScript strings the modules receive; case folding follows JavaScript's
// toLowerCase, so the KELVIN SIGN (U+212A) folds to "k" as it does in Node.
//
// Every lookup is safe for concurrent use and allocates nothing, except
// Types.ContentType when it has to append a charset. Returned strings are
// constants of the tables or substrings of the argument.
package mime
