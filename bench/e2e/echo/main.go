// Command echo is the end-to-end comparison's service on echo v5.3.1, with
// no middleware, served by net/http: GET / answers c.String and
// GET /user/:name c.JSON, each with the Content-Type set beforehand (echo
// keeps one already set) so that it matches the others' bytes: echo's own
// are text/plain; charset=UTF-8 and application/json. Echo's default JSON
// serializer (json.Encoder) ends the body with a newline: this server sends
// one byte more than the others on that route.
package main

import (
	"flag"
	"log"
	"net/http"

	"github.com/labstack/echo/v5"
)

type user struct {
	Name string `json:"name"`
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "listen address")
	flag.Parse()
	e := echo.New()
	e.GET("/", func(c *echo.Context) error {
		c.Response().Header().Set("Content-Type", "text/plain; charset=utf-8")
		return c.String(http.StatusOK, "Hello, World!")
	})
	e.GET("/user/:name", func(c *echo.Context) error {
		c.Response().Header().Set("Content-Type", "application/json; charset=utf-8")
		return c.JSON(http.StatusOK, user{Name: c.Param("name")})
	})
	log.Fatal(http.ListenAndServe(*addr, e))
}
