package disposition

import "testing"

// TestExpress ports the Content-Disposition expectations of
// test/res.attachment.js and test/res.download.js.
func TestExpress(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, filename, want string }{
		{"should add the filename param", "/path/to/image.png", `attachment; filename="image.png"`},
		{"should add the filename and filename* params", "/locales/日本語.txt",
			`attachment; filename="???.txt"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.txt`},
		{".download(path): should transfer as an attachment", "test/fixtures/user.html", `attachment; filename="user.html"`},
		{".download(path, filename): should provide an alternate filename", "document", `attachment; filename="document"`},
		{".download(path, fn): should invoke the callback", "test/fixtures/name.txt", `attachment; filename="name.txt"`},
		{".download(path, options): should allow options to res.sendFile()", "test/fixtures/.name", `attachment; filename=".name"`},
		{"with root: should resolve relative to root", "fake/../name.txt", `attachment; filename="name.txt"`},
		{"README: contentDisposition('∫ maths.pdf')", "∫ maths.pdf", `attachment; filename="? maths.pdf"; filename*=UTF-8''%E2%88%AB%20maths.pdf`},
		{"README: EURO rates", "€ rates.txt", `attachment; filename="? rates.txt"; filename*=UTF-8''%E2%82%AC%20rates.txt`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := Attachment(c.filename); got != c.want {
				t.Errorf("Attachment(%q) = %q, want %q", c.filename, got, c.want)
			}
		})
	}
	t.Run("should Content-Disposition to attachment", func(t *testing.T) {
		t.Parallel()
		if got, err := FormatType(""); got != "attachment" || err != nil {
			t.Errorf("FormatType(\"\") = %q, %v", got, err)
		}
	})
	t.Run("README: parse", func(t *testing.T) {
		t.Parallel()
		d, err := Parse(`attachment; filename="EURO rates.txt"; filename*=UTF-8''%e2%82%ac%20rates.txt`)
		if err != nil || d.Type != "attachment" || len(d.Params) != 1 || d.Params["filename"] != "€ rates.txt" {
			t.Errorf("Parse = %+v, %v", d, err)
		}
	})
}
