package engine

import (
	"context"
	"net"
	"sync/atomic"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
)

// testServer serves h on 127.0.0.1 on a free port until the test ends.
func testServer(t *testing.T, h fasthttp.RequestHandler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &fasthttp.Server{Handler: h}
	go srv.Serve(ln) //nolint:errcheck
	t.Cleanup(func() { ln.Close() })
	return "http://" + ln.Addr().String()
}

func hello(ctx *fasthttp.RequestCtx) { ctx.SetBodyString("Hello, World!") }

func mustRun(t *testing.T, cfg *Config) *Result {
	t.Helper()
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestRunMaxDuration(t *testing.T) {
	t.Parallel()
	url := testServer(t, hello)
	res := mustRun(t, &Config{Targets: []Target{{URL: url + "/"}}, Connections: 4, Duration: 300 * time.Millisecond, Interval: 100 * time.Millisecond})
	tot := res.Total
	if tot.Requests == 0 || tot.Status[200] != tot.Requests || tot.ErrorCount() != 0 {
		t.Fatalf("requests %d, 200s %d, errors %v", tot.Requests, tot.Status[200], tot.Errors)
	}
	if tot.Sent != tot.Requests || tot.Latency.TotalCount() != tot.Requests {
		t.Errorf("sent %d, latency count %d, requests %d", tot.Sent, tot.Latency.TotalCount(), tot.Requests)
	}
	if res.Elapsed < 300*time.Millisecond || res.Elapsed > 3*time.Second {
		t.Errorf("elapsed %v for a 300ms run", res.Elapsed)
	}
	var sum int64
	for _, p := range res.Series {
		sum += p.Requests
	}
	if len(res.Series) < 1 || sum != tot.Requests {
		t.Errorf("%d intervals summing to %d requests, want >= 1 summing to %d", len(res.Series), sum, tot.Requests)
	}
}

func TestRunCountAndPipelining(t *testing.T) {
	t.Parallel()
	for _, depth := range []int{1, 8} {
		var served atomic.Int64
		url := testServer(t, func(ctx *fasthttp.RequestCtx) {
			served.Add(1)
			if string(ctx.Method()) == "POST" && string(ctx.PostBody()) != "ping" {
				ctx.SetStatusCode(400)
			}
			hello(ctx)
		})
		targets := []Target{
			{URL: url + "/a", Weight: 3},
			{Method: "POST", URL: url + "/b", Body: []byte("ping")},
			{Method: "HEAD", URL: url + "/c"},
		}
		res := mustRun(t, &Config{Targets: targets, Connections: 3, Pipeline: depth, Requests: 2000})
		tot := res.Total
		if tot.Requests != 2000 || tot.Status[200] != 2000 || served.Load() != 2000 {
			t.Errorf("depth %d: %d responses (%d 200s), server saw %d, errors %v; want 2000", depth, tot.Requests, tot.Status[200], served.Load(), tot.Errors)
		}
	}
}

func TestRunWeights(t *testing.T) {
	t.Parallel()
	var a, b atomic.Int64
	url := testServer(t, func(ctx *fasthttp.RequestCtx) {
		if string(ctx.Path()) == "/a" {
			a.Add(1)
		} else {
			b.Add(1)
		}
	})
	mustRun(t, &Config{Targets: []Target{{URL: url + "/a", Weight: 9}, {URL: url + "/b"}}, Connections: 2, Requests: 5000})
	if share := float64(a.Load()) / 5000; share < 0.85 || share > 0.95 {
		t.Errorf("weight 9:1 gave /a %.3f of requests", share)
	}
}

func TestRunTimeout(t *testing.T) {
	t.Parallel()
	block := make(chan struct{})
	t.Cleanup(func() { close(block) })
	url := testServer(t, func(ctx *fasthttp.RequestCtx) {
		if string(ctx.Path()) == "/stuck" {
			<-block
		}
	})
	start := time.Now()
	res := mustRun(t, &Config{Targets: []Target{{URL: url + "/stuck"}}, Connections: 2, Requests: 2, Timeout: 200 * time.Millisecond})
	if res.Total.Errors[ErrTimeout] != 2 || res.Total.Requests != 0 {
		t.Errorf("errors %v, requests %d: want timeouts only", res.Total.Errors, res.Total.Requests)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("run took %v", d)
	}
}

func TestRunConnectErrors(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	res := mustRun(t, &Config{Targets: []Target{{URL: "http://" + addr + "/"}}, Connections: 2, Duration: 100 * time.Millisecond})
	if res.Total.Errors[ErrConnect] == 0 || res.Total.Requests != 0 {
		t.Errorf("errors %v, requests %d", res.Total.Errors, res.Total.Requests)
	}
}

// TestRunRateCorrectsStalls is the coordinated-omission check: a server that
// stalls every handler for 100ms of every 400ms, loaded at a fixed rate
// with too few connections to ride out a stall. Requests due during a stall
// must be measured from when they were due, so a quarter of them carry up to
// 100ms and the corrected p95 is far above the uncorrected one.
func TestRunRateCorrectsStalls(t *testing.T) {
	t.Parallel()
	start := time.Now()
	const stall, period = 100 * time.Millisecond, 400 * time.Millisecond
	url := testServer(t, func(ctx *fasthttp.RequestCtx) {
		if in := time.Since(start) % period; in < stall {
			time.Sleep(stall - in)
		}
		hello(ctx)
	})
	res := mustRun(t, &Config{Targets: []Target{{URL: url}}, Connections: 20, Rate: 2000, Duration: 1200 * time.Millisecond})
	tot := res.Total
	if res.Scheduled != 2400 || tot.Sent+res.Dropped != res.Scheduled {
		t.Errorf("scheduled %d, sent %d, dropped %d", res.Scheduled, tot.Sent, res.Dropped)
	}
	p95 := tot.Latency.ValueAtPercentile(95)
	u95 := tot.Service.ValueAtPercentile(95)
	if p95 < 50_000 {
		t.Errorf("corrected p95 = %dµs, want >= 50ms", p95)
	}
	if u95 >= p95 {
		t.Errorf("uncorrected p95 %dµs >= corrected p95 %dµs", u95, p95)
	}
	if tot.Lag.TotalCount() != tot.Sent || tot.Late == 0 || res.QueueFull == 0 {
		t.Errorf("lag count %d, sent %d, late %d, queue full %d", tot.Lag.TotalCount(), tot.Sent, tot.Late, res.QueueFull)
	}
}

func TestRunRateKeepsSchedule(t *testing.T) {
	t.Parallel()
	url := testServer(t, hello)
	res := mustRun(t, &Config{Targets: []Target{{URL: url}}, Connections: 10, Rate: 500, Duration: 500 * time.Millisecond})
	if res.Scheduled != 250 || res.Total.Sent+res.Dropped != 250 {
		t.Errorf("scheduled %d, sent %d, dropped %d", res.Scheduled, res.Total.Sent, res.Dropped)
	}
	// The run lasts the schedule, not less: 250 sends at 500/s take 500ms.
	if res.Elapsed < 495*time.Millisecond {
		t.Errorf("elapsed %v", res.Elapsed)
	}
}

func TestRunInterrupted(t *testing.T) {
	t.Parallel()
	url := testServer(t, hello)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Cancel at the first interval, at least 50ms into the run.
	cfg := &Config{Targets: []Target{{URL: url}}, Connections: 2, Rate: 1000, Duration: time.Hour,
		Interval: 50 * time.Millisecond, OnInterval: func(Point, *Window) { cancel() }}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	res, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Interrupted || res.Elapsed > 5*time.Second {
		t.Errorf("interrupted %v after %v", res.Interrupted, res.Elapsed)
	}
	if res.Scheduled < 40 || res.Scheduled > int64(res.Elapsed/time.Millisecond)+50 || res.Total.Sent > res.Scheduled {
		t.Errorf("scheduled %d, sent %d in %v of 1000/s", res.Scheduled, res.Total.Sent, res.Elapsed)
	}
}

func TestRunHeadersAndBodyRoundTrip(t *testing.T) {
	t.Parallel()
	var bad atomic.Int64
	url := testServer(t, func(ctx *fasthttp.RequestCtx) {
		if string(ctx.Method()) != "PUT" || string(ctx.Request.Header.Peek("X-Token")) != "abc" ||
			string(ctx.Request.Header.ContentType()) != "application/json" || string(ctx.PostBody()) != `{"k":"v"}` ||
			string(ctx.Request.Header.UserAgent()) != "fwbench" || string(ctx.URI().QueryString()) != "q=1&r=%20" {
			bad.Add(1)
		}
	})
	tg := Target{Method: "PUT", URL: url + "/p?q=1&r=%20", Body: []byte(`{"k":"v"}`),
		Header: []Header{{"X-Token", "abc"}, {"Content-Type", "application/json"}}}
	res := mustRun(t, &Config{Targets: []Target{tg}, Connections: 2, Requests: 50})
	if res.Total.Requests != 50 || bad.Load() != 0 {
		t.Errorf("%d responses, %d requests differed from what was configured", res.Total.Requests, bad.Load())
	}
}

func TestRunRateWithCount(t *testing.T) {
	t.Parallel()
	url := testServer(t, hello)
	res := mustRun(t, &Config{Targets: []Target{{URL: url}}, Connections: 4, Rate: 1000, Requests: 100})
	if res.Scheduled != 100 || res.Total.Sent != 100 || res.Total.Requests != 100 {
		t.Errorf("scheduled %d, sent %d, responses %d; want 100", res.Scheduled, res.Total.Sent, res.Total.Requests)
	}
	if res.Elapsed < 99*time.Millisecond || res.Elapsed > 2*time.Second {
		t.Errorf("100 requests at 1000/s took %v", res.Elapsed)
	}
}

func TestTargetValidation(t *testing.T) {
	t.Parallel()
	for _, tg := range []Target{
		{URL: "http://h/", Header: []Header{{"Bad Name", "v"}}},
		{URL: "http://h/", Header: []Header{{"X", "a\r\nInjected: 1"}}},
		{URL: "http://h/", Header: []Header{{"Transfer-Encoding", "chunked"}}},
		{URL: "http://h/", Method: "G ET"},
		{URL: "http://user:pw@h/"},
		{URL: "http:///path"},
		{URL: "/relative"},
		{URL: "http://h/", Weight: -1},
	} {
		if err := tg.prepare(); err == nil {
			t.Errorf("%+v accepted", tg)
		}
	}
	tg := Target{URL: "https://example.com/a%2Fb?x=1", Header: []Header{{"Host", "other"}}}
	if err := tg.prepare(); err != nil {
		t.Fatal(err)
	}
	want := "GET /a%2Fb?x=1 HTTP/1.1\r\nUser-Agent: fwbench\r\nHost: other\r\n\r\n"
	if string(tg.Raw()) != want || tg.Addr() != "example.com:443" {
		t.Errorf("raw %q addr %q", tg.Raw(), tg.Addr())
	}
}

// TestRunRateDropsWhatItCannotSend: a server slower than the schedule makes
// sends queue; once the schedule and its drain grace are over the run stops
// and counts the rest as dropped, instead of sending late for ever.
func TestRunRateDropsWhatItCannotSend(t *testing.T) {
	t.Parallel()
	url := testServer(t, func(ctx *fasthttp.RequestCtx) { time.Sleep(10 * time.Millisecond) })
	start := time.Now()
	res := mustRun(t, &Config{Targets: []Target{{URL: url}}, Connections: 2, Rate: 2000, Duration: 300 * time.Millisecond})
	took := time.Since(start)
	if res.Scheduled != 600 || res.Dropped == 0 || res.Total.Sent+res.Dropped != 600 {
		t.Errorf("scheduled %d, sent %d, dropped %d", res.Scheduled, res.Total.Sent, res.Dropped)
	}
	// Dropped > 0 above is the check that sending stopped (sending on would
	// have sent all 600); this only guards against a hang.
	if took > 10*time.Second {
		t.Errorf("the run took %v", took)
	}
}
