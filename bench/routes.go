package bench

import (
	"bufio"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/gofiber/fiber/v2"
	"github.com/julienschmidt/httprouter"

	"github.com/fwgo/fw/fast"
)

// Route is one line of a route table: a method and a path with :params.
type Route struct{ Method, Path string }

// LoadRoutes reads a route table from testdata (routes-github.txt ...).
func LoadRoutes(name string) ([]Route, error) {
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Route
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m, p, ok := strings.Cut(strings.TrimSpace(sc.Text()), " "); ok {
			out = append(out, Route{m, p})
		}
	}
	return out, sc.Err()
}

// FastRoutes builds an fw app answering every route with an empty handler.
func FastRoutes(routes []Route) *fast.App {
	app := fast.New()
	app.Disable("x-powered-by")
	h := func(req *fast.Request, res *fast.Response, next fast.Next) {}
	for _, r := range routes {
		app.Method(r.Method, r.Path, h)
	}
	return app
}

// FiberRoutes builds the same table on Fiber v2.
func FiberRoutes(routes []Route) *fiber.App {
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	h := func(c *fiber.Ctx) error { return nil }
	for _, r := range routes {
		app.Add(r.Method, r.Path, h)
	}
	return app
}

// GinRoutes builds the same table on gin.
func GinRoutes(routes []Route) http.Handler {
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	h := func(c *gin.Context) {}
	for _, r := range routes {
		e.Handle(r.Method, r.Path, h)
	}
	return e
}

// HTTPRouterRoutes builds the same table on httprouter.
func HTTPRouterRoutes(routes []Route) http.Handler {
	rt := httprouter.New()
	h := func(http.ResponseWriter, *http.Request, httprouter.Params) {}
	for _, r := range routes {
		rt.Handle(r.Method, r.Path, h)
	}
	return rt
}
