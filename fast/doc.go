// Package fast is Express 4 for Go, on fasthttp.
//
// An App routes requests through an ordered stack of middleware and routes,
// exactly as Express 4.22 does: first registered wins, middleware and
// routes interleave in definition order, next() passes control on,
// next(err) skips to error handlers, next(SkipRoute) and next(SkipRouter)
// leave a route or a router, and sub-routers and sub-apps mount with their
// path stripped.
//
//	app := fast.New()
//	app.Get("/user/:id", func(req *fast.Request, res *fast.Response, next fast.Next) {
//		res.Send("user " + req.Params().Get("id"))
//	})
//	srv, err := app.Listen(3000)
//
// # Path syntax
//
// Paths follow path-to-regexp 0.1.x, the syntax of Express 4:
//
//	/user/:id          named parameter, one non-empty segment
//	/user/:id?         optional parameter (its slash is optional too)
//	/file/:name(\d+)   parameter restricted by a regular expression
//	/files/*           wildcard; its value is params "0", "1" ... in order
//	/ab?cd /ab+cd      regular-expression characters in a string path
//	/(foo)?bar         groups; unnamed groups are numbered like wildcards
//	/:file.:ext        a '.' is literal; ".:ext" is a format parameter
//	*regexp.Regexp     a Go regular expression; capture groups by index
//	[]string{...}      several paths for one layer
//
// Matching is case-insensitive and ignores a trailing slash unless the
// "case sensitive routing" and "strict routing" settings (or the
// RouterOptions) say otherwise. Parameter values are decoded as
// decodeURIComponent does; a malformed one is a 400 error passed to next.
//
// # Lifetimes
//
// A Request and a Response, and every string or []byte they return (params,
// headers, URLs), live until the response is sent and the handler chain
// returns; they are pooled and reused by later requests. This is what the
// methods' documentation calls "valid until the request ends": the moment
// the App's fasthttp handler returns. Copy a value (strings.Clone,
// bytes.Clone) to keep it longer or to hand it to another goroutine.
// Values documented as not pooled (Query's Object) may be kept. A Request
// and a Response are not safe for concurrent use. Handlers must call next,
// if at all, before returning. Build with the fwpoison tag to overwrite
// lent memory when a request ends, so that a value kept too long shows up
// in tests.
//
// # net/http
//
// An App is an http.Handler (App.ServeHTTP, through package adaptor), as an
// Express app is a request listener: http.ListenAndServe(":3000", app),
// an http.Server with TLS and HTTP/2, h2c or httptest serve it, and every
// Express-visible behaviour is the same as under App.Listen, except what
// net/http writes itself: the reason phrase (http.StatusText, none over
// HTTP/2), the order and case of header names, Date, connection fields.
//
// Use, Get and the other registration methods also take net/http
// callbacks:
//
//   - an http.Handler (http.HandlerFunc, http.ServeMux ...) or a
//     func(http.ResponseWriter, *http.Request) answers the request and ends
//     the chain, as a two-argument (req, res) function does in Express: it
//     has no next. It sees req.url (the mount path removed) as r.URL, as
//     http.StripPrefix would, and the target as received as r.RequestURI; a
//     handler that writes nothing sends net/http's empty 200;
//   - a func(http.Handler) http.Handler is net/http middleware: when it
//     calls its next handler, the layers after it run, and their response
//     passes through the http.ResponseWriter it gave next, so it can time,
//     rewrite or compress it; a new method, target or header fields on the
//     request it passes on become req.method, req.url and what req.Get
//     reads. On App.Listen's fasthttp server a middleware that flushes goes
//     on on its own goroutine and the request's state is not recycled; one
//     that flushes before calling next gets an empty 200 from next there
//     (through ServeHTTP it runs on net/http's goroutine, without limits).
//
// Streaming: fasthttp's body stream (req.Ctx().SetBodyStreamWriter) is
// flushed to a net/http client piece by piece, so server-sent events work
// through both servers; request bodies are streamed to the body parsers
// under both.
//
// Cancellation: adaptor.Context(req.Ctx()) is the request's
// context.Context. Through ServeHTTP it is the *http.Request's context,
// canceled when the client disconnects (HTTP/1.x connection closed, HTTP/2
// stream reset) or the request ends. fasthttp offers no such signal: under
// App.Listen the context is the fasthttp.RequestCtx, whose Done closes only
// when the server shuts down; a client that went away is noticed only when
// writing the response fails (a body stream writer's Flush returns an
// error).
//
// # Files and views
//
// Static is express.static (serve-static 1.16 over send 0.19, in package
// static); Response.SendFile, Download and Attachment are res.sendFile,
// res.download and res.attachment:
//
//	app.Use("/assets", fast.Static("public", fast.StaticOptions{MaxAge: "1d"}))
//	app.Get("/report", func(req *fast.Request, res *fast.Response, next fast.Next) {
//		res.Download("/srv/reports/2026.pdf", "report.pdf", nil, nil)
//	})
//
// Views render with Go's html/template out of the box: a ".html" view
// needs no engine registration, its data is the merged locals
// ({{.user.name}}), and output is escaped for its HTML context. Another
// template language is plugged in as a ViewEngine for its extension, a
// function from (writer, file path, locals) to an error:
//
//	app.Set("views", "./views") // or []string{"./views", "./shared"}
//	app.Set("view engine", "tmpl")
//	app.Engine("tmpl", func(w io.Writer, path string, locals map[string]any) error {
//		t, err := texttemplate.ParseFiles(path)
//		if err != nil {
//			return err
//		}
//		return t.Execute(w, locals)
//	})
//	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
//		res.Render("index", map[string]any{"title": "fw"}, nil)
//	})
//
// A "view" setting holding a ViewFactory replaces the lookup altogether. A
// relative view name never resolves outside the views directories.
//
// # Divergences from Express 4
//
// Every difference from Express 4.22 kept on purpose is listed here. The
// conformance suite records the cases each one explains
// (conformance/divergences.json, conformance/expressmap/map.json).
//
// Names. Go names are Express's, capitalised; properties and getters are
// methods (a setter where Express code assigns); Go cannot overload, so
// a few calls got a name of their own:
//
//	express()                      New()
//	express.Router(options)        NewRouter(RouterOptions)
//	express.json, raw, text, urlencoded, static
//	                               JSON, Raw, Text, URLEncoded, Static
//	express.query(options)         none: the "query parser" setting and
//	                               Request.Query do its work
//	express.Route, express.application, express.request, express.response
//	                               none (see "prototypes" below)
//	app.get(name)                  App.Setting(name); app.get(path, ...) is Get
//	app.METHOD(path, ...)          Get, Post, Put, Delete, Patch, Head, Options;
//	                               App.Method("PURGE", path, ...) for the other
//	                               methods Node knows (Methods lists them)
//	app.del (deprecated)           none: use Delete
//	app as a listener              App.Handler() (fasthttp), App.ServeHTTP
//	app(req, res, next), app.handle(req, res, done)
//	                               App.Handle(req, res, done)
//	router(req, res, next), router.handle(req, res, done)
//	                               Router.Handle(req, res, done); the method
//	                               value r.Handle is a Handler
//	app.listen(...)                App.Listen(...) (*Server, error); App.Serve(ln)
//	app.on('mount', fn)            App.On("mount", fn)
//	app.locals, app.mountpath      App.Locals(), App.Mountpath()
//	next('route'), next('router')  next(SkipRoute), next(SkipRouter), or the
//	                               allocation-free next.SkipRoute(), SkipRouter()
//	req.method, req.url            Method(), URL(); SetMethod, SetURL to assign
//	req.originalUrl, req.baseUrl   OriginalURL(), BaseURL()
//	req.params                     Params() *Params (Get, Lookup, Has, Set, All)
//	req.body = v, req._body        SetBody(v), BodyParsed()
//	req.headers                    none: Get(name), or Ctx() for fasthttp's header
//	req.app, req.res, req.route    App(), Res(), Route()
//	res.app, res.req, res.locals   App(), Req(), Locals()
//	res.statusCode, res.headersSent
//	                               StatusCode(), HeadersSent()
//	res.send(string | Buffer)      also SendString, SendBytes (typed, no reflection)
//	res.set(object)                SetMap; res.set(field, non-string) is SetAny
//	res.get(field) as an array     Values(field)
//	res.redirect(status, url)      RedirectStatus(status, url)
//	res.sendfile (deprecated)      Sendfile
//
// The Request getters section below lists the Go forms of req's getters.
//
// Behaviour:
//
//   - The environment mode comes from the FW_ENV variable (EnvVar), not
//     NODE_ENV.
//   - X-Powered-By says "fw".
//   - Handlers are synchronous: next must be called before the handler
//     returns, and the response is written when the chain returns. A
//     handler that neither responds nor calls next leaves fasthttp's empty
//     200 response, where Express would leave the request hanging.
//   - Development error pages show "Name: message" and, for a recovered
//     panic, the Go stack, where Express shows the JavaScript stack.
//   - Response errors are values, not throws. Setters (Set, Cookie, Type
//     ...) chain and record their error (Response.Err); terminal methods
//     (Send, JSON, End, Redirect ...) return it. An error recorded before
//     the response is sent stands for Express's throw: the response
//     methods called after it refuse with it, and when the handler calls
//     next or returns, it is passed to next, as Express's catch passes a
//     throw on (Response.Recover is the try/catch). After sending, an error
//     (sending twice is ErrHeadersSent, Node's ERR_HTTP_HEADERS_SENT)
//     closes the connection, as Express destroys the socket. The code
//     after a failed call still runs, where the throw would have left the
//     handler.
//   - Typed forms replace JavaScript's argument juggling: res.send() is
//     Send(Undefined) (nil is null); res.redirect(status, url) is
//     RedirectStatus; res.set(object) is SetMap, applied in sorted field
//     order since Go maps have none; res.set(field, value) of a value that
//     is not a string (coerced as String(value)) is SetAny; res.get of a repeated header is
//     Values (Get returns the first line); res.links takes Link values and
//     res.format a FormatMap, both ordered; res.end(data) is End(data).
//     The deprecated two-argument forms res.send(status, body),
//     res.json(obj, status) ... do not exist: use Status(code).Send(body).
//     Only an int given to Send is the deprecated res.send(status); other
//     numbers are sent as JSON, where Express would take any number for a
//     status.
//   - JSON (AppendJSON) encodes Go values as JSON.stringify encodes the
//     JavaScript values they stand for, with these choices where Go has
//     more: map keys are in sorted order (V8's order for an object built
//     that way: integer keys first); structs follow encoding/json's field
//     rules and tags; []byte is base64 and a nil slice or map is null, as
//     in encoding/json; time.Time is written as a Date's toJSON; a
//     json.Marshaler's output is parsed and written again; integers are
//     exact beyond 2^53 and a float32 has its float32 digits. The "json
//     replacer" setting is a func(key string, value any) any (returning
//     Undefined drops a member) or a []string property list. A cycle is
//     the TypeError "Converting circular structure to JSON", without V8's
//     lines that point at the cycle.
//   - Header values are Go strings written as their bytes; Node writes a
//     JavaScript string's characters as Latin-1 bytes and rejects
//     characters above U+00FF. Control characters other than tab are
//     rejected in both. Transfer-Encoding and Date cannot be set (fasthttp
//     computes them); a Transfer-Encoding set by a handler is dropped.
//   - A Content-Disposition holding ISO-8859-1 characters above 0x7F
//     (Attachment("résumé.pdf")) is written with those bytes. Node 20
//     re-encodes that header when a Content-Length is set and writes each
//     such character as 0xFD (EF BF BD when the body is a string sent with
//     the headers), which corrupts the name; fast does not copy that.
//   - CookieOptions holds Go zero values where Express has null or
//     undefined: Express's maxAge: 0 is ZeroMaxAge and its path: "" is
//     NoPath. A cookie value that is not a string, bool or number is a
//     JSON cookie, nil included (Express's null).
//   - Arguments JavaScript checks when the code runs are typed in Go, so
//     the calls Express answers with an error cannot be written (they do
//     not compile): req.get(42) (TypeError), res.status(undefined) and
//     res.status(null) (RangeError "Invalid status code"; Status(0) fails
//     the same way, with "0" in the message), res.cookie with maxAge:
//     'foobar' (TypeError "option maxAge is invalid"; a time.Duration is
//     always a valid maxAge), res.sendFile() and res.sendFile(42),
//     res.set('Content-Type', [...]) (TypeError; Set takes strings). The
//     calls Express coerces are written with the Go value they come to:
//     res.status("410") and res.status(410.1) are Status(410);
//     res.location(true), ({}) and ([]) are Location("true"),
//     Location("[object Object]") and Location(""). Get("") is Express's
//     req.get() and fails as it does.
//   - Go types have no prototypes: app.request and app.response (and
//     express.request, express.response), which add methods to the
//     requests and responses of one app and of its sub apps, have no
//     counterpart. Write functions taking *Request or *Response
//     (func shout(res *fast.Response, s string) error { return
//     res.Send(strings.ToUpper(s)) }), and a middleware mounted on the app
//     that needs them for per-app data (App.Locals, Response.Locals).
//   - Status after the response was sent changes nothing (Node would
//     change res.statusCode without sending it).
//   - Files (Static, SendFile, Download; package static does the work):
//     what is learnt about a file (its stat, the content of a file up to
//     64 KiB, the absence of a path) is cached for one second by default,
//     so a file changed on disk is seen up to a second late
//     (static.NoCache asks the file system every time, as send does);
//     larger files are streamed with sendfile and their headers come from
//     the opened file. Symbolic links are followed, as in send. A path
//     that is neither a regular file nor a directory (FIFO, device,
//     socket) is served as missing (404), where send would stream it. The
//     messages of file system errors leave out the path ("ENOENT: no such
//     file or directory, stat"), which send includes and which discloses
//     the root; static.Error's Path has it. An error opening a large file
//     (EACCES) is met before the file's headers are set, so the error
//     page lacks them.
//   - The callbacks of SendFile and Download run before the call returns,
//     when the response is ready (fasthttp writes it after the handler
//     returns): they never see a transfer error such as Express's
//     ECONNABORTED for a client that went away, before or during the
//     transfer, nor a socket destroyed with an error (a Go handler has no
//     req.socket.destroy). Express's tests "should invoke the callback
//     when client aborts", "... when client already aborted" and "should
//     invoke the callback on socket error" are divergences for this
//     reason. Without a callback, an error goes to next(err) when the
//     handler returns, as a response error does (see above), and a
//     directory to next(). SendFile's path is a string, so Express's 500
//     for a missing or non-string path (res.sendFile(42)) cannot be asked
//     for; "" is the missing path. SendFile's headers option is an
//     ordered [][2]string; Download's filename "" is Express's omitted
//     filename; res.sendfile is the deprecated Sendfile. What an
//     AsyncLocalStorage store does in Express's tests, the request's
//     context does here: a value set with Request.Ctx().SetUserValue is
//     read by the callbacks through Ctx().Value.
//   - Static's path handling is send's: the path is decoded once; NUL and
//     malformed escapes are 400; a ".." between slashes or backslashes
//     (after decoding, so %2e%2e and %5c count) is 403 when it would leave
//     the root; otherwise a backslash is a file name byte, as on Linux. No
//     request path resolves outside the root (FuzzStaticStaysInRoot, and
//     static.FuzzResolveStaysInRoot). A symbolic link inside the root is
//     followed wherever it points, as send follows it: the OS resolves
//     it, so a link is as trusted as the root's contents.
//   - Views: template engines are Go functions (ViewEngine) registered
//     with App.Engine; nothing is loaded by name, so an extension without
//     an engine is the error `Module "ext" does not provide a view
//     engine.`, except ".html", which HTMLTemplate (html/template) serves
//     unless another engine is registered. The "view" setting is a
//     ViewFactory. A relative view name that leaves a views directory
//     with ".." is not looked up there (Express would read outside it);
//     an absolute name is used as given. The "settings" local is a copy of
//     the app's settings, inherited ones included. App.Render returns the
//     error Express's View constructor throws (no default engine, no
//     engine) instead of calling back; render callbacks run before Render
//     returns, and an engine's panic becomes the error, as tryRender
//     catches a throw.
//   - Layers registered while a request is being dispatched are seen by
//     the next request, not by that one.
//   - Router.Handle and App.Handle (router(req, res, done), app.handle)
//     call done before they return, at most once; Express calls it on a
//     later tick at the end of the stack. A nil done hands the outcome to
//     the final handler: Express's router.handle throws a TypeError then,
//     and its app.handle uses the environment mode of that app where fast
//     uses the serving app's. App.Handle restores req.App() before done,
//     as Express does for a mounted app only.
//   - Header names are written in fasthttp's canonical case ("Etag"); HTTP
//     header names are case-insensitive.
//   - Requests fasthttp refuses while reading them never reach the app: a
//     method not in upper case ("get") is answered 400 with Connection:
//     close, as Node answers it, but with "Content-Length: 0" where Node
//     sends no length; a Host header that is not a valid host[:port]
//     ("http://example.com", "example.com:notaport") is 400 too, where
//     Node accepts any Host and Express answers (req.hostname is then
//     "example.com"). So are an empty Host header ("Host:", which RFC 9112
//     allows and Node passes, req.hostname undefined), a repeated Host
//     line, and an asterisk-form target with any method but OPTIONS
//     ("GET *", "POST */*", SSDP's "M-SEARCH *"; Express answers them,
//     404 from the router in most apps): fasthttp's parser refuses them
//     before the app, and fw cannot change that (fasthttp v1.74 is pinned).
//   - An absolute-form target ("GET http://host/path", a proxy's form) is
//     routed by the path after the first '/', '?' or '#' following
//     "scheme://", where Express routes Node's url.parse pathname. They
//     differ on odd targets: no authority ("http:///a/b": Express routes
//     "/a/b", fw has no pathname), a '%' in the host ("http://ho%FFst/a":
//     url.parse ends the host at '%' and its pathname is "%FFst/a", so
//     Express does not route "/a"), a backslash in the path
//     ("http://h/users\tobi.txt": url.parse turns it into a slash for
//     http: and Express serves "/users/tobi.txt"; fw routes the path as
//     sent), and "TP://EXAMPLE.COM/forum/" (Express answered 404 in the
//     fuzz, fw routes "/forum/"; not analysed further). The conformance
//     fuzz found them (conformance/FUZZ-FINDINGS.md, finding 4); no client
//     but a misbehaving proxy sends these.
//   - OriginalURL is read-only: SetURL rewrites req.url only. Code that
//     rewrites req.originalUrl as well before express.static (serve-static
//     builds a directory's redirect from it) has no counterpart; the
//     Location is built from the target the client sent.
//   - Served through net/http (App.ServeHTTP), net/http answers some
//     requests itself before the app runs: a target with a malformed
//     percent-encoding ("/%", "/%zz") is its 400, where Express's router
//     answers 404 or 400; a Host holding userinfo ("user@evil.com") is its
//     400. A Cookie pair without a name ("=x") is dropped there (fasthttp's
//     header API parses it), where fasthttp.Server keeps Express's "" key.
//     conformance/divergences-nethttp.json lists the cases.
//   - A fasthttp handler wrapping App.Handler() sees the Content-Length of
//     a res.send body in ctx.Response.Header only once the response is
//     written (fasthttp's Response.Write sets it for an in-memory body, as
//     for any raw fasthttp handler): res.send leaves it to the server.
//     Inside the app (res.get, the middleware, the net/http bridge) and on
//     the wire it is Express's.
//   - Middleware: each package of middleware/ ports an npm module and says
//     in its documentation what it does not copy, and why. In short:
//     basicauth compares user and password in constant time (connect uses
//     ==); bodyparser (connect 2.30's multipart) deletes the files of a
//     failed form, and has no defer option nor formidable's File getters;
//     compress writes Go's deflate bytes, not zlib's (same content), takes
//     only zlib's level option, compresses a streamed body in memory and
//     sends one larger than MaxStream uncompressed, and has no res.flush;
//     logger has no buffer option nor the morgan(options) form; session
//     logs a store error met after the response was made and closes the
//     connection (express-session passes it to next), and has no cookie
//     option as a function nor cookie.expires.
//
// # Express 3.x
//
// NewLegacy3 makes an app that answers as Express 3.21.2 where 3.x and 4.x
// differ (the spec of the 3.x interface); an app of New is unchanged. The
// 3.x names and forms, in Go:
//
//	app.configure([env...], fn)  Configure(fn, envs...) (deprecated, as in 3.x)
//	app.routes                   Routes() map[string][]RouteRecord; RouteRecord.Remove
//	                             is splicing the array
//	app.locals(obj)              MergeLocals(obj); "settings" reaches views as in 4.x
//	app.router                   LegacyRouter(), for app.Use(app.LegacyRouter())
//	app.param(name, regexp)      Param(RegexpParam) once (the 3.x documentation's
//	                             function), then Param(name, *regexp.Regexp);
//	                             req.params[name] as captures is ParamCaptures(name)
//	req.accepted                 Accepted() []AcceptedType (also Legacy3().Accepted())
//	req.acceptedLanguages, acceptedCharsets, acceptedEncodings, acceptsCharset,
//	acceptsLanguage, acceptsEncoding, accepts, host
//	                             Legacy3().AcceptedLanguages() ... with 3.x's exact,
//	                             case-sensitive comparisons and bool results
//	res.charset = cs             SetCharset(cs); Charset() reads it
//	req.is(type)                 Is(type) answers as 3.x on a 3.x app (one type; the
//	                             bool is the answer, the string is type when true);
//	                             also Legacy3().Is(type) bool; TypeIs(types...)
//	                             is type-is on every app (what body parsers call)
//	req.route                    Legacy3().Route() (Legacy3Route, bool): Path, Method,
//	                             Callbacks (a count), Keys, Regexp (its source), Params
//	res.send(status, body)       SendStatusBody(status, body)
//	res.send(body, status)       SendBodyStatus(body, status)
//	res.json(status, obj)        JSONStatus(status, obj); res.jsonp: JSONPStatus
//	res.json(obj, status)        JSONBodyStatus(obj, status); res.jsonp: JSONPBodyStatus
//	res.sendfile(path, opts, fn) Sendfile(path, &SendFileOptions{MaxAge, Root}, fn)
//	res.download(path, name, fn) Download(path, name, nil, fn)
//
// What the profile changes (each confirmed against Express 3.21.2 by
// testdata/legacy/probe.js and leftovers.js): routes and Param go to app.router, which
// enters the stack at the first route; Use matches "path followed by / or
// ." case-insensitively; Location and Redirect resolve mount-relative and
// "./" paths; redirect bodies carry <a href> and charset=UTF-8; ETags of
// bodies are W/"<len hex>-<base64 MD5>"; Format negotiates as Express 3's
// req.accepts (the most preferred range first, each against the keys in
// order; parameters of a range ignored unless the key has them) and sets
// "; charset=UTF-8" on text types only; Is matches as 3.x's req.is (the
// Content-Type as written, with or without a body, a substring or
// "type/*" and "*/subtype" part by part); the automatic OPTIONS answer of
// a router lists every method but OPTIONS of the routes matching the path,
// sorted, with HEAD for GET routes only when the router has no HEAD route,
// and drops the error a route passed on (in a router of routes only, all
// a 3.x router can hold), as 3.x's Router#_options;
// req.route (Request.Route, Legacy3().Route) is unset again once a router
// passes the request on; the
// final handler answers "Cannot GET /x\n" (the original URL, query
// included, HTML-escaped) and
// error bodies of connect's finalhandler 0.4 with X-Content-Type-Options
// only, the environment mode taken when the app was created; "json
// spaces" is 2 in development.
//
// Differences kept from Express 3.21.2:
//
//   - Location is percent-encoded as in 4.x (encodeurl, CVE-2024-29041);
//     Express 3 sends it raw ("/a b"), and its HTML redirect body escapes
//     the raw URL. Extensions given to Format and Legacy3().Accepts are
//     looked up in mime 1.6's table (connect used mime 1.3). A mount-relative or "./" Location that would start
//     with "//" or "/\" (another host for a browser: a request path
//     "//evil.com/" and redirect("./x"), CVE-2024-9266) starts with one
//     '/'. "back" is resolved as in 4.x (a relative Referer is not made
//     mount-relative).
//   - Route paths use the 4.x syntax of this package (path-to-regexp
//     0.1.x, which grew out of 3.x's utils.pathRegexp); RouteRecord.Regexp
//     shows 3.x's expression. The HEAD fallback is 4.x's: a GET route
//     serves HEAD where it is in the stack, where 3.x tries every HEAD
//     (and all) route before the GET ones (Legacy3Route.Method still
//     says "get" when a GET route serves HEAD). X-Powered-By says "fw".
//     app.locals is a map: "settings" is not one of its keys, and there
//     are no function property names to avoid.
//   - The body-first and status-first forms are typed: SendBodyStatus(5,
//     201) and JSONStatus(201, 5) send "5" with 201, where Express 3 reads
//     res.send(5, 201) and res.json(201, 5) with 5 as the status, which
//     Node refuses (an error page, 500). Request.Is with no type answers
//     as 4.x (Express 3 throws a TypeError). Legacy3Route.Callbacks counts
//     the handlers, where req.route.callbacks is the array of functions.
//   - RegexpParam's parameter value is the captures joined with ","
//     (JavaScript's String of the array) and a group that did not take
//     part is "", where JavaScript has undefined.
//   - SetCharset applies to a Content-Type set after it (as connect) and,
//     when the response is sent, to one set before it without a charset
//     (connect would leave that one).
//   - Sub-apps answer with the profile of the app that serves the request
//     (the top app): mount a NewLegacy3 app under a NewLegacy3 app.
//   - Error pages in development show the Go error ("Error: boom") and a
//     Go stack for a recovered panic, not a JavaScript stack; file errors
//     leave out the path, as in 4.x.
//   - The bundled 3.x middleware (basicAuth, bodyParser, compress,
//     cookieParser, cookieSession, csrf, directory) lives in package
//     middleware.
//
// # Request getters
//
// Express's req properties are methods; where Express returns false, null,
// undefined or an array, the Go forms are:
//
//	req.accepts(types), acceptsCharsets, acceptsEncodings, acceptsLanguages
//	                    Accepts(...) (string, bool) ... ok false is false
//	req.accepts() (and the others without arguments)
//	                    AcceptedTypes() []string, AcceptedCharsets ...
//	req.is(types)       Is(...) (string, bool); null (no body) and false are
//	                    both ok false, HasBody() tells them apart
//	req.range(size, {combine})
//	                    Range(size, combine) (Ranges, RangeResult): -1 is
//	                    RangeUnsatisfiable, -2 RangeMalformed, undefined
//	                    RangeAbsent; Ranges.Type is the array's .type
//	req.hostname, req.ip
//	                    Hostname(), IP() string; undefined is ""
//	req.ips, req.subdomains
//	                    IPs(), Subdomains() []string
//	req.query           Query() *Object; QueryValue(key) (string, bool)
//	                    reads one key without allocating
//	req.cookies, req.signedCookies, req.secret
//	                    Cookies(), SignedCookies() Cookies, Secret() string,
//	                    filled by middleware/cookieparser
//	req.param(name, default)
//	                    Param(name, default...) any; undefined is nil
//	req.get(name)       Get(name) string; absent is ""
//	req.xhr, fresh, stale, secure, protocol, path
//	                    XHR(), Fresh(), Stale(), Secure(), Protocol(), Path()
//
// Differences kept in the request getters:
//
//   - Deprecated Express methods (req.host, req.param, req.acceptsCharset,
//     req.acceptsEncoding, req.acceptsLanguage) are marked Deprecated in
//     their Go documentation and print no warning.
//   - Repeated header lines read as Node gives them (joined with ", ", or
//     "; " for Cookie; the first line of Content-Type, Host, Referer ...),
//     for req.get, req.is and the body parsers' type check, also through
//     the net/http bridge; except in a request built in memory without a
//     received header block (no RawHeaders), where fasthttp's last
//     Content-Type and User-Agent line is read.
//   - req.fresh (and so res.send's 304) sees no conditional request when
//     the first If-None-Match line is empty and there is no
//     If-Modified-Since: fasthttp's header lookup cannot tell an empty
//     line from none without a second scan of the headers on every GET.
//     Express joins the lines and answers 304 when a later one matches the
//     ETag; fw sends the full 200. With any If-Modified-Since line, or a
//     non-empty first line, the lines are joined as Node does.
//   - IP and IPs format the socket address as Node does ("::ffff:127.0.0.1"
//     for an IPv4 client of a dual-stack listener) but without an IPv6
//     zone ("%eth0").
//   - "query parser" functions are func(string) *Object or func(string)
//     any; a result that is not an *Object gives an empty Query(). They
//     receive "" for a URL without a query, where Express passes
//     undefined.
//     Set("query parser", nil) means what a deleted "query parser fn" does
//     in Express (qs with its default arrayLimit of 20); Express throws
//     for undefined.
//   - Cookies.All iterates in header order; Express's Object.keys lists
//     names that are array indices first (MarshalJSON follows Express).
//   - cookieparser.New takes no options (cookie-parser's decode option is
//     not supported); New("") has no secret, as cookieParser("") does.
//
// # Body parsers
//
// JSON, Raw, Text and URLEncoded are express.json, express.raw,
// express.text and express.urlencoded (body-parser 1.20), over package
// parsers; their options are Config structs whose zero value is Express's
// default (JSONConfig, RawConfig, TextConfig, URLEncodedConfig):
//
//	app.Use(fast.JSON(fast.JSONConfig{Limit: "1mb", Strict: fast.Off}))
//	app.Post("/user", func(req *fast.Request, res *fast.Response, next fast.Next) {
//		user := req.Body().(*fast.Object) // {} when nothing was parsed
//		...
//	})
//
// req.body is Request.Body (nil until a body parser runs), req._body is
// BodyParsed, reading req as a stream is BodyReader. Errors reach the error
// handlers as a *BodyError with body-parser's Status, Type, Message and
// Name. Request.Bind, BindJSON and BindForm (or a Binder, for other
// options) decode a JSON or form body straight into a struct, with the same
// limits and errors. App.Listen and App.Serve stream request bodies, so
// that limits hold while reading, on the inflated size too.
//
// Differences kept in the body parsers, with the choice made (package
// parsers' documentation gives the details of the first six):
//
//   - JSON syntax errors: Express's messages come from V8's JSON.parse.
//     fast reproduces Node 20's (the Node this project follows) byte for
//     byte, as `Expected double-quoted property name in JSON at position
//     15` for {"user":"tobi",}; Node 22, which appends "(line L column
//     C)", is not followed.
//   - Charsets: every Unicode charset iconv-lite decodes (UTF-8, UTF-16
//     LE/BE with BOM handling, CESU-8, UTF-7) and its single-byte ones are
//     decoded as it decodes them; its multi-byte East Asian code pages
//     (Shift_JIS, GBK, Big5, EUC-*) get 415 "unsupported charset", as an
//     unknown charset does. A "utf-16" body without a BOM has its byte
//     order guessed from its first 64 bytes (iconv-lite: its first chunk).
//   - Compressed bodies: corruption inside deflate data is 400 "invalid
//     compressed data" where zlib names the defect (framing, checksum and
//     length errors keep zlib's messages); a compressed body is bounded by
//     its compressed size too (limit + limit/64 + 64 KiB), and any limit
//     stops reading at most one buffer past it, where Express bounds only
//     the inflated size.
//   - A JSON reviver walks at most 2,500 levels and a value nested deeper
//     than 4,000 does not stringify ("Maximum call stack size exceeded",
//     whose depth in V8 depends on its stack).
//   - Options are typed: a limit is a string ("1024" is bytes), booleans
//     whose default is true are Switch values (On, Off), type and verify
//     functions receive a *BodyInput whose Req is the *Request (res is
//     Request.Res()). Invalid options panic with "fast: JSON: ...", where
//     Express throws a TypeError; a second options value panics too. So
//     Express's tests that pass verify: 'lol' or parameterLimit: 'beep'
//     cannot be written, parameterLimit 10.1 is written 10 (body-parser
//     truncates it), and a zero ParameterLimit or Depth means the default
//     (1000, 32) where body-parser rejects 0: Unlimited is Infinity,
//     NoNesting is qs's depth 0.
//   - Any read error of the request stream is 400 "request.aborted"; Node
//     tells an aborted request from other stream errors.
//   - Node's AsyncLocalStorage has no Go counterpart to keep: a value in
//     the request's context (Request.Ctx(), a context.Context) is what a
//     handler after a body parser or an error handler reads, as Express's
//     "async local storage" tests read their store.
//   - A body refused as too large (413 entity.too.large), or whose stream
//     failed, is answered at once and the connection is closed after the
//     answer ("Connection: close"), without reading further. Express reads
//     the whole body off first and keeps the connection.
//   - A body the handlers leave unread (or read partly) is read off after
//     the response when its Content-Length is at most 1 MiB or, chunked, it
//     ends within 1 MiB; otherwise the connection is closed after the
//     response. Node reads off any amount.
//   - After BodyReader, body parsers answer 500 "stream is not readable"
//     before checking the Content-Length against the limit and the
//     encoding (Express checks those two first). The req._body flag is set
//     before the JSON and urlencoded charset checks (Express sets it after:
//     visible only if an error handler recovers and another parser runs).
//   - fasthttp.RequestCtx.PostBody() reads the whole body into memory,
//     with no limit (as reading req in Node has none): prefer a body
//     parser, Bind, or io.LimitReader over BodyReader. After a body parser
//     or Bind took a body over 8 KiB or chunked, PostBody returns what is
//     left of it, nothing, as Node's consumed stream; a smaller body stays
//     in fasthttp's buffer, and PostBody returns it.
//   - A body parser's nil is both undefined (no parser ran) and JSON null
//     (a parsed null, with Strict Off): BodyParsed tells them apart.
//   - Bind is a Go addition; a Content-Type it cannot decode is a 415
//     *BodyError of type "content.type.unsupported", a fast name.
package fast
