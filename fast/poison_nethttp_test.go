//go:build fwpoison

package fast

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// TestPoisonThroughNetHTTP is the leak canary through App.ServeHTTP: values
// a handler keeps past its request are poisoned, as under fasthttp, while
// net/http serves requests concurrently; and every concurrent answer is
// built from its own request.
func TestPoisonThroughNetHTTP(t *testing.T) {
	var mu sync.Mutex
	kept := map[string]string{}
	app := New()
	router := NewRouter()
	router.Get("/user/:id", func(req *Request, res *Response, next Next) {
		id := req.Params().Get("id")
		mu.Lock()
		kept[strings.Clone(id)] = id // the value is a view of the request
		mu.Unlock()
		res.Set("X-Id", req.Get("X-Id")).Send(id + "|" + req.BaseURL())
	})
	app.Use("/api", router)
	srv := httptest.NewServer(app)
	defer srv.Close()
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 25 {
				id := strings.Repeat(string(rune('a'+w)), 1+i%5) + string(rune('0'+i%10))
				req, _ := http.NewRequest("GET", srv.URL+"/api/user/"+id, nil)
				req.Header.Set("X-Id", id)
				resp, err := srv.Client().Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if string(b) != id+"|/api" || resp.Header.Get("X-Id") != id {
					t.Errorf("request %s answered %q X-Id %q", id, b, resp.Header.Get("X-Id"))
				}
			}
		}()
	}
	wg.Wait()
	for want, v := range kept {
		if v == want || strings.Trim(v, "\xa5") != "" {
			t.Errorf("param %q kept past its request reads %q; want it poisoned (all 0xA5)", want, v)
		}
	}
}
