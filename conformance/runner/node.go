package runner

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Node is a running node process serving the JavaScript scenario apps
// (conformance/js/server.js), one HTTP server per scenario and env mode.
type Node struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	ports map[string]int
	// Versions reports what answered: {"express": "4.22.3", "node": "v20..."}.
	Versions map[string]string
}

// StartNode runs `node server.js` in jsDir with the fixture directory and
// the apps to serve as "scenario/app/env" (app may be empty), and waits for
// it to report the ports.
// The process ends when Close is called (its stdin closes).
func StartNode(jsDir, fixtures string, pairs []string) (*Node, error) {
	return StartNodePreloaded(jsDir, fixtures, pairs)
}

// StartNodePreloaded is StartNode with modules node preloads (node -r),
// as paths; the fuzz mode preloads js/tools/fuzz-hook.js.
func StartNodePreloaded(jsDir, fixtures string, pairs []string, preload ...string) (*Node, error) {
	if _, err := os.Stat(filepath.Join(jsDir, "node_modules", "express")); err != nil {
		return nil, fmt.Errorf("express is not installed in %s: run `npm ci` there", jsDir)
	}
	var args []string
	for _, p := range preload {
		args = append(args, "-r", p)
	}
	args = append(append(args, "--no-deprecation", "server.js", "--fixtures", fixtures), pairs...)
	cmd := exec.Command("node", args...)
	cmd.Dir = jsDir
	cmd.Stderr = os.Stderr
	cmd.Env = append(os.Environ(), "NODE_ENV=")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting node: %w", err)
	}
	n := &Node{cmd: cmd, stdin: stdin}
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(stdout).ReadString('\n')
		line <- s
		io.Copy(io.Discard, stdout)
	}()
	select {
	case s := <-line:
		var hello struct {
			Ports    map[string]int    `json:"ports"`
			Versions map[string]string `json:"versions"`
		}
		if err := json.Unmarshal([]byte(s), &hello); err != nil {
			n.Close()
			return nil, fmt.Errorf("node server: bad hello %q: %v", strings.TrimSpace(s), err)
		}
		n.ports, n.Versions = hello.Ports, hello.Versions
	case <-time.After(30 * time.Second):
		n.Close()
		return nil, fmt.Errorf("node server did not start in 30s")
	}
	return n, nil
}

// Start returns a dialer for the server of a scenario's app in env mode.
func (n *Node) Start(scenario, app, env string) (Dialer, error) {
	key := scenario + "/" + app + "/" + env
	port, ok := n.ports[key]
	if !ok {
		return nil, fmt.Errorf("node serves no %s", key)
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	return func() (net.Conn, error) { return net.Dial("tcp", addr) }, nil
}

// Close stops the node process it started.
func (n *Node) Close() error {
	n.stdin.Close()
	done := make(chan error, 1)
	go func() { done <- n.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		n.cmd.Process.Kill()
		<-done
	}
	return nil
}
