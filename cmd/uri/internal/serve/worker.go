package serve

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/seed42851778/rfc3986/cmd/uri/internal/serve/api"
)

// A grammar has no cost that its size bounds: a recursive grammar matched
// against a string of 4 KiB can take minutes, and Go cannot stop a
// goroutine. So the server computes the workbench's answers in child
// processes, which it kills at the deadline: a process a request, at most
// a few at a time.

// WorkerEnv is the environment variable that makes `uri serve` a worker:
// it reads one request on its standard input, writes the answer on its
// standard output and exits (RunWorker).
const WorkerEnv = "URI_SERVE_WORKER"

// workerMemory bounds the address space of a worker (RunWorker), so that
// a grammar that builds a large memo table fails rather than starves the
// machine. The Go runtime reserves about 1 GiB of it at start.
const workerMemory = 3 << 30

// maxAnswer bounds what a worker may write.
const maxAnswer = 32 << 20

// Workers runs the computations of the workbench in child processes.
type Workers struct {
	command []string
	slots   chan struct{}
}

// NewWorkers returns Workers that run command (a program and its arguments
// that calls RunWorker when WorkerEnv is "1", such as the uri binary's
// "serve") with WorkerEnv set, at most n at a time.
func NewWorkers(command []string, n int) *Workers {
	return &Workers{command: command, slots: make(chan struct{}, max(n, 1))}
}

// Do answers path and body in a worker, or with an error when ctx ends
// first: while it waits for a free worker, or while the worker computes,
// which it then kills.
func (ws *Workers) Do(ctx context.Context, path string, body []byte) (int, []byte) {
	start := time.Now()
	select {
	case ws.slots <- struct{}{}:
	case <-ctx.Done():
		return api.Refuse(http.StatusServiceUnavailable, "the server is busy with other grammars: try again")
	}
	defer func() { <-ws.slots }()
	cmd := exec.CommandContext(ctx, ws.command[0], ws.command[1:]...)
	cmd.Env = append(os.Environ(), WorkerEnv+"=1")
	cmd.Stdin = io.MultiReader(bytes.NewReader([]byte(path+"\n")), bytes.NewReader(body))
	var out, errOut limited
	cmd.Stdout, cmd.Stderr = &out, &errOut
	cmd.WaitDelay = 100 * time.Millisecond
	err := cmd.Run()
	if ctx.Err() != nil {
		return api.Refuse(http.StatusUnprocessableEntity, "stopped after "+strconv.FormatFloat(time.Since(start).Seconds(), 'f', 1, 64)+
			" s: this grammar and these strings cost more than the page computes for one request "+
			"(a recursive or ambiguous grammar matched against a long string can cost the cube of its length); "+
			"shorten the strings or simplify the grammar")
	}
	status, answer, ok := parseAnswer(out.Bytes())
	if err != nil || !ok {
		msg := "the computation failed"
		if bytes.Contains(errOut.Bytes(), []byte("out of memory")) {
			msg = "the computation needed more memory than the page gives one request (about 2 GiB): shorten the strings or simplify the grammar"
		}
		return api.Refuse(http.StatusUnprocessableEntity, msg)
	}
	return status, answer
}

// limited is a buffer that keeps at most maxAnswer bytes.
type limited struct{ bytes.Buffer }

func (l *limited) Write(p []byte) (int, error) {
	if l.Len()+len(p) > maxAnswer {
		return 0, errors.New("answer too long")
	}
	return l.Buffer.Write(p)
}

// parseAnswer splits a worker's output: the status, a line feed, the body.
func parseAnswer(out []byte) (int, []byte, bool) {
	line, body, ok := bytes.Cut(out, []byte("\n"))
	if !ok {
		return 0, nil, false
	}
	status, err := strconv.Atoi(string(line))
	if err != nil || status < 100 || status > 599 {
		return 0, nil, false
	}
	return status, body, true
}

// RunWorker is the worker: it reads a path, a line feed and a request body
// from r, and writes the status, a line feed and the answer of api.Do to
// w. It returns the exit status.
func RunWorker(r io.Reader, w io.Writer) int {
	limitMemory(workerMemory)
	debug.SetMemoryLimit(workerMemory / 3)
	in, err := io.ReadAll(io.LimitReader(r, api.MaxBody+64))
	if err != nil {
		return 1
	}
	path, body, ok := bytes.Cut(in, []byte("\n"))
	if !ok {
		return 1
	}
	status, answer := api.Do(string(path), body)
	if _, err := w.Write(append([]byte(strconv.Itoa(status)+"\n"), answer...)); err != nil {
		return 1
	}
	return 0
}
