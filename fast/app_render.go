package fast

import (
	"runtime/debug"
	"strings"
)

// Engine registers fn as the template engine of files with extension ext
// ("tmpl" or ".tmpl"), as app.engine(ext, fn). Engines belong to the app:
// a mounted sub-app has its own. It panics when fn is nil, as Express
// throws "callback function required".
func (a *App) Engine(ext string, fn ViewEngine) *App {
	if fn == nil {
		panic("fast: App.Engine() callback function required")
	}
	if ext == "" || ext[0] != '.' {
		ext = "." + ext
	}
	v := &a.views
	v.mu.Lock()
	if v.engines == nil {
		v.engines = make(map[string]ViewEngine)
	}
	v.engines[ext] = fn
	v.mu.Unlock()
	return a
}

// Render renders the view name with locals, as app.render(name, locals,
// fn): cb receives the HTML, or the error (a view that cannot be found is
// `Failed to lookup view "name" in views directory "..."`). Nothing is
// sent. locals may be nil; they are merged over app.Locals(), with
// "settings" (a copy of the app's settings) first, and "cache" set from
// the "view cache" setting unless locals has it. With cache on, the View
// found for a name is kept.
//
// The error Express's View constructor throws (no default engine, no
// engine for the extension) is returned instead, and cb is not called.
func (a *App) Render(name string, locals map[string]any, cb func(err error, html string)) error {
	var w appendWriter
	thrown, err := a.render(&w, name, locals, nil)
	if thrown {
		return err
	}
	if cb != nil {
		if err != nil {
			cb(err, "")
		} else {
			cb(nil, string(w.buf))
		}
	}
	return nil
}

// render is app.render writing into w; resLocals are res.locals (for
// res.render), merged between app.locals and locals. thrown reports an
// error of the View constructor, which Express throws.
func (a *App) render(w *appendWriter, name string, locals, resLocals map[string]any) (thrown bool, err error) {
	opts := make(map[string]any, len(a.locals)+len(resLocals)+len(locals)+3)
	opts["settings"] = a.settingsSnapshot()
	for k, v := range a.locals {
		opts[k] = v
	}
	if resLocals != nil {
		for k, v := range resLocals {
			opts[k] = v
		}
		opts["_locals"] = resLocals
	}
	for k, v := range locals {
		opts[k] = v
	}
	s := a.resolved()
	if c, ok := opts["cache"]; !ok || c == nil {
		opts["cache"] = s.viewCache
	}
	cache := truthy(opts["cache"])

	var view View
	reg := &a.views
	if cache {
		reg.mu.Lock()
		view = reg.cache[name]
		reg.mu.Unlock()
	}
	if view == nil {
		reg.mu.Lock()
		engines := make(map[string]ViewEngine, len(reg.engines))
		for k, v := range reg.engines {
			engines[k] = v
		}
		reg.mu.Unlock()
		factory := a.viewFactory()
		view, err = factory(name, ViewOptions{DefaultEngine: s.viewEngine, Root: s.views, Engines: engines})
		if err != nil {
			return true, err
		}
		if view.Path() == "" {
			return false, viewLookupError(name, s.views)
		}
		if cache {
			reg.mu.Lock()
			if reg.cache == nil {
				reg.cache = make(map[string]View)
			}
			reg.cache[name] = view
			reg.mu.Unlock()
		}
	}
	return false, tryRender(view, w, opts)
}

// tryRender renders view into w; a panic becomes the error, as Express's
// tryRender catches a throw.
func tryRender(view View, w *appendWriter, opts map[string]any) (err error) {
	start := len(w.buf)
	defer func() {
		if r := recover(); r != nil {
			err = &PanicError{Value: r, Stack: debug.Stack()}
		}
		if err != nil {
			w.buf = w.buf[:start]
		}
	}()
	return view.Render(w, opts)
}

// viewFactory returns the "view" setting, NewView by default.
func (a *App) viewFactory() ViewFactory {
	switch f := a.Setting("view").(type) {
	case ViewFactory:
		if f != nil {
			return f
		}
	case func(string, ViewOptions) (View, error):
		if f != nil {
			return f
		}
	}
	return NewView
}

// viewLookupError is Express's "Failed to lookup view" error.
func viewLookupError(name string, roots []string) error {
	var dirs string
	if len(roots) > 1 {
		dirs = `directories "` + strings.Join(roots[:len(roots)-1], `", "`) + `" or "` + roots[len(roots)-1] + `"`
	} else {
		dirs = `directory "` + strings.Join(roots, ",") + `"`
	}
	return &HTTPError{Message: `Failed to lookup view "` + name + `" in views ` + dirs}
}

// settingsSnapshot copies the app's settings, the inherited ones included,
// for the "settings" local (Express's app.locals.settings).
func (a *App) settingsSnapshot() map[string]any {
	var chain []*App
	for app := a; app != nil; app = app.Parent() {
		chain = append(chain, app)
	}
	out := make(map[string]any)
	for i := len(chain) - 1; i >= 0; i-- {
		app := chain[i]
		app.mu.Lock()
		for k, v := range app.settings {
			out[k] = v
		}
		app.mu.Unlock()
	}
	return out
}

// Render renders a view and sends it, as res.render(view, locals, fn):
// the app handling the request renders it (see App.Render) with
// res.Locals() merged between the app's locals and locals, and the HTML
// is sent as Send sends a string. With cb, nothing is sent: cb receives
// the HTML or the error. Without cb, an error goes to next(err) when the
// handler returns or calls next (see Response); the error Express's View
// constructor throws goes there in both cases. locals may be nil.
func (r *Response) Render(view string, locals map[string]any, cb func(err error, html string)) error {
	c := r.c
	if c.failErr != nil && !c.sent {
		return c.failErr
	}
	w := appendWriter{buf: r.body[:0]}
	thrown, err := c.app.render(&w, view, locals, r.Locals())
	r.body = w.buf
	if thrown {
		return c.fail(err)
	}
	if cb != nil {
		if err != nil {
			cb(err, "")
		} else {
			cb(nil, string(w.buf))
		}
		return err
	}
	if err != nil {
		return c.fail(err)
	}
	return r.sendText(r.body)
}
