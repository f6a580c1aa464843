package adaptor

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"runtime"
	"sync"
	"time"

	"github.com/valyala/fasthttp"
)

// exchangeKey is the context key under which an *exchange finds itself
// again from the request net/http code passes on.
type exchangeKey struct{}

// exchange is the per-request state of FromHTTP and Middleware: net/http
// code running on a RequestCtx. It is also the context.Context of the
// *http.Request that code sees.
//
// An exchange is allocated per request and never pooled: net/http code may
// keep the request, its context or its writer after returning (a mistake,
// but a common one), and must then find an ended exchange, never another
// request's state. After end, the body fails reads, the writer fails
// writes and the context is canceled.
type exchange struct {
	// ctx is the RequestCtx; nil once the exchange no longer owns it.
	ctx *fasthttp.RequestCtx
	// parent, in direct mode, is the context of the net/http request the
	// exchange runs inside (cancellation and values come from it). Nil in
	// native mode, where the exchange cancels itself.
	parent context.Context
	// next is the fasthttp downstream of a Middleware.
	next fasthttp.RequestHandler
	// handler is the net/http code a native exchange runs on G2.
	handler http.Handler

	req  *http.Request // the request built for net/http code
	body requestBody
	snap *requestSnapshot // Middleware only
	rw   *responseWriter  // native mode only

	mu     sync.Mutex
	done   chan struct{}
	err    error
	after  map[*afterFunc]struct{} // native mode: AfterFunc registrations
	events chan event              // native mode: G2 -> G1
}

// event tells the fasthttp goroutine (G1) how the net/http goroutine (G2)
// left ctx.
type event struct {
	kind     eventKind
	panicked any
}

type eventKind uint8

const (
	evDone     eventKind = iota // finished; ctx.Response holds the response
	evStreamed                  // ctx.Response streams the rest from G2
	evHijacked                  // ctx.Hijack was set; G2 keeps ctx until it ends
	evPanicked                  // G2 panicked before answering; G1 re-panics
)

func newExchange(ctx *fasthttp.RequestCtx, parent context.Context, next fasthttp.RequestHandler) *exchange {
	return &exchange{ctx: ctx, parent: parent, next: next}
}

// exchangeOf finds the exchange in the context of a request net/http code
// passed on.
func exchangeOf(r *http.Request) *exchange {
	x, _ := r.Context().Value(exchangeKey{}).(*exchange)
	return x
}

// Deadline implements context.Context.
func (x *exchange) Deadline() (time.Time, bool) {
	if x.parent != nil {
		return x.parent.Deadline()
	}
	return time.Time{}, false
}

// Done implements context.Context. In direct mode it is the parent's;
// otherwise it is closed when the exchange ends or the client is found
// gone.
func (x *exchange) Done() <-chan struct{} {
	if x.parent != nil {
		return x.parent.Done()
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.done == nil {
		x.done = make(chan struct{})
		if x.err != nil {
			close(x.done)
		}
	}
	return x.done
}

// Err implements context.Context.
func (x *exchange) Err() error {
	if x.parent != nil {
		return x.parent.Err()
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.err
}

// Value implements context.Context.
func (x *exchange) Value(key any) any {
	if key == (exchangeKey{}) {
		return x
	}
	if x.parent != nil {
		return x.parent.Value(key)
	}
	return nil
}

func (x *exchange) String() string { return "adaptor.exchange" }

// cancel ends the context of a native exchange with err, which must be
// context.Canceled (the context.Context contract).
func (x *exchange) cancel(err error) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.err != nil {
		return
	}
	x.err = err
	if x.done != nil {
		close(x.done)
	}
	for a := range x.after {
		go a.f()
	}
	x.after = nil
}

// afterFunc is one AfterFunc registration.
type afterFunc struct{ f func() }

// AfterFunc arranges to call f in its own goroutine once the context is
// done, and returns a function that cancels the arrangement. The context
// package uses it, when present, to propagate cancellation to derived
// contexts (context.WithCancel, WithTimeout) without a goroutine per
// derived context.
func (x *exchange) AfterFunc(f func()) (stop func() bool) {
	if x.parent != nil {
		return context.AfterFunc(x.parent, f)
	}
	a := &afterFunc{f: f}
	x.mu.Lock()
	if x.err != nil {
		x.mu.Unlock()
		go f()
		return func() bool { return false }
	}
	if x.after == nil {
		x.after = make(map[*afterFunc]struct{})
	}
	x.after[a] = struct{}{}
	x.mu.Unlock()
	return func() bool {
		x.mu.Lock()
		defer x.mu.Unlock()
		if _, ok := x.after[a]; !ok {
			return false
		}
		delete(x.after, a)
		return true
	}
}

// end releases what the exchange borrowed from ctx. It must run on the
// goroutine that owns ctx at that moment, or after ctx was handed back.
func (x *exchange) end() {
	x.body.end()
	x.cancel(context.Canceled)
}

// runNative runs x.handler on x.req and x.rw on a new goroutine, G2, so that the
// response can start streaming to the client before serve returns: once the
// response is flushed (or hijacked), G1, the fasthttp handler goroutine,
// returns and fasthttp sends what ctx.Response holds while G2 goes on. Until
// then G1 only waits, so ctx is used by one goroutine at a time.
//
// It reports whether G2 kept ctx (evHijacked): the caller must then return
// from its fasthttp handler without touching ctx again.
func (x *exchange) runNative() (detached bool) {
	x.events = make(chan event, 1)
	go x.g2()
	ev := <-x.events
	if ev.kind == evPanicked {
		panic(ev.panicked)
	}
	return ev.kind == evHijacked
}

func (x *exchange) g2() {
	w := x.rw
	defer func() {
		p := recover()
		if p == nil {
			return
		}
		if !w.handedOff() {
			w.release()
			x.end()
			x.events <- event{kind: evPanicked, panicked: p}
			return
		}
		// The response already left: cut it short, as net/http does.
		w.abort(fmt.Errorf("adaptor: handler panicked: %v", p))
		x.end()
		w.done()
		if p != http.ErrAbortHandler {
			buf := make([]byte, 64<<10)
			buf = buf[:runtime.Stack(buf, false)]
			log.Printf("adaptor: panic serving %s: %v\n%s", x.req.URL, p, buf)
		}
	}()
	x.handler.ServeHTTP(w, x.req)
	if w.handedOff() {
		w.finishStream()
		x.end()
		w.done()
		return
	}
	w.commit()
	x.end()
	x.events <- event{kind: evDone}
}
