package fast

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"

	"github.com/fwgo/fw/internal/proxyaddr"
)

// EnvVar names the environment variable that sets a new App's "env"
// setting, as NODE_ENV does for Express. Unset, the mode is "development".
const EnvVar = "FW_ENV"

// appSettings are an app's settings resolved into typed values, so that a
// request never reads the settings map. They are rebuilt after a Set on the
// app or on an app it is mounted below (settings inherit along mounts).
type appSettings struct {
	version         uint64 // the App.version these were resolved at
	env             string
	production      bool
	poweredBy       bool
	etag            etagMode
	etagFn          func(body []byte) string
	jsonpCallback   string
	json            jsonOptions // "json spaces" and "json replacer"
	jsonEscape      bool        // "json escape"
	subdomainOffset int
	trust           *proxyaddr.Trust // "trust proxy fn", never nil
	views           []string
	viewEngine      string
	viewCache       bool
}

type etagMode uint8

const (
	etagOff etagMode = iota
	etagWeak
	etagStrong
	etagCustom
)

// touch marks the app's resolved settings, and those of every app mounted
// below it (which inherit from it), stale.
func (a *App) touch() {
	a.version.Add(1)
	a.resolvedSettings.Store(nil) // after the bump: see resolve
	a.mu.Lock()
	children := slices.Clone(a.children)
	a.mu.Unlock()
	for _, c := range children {
		c.touch()
	}
}

// defaults applies Express's defaultConfiguration.
func (a *App) defaults() {
	env := os.Getenv(EnvVar)
	if env == "" {
		env = "development"
	}
	a.envAtInit = env
	a.Enable("x-powered-by")
	a.Set("etag", "weak")
	a.Set("env", env)
	a.Set("query parser", "extended")
	a.Set("subdomain offset", 2)
	a.Set("trust proxy", false)
	a.mu.Lock()
	a.trustProxyDefault = true
	a.mu.Unlock()
	if wd, err := os.Getwd(); err == nil {
		a.Set("views", filepath.Join(wd, "views"))
	}
	a.Set("jsonp callback name", "callback")
	if env == "production" {
		a.Enable("view cache")
	}
	a.On("mount", func(parent *App) {
		a.mu.Lock()
		if a.trustProxyDefault {
			delete(a.settings, "trust proxy")
			delete(a.settings, "trust proxy fn")
		}
		a.mu.Unlock()
	})
}

// Set assigns a setting, as app.set(name, value). The settings that change
// behaviour are validated and resolved here, once: an invalid value for
// "etag", "query parser" or "trust proxy" panics, as Express throws. As in
// Express, "query parser" and "trust proxy" also store their compiled form
// as "query parser fn" and "trust proxy fn" (opaque values).
func (a *App) Set(name string, value any) *App {
	var compiled any
	switch name {
	case "etag":
		if _, _, err := compileETag(value); err != nil {
			panic("fast: " + err.Error())
		}
	case "query parser":
		qp, err := compileQueryParser(value)
		if err != nil {
			panic("fast: " + err.Error())
		}
		compiled = qp
	case "trust proxy":
		t, err := compileTrust(value)
		if err != nil {
			panic("fast: " + err.Error())
		}
		compiled = t
	case "json replacer":
		if _, err := resolveJSONSettings(nil, value); err != nil {
			panic("fast: " + err.Error())
		}
	}
	a.mu.Lock()
	a.settings[name] = value
	switch name {
	case "query parser":
		a.settings["query parser fn"] = compiled
	case "trust proxy":
		a.settings["trust proxy fn"] = compiled
		a.trustProxyDefault = false
	}
	a.mu.Unlock()
	a.touch()
	return a
}

// Setting returns the value of a setting, as app.get(name): the app's own
// value, or the value inherited from the app it is mounted on, or nil.
func (a *App) Setting(name string) any {
	for app := a; app != nil; {
		app.mu.Lock()
		v, ok := app.settings[name]
		parent := app.parent
		app.mu.Unlock()
		if ok {
			return v
		}
		app = parent
	}
	return nil
}

// queryParserLocked returns the compiled "query parser fn" setting, as
// lazyrouter reads it; a.mu is held.
func (a *App) queryParserLocked() *queryParser {
	v, ok := a.settings["query parser fn"]
	if !ok && a.parent != nil {
		v = a.parent.Setting("query parser fn")
	}
	if qp, _ := v.(*queryParser); qp != nil {
		return qp
	}
	return queryMissing
}

func (a *App) enabledLocked(name string) bool {
	if v, ok := a.settings[name]; ok {
		return truthy(v)
	}
	if a.parent == nil {
		return false
	}
	return a.parent.Enabled(name)
}

// Enable sets a setting to true.
func (a *App) Enable(name string) *App { return a.Set(name, true) }

// Disable sets a setting to false.
func (a *App) Disable(name string) *App { return a.Set(name, false) }

// Enabled reports whether a setting is truthy, as app.enabled(name) does
// with JavaScript's truthiness (false, 0, "", nil and NaN are falsy).
func (a *App) Enabled(name string) bool { return truthy(a.Setting(name)) }

// Disabled reports whether a setting is falsy.
func (a *App) Disabled(name string) bool { return !a.Enabled(name) }

// truthy is JavaScript's Boolean(v) for Go values.
func truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		return x != ""
	case int:
		return x != 0
	case int64:
		return x != 0
	case float64:
		return x != 0 && !math.IsNaN(x)
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return rv.Int() != 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return rv.Uint() != 0
	case reflect.Float32, reflect.Float64:
		f := rv.Float()
		return f != 0 && !math.IsNaN(f)
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Interface, reflect.Chan:
		return !rv.IsNil() || rv.Kind() == reflect.Slice || rv.Kind() == reflect.Map
	}
	return true
}

// resolved returns the app's typed settings, rebuilding them when any
// setting changed since.
func (a *App) resolved() *appSettings {
	if s := a.resolvedSettings.Load(); s != nil {
		return s
	}
	return a.resolve()
}

// resolve builds the app's typed settings; resolved calls it out of line
// so that its check inlines. touch clears the cache after bumping the
// version, and resolve drops what it stored when the version moved while
// it built it: whichever order they run in, a stale value does not stay.
func (a *App) resolve() *appSettings {
	version := a.version.Load()
	if s := a.resolvedSettings.Load(); s != nil && s.version == version {
		return s
	}
	s := &appSettings{version: version}
	s.env, _ = a.Setting("env").(string)
	s.production = s.env == "production"
	s.poweredBy = a.Enabled("x-powered-by")
	s.etag, s.etagFn, _ = compileETag(a.Setting("etag"))
	s.jsonpCallback, _ = a.Setting("jsonp callback name").(string)
	s.json, _ = resolveJSONSettings(a.Setting("json spaces"), a.Setting("json replacer"))
	s.jsonEscape = a.Enabled("json escape")
	s.subdomainOffset = toInt(a.Setting("subdomain offset"))
	s.trust = resolveTrust(a.Setting("trust proxy fn"))
	switch v := a.Setting("views").(type) {
	case string:
		s.views = []string{v}
	case []string:
		s.views = v
	}
	s.viewEngine, _ = a.Setting("view engine").(string)
	s.viewCache = a.Enabled("view cache")
	a.resolvedSettings.Store(s)
	if a.version.Load() != version {
		a.resolvedSettings.CompareAndSwap(s, nil)
	}
	return s
}

// compileETag resolves the "etag" setting as Express's compileETag.
func compileETag(v any) (etagMode, func([]byte) string, error) {
	switch x := v.(type) {
	case bool:
		if x {
			return etagWeak, nil, nil
		}
		return etagOff, nil, nil
	case nil:
		return etagOff, nil, nil
	case string:
		switch x {
		case "weak":
			return etagWeak, nil, nil
		case "strong":
			return etagStrong, nil, nil
		}
	case func([]byte) string:
		return etagCustom, x, nil
	}
	return etagOff, nil, fmt.Errorf("unknown value for etag function: %v", v)
}

func toInt(v any) int {
	switch x := v.(type) {
	case int:
		return x
	case int64:
		return int(x)
	case float64:
		return int(x)
	}
	return 0
}
