package fast

import "github.com/fwgo/fw/router"

type frameKind uint8

const (
	frameRouter frameKind = iota + 1 // a router's stack: Express's router.handle
	frameRoute                       // a route's handlers: Route.dispatch
	frameParam                       // parameter callbacks: process_params
	frameHandle                      // Router.Handle's done: router.handle's out (router_handle.go)
	frameDirect                      // the bottom router frame, as the direct path left it (dispatch_direct.go)
)

// frame is the state of one of Express's dispatch closures. A context
// keeps a stack of them; each has a Next bound once, when the frame is
// made, so calling next allocates nothing.
//
// NOTE: fields referring to request data must be cleared in reset.
type frame struct {
	c      *state
	index  int
	gen    uint32 // bumped on every reuse; a stale Next is detected
	kind   frameKind
	parent *frame
	next   Next

	// router frame
	comp          *compiledRouter
	app           *App // non-nil when the router is an app's
	prevApp       *App
	prevSettings  *appSettings
	cands         []router.Candidate
	ccaps         []int32
	ci            int
	candPath      string
	candValid     bool
	pct           bool // the path has a '%': parameters need decoding
	lastIdx       int32
	parentBaseURL string
	parentParams  paramRange
	paramBase     int
	removed       string
	slashAdded    bool
	urlBefore     string
	urlAfter      string
	options       []string
	called        []paramCall

	// route frame
	entry   *entry
	ri      int
	rmethod int

	// param frame: the layer being prepared and where to go after
	player    *entry
	perr      error
	ppath     string
	plpath    string
	pkeys     []router.Key
	pki       int
	pcbs      []ParamHandler
	pcbi      int
	pcall     int
	pname     string
	pval      string
	processed bool

	// handle frame (router_handle.go)
	hs handleState
}

// paramCall records a parameter callback run, as router.handle's
// paramcalled: once per router, request and value.
type paramCall struct {
	name  string
	match string
	value string
	err   error
}

// reset clears what a frame may hold of a request's values. state.Reset
// calls it only when a frame of a kind from frameParam on was pushed
// (state.dirtyFrames): perr, called and hs are written only by those
// dispatches (called through its param frames); a field added here must
// keep it so, and a new frame kind that leaves values must come after
// frameParam.
func (f *frame) reset() {
	// Strings and slices here only point into the context's own buffers
	// or into long-lived router snapshots and apps; what could keep user
	// memory alive (errors, param callback values) is cleared.
	if f.perr != nil {
		f.perr = nil
	}
	if len(f.called) != 0 {
		clear(f.called)
		f.called = f.called[:0]
	}
	if f.hs.done != nil || f.hs.callerNext != nil {
		f.hs = handleState{}
	}
}

// callNext is the frame's Next.
func (f *frame) callNext(errs ...error) {
	var err error
	if len(errs) > 0 {
		err = errs[0]
	}
	f.c.nextCalls++
	if f.c.failErr != nil && !f.c.sent {
		err = f.c.passPending()
	}
	switch f.kind {
	case frameRouter:
		f.c.routerNext(f, err)
	case frameRoute:
		f.c.routeNext(f, err)
	case frameParam:
		f.c.paramNext(f, err)
	case frameHandle:
		f.c.handleDone(f, err)
	case frameDirect:
		f.c.undirect(f)
		f.c.routerNext(f, err)
	}
}
