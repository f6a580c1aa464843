// Package static serves files from disk over fasthttp as Express 4.22 does
// through its send 0.19 and serve-static 1.16 modules: the same headers
// (Accept-Ranges, Cache-Control, Last-Modified, a weak ETag of size and
// modification time, a Content-Type from mime 1.6 with charset=UTF-8 for
// text), the same conditional requests (304, 412), byte ranges (206, 416),
// dotfile rules, index files, extension fallbacks and directory redirects,
// and the same errors, as values.
//
// A Sender is send: it serves one file, chosen by a URL path under a root
// (Send) or by a file path (SendFile). A Handler is serve-static: it adds
// the method check, the fall-through rules and the redirect of a directory
// to its trailing slash. Package fast wraps them as fast.Static,
// res.SendFile and res.Download; this package does not import fast.
//
// # Paths
//
// A URL path is decoded once, as decodeURIComponent does (a malformed
// escape is a 400 error), a NUL byte is a 400 error, and the result is
// normalized as Node's path.normalize does. Any ".." segment left (a '/'
// or '\' delimits segments, so "..%5c" counts) is a 403 error, so the
// path resolved under the root never leaves it; the resolved path is
// checked once more against the root before any file system call. Encoded
// slashes ("%2F") become separators, as in send. Symbolic links are
// followed, as the operating system resolves them: a link inside the root
// that points elsewhere is served, as send serves it; keep such links out
// of a served tree if that is not wanted. Error messages never contain
// the root or the file path (the Error's Path field has it).
//
// # Caching
//
// A Sender keeps the metadata of the files it served (and the content of
// small ones) for Config.CacheTTL, one second by default, so that a hot
// file costs no stat, open or read per request; a file changed on disk is
// seen once its entry expires. Larger files are streamed from disk with
// sendfile, never read into memory.
//
// All types here are safe for concurrent use once built.
package static
