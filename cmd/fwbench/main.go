package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
)

// version is reported in JSON reports.
const version = "0.1.0"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := realMain(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// realMain runs the command line args and returns the exit status: 0 on
// success, 1 when the run failed, 2 for a bad command line.
func realMain(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var err error
	if len(args) > 0 {
		switch args[0] {
		case "compare":
			err = cmdCompare(ctx, args[1:], stdout, stderr)
			return exitCode(err, stderr)
		case "merge":
			err = cmdMerge(args[1:], stdout, stderr)
			return exitCode(err, stderr)
		case "help":
			fmt.Fprint(stdout, usageText)
			return 0
		}
	}
	err = cmdRun(ctx, args, stdout, stderr)
	return exitCode(err, stderr)
}

// exitCode prints err as one line and maps it to an exit status.
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "fwbench: %s (fwbench -h for help)\n", ue.msg)
		return 2
	}
	if errors.Is(err, errFailed) {
		return 1
	}
	msg := err.Error()
	const prefix = "fwbench: "
	if len(msg) >= len(prefix) && msg[:len(prefix)] == prefix {
		msg = msg[len(prefix):]
	}
	fmt.Fprintf(stderr, "fwbench: %s\n", msg)
	return 1
}

// errFailed is returned after a report was printed for a run in which no
// request succeeded: exit status 1, nothing more to print.
var errFailed = errors.New("fwbench: no request succeeded")
