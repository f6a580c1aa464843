// Command fwbench is an HTTP/1.1 load tester for services built with fast
// (or anything else that speaks HTTP/1.1).
//
//	go run ./cmd/fwbench                      # load-test the built-in demo app for 3s
//	fwbench -c 50 -d 30s http://127.0.0.1:3000/          # --max: closed loop
//	fwbench --rate 20k -d 30s http://127.0.0.1:3000/     # open loop, fixed schedule
//	fwbench --stages 10s:1k,30s:5k http://127.0.0.1:3000/
//	fwbench compare http://127.0.0.1:3000/ http://127.0.0.1:3001/
//	fwbench compare --labels fasthttp,fast,gin --pid 101,102,103 URL_A URL_B URL_C
//	fwbench merge a.json b.json
//
// `fwbench -h` lists every flag; SCHEMA.md documents the JSON reports.
//
// # Measurement model
//
// Each connection is one goroutine with its own raw HTTP/1.1 client: requests
// are serialized once, responses are parsed only as far as framing needs
// (status, Content-Length, chunked, Connection) and their bodies counted and
// skipped. In --max mode each connection sends as soon as its previous
// response (or its pipelined batch) is in. In --rate and --stages mode one
// pacer releases sends on a global schedule; a free connection takes the
// next due send, and latency is measured from the send's intended time, so
// a server that stalls is charged for every request it delayed
// (coordinated omission corrected; the uncorrected figures are reported
// beside). Latencies go into HDR histograms (1µs to 1h, 3 significant
// digits) whose memory does not depend on the number of requests; the JSON
// report carries them so runs merge without loss.
//
// fwbench reports its own CPU time per request and, in open-loop mode, its
// send lag, and warns when it rather than the server may be the bottleneck.
// Given the server's process ID (--pid, Linux), it reads the server's CPU
// time from outside before and after each run and reports CPU per request.
//
// # Comparisons
//
// `fwbench compare` measures two or more targets in rounds: one discarded
// warm-up run per target, then rounds that each run every target once, in
// an order rotated by one target per round, so that no target always goes
// first or follows the same neighbour. Every figure of every target is
// divided by the first target's (A's) in the same round; the report gives
// the median of those ratios and their range, which stay meaningful when a
// shared machine's load drifts between rounds.
package main
