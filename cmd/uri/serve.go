package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"

	"github.com/seed42851778/rfc3986/cmd/uri/internal/serve"
)

var serveCmd = &command{
	name:  "serve",
	short: "serve a page of the readings side by side and an ABNF workbench",
	long: `
Serve serves one page, on http://127.0.0.1:8080/ by default, with two tools:
the readings of a text by RFC 3986, the URL Standard and net/url side by side
(what "uri readings" prints), with the parts that differ and the hazards
marked, and an ABNF workbench: a grammar, its compile errors at their line
and column, test strings accepted with their tree or refused at their
farthest failure, railroad diagrams of its rules, and generated examples and
near misses. The page's address carries its text (?input=...&base=...).

The page and everything it uses are in the binary: nothing is fetched from
elsewhere. The server is safe to leave running: it listens on loopback
unless -addr says otherwise, answers only requests to localhost or a
loopback address (unless it listens elsewhere), bounds every request (1 MiB,
64 KiB a text), computes each answer of the workbench in a child process of
its own (this binary, with URI_SERVE_WORKER=1 in its environment) that it
stops after 0.9 s, sends a Content-Security-Policy that allows no inline
script, and never sends a password back.`,
	noURIs: true,
	flags: func(cmd *command, fs *flag.FlagSet) func(e env, args []string) int {
		addr := fs.String("addr", "127.0.0.1:8080", "listen on `ADDRESS` (host:port; port 0 picks a free one)")
		return func(e env, args []string) int {
			if os.Getenv(serve.WorkerEnv) == "1" {
				return serve.RunWorker(e.stdin, e.stdout)
			}
			if len(args) > 0 {
				return cmd.usageError(e, "serve takes no arguments")
			}
			return runServe(e, *addr)
		}
	},
}

// runServe listens on addr and serves the page until interrupted.
func runServe(e env, addr string) int {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(e.stderr, "uri serve: cannot find this program to run its workers: %v\n", err)
		return 1
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(e.stderr, "uri serve: %v\n", err)
		return 1
	}
	host, _, _ := net.SplitHostPort(ln.Addr().String())
	ip := net.ParseIP(host)
	loopback := ip != nil && ip.IsLoopback()
	workers := serve.NewWorkers([]string{exe, "serve"}, runtime.GOMAXPROCS(0))
	workers.Warm()
	h := serve.Handler(serve.Options{
		Worker:  workers,
		AnyHost: !loopback,
	})
	srv := serve.Server(h)
	fmt.Fprintf(e.stdout, "serving the page on http://%s/\n", ln.Addr())
	if !loopback {
		fmt.Fprintf(e.stderr, "uri serve: listening beyond loopback, on %s: anyone who reaches it can use the page\n", ln.Addr())
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		srv.Shutdown(context.Background())
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(e.stderr, "uri serve: %v\n", err)
		return 1
	}
	return 0
}
