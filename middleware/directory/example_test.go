package directory_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/directory"
	"github.com/fwgo/fw/middleware/internal/testserver"
)

func ExampleNew() {
	root, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(root)
	_ = os.WriteFile(filepath.Join(root, "notes.txt"), []byte("hi"), 0o644)
	_ = os.Mkdir(filepath.Join(root, "docs"), 0o755)

	app := fast.New()
	app.Use(fast.Static(root))
	app.Use(directory.New(root))
	s := testserver.Start(app)
	defer s.Close()
	fmt.Printf("%q\n", s.Get("/", "Accept: text/plain").Body)
	fmt.Println(s.Get("/", "Accept: application/json").Body)
	fmt.Println(s.Get("/notes.txt").Body)
	// Output:
	// "docs\nnotes.txt\n"
	// ["docs","notes.txt"]
	// hi
}
