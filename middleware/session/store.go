package session

import (
	"context"
	"time"
)

// Store keeps sessions between requests, as an express-session store
// does. A session is stored as express-session stores it, the JSON text of
// JSON.stringify(req.session): {"cookie":{...},...the session's values},
// so a store shared with Node applications (Redis, a database) reads and
// writes the same records.
//
// A Store must be safe for concurrent use. The context is the request's
// (a *fasthttp.RequestCtx), canceled when the server shuts down.
type Store interface {
	// Get returns the stored session with the given ID, or nil and a nil
	// error when there is none or it has expired.
	Get(ctx context.Context, id string) ([]byte, error)
	// Set stores the session data under id. expires is when the session's
	// cookie expires (the zero Time for a browser-session cookie); a
	// store should forget the session after it.
	Set(ctx context.Context, id string, data []byte, expires time.Time) error
	// Destroy deletes the session with the given ID; deleting a missing
	// session is not an error.
	Destroy(ctx context.Context, id string) error
}

// Toucher is a Store that can refresh a session's expiry without saving
// it again, as express-session's store.touch: the middleware calls Touch,
// instead of Set, for a session that was loaded and not modified when the
// session is not resaved (Config.NoResave). data holds the session with
// its refreshed cookie; a store may keep only its expiry.
type Toucher interface {
	Touch(ctx context.Context, id string, data []byte, expires time.Time) error
}
