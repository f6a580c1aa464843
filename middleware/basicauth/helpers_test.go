package basicauth_test

import (
	"strings"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/internal/testserver"
)

// get sends GET / with the given Authorization value ("" for none) and
// returns "status body [challenge]".
func get(app *fast.App, authorization string) string {
	s := testserver.Start(app)
	defer s.Close()
	var h []string
	if authorization != "" {
		h = append(h, "Authorization: "+authorization)
	}
	r := s.Get("/", h...)
	return strings.TrimSpace(strings.Join([]string{itoa(r.Status), r.Body, r.Get("WWW-Authenticate")}, " "))
}

func itoa(n int) string {
	return string([]byte{byte('0' + n/100), byte('0' + n/10%10), byte('0' + n%10)})
}
