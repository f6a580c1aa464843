package bodyparser_test

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"testing"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/bodyparser"
	"github.com/fwgo/fw/middleware/internal/testserver"
)

// project shows req.files as testdata/record.js does: each file by its
// fields and its content, read back from its path; the file is then
// deleted.
func project(t *testing.T, uploadDir string, v any) any {
	switch v := v.(type) {
	case *bodyparser.File:
		content, err := os.ReadFile(v.Path)
		if err != nil {
			t.Errorf("upload %s: %v", v.Path, err)
		}
		o := &fast.Object{}
		o.Set("fieldName", v.FieldName)
		o.Set("originalFilename", v.OriginalFilename)
		o.Set("name", v.Name)
		if v.Type == "" {
			o.Set("type", nil)
		} else {
			o.Set("type", v.Type)
		}
		o.Set("size", float64(v.Size))
		o.Set("headers", v.Headers)
		o.Set("content", base64.StdEncoding.EncodeToString(content))
		o.Set("inUploadDir", filepath.Dir(v.Path) == uploadDir)
		if v.Hash != "" {
			o.Set("hash", v.Hash)
		}
		if v.Length() != v.Size || v.Filename() != v.Name || v.Mime() != v.Type || v.LastModifiedDate.IsZero() {
			t.Errorf("getters or LastModifiedDate of %+v", v)
		}
		if err := os.Remove(v.Path); err != nil {
			t.Error(err)
		}
		return o
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = project(t, uploadDir, e)
		}
		return out
	case *fast.Object:
		out := &fast.Object{}
		for k, e := range v.All() {
			out.Set(k, project(t, uploadDir, e))
		}
		return out
	}
	return v
}

// skipped are the recorded cases fast does not reproduce, and why.
var skipped = map[string]string{
	"proto field":          "qs 4 turned __proto__[x] into an odd object; qs 6's rules drop __proto__ keys",
	"many files one field": "Node lists files in the order their write streams close (not always the part order); fast keeps the part order",
}

// TestDifferential replays connect 2.30.2's bodyParser in Express
// (testdata/golden.json, written by testdata/record.js): status and body
// (req.body and req.files as the app shows them).
func TestDifferential(t *testing.T) {
	uploadDir := t.TempDir()
	build := func(name string) *fast.App {
		app := testserver.Production(fast.New())
		c := bodyparser.Config{UploadDir: uploadDir}
		switch name {
		case "limits":
			c.Limit, c.MaxFields, c.MaxFieldsSize, c.MaxFilesSize = "1kb", 3, 20, 10
		case "hash":
			c.Hash = "sha1"
		}
		app.Use(bodyparser.New(c))
		app.All("*", func(req *fast.Request, res *fast.Response, next fast.Next) {
			o := &fast.Object{}
			o.Set("body", req.Body())
			if files, ok := bodyparser.Files(req); ok {
				o.Set("files", project(t, uploadDir, files))
			} else {
				o.Set("files", "undefined")
			}
			res.JSON(o)
		})
		return app
	}
	cases := testserver.Load(t, "testdata/golden.json")
	testserver.Replay(t, cases, build, func(t *testing.T, c *testserver.Case, got *testserver.Response) {
		if got.Status != c.Response.Status {
			t.Errorf("status %d, Node %d", got.Status, c.Response.Status)
		}
		if why, ok := skipped[c.Name]; ok {
			t.Skip(why)
		}
		if got.Body != c.Response.Body {
			t.Errorf("body differs:\n got: %s\nNode: %s", got.Body, c.Response.Body)
		}
	})
	left, _ := os.ReadDir(uploadDir)
	for _, e := range left {
		t.Errorf("upload left behind: %s", e.Name())
	}
}
