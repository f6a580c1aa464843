package bodyparser

import (
	"os"
	"testing"
)

// FuzzForm runs whole bodies through the form (headers, names, file
// names, base64, limits, qs nesting): never a panic, and a failed form
// leaves no file behind.
func FuzzForm(f *testing.F) {
	for _, s := range []string{
		"--B\r\nContent-Disposition: form-data; name=\"a[b][]\"\r\n\r\n1\r\n--B--\r\n",
		"--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"C:\\\\x\\\\a.txt\"\r\nContent-Type: text/plain\r\n\r\nabc\r\n--B--",
		"--B\r\nContent-Disposition: form-data; name=\"f\"; filename*=utf-8''%E6%97%A5\r\nContent-Transfer-Encoding: base64\r\n\r\naGk=\r\n--B\r\n",
		"--B\r\nContent-Disposition: form-data; name=\"__proto__[x]\"\r\n\r\n\xff\xfe\r\n--B\r\nContent-Transfer-Encoding: x\r\n\r\n",
		"--B\r\nContent-Disposition: form-data; name=\"a[999999999]\"; filename=\"&#9999;%22.tar.gz\"\r\n\r\n\r\n--B--",
	} {
		f.Add(s)
	}
	dir := f.TempDir()
	m := &multipart{limit: 1 << 20, uploadDir: dir, keepExt: true, maxFields: 5, maxFieldsSize: 64, maxFilesSize: 64, hash: hashes["md5"]}
	f.Fuzz(func(t *testing.T, body string) {
		fm := &form{m: m}
		p := newParser("B", fm)
		err := p.write([]byte(body))
		if err == nil {
			err = p.finish()
		}
		if err == nil {
			if _, err = fm.fields.build(); err == nil {
				_, err = fm.files.build()
			}
		}
		fm.cleanup() // the success path leaves files to the application
		if left, _ := os.ReadDir(dir); len(left) > 0 {
			t.Fatalf("files left behind: %d (form error %v)", len(left), err)
		}
	})
}

// FuzzContentType: boundaryOf and parseFilename take any header.
func FuzzContentType(f *testing.F) {
	for _, s := range []string{"multipart/form-data; boundary=x", `multipart/related; a=";"; BOUNDARY="q q"`, "multipart/form-data;boundary", `form-data; filename*=utf-8''%F0%9F%98%80; x`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if b, ok := boundaryOf(s); ok && b == "" {
			t.Fatalf("boundaryOf(%q): empty boundary", s)
		}
		parseFilename(s)
		partName(s)
	})
}
