// Package responsetime is the response-time 2.3 middleware for fast: it
// measures how long the handlers took to make the response and writes it
// in an X-Response-Time header ("12.345ms"), or hands it to a function.
//
//	app.Use(responsetime.New())
//	app.Use(responsetime.New(responsetime.Config{Digits: 1, Header: "X-Time"}))
//	app.Use(responsetime.Func(func(req *fast.Request, res *fast.Response, ms float64) {
//		stats.Timing(req.Method()+" "+req.Path(), ms)
//	}))
//
// response-time takes the time when the response headers are written; fast
// writes a response when the handler chain returns (see fast's package
// documentation), so the time runs from the middleware's call to the
// return of the handlers after it, which is when those headers are made.
// The header is set then, after the response was "sent", which only
// middleware of this kind may do. As in response-time, a header already
// set by a handler is kept.
package responsetime

import (
	"strconv"
	"time"

	"github.com/fwgo/fw/fast"
)

// Config configures New.
type Config struct {
	// Digits is the number of digits after the decimal point. Optional.
	// Default: 3. Use NoDigits for none.
	Digits int
	// Header is the response header that receives the time. Optional.
	// Default: "X-Response-Time".
	Header string
	// NoSuffix leaves out the "ms" unit after the number, as
	// response-time's suffix: false. Optional. Default: false (the
	// suffix is written).
	NoSuffix bool
}

// NoDigits, as Config.Digits, writes the time with no decimals.
const NoDigits = -1

// New returns responseTime(options). Only the first config is used.
func New(config ...Config) fast.Handler {
	var c Config
	if len(config) > 0 {
		c = config[0]
	}
	digits := c.Digits
	switch {
	case digits == 0:
		digits = 3
	case digits < 0:
		digits = 0
	}
	if digits > 100 {
		panic("responsetime: Digits above 100 (toFixed's RangeError)")
	}
	header := c.Header
	if header == "" {
		header = "X-Response-Time"
	}
	suffix := !c.NoSuffix
	return Func(func(req *fast.Request, res *fast.Response, ms float64) {
		h := &req.Ctx().Response.Header
		if len(h.Peek(header)) != 0 {
			return
		}
		var buf [32]byte
		b := strconv.AppendFloat(buf[:0], ms, 'f', digits, 64)
		if suffix {
			b = append(b, "ms"...)
		}
		h.SetBytesV(header, b)
	})
}

// Func returns responseTime(fn): fn receives the time in milliseconds once
// the handlers after the middleware returned, with the response made.
// It may still change the response's headers (through req.Ctx(), since
// the response counts as sent).
func Func(fn func(req *fast.Request, res *fast.Response, ms float64)) fast.Handler {
	if fn == nil {
		panic("responsetime: nil function")
	}
	return func(req *fast.Request, res *fast.Response, next fast.Next) {
		start := time.Now()
		next()
		fn(req, res, float64(time.Since(start).Nanoseconds())/1e6)
	}
}
