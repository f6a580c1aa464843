package cookiesession

import (
	"strings"
	"testing"
)

// FuzzGetCookie checks getCookie against a direct reading of the cookies
// module's regular expression (?:^|;) *name=([^;]*).
func FuzzGetCookie(f *testing.F) {
	for _, s := range []string{"session=a; session.sig=b", "xsession=1;  session=2", `session="q"`, `session="`, "a=1;session=", ""} {
		f.Add(s, "session")
	}
	f.Fuzz(func(t *testing.T, header, name string) {
		if name == "" || strings.ContainsAny(name, ";= ") {
			return
		}
		got, ok := getCookie(header, name)
		// Reference: scan every start position in order.
		var want string
		var wantOK bool
		for i := 0; i <= len(header) && !wantOK; i++ {
			if i != 0 && header[i-1] != ';' {
				continue
			}
			j := i
			for j < len(header) && header[j] == ' ' {
				j++
			}
			if strings.HasPrefix(header[j:], name+"=") {
				v := header[j+len(name)+1:]
				if e := strings.IndexByte(v, ';'); e >= 0 {
					v = v[:e]
				}
				if strings.HasPrefix(v, `"`) {
					if len(v) >= 2 {
						v = v[1 : len(v)-1]
					} else {
						v = ""
					}
				}
				want, wantOK = v, true
			}
		}
		if got != want || ok != wantOK {
			t.Fatalf("getCookie(%q, %q) = %q %v, want %q %v", header, name, got, ok, want, wantOK)
		}
	})
}

// FuzzDeserialize: any cookie value deserializes without panicking, and a
// session that serializes reads back to the same value.
func FuzzDeserialize(f *testing.F) {
	for _, s := range []string{"eyJ2aWV3cyI6MX0=", "e30=", "bnVsbA==", "WzEsMl0=", "IiI=", "!!", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sess, err := deserialize(s)
		if err != nil {
			return
		}
		v, err := sess.serialize()
		if err != nil {
			t.Fatal(err)
		}
		again, err := deserialize(v)
		if err != nil {
			t.Fatalf("re-read %q: %v", v, err)
		}
		v2, _ := again.serialize()
		if v2 != v {
			t.Fatalf("%q -> %q -> %q", s, v, v2)
		}
	})
}
