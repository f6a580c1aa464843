// Package bench compares fw with raw fasthttp and its peers (Fiber, gin,
// httprouter) on the same work: handler-only and full-request-path
// benchmarks for "/" and a parameter route, and the GitHub API route table.
// It is its own module so that the peers never enter fw's go.mod.
//
// Every contender returns the same bytes. Run the comparison with
// bench/run.sh, which records ns/op, allocs/op and callgrind
// instructions/op in RESULTS.md.
package bench
