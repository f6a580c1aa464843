// Command gin is the end-to-end comparison's service on gin v1.12.0 in
// release mode, with no middleware (gin.New, not gin.Default's logger and
// recovery): GET / answers c.String and GET /user/:name c.JSON, served by
// net/http.
package main

import (
	"flag"
	"log"
	"net/http"

	"github.com/gin-gonic/gin"
)

type user struct {
	Name string `json:"name"`
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "listen address")
	flag.Parse()
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.GET("/", func(c *gin.Context) { c.String(http.StatusOK, "Hello, World!") })
	r.GET("/user/:name", func(c *gin.Context) { c.JSON(http.StatusOK, user{Name: c.Param("name")}) })
	log.Fatal(http.ListenAndServe(*addr, r))
}
