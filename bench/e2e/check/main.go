// Command check verifies that every server of the end-to-end comparison
// answers both routes correctly before it is measured, and describes the
// bytes each one sends:
//
//	check [-md FILE] name=host:port ...
//
// On one keep-alive connection per server it sends GET / and
// GET /user/alice, and requires status 200 with
//
//	GET /            Content-Type text/plain; charset=utf-8, body Hello, World!
//	GET /user/alice  Content-Type application/json; charset=utf-8, body
//	                 {"name":"alice"} (a trailing newline is noted, not refused)
//
// It prints a Markdown table of the response sizes and of the headers
// beyond the common Content-Type, Content-Length and Date (to FILE with
// -md, else to stdout), and exits 1 if any server answered wrongly.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	md := flag.String("md", "", "write the Markdown table to `file` instead of stdout")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: check [-md FILE] name=host:port ...")
		os.Exit(2)
	}
	var servers []server
	for _, arg := range flag.Args() {
		name, addr, ok := strings.Cut(arg, "=")
		if !ok || name == "" || addr == "" {
			fmt.Fprintf(os.Stderr, "check: %q: want name=host:port\n", arg)
			os.Exit(2)
		}
		servers = append(servers, server{name: name, addr: addr})
	}
	var results []result
	failed := false
	for _, s := range servers {
		r := inspect(s)
		for _, p := range r.problems {
			fmt.Fprintf(os.Stderr, "check: %s: %s\n", s.name, p)
			failed = true
		}
		results = append(results, r)
	}
	var out io.Writer = os.Stdout
	if *md != "" {
		f, err := os.Create(*md)
		if err != nil {
			fmt.Fprintln(os.Stderr, "check:", err)
			os.Exit(1)
		}
		defer f.Close()
		out = f
	}
	if err := writeTable(out, results); err != nil {
		fmt.Fprintln(os.Stderr, "check:", err)
		os.Exit(1)
	}
	if failed {
		os.Exit(1)
	}
}
