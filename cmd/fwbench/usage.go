package main

// usageText is fwbench's help.
const usageText = `fwbench: an HTTP/1.1 load tester

Usage:
  fwbench [flags] [URL]             load-test URL; with no URL (and no --targets),
                                    load-test a built-in demo app for 3 seconds
  fwbench compare [flags] URL_A URL_B [URL_C ...]
                                    rounds running every target once (order rotated
                                    each round), medians and ratios to A per round
  fwbench merge a.json b.json ...   merge JSON reports (histograms merge losslessly)

Modes (pick one; --max is the default):
  --max        closed loop: each connection sends its next request as soon as
               the previous response arrives; finds the throughput ceiling
  --rate R     open loop: R requests per second on ONE global schedule shared by
               all connections (not per connection). Latency is measured from
               each request's intended send time, so a stalled server is not
               hidden (coordinated omission corrected); the uncorrected figures
               (from the actual send) are shown beside. Sends more than 1ms behind
               schedule are "late"; sends still unsent 1s after the schedule ends
               are "dropped". A connection takes the next due send whenever it is
               idle; when every connection is busy the send waits (and its wait
               counts in its latency): raise -c if the report says so.
  --stages S   open-loop load plan, e.g. 10s:1k,30s:5k,10s:0: each stage ramps
               linearly from the previous rate (--rate if given, else 0) to its
               own rate; repeat a rate to hold it (10s:5k,60s:5k)

Flags:
  -c N         connections (default 50)
  -d D         duration (default 10s), or
  -n N         number of requests
  -P N         HTTP/1.1 pipelining depth per connection (default 1; alias --pipeline)
  -m METHOD    request method (default GET, or POST with a body)
  -H "K: V"    request header (repeatable)
  -b BODY      request body, or
  -D FILE      request body from a file
  --targets F  weighted targets, one JSON object per line:
                 {"url": "http://host:8080/a", "weight": 3}
                 {"url": "http://host:8080/b", "method": "POST",
                  "headers": {"Content-Type": "application/json"},
                  "body": "{}", "weight": 1}
               fields: url (required), method, headers, body or body_file
               (relative to the targets file), weight (1-1000, default 1);
               -m, -H and -b/-D give the defaults. All targets share one
               scheme and host:port. Lines starting with # are ignored.
  --timeout D  per-request timeout (default 10s)
  --interval D time-series and progress interval (default 1s)
  -k           skip TLS certificate verification (https targets)
  -q           no progress output
  --pid PID    the server's process ID (Linux): report its CPU time per request,
               read from outside (all its threads, before and after the run);
               the server should serve nothing else meanwhile

Output (the text summary goes to stdout, or to stderr when a report uses -):
  --json FILE  JSON report (schema: cmd/fwbench/SCHEMA.md), - for stdout
  --csv FILE   time series as CSV, - for stdout
  --html FILE  self-contained HTML report (inline SVG, no JavaScript)

Compare flags (besides the ones above, applied to every target):
  --rounds N   measured rounds per target (default 5), after one warm-up round
               per target that is discarded; -d is the length of one round
               (default 5s in compare)
  --warmup D   warm-up round length per target (default 1s; 0 for none)
  --labels L   comma-separated names of the targets, in order (default A, B, ...)
  --pid P,P..  one server process ID per target: compares server CPU per request
               (server_cpu) too
Up to 26 targets (A to Z); each is compared with A round by round (B/A, C/A ...).

Exit status: 0 on success, 1 if the run failed or no request succeeded,
2 for a bad command line.
`
