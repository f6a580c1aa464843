package mime

import "testing"

// TestExpressUses pins the lookups behind Express's own tests
// (test/res.type.js, res.attachment.js, res.format.js) and the module
// READMEs; the differential tests cover the same and much more.
func TestExpressUses(t *testing.T) {
	t.Parallel()
	send := []struct{ name, in, want string }{
		{"should set the Content-Type based on a filename", "foo.js", "application/javascript"},
		{"should default to application/octet-stream", "rawr", "application/octet-stream"},
		{"should set the Content-Type (res.attachment)", "/path/to/image.png", "image/png"},
		{"should set the Content-Type (res.attachment utf8filename)", "/locales/日本語.txt", "text/plain"},
		{"res.format key text", "text", "text/plain"},
		{"res.format key html", "html", "text/html"},
		{"res.format key json", "json", "application/json"},
		{"README: mime.lookup('/path/to/file.txt')", "/path/to/file.txt", "text/plain"},
		{"README: mime.lookup('file.txt')", "file.txt", "text/plain"},
		{"README: mime.lookup('.TXT')", ".TXT", "text/plain"},
		{"README: mime.lookup('htm')", "htm", "text/html"},
	}
	for _, c := range send {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := Send.Lookup(c.in); got != c.want {
				t.Errorf("Send.Lookup(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
	t.Run("res.type adds charset=utf-8 to application/javascript", func(t *testing.T) {
		t.Parallel()
		if cs, ok := Send.Charset("application/javascript"); !ok || cs != "UTF-8" {
			t.Errorf("Send.Charset = %q, %v", cs, ok)
		}
		if cs, ok := Send.Charset("application/vnd.amazon.ebook"); ok {
			t.Errorf("Send.Charset(application/vnd.amazon.ebook) = %q", cs)
		}
	})
	types := []struct{ name, in, want string }{
		{"README: mime.lookup('json')", "json", "application/json"},
		{"README: mime.lookup('.md')", ".md", "text/markdown"},
		{"README: mime.lookup('file.html')", "file.html", "text/html"},
		{"README: mime.lookup('folder/file.js')", "folder/file.js", "application/javascript"},
		{"README: mime.lookup('folder/.htaccess')", "folder/.htaccess", ""},
		{"README: mime.lookup('cats')", "cats", ""},
	}
	for _, c := range types {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got, _ := Types.Lookup(c.in); got != c.want {
				t.Errorf("Types.Lookup(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
	t.Run("README: mime.contentType('markdown')", func(t *testing.T) {
		t.Parallel()
		for in, want := range map[string]string{
			// The README says text/x-markdown; mime-db 1.52.0 maps md to text/markdown.
			"markdown":                      "text/markdown; charset=utf-8",
			"file.json":                     "application/json; charset=utf-8",
			"text/html":                     "text/html; charset=utf-8",
			"text/html; charset=iso-8859-1": "text/html; charset=iso-8859-1",
		} {
			if got, _ := Types.ContentType(in); got != want {
				t.Errorf("Types.ContentType(%q) = %q, want %q", in, got, want)
			}
		}
	})
	t.Run("README: mime.extension('application/octet-stream')", func(t *testing.T) {
		t.Parallel()
		if got, _ := Types.Extension("application/octet-stream"); got != "bin" {
			t.Errorf("Types.Extension = %q, want bin", got)
		}
		if got, _ := Send.Extension("text/html"); got != "html" {
			t.Errorf("Send.Extension = %q, want html", got)
		}
	})
}
