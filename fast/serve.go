package fast

import (
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/status"
)

// handler returns the app's fasthttp.RequestHandler (App.Handler): the
// closure, called serve in the comments of this package, serves each
// request as it is. It is a closure over a rather
// than the method value a.serve, which fasthttp would call through a
// wrapper that loads a and calls the method (a dozen instructions a
// request). Routes added later are seen: it reads a's router and settings
// on each request. Not inlined: the closure's body exists once, not at
// every caller of Handler.
//
//go:noinline
func (a *App) handler() fasthttp.RequestHandler {
	return func(fctx *fasthttp.RequestCtx) {
		key := fctx.ConnID()
		c := contexts.Shard(key).TryGet()
		if c == nil {
			c = contexts.Get(key)
			c.home = contexts.Shard(key)
		}
		// done is set on every normal return, so that the deferred check
		// calls recover only after a panic of fast itself (handler panics are
		// recovered where they are called).
		done := false
		defer func() {
			if !done {
				c.servePanic(key, recover())
			}
		}()
		// Bind the context to the request (written out here: a call
		// and its spills cost more than the stores).
		settings := a.resolved()
		i := methodIndex(fctx.Method())
		method := ""
		if uint(i) < uint(len(methodNames)) {
			method = methodNames[i]
		}
		uri := bytesconv.B2S(requestTarget(c, fctx.Request.Header.RequestURI()))
		c.methodIdx, c.bodyFraming = i, framingUnread
		// The pointer fields in one block: one write-barrier test. The
		// pathname cached is the target's, as for a plain target (one
		// starting with '/' that has no '?' or '#'); any other has it
		// cached again below.
		c.fctx, c.top, c.app, c.settings = fctx, a, a, settings
		c.method, c.uriStr, c.url = method, uri, uri
		c.pathOf, c.path = uri, uri
		valid, plain := checkTarget(c.uriStr)
		if c.methodIdx < 0 || !valid {
			badRequest(fctx)
			done = true
			c.release(key)
			return
		}
		c.plain = plain
		if !plain {
			c.cachePath(c.url, pathname(c.url))
		}
		fctx.Response.Header.SetNoDefaultContentType(true)
		if r := a.routerIfAny(); r != nil {
			// The direct path (dispatch_direct.go), written out here: a call
			// and its spills cost more than the rest of it.
			comp := r.snapshot()
			var f *frame
			var h Handler
			if path := c.path; path == "" {
				c.enterRouter(nil, comp, a)
			} else {
				// push(nil, frameRouter), without the dirty mark a router
				// frame does not need; the bottom frame's parent is always nil.
				f = c.bottom
				f.gen++
				c.depthUsed = 1
				f.kind = frameDirect
				settings := c.settings
				if settings.poweredBy {
					fctx.Response.Header.SetCanonical(hXPoweredBy, vPoweredBy)
				}
				// candidates(f, path), its pct aside; undirect sets candPath.
				m := c.methodIdx
				f.cands, f.ccaps = f.cands[:0], f.ccaps[:0]
				comp.table.Find(path, methodFilters[m], &f.cands, &f.ccaps)
				f.candValid = true
				var de *entry
				if len(f.cands) != 0 {
					cd := f.cands[0]
					e := &comp.table.Layer(cd.Index).Handle
					// The walk matched the layer (cd.Caps >= 0): its captures
					// are f.ccaps[cd.Caps:][:2*len(e.keys)]; computeDirect
					// took only layers with keys c.params has room for.
					if d := e.direct[m]; d != nil && cd.Caps >= 0 && (c.plain || strings.IndexByte(path, '%') < 0) {
						c.dcaps = cd.Caps
						de, h = e, d
					}
				}
				// One write-barrier test for the three.
				f.comp, f.prevSettings, c.dent = comp, settings, de
				if h == nil {
					c.directGeneral(f, a, path)
				}
			}
			if h != nil {
				// call(f, h), with serve's deferred recover: servePanic
				// passes a panic of h on as call's would.
				c.handling = true
				n := c.nextCalls
				h(&c.req, &c.res, f.next)
				if !c.detached.Load() && c.failErr != nil && !c.sent && c.nextCalls == n {
					f.next() // the pending error, as Express's catch passes a throw on
				}
				c.handling = false
			}
		} else {
			c.finalHandler(nil)
		}
		if !c.settle() {
			done = true
			return
		}
		done = true
		c.Reset()
		if !c.home.TryPut(c) {
			contexts.PutReset(key, c)
		}
	}
}

// servePanic handles a panic that reached serve, recovered as r: a panic
// of the handler serve called directly (c.handling) becomes next(err) at
// the bottom frame, as call's recover makes it, and serve's remaining work
// runs; any other is a panic of fast itself. r is nil for a
// runtime.Goexit, which leaves nothing to pass on.
func (c *state) servePanic(key uint64, r any) {
	if c.handling {
		c.handling = false
		if r != nil {
			c.resume(key, r)
			return
		}
	}
	c.internalPanic(r)
	c.release(key)
}

// resume is the rest of serve after the directly called handler panicked
// with r: call's recovered at the bottom frame, then serve's end.
func (c *state) resume(key uint64, r any) {
	done := false
	defer func() {
		if !done {
			c.internalPanic(recover())
			c.release(key)
		}
	}()
	f := c.bottom
	c.recovered(f, f.gen, r)
	ok := c.settle()
	done = true
	if ok {
		c.release(key)
	}
}

// settle ends the request once the app's chain has returned: the final
// handler for an error no handler answered, Node's reason phrase and the
// connection's close, the request body's rest. It reports false, doing
// nothing, when a net/http middleware streams the response from its own
// goroutine, which may still run the chain: everything is left to it, the
// context included. serve and resume (after a handler's panic) share it;
// the call costs serve 12 instructions a request (too large to inline).
func (c *state) settle() bool {
	if c.detached.Load() {
		return false
	}
	if !c.sent && c.failErr != nil {
		c.finalHandler(c.failErr)
	}
	// finish's work is needed only for a reason phrase fasthttp has
	// wrong or a connection to close.
	if c.closed || hasReasonOverride(c.fctx.Response.StatusCode()) {
		c.finish()
	}
	c.settleBody()
	return true
}

// hasReasonOverride reports whether Node's reason phrase for code differs
// from fasthttp's (reasonOverrides has it).
func hasReasonOverride(code int) bool {
	return uint(code) < uint(len(reasonOverrides)) && reasonOverrides[code] != nil
}

// internalPanic reports a panic of fast itself, recovered as r (nil when
// there was none), and answers 500 if it can.
func (c *state) internalPanic(r any) {
	if r == nil {
		return
	}
	fmt.Fprintf(os.Stderr, "fast: internal panic: %v\n%s", r, debug.Stack())
	if c.fctx != nil {
		c.fctx.Response.Reset()
		c.fctx.Response.SetStatusCode(500)
		c.fctx.SetConnectionClose()
	}
}

// release returns the context to the pool, unless a net/http middleware's
// goroutine still uses it.
func (c *state) release(key uint64) {
	if c.detached.Load() {
		return
	}
	contexts.Put(key, c)
}

// finish completes the response before fasthttp writes it.
func (c *state) finish() {
	resp := &c.fctx.Response
	code := resp.StatusCode()
	if code >= 0 && code < len(reasonOverrides) {
		if r := reasonOverrides[code]; r != nil {
			resp.Header.SetStatusMessage(r)
		}
	}
	if c.closed {
		c.fctx.SetConnectionClose()
	}
}

// reasonOverrides holds Node's reason phrase for each code where it differs
// from fasthttp's.
var reasonOverrides = func() (t [1000][]byte) {
	for code := 100; code < len(t); code++ {
		node := status.Reason(code)
		if fasthttp.StatusMessage(code) != node {
			t[code] = []byte(node)
		}
	}
	return t
}()

// checkTarget reports whether Node's HTTP parser accepts the request
// target (valid: no control characters, spaces or bytes outside ASCII),
// and whether it starts with '/' and has none of '?', '#' and '%'
// (plain), in one pass. A plain target is its own pathname and no
// parameter taken from it needs decoding. plain may be false for a target
// without those bytes ('!' and the apostrophe are counted with '#' and
// '%'): callers then look for them.
//
// Targets of eight bytes or more are read a little-endian word x at a
// time (the last word overlaps the one before it), with two tests that
// set the high bit of some byte of their result:
//
//   - invalid, (x-0x21..) | (x+0x01..), when x has a byte outside
//     '!'..'~', and never otherwise. Only an invalid byte borrows from
//     x-0x21.. or carries into x+0x01.., so the lowest invalid byte sees
//     neither from below: a byte below 0x21 wraps into its high bit in
//     x-0x21..; one of 0x7f to 0xfe sets it in x+0x01..; 0xff leaves 0xde
//     in x-0x21... A valid word sets no high bit in either.
//   - special, ((x^'?'..)-0x01..) | (((x|0x06..)^0x27..)-0x01..), when a
//     valid x has a '?', or one of '!', '#', '%' and the apostrophe
//     (x|0x06 is 0x27 for those four). Each term is a zero-byte test: its
//     operand is below 0x80 in every byte of a valid word, so subtracting
//     0x01.. sets a high bit only where it has a zero byte, which alone
//     borrows. An invalid word may set bits here too: its target is
//     rejected anyway.
//
// The tests are written out in the loop (an inlined call leaves a marker
// instruction there), x-0x21.. as x+mlo, which the compiler computes
// without a copy of x.
func checkTarget(uri string) (valid, plain bool) {
	n := len(uri)
	if n < 8 {
		if n == 0 {
			return false, false
		}
		var acc uint8
		for i := 0; i < n; i++ { // bytes, not runes
			acc |= targetClass[uri[i]]
		}
		return acc&classInvalid == 0, acc&classSpecial == 0 && uri[0] == '/'
	}
	mlo, one, question, six, quote := targetMasks[0], targetMasks[1], targetMasks[2], targetMasks[3], targetMasks[4]
	w := uri[n-8:]
	x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
	bad := (x + mlo) | (x + one)
	special := ((x ^ question) - one) | (((x | six) ^ quote) - one)
	for w := uri; len(w) > 8; w = w[8:] {
		x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		bad |= (x + mlo) | (x + one)
		special |= ((x ^ question) - one) | (((x | six) ^ quote) - one)
	}
	return bad&(0x80*ones) == 0, special&(0x80*ones) == 0 && uri[0] == '/'
}

const ones = 0x0101010101010101

// targetMasks are checkTarget's word constants: mlo (-0x21.., that is
// 0x21 in each byte of the word, negated), 0x01.., '?'.., 0x06.. and
// 0x27... Never written. checkTarget reads them once into variables,
// which the compiler cannot fold back into immediates: the loop keeps them
// in registers instead of loading each 64-bit immediate on every word.
var targetMasks = [5]uint64{0xdededededededede + 1, ones, '?' * ones, 0x06 * ones, 0x27 * ones}

// targetClass classifies bytes for checkTarget's short targets.
var targetClass = func() (t [256]uint8) {
	for b := range t {
		if b < 0x21 || b > 0x7e {
			t[b] |= classInvalid
		}
		if b == '?' || b == '#' || b == '%' {
			t[b] |= classSpecial
		}
	}
	return t
}()

const (
	classInvalid = 1 << iota
	classSpecial
)

// validTarget reports whether Node's HTTP parser accepts the request
// target; see checkTarget.
func validTarget(uri string) bool {
	ok, _ := checkTarget(uri)
	return ok
}

// badRequest answers as Node does to a request its parser rejects.
func badRequest(fctx *fasthttp.RequestCtx) {
	fctx.Response.Reset()
	fctx.Response.SetStatusCode(400)
	fctx.Response.Header.SetNoDefaultContentType(true)
	fctx.SetConnectionClose()
}
