package bodyparser_test

import (
	"fmt"
	"os"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/bodyparser"
	"github.com/fwgo/fw/middleware/internal/testserver"
)

func ExampleNew() {
	dir, _ := os.MkdirTemp("", "uploads")
	defer os.RemoveAll(dir)

	app := fast.New()
	app.Use(bodyparser.New(bodyparser.Config{UploadDir: dir}))
	app.Post("/profile", func(req *fast.Request, res *fast.Response, next fast.Next) {
		defer bodyparser.RemoveFiles(req) // or move the files somewhere
		body := req.Body().(*fast.Object)
		user, _ := body.Get("user")
		name, _ := user.(*fast.Object).Get("name")
		files, _ := bodyparser.Files(req)
		avatar, _ := files.Get("avatar")
		f, ok := avatar.(*bodyparser.File)
		if !ok {
			res.SendString(fmt.Sprintf("%s sent no avatar", name))
			return
		}
		res.SendString(fmt.Sprintf("%s uploaded %s (%s, %d bytes)", name, f.Name, f.Type, f.Size))
	})

	s := testserver.Start(app)
	defer s.Close()
	form := "--b\r\nContent-Disposition: form-data; name=\"user[name]\"\r\n\r\ntobi\r\n" +
		"--b\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"me.png\"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--b--\r\n"
	r := s.Do(testserver.Request("POST", "/profile", form, "Content-Type: multipart/form-data; boundary=b"))
	fmt.Println(r.Body)
	r = s.Do(testserver.Request("POST", "/profile", "user[name]=loki", "Content-Type: application/x-www-form-urlencoded"))
	fmt.Println(r.Body)
	// Output:
	// tobi uploaded me.png (image/png, 4 bytes)
	// loki sent no avatar
}
