package runner

import (
	"bufio"
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

// Example is an original Express example running in node, started by
// StartExample.
type Example struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	addr  string
}

// StartExample runs examples/NAME/index.js of an Express checkout in node
// with NODE_ENV=test, the listen hook of conformance/js/tools preloaded so
// that it listens on a free loopback port, and waits for that port.
func StartExample(hook, checkout, name string) (*Example, error) {
	script := filepath.Join(checkout, "examples", name, "index.js")
	if _, err := os.Stat(script); err != nil {
		return nil, err
	}
	cmd := exec.Command("node", "--no-deprecation", "-r", hook, script)
	cmd.Dir = filepath.Dir(script)
	cmd.Env = append(os.Environ(), "NODE_ENV=test")
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &Example{cmd: cmd, stdin: stdin}
	port := make(chan int, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if p, ok := strings.CutPrefix(sc.Text(), "FW_LISTENING "); ok {
				n, _ := strconv.Atoi(p)
				port <- n
			}
		}
	}()
	select {
	case p := <-port:
		e.addr = net.JoinHostPort("127.0.0.1", strconv.Itoa(p))
	case <-time.After(30 * time.Second):
		e.Close()
		return nil, fmt.Errorf("example %s did not listen in 30s", name)
	}
	return e, nil
}

// Start implements Servers: every app of the suite is the example.
func (e *Example) Start(scenario, app, env string) (Dialer, error) {
	return func() (net.Conn, error) { return net.Dial("tcp", e.addr) }, nil
}

// Close stops the node process.
func (e *Example) Close() {
	e.stdin.Close()
	done := make(chan struct{})
	go func() { e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		e.cmd.Process.Kill()
		<-done
	}
}
