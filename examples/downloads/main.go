// Command downloads is Express's examples/downloads in Go: files under
// files/ offered as attachments with res.Download, a friendly 404 for a
// missing one and a 403 for a path leaving the directory. It listens on
// $PORT (default 3000). The files are the original example's (MIT).
package main

import (
	"log"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/fast"
)

func newApp(filesDir string) *fast.App {
	app := fast.New()
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send("<ul>" +
			`<li>Download <a href="/files/notes/groceries.txt">notes/groceries.txt</a>.</li>` +
			`<li>Download <a href="/files/amazing.txt">amazing.txt</a>.</li>` +
			`<li>Download <a href="/files/missing.txt">missing.txt</a>.</li>` +
			`<li>Download <a href="/files/CCTV大赛上海分赛区.txt">CCTV大赛上海分赛区.txt</a>.</li>` +
			"</ul>")
	})
	// /files/* is accessed via req.params.file.
	app.Get("/files/:file(*)", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Download(req.Params().Get("file"), "", &fast.SendFileOptions{Root: filesDir}, func(err error) {
			if err == nil {
				return // file sent
			}
			if fast.StatusCode(err) != 404 {
				next(err) // non-404 error
				return
			}
			res.Status(404)
			res.Send("Cant find that file, sorry!")
		})
	})
	return app
}

func main() {
	srv, err := newApp(extest.Dir("downloads", "files")).Listen(extest.Port())
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("Express started on port %d", srv.Port())
	log.Fatal(srv.Wait())
}
