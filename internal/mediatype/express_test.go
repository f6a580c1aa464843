package mediatype

import "testing"

// TestReqIs ports test/req.is.js: req.is(type) is Is on the request's
// Content-Type (the requests there all have a body).
func TestReqIs(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, contentType, typ string
		want                   string // "" for false
	}{
		{"when given a mime type: should return the type when matching", "application/json", "application/json", "application/json"},
		{"when given a mime type: should return false when not matching", "application/json", "image/jpeg", ""},
		{"when given a mime type: should ignore charset", "application/json; charset=UTF-8", "application/json", "application/json"},
		{"when content-type is not present: should return false", "", "application/json", ""},
		{"when given an extension: should lookup the mime type", "application/json", "json", "json"},
		{"when given */subtype: should return the full type when matching", "application/json", "*/json", "application/json"},
		{"when given */subtype: should return false when not matching", "application/json", "*/html", ""},
		{"when given */subtype: should ignore charset", "application/json; charset=UTF-8", "*/json", "application/json"},
		{"when given type/*: should return the full type when matching", "application/json", "application/*", "application/json"},
		{"when given type/*: should return false when not matching", "application/json", "text/*", ""},
		{"when given type/*: should ignore charset", "application/json; charset=UTF-8", "application/*", "application/json"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, ok := Is(c.contentType, c.typ)
			if c.want == "" && ok || c.want != "" && got != c.want {
				t.Errorf("Is(%q, %q) = %q, %v; want %q", c.contentType, c.typ, got, ok, c.want)
			}
		})
	}
}

// TestReadmeExamples ports the examples of the content-type and type-is
// READMEs.
func TestReadmeExamples(t *testing.T) {
	t.Parallel()
	t.Run("contentType.parse", func(t *testing.T) {
		t.Parallel()
		c, err := Parse("image/svg+xml; charset=utf-8")
		if err != nil || c.Type != "image/svg+xml" || len(c.Params) != 1 || c.Params[0] != (Param{"charset", "utf-8"}) {
			t.Errorf("Parse = %+v, %v", c, err)
		}
	})
	t.Run("contentType.format", func(t *testing.T) {
		t.Parallel()
		s, err := Format(ContentType{Type: "image/svg+xml", Params: []Param{{"charset", "utf-8"}}})
		if err != nil || s != "image/svg+xml; charset=utf-8" {
			t.Errorf("Format = %q, %v", s, err)
		}
	})
	is := []struct {
		contentType string
		types       []string
		want        string
	}{
		{"application/json", []string{"json"}, "json"},
		{"application/json", []string{"html", "json"}, "json"},
		{"application/json", []string{"application/*"}, "application/json"},
		{"application/json", []string{"application/json"}, "application/json"},
		{"application/json", []string{"html"}, ""},
		{"text/html; charset=utf-8", []string{"text/*"}, "text/html"},
		{"text/html; charset=utf-8", nil, "text/html"},
		{"application/vnd+json", []string{"+json"}, "application/vnd+json"},
		{"application/x-www-form-urlencoded", []string{"urlencoded"}, "urlencoded"},
		{"multipart/form-data; boundary=x", []string{"multipart"}, "multipart"},
		{"multipart/form-data; boundary=x", []string{"multipart/*"}, "multipart/form-data"},
	}
	for _, c := range is {
		got, ok := Is(c.contentType, c.types...)
		if c.want == "" && ok || c.want != "" && got != c.want {
			t.Errorf("Is(%q, %q) = %q, %v; want %q", c.contentType, c.types, got, ok, c.want)
		}
	}
	if !HasBody(true, "", false) || !HasBody(false, "0", true) || HasBody(false, "", false) {
		t.Error("HasBody disagrees with type-is's README")
	}
}
