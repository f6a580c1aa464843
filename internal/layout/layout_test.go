// Package layout holds the tests that keep the module's package boundaries:
// leaves never import the public package, and only internal/bytesconv
// imports "unsafe". See shared code-style section 4.
package layout

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/fwgo/fw"

// leaves are the packages that must never import the public package fast.
var leaves = []string{"router", "pool", "parsers", "static", "adaptor", "internal"}

func TestImportRules(t *testing.T) {
	t.Parallel()
	walkSources(t, func(path, rel string) error {
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if p == "unsafe" && !strings.HasPrefix(rel, "internal/bytesconv/") {
				t.Errorf("%s imports \"unsafe\": only internal/bytesconv may", rel)
			}
			if p == module+"/fast" || strings.HasPrefix(p, module+"/fast/") {
				for _, leaf := range leaves {
					if strings.HasPrefix(rel, leaf+"/") {
						t.Errorf("%s imports %s: the leaf %s/ must not import the public package", rel, p, leaf)
					}
				}
			}
		}
		return nil
	})
}

// walkSources calls fn with the path, and the slash-separated path relative
// to the module root, of every non-test Go file of the module: bench/ is a
// separate module, and dot directories, node_modules and testdata hold no
// sources. An error from fn or the walk fails the test.
func walkSources(t *testing.T, fn func(path, rel string) error) {
	t.Helper()
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "bench" || strings.HasPrefix(d.Name(), ".") && rel != "." || d.Name() == "node_modules" || d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		return fn(path, rel)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestCoreModuleHasNoPeerFrameworks(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("..", "..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, peer := range []string{"gofiber/fiber", "gin-gonic/gin", "labstack/echo", "go-chi/chi", "julienschmidt/httprouter"} {
		if strings.Contains(string(b), peer) {
			t.Errorf("go.mod requires %s: peer frameworks belong in bench/go.mod", peer)
		}
	}
}
