// Package scenarios holds the Go side of the conformance suite: the
// scenario apps of conformance/js/scenarios written for fast, registered
// by name, and the servers that run them for the runner.
package scenarios

import (
	"fmt"
	"sort"
	"sync"

	"github.com/fwgo/fw/fast"
)

// Env is what a scenario app is built with.
type Env struct {
	// Name is the environment mode: "development" or "production".
	Name string
	// Fixtures is the directory holding the fixture files, with their
	// modification times pinned.
	Fixtures string
}

// Builder builds a scenario app.
type Builder func(env Env) *fast.App

var (
	mu       sync.Mutex
	registry = map[string]Builder{}
)

// Name is the registry name of a scenario's app: the scenario name for
// its main app (""), else "scenario/app".
func Name(scenario, app string) string {
	if app == "" {
		return scenario
	}
	return scenario + "/" + app
}

// Register adds a scenario app under name (see Name); it panics on a
// duplicate.
func Register(name string, b Builder) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := registry[name]; dup {
		panic(fmt.Sprintf("scenarios: %q registered twice", name))
	}
	registry[name] = b
}

// Lookup returns the builder of a scenario.
func Lookup(name string) (Builder, bool) {
	mu.Lock()
	defer mu.Unlock()
	b, ok := registry[name]
	return b, ok
}

// Names returns the registered scenario names, sorted.
func Names() []string {
	mu.Lock()
	defer mu.Unlock()
	out := make([]string, 0, len(registry))
	for n := range registry {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// newApp returns an app in the env's mode, as the JavaScript scenarios'
// newApp does.
func newApp(env Env) *fast.App {
	app := fast.New()
	app.Set("env", env.Name)
	return app
}
