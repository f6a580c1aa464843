package fast

import (
	"bytes"
	"sync/atomic"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/uri"
	"github.com/fwgo/fw/parsers"
	"github.com/fwgo/fw/pool"
)

// context is the pooled per-request state behind Request and Response.
//
// NOTE: every field that refers to request data must be cleared in Reset;
// a field holding memory lent to handlers (uriStr, decoded) must also be
// overwritten by poison (build tag fwpoison).
type state struct {
	req  Request
	res  Response
	fctx *fasthttp.RequestCtx

	top   *App // the app serving the request
	app   *App // req.App(): the app whose router runs now
	route *Route

	methodIdx int    // index in methodNames, or -1
	method    string // view of the method bytes
	uriCopy   []byte // fwpoison builds only: a copy of the target to poison
	uriStr    string // the raw request target: a view of fasthttp's buffer (requestTarget)
	// plain: uriStr starts with '/' and has no '?', '#' or '%'
	// (checkTarget): it is its own pathname, and no parameter taken from
	// it needs decoding. A target that is not plain may have neither.
	plain   bool
	url     string // req.url: the target as the current router sees it
	baseURL string // req.baseUrl

	// The pathname of req.url, computed once per value of req.url: path
	// is pathname(pathOf).
	pathOf string
	path   string

	// params holds the parameter sets of all frames, stacked; cur is the
	// one req.Params() shows.
	params  []param
	cur     paramRange
	caps    []int32
	decoded []byte // decoded parameter values

	// home is the pool's shard the context is got from and put back to:
	// the one of the connection key serve got it with, which is the
	// shard it was put back to last, as a Stack gets and puts a key's
	// values in its shard. serve sets it when it gets the context from
	// the shard's stack (or new) rather than from its slot, and puts it
	// back there without finding the shard again.
	home *pool.Shard[state, *state]

	frames    []*frame
	bottom    *frame // frames[0], which never changes
	depthUsed int    // frames touched by this request
	// dirtyFrames is set when a parameter or handle frame was pushed:
	// only those dispatches leave frame fields (perr, called, hs) holding
	// request values that Reset must clear.
	dirtyFrames bool
	scratch     []byte

	locals map[string]any
	// touched is set wherever a field that few requests write is written:
	// the req.* caches (Request.cached), locals, the file hooks and
	// Express 3's state. Reset clears those only then (resetTouched).
	touched bool
	sent    bool // headers sent: the response was ended
	// detached: a net/http middleware went on with the request on its own
	// goroutine (nethttp_register.go); the request's goroutine returns
	// without touching the state again, which is never recycled.
	detached atomic.Bool
	closed   bool // the final handler met an error after sending
	// implicitCL: res.send left Content-Length to fasthttp's
	// Response.Write, which frames the in-memory body itself
	// (response_send.go); readers call materializeLength first.
	implicitCL bool

	next      Next   // req.next: the next of the handler running now
	at        *frame // the frame whose callback runs now (Router.Handle nests above it)
	nextCalls uint32 // calls of any next, to tell whether a handler called one
	handling  bool   // serve runs the handler of the direct path (servePanic)
	// dcaps is -1, or, when the direct path left params, cur, route, next
	// and at to fillDirect (dispatch_direct.go), the offset of the
	// captures of the layer it called in the bottom frame's ccaps (the
	// layer is the frame's first candidate). Readers of those fields call
	// fill first; lookupParam answers from the match. dent is that
	// layer, written by serve with dcaps and read only while dcaps >= 0.
	dcaps   int32
	dent    *entry
	secrets []string // req.secret and the other cookie-parser secrets

	settings *appSettings // resolved settings of app
	failErr  error        // an error a response method returned
	ct       ctCache
	file     fileHooks   // send's "headers" event (static.go)
	legacy   legacyState // res.charset and RegexpParam captures (legacy_param.go)

	// req.body and body-parser's bookkeeping (request_body.go). bodyUsed
	// is set wherever one of the fields below is first written (SetBody,
	// BodyReader, bodyInput, takeBody, the parsers and Bind): Reset clears
	// them only then.
	bodyUsed    bool
	body        any           // req.body; nil is undefined
	bodyEmpty   Object        // the {} a body parser sets when it parses nothing
	bodyKind    bodyKind      // the parser that set body
	bodyParsed  bool          // req._body: a parser took the body
	bodyRead    bool          // the body stream was handed out
	bodyOver    bool          // a parser stopped reading: too large, or a read error
	bodyFraming int           // Content-Length as received: -1 chunked, -2 none; framingUnread until framing reads it
	bodyIn      parsers.Input // what the parsers see
	bodyReader  bytes.Reader  // BodyReader over an in-memory body
}

// param is one entry of req.params.
type param struct {
	name  string
	value string
	set   bool // false: present but undefined, as an optional parameter that did not match
}

type paramRange struct{ start, end int32 }

var contexts = pool.NewStack(newContext)

// paramsCap is the capacity of a new context's params, which never
// shrinks: the direct path fills at most that many (computeDirect).
const paramsCap = 16

func newContext() *state {
	c := &state{
		params:  make([]param, 0, paramsCap),
		caps:    make([]int32, 32),
		decoded: make([]byte, 0, 64),
	}
	c.req.c = c
	c.req.params.c = c
	c.res.c = c
	c.dcaps = -1
	// The bottom frame exists from the start, so that whether a request
	// takes the direct path (serve) never depends on what the context
	// served before.
	c.bottom = c.frame(0)
	c.depthUsed = 0
	return c
}

// Reset clears the context for the pool.
func (c *state) Reset() {
	poison(c)
	// serve overwrites the request's identity (fctx, apps, method, URLs,
	// settings); what is cleared here is what serve does not set and what
	// could keep a request's values alive.
	// The pointer fields first, in one block: the compiler then tests
	// once whether the garbage collector needs write barriers.
	c.route = nil
	c.baseURL = ""
	c.dcaps = -1
	c.at = nil
	c.failErr = nil
	c.params = c.params[:0]
	c.cur = paramRange{}
	c.decoded = c.decoded[:0]
	c.scratch = c.scratch[:0]
	if c.dirtyFrames {
		for _, f := range c.frames[:c.depthUsed] {
			f.reset()
		}
		c.dirtyFrames = false
	}
	c.depthUsed = 0
	if c.touched {
		c.resetTouched()
	}
	c.sent, c.closed, c.implicitCL = false, false, false
	// secrets: cleared by req.reset (set only with req.cookiesParsed)
	if c.bodyUsed {
		c.resetBody()
	}
	c.res.reset()
}

// resetTouched clears what Reset clears only when c.touched is set.
func (c *state) resetTouched() {
	c.touched = false
	c.file.reset()
	c.legacy.reset()
	if len(c.locals) != 0 {
		clear(c.locals)
	}
	c.req.reset()
}

// resetBody clears req.body and body-parser's bookkeeping.
func (c *state) resetBody() {
	c.bodyUsed = false
	c.body, c.bodyEmpty, c.bodyKind = nil, Object{}, bodyNone
	c.bodyParsed, c.bodyRead, c.bodyOver = false, false, false
	c.bodyIn = parsers.Input{}
	c.bodyReader.Reset(nil)
}

// framingUnread is bodyFraming until framing reads the header.
const framingUnread = -3

// framing returns the request's Content-Length as received (-1 chunked,
// -2 none), read from the header on first use. Before anything that may
// change the header runs (a handler given fasthttp's context by
// Request.Ctx, a net/http handler or middleware), it is read: what it
// returns is always the header as fasthttp parsed it.
func (c *state) framing() int {
	if c.bodyFraming == framingUnread {
		c.bodyFraming = c.fctx.Request.Header.ContentLength()
	}
	return c.bodyFraming
}

// plainPart reports whether s lies in a plain request target (so its
// parameters need no decoding).
func (c *state) plainPart(s string) bool {
	if !c.plain {
		return false
	}
	_, ok := bytesconv.Offset(c.uriStr, s)
	return ok
}

// cachePath records path as the pathname of url.
func (c *state) cachePath(url, path string) {
	c.pathOf, c.path = url, path
}

// newPath caches and returns the pathname of a req.url that changed since
// the cache was filled (routerNext checks with bytesconv.Same). It stays
// out of line to keep that check small.
//
//go:noinline
func (c *state) newPath() string {
	c.cachePath(c.url, pathname(c.url))
	return c.path
}

// frame returns the frame at depth i, growing the stack when needed.
func (c *state) frame(i int) *frame {
	for len(c.frames) <= i {
		f := &frame{c: c, index: len(c.frames)}
		f.next = f.callNext
		c.frames = append(c.frames, f)
	}
	f := c.frames[i]
	f.gen++
	if i >= c.depthUsed {
		c.depthUsed = i + 1
	}
	return f
}

// push returns a fresh frame above parent (nil for the bottom frame).
func (c *state) push(parent *frame, kind frameKind) *frame {
	c.fill()
	i := 0
	if parent != nil {
		i = parent.index + 1
	}
	f := c.frame(i)
	f.kind = kind
	f.parent = parent
	if kind >= frameParam {
		c.dirtyFrames = true // see frame.reset
	}
	return f
}

// setParams makes the frame's parameter set from the captures of a match
// of keys on path, as Layer.match and then router.handle do: values are
// decoded as decodeURIComponent does, and with merge the parent's set comes
// first, as mergeParams does. A value that fails to decode is the 400 error
// Express raises.
//
// The common case (no decoding, distinct names, room in the buffer,
// nothing to merge) runs without calls, so that the compiler keeps its
// state in registers; anything else goes to setParamsSlow.
func (c *state) setParams(f *frame, e *entry, path string, caps []int32, merge bool) error {
	base, keys := f.paramBase, e.keys
	n := base + len(keys)
	if len(keys) == 0 && (!merge || f.parentParams.end <= f.parentParams.start) {
		c.params = c.params[:base]
		c.cur = paramRange{int32(base), int32(base)}
		return nil
	}
	if f.pct || !e.uniqueKeys || n > cap(c.params) || 2*len(keys) > len(caps) ||
		merge && f.parentParams.end > f.parentParams.start {
		return c.setParamsSlow(f, e, path, caps, merge)
	}
	ps := c.params[:n]
	for i := range keys {
		p := &ps[base+i]
		p.name = keys[i].Name
		if s, end := caps[2*i], caps[2*i+1]; s >= 0 {
			p.value, p.set = path[s:end], true
		} else {
			p.value, p.set = "", false
		}
	}
	c.params = ps
	c.cur = paramRange{int32(base), int32(n)}
	return nil
}

// setParamsSlow is setParams for every case.
func (c *state) setParamsSlow(f *frame, e *entry, path string, caps []int32, merge bool) error {
	base := f.paramBase
	c.params = c.params[:base]
	for i, k := range e.keys {
		s, end := caps[2*i], caps[2*i+1]
		p := param{name: k.Name}
		if s >= 0 {
			p.value, p.set = path[s:end], true
			if f.pct {
				v, err := c.decodeParam(p.value)
				if err != nil {
					return err
				}
				p.value = v
			}
		}
		if e.uniqueKeys {
			c.params = append(c.params, p)
		} else {
			assignParam(&c.params, base, p)
		}
	}
	if merge && f.parentParams.end > f.parentParams.start {
		c.mergeParams(f)
	}
	c.cur = paramRange{int32(base), int32(len(c.params))}
	return nil
}

// assignParam sets p in the set starting at base, as a JavaScript property
// assignment in Layer.match: an undefined value does not replace a value
// already there.
func assignParam(params *[]param, base int, p param) {
	ps := *params
	for i := base; i < len(ps); i++ {
		if ps[i].name == p.name {
			if p.set || !ps[i].set {
				ps[i] = p
			}
			return
		}
	}
	*params = append(ps, p)
}

// mergeParams replaces the set at f.paramBase (the layer's own) by the
// parent's set with the own one merged over it, numeric keys of the own set
// shifted past the parent's when both have key "0", as mergeParams does.
func (c *state) mergeParams(f *frame) {
	base := f.paramBase
	own := len(c.params) - base
	parent := c.params[f.parentParams.start:f.parentParams.end]
	shift := 0
	if hasParam(c.params[base:], "0") && hasParam(parent, "0") {
		for shift < len(smallInts) && hasParam(parent, smallInts[shift]) {
			shift++
		}
	}
	mergedAt := len(c.params)
	c.params = append(c.params, parent...)
	for i := base; i < base+own; i++ {
		p := c.params[i]
		if shift > 0 {
			if n, ok := smallIndex(p.name); ok && n+shift < len(smallInts) {
				p.name = smallInts[n+shift]
			}
		}
		// mixin copies every own property, undefined ones included.
		replaced := false
		for j := mergedAt; j < len(c.params); j++ {
			if c.params[j].name == p.name {
				c.params[j] = p
				replaced = true
				break
			}
		}
		if !replaced {
			c.params = append(c.params, p)
		}
	}
	n := copy(c.params[base:], c.params[mergedAt:])
	c.params = c.params[:base+n]
}

func hasParam(ps []param, name string) bool {
	for _, p := range ps {
		if p.name == name {
			return true
		}
	}
	return false
}

// smallInts are the names of unnamed captures, "0" to "63".
var smallInts = func() (s [64]string) {
	for i := range s {
		s[i] = itoa(i)
	}
	return s
}()

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

func smallIndex(name string) (int, bool) {
	if name == "" || len(name) > 2 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(name); i++ {
		if name[i] < '0' || name[i] > '9' {
			return 0, false
		}
		n = n*10 + int(name[i]-'0')
	}
	if len(name) == 2 && name[0] == '0' {
		return 0, false
	}
	return n, n < len(smallInts)
}

// decodeParam decodes v as decode_param does, into the context's buffer.
func (c *state) decodeParam(v string) (string, error) {
	if !uri.NeedsDecode(v) {
		return v, nil
	}
	start := len(c.decoded)
	out, ok := uri.AppendDecodeComponent(c.decoded, v)
	if !ok {
		c.decoded = c.decoded[:start]
		return "", &HTTPError{Status: 400, Name: "URIError", Message: "Failed to decode param '" + v + "'"}
	}
	c.decoded = out
	return bytesconv.B2S(out[start:]), nil
}
