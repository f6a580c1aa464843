// Command fiber is the end-to-end comparison's service on Fiber v2.52.15:
// GET / answers c.SendString("Hello, World!") (fasthttp's default
// Content-Type, text/plain; charset=utf-8) and GET /user/:name answers
// c.JSON({name}) with Fiber's default encoder (encoding/json), its content
// type given as application/json; charset=utf-8 to match the others.
package main

import (
	"flag"
	"log"

	"github.com/gofiber/fiber/v2"
)

type user struct {
	Name string `json:"name"`
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "listen address")
	flag.Parse()
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	app.Get("/", func(c *fiber.Ctx) error { return c.SendString("Hello, World!") })
	app.Get("/user/:name", func(c *fiber.Ctx) error {
		return c.JSON(user{Name: c.Params("name")}, "application/json; charset=utf-8")
	})
	log.Fatal(app.Listen(*addr))
}
