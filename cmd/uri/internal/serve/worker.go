package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"sync"
	"time"

	"github.com/seed42851778/rfc3986/cmd/uri/internal/serve/api"
)

// A grammar has no cost that its size bounds: a recursive grammar matched
// against a string of 4 KiB can take minutes, and Go cannot stop a
// goroutine. So the server computes the workbench's answers in child
// processes, which it kills at the deadline and replaces. A worker answers
// one request after another (keeping the grammars it compiled: package
// api's cache), so that a request costs no process start, and is replaced
// after maxServed requests, so that no cache grows old in it.

// WorkerEnv is the environment variable that makes `uri serve` a worker:
// it reads requests on its standard input and writes their answers on its
// standard output until its input ends (RunWorker).
const WorkerEnv = "URI_SERVE_WORKER"

// workerMemory bounds the address space of a worker (RunWorker), so that
// a grammar that builds a large memo table fails rather than starves the
// machine. The Go runtime reserves about 1 GiB of it at start.
const workerMemory = 3 << 30

// maxAnswer bounds what a worker may answer to one request.
const maxAnswer = 32 << 20

// maxServed is how many requests a worker answers before it is replaced.
const maxServed = 500

// Workers runs the computations of the workbench in child processes.
type Workers struct {
	command []string
	idle    chan *worker  // workers waiting for a request
	slots   chan struct{} // one for each worker alive or starting
}

// worker is one child process and the pipes to it.
type worker struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr *limited
	served int
}

// NewWorkers returns Workers that run command (a program and its arguments
// that calls RunWorker when WorkerEnv is "1", such as the uri binary's
// "serve") with WorkerEnv set, at most n at a time.
func NewWorkers(command []string, n int) *Workers {
	n = max(n, 1)
	return &Workers{command: command, idle: make(chan *worker, n), slots: make(chan struct{}, n)}
}

// Warm starts the workers and has each compile the grammars of the menu,
// so that the first requests do not wait for them. It returns at once.
func (ws *Workers) Warm() {
	for i := 0; i < cap(ws.slots); i++ {
		select {
		case ws.slots <- struct{}{}:
		default:
			return
		}
		go func() {
			w, err := ws.start()
			if err != nil {
				<-ws.slots
				return
			}
			for _, p := range api.Presets() {
				b, _ := json.Marshal(api.GrammarRequest{Grammar: p.Text, Tests: p.Tests})
				if _, _, err := w.call(api.PathGrammar, b); err != nil {
					w.stop()
					<-ws.slots
					return
				}
			}
			ws.idle <- w
		}()
	}
}

// Do answers path and body in a worker, or with an error when ctx ends
// first: while it waits for a free worker, or while the worker computes,
// which it then kills.
func (ws *Workers) Do(ctx context.Context, path string, body []byte) (int, []byte) {
	start := time.Now()
	status, answer, err := ws.do(ctx, path, body)
	switch {
	case errors.Is(err, errBusy):
		return api.Refuse(http.StatusServiceUnavailable, "the server is busy with other grammars: try again")
	case ctx.Err() != nil:
		return api.Refuse(http.StatusUnprocessableEntity, "stopped after "+strconv.FormatFloat(time.Since(start).Seconds(), 'f', 2, 64)+
			" s: this grammar and these strings cost more than the page computes for one request "+
			"(a recursive or ambiguous grammar matched against a long string can cost the cube of its length); "+
			"shorten the strings or simplify the grammar")
	case errors.Is(err, errMemory):
		return api.Refuse(http.StatusUnprocessableEntity, "the computation needed more memory than the page gives one request (about 2 GiB): shorten the strings or simplify the grammar")
	case err != nil:
		return api.Refuse(http.StatusInternalServerError, "the computation failed")
	}
	return status, answer
}

var (
	errBusy   = errors.New("no worker free")
	errMemory = errors.New("out of memory")
)

func (ws *Workers) do(ctx context.Context, path string, body []byte) (int, []byte, error) {
	w, err := ws.get(ctx)
	if err != nil {
		return 0, nil, err
	}
	type result struct {
		status int
		answer []byte
		err    error
	}
	done := make(chan result, 1)
	go func() {
		status, answer, err := w.call(path, body)
		done <- result{status, answer, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			w.stop()
			<-ws.slots
			if bytes.Contains(w.stderr.Bytes(), []byte("out of memory")) {
				return 0, nil, errMemory
			}
			return 0, nil, r.err
		}
		ws.put(w)
		return r.status, r.answer, nil
	case <-ctx.Done():
		w.stop() // the call above then fails and returns
		<-ws.slots
		return 0, nil, ctx.Err()
	}
}

// get returns an idle worker, or a new one when fewer than n are alive, or
// waits for one of those until ctx ends.
func (ws *Workers) get(ctx context.Context) (*worker, error) {
	select {
	case w := <-ws.idle:
		return w, nil
	default:
	}
	select {
	case w := <-ws.idle:
		return w, nil
	case ws.slots <- struct{}{}:
		w, err := ws.start()
		if err != nil {
			<-ws.slots
			return nil, err
		}
		return w, nil
	case <-ctx.Done():
		return nil, errBusy
	}
}

// put makes w idle again, or replaces it when it has served enough.
func (ws *Workers) put(w *worker) {
	w.served++
	if w.served >= maxServed {
		w.stop()
		<-ws.slots
		return
	}
	ws.idle <- w
}

func (ws *Workers) start() (*worker, error) {
	cmd := exec.Command(ws.command[0], ws.command[1:]...)
	cmd.Env = append(os.Environ(), WorkerEnv+"=1")
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	w := &worker{cmd: cmd, in: in, out: bufio.NewReader(out), stderr: &limited{}}
	cmd.Stderr = w.stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return w, nil
}

// stop kills the worker and waits for it.
func (w *worker) stop() {
	w.cmd.Process.Kill()
	w.cmd.Wait()
}

// call sends one request and reads its answer.
func (w *worker) call(path string, body []byte) (int, []byte, error) {
	if err := writeFrame(w.in, path, body); err != nil {
		return 0, nil, err
	}
	head, answer, err := readFrame(w.out, maxAnswer)
	if err != nil {
		return 0, nil, err
	}
	status, err := strconv.Atoi(head)
	if err != nil || status < 100 || status > 599 {
		return 0, nil, errors.New("a worker answered no status")
	}
	return status, answer, nil
}

// A frame is a head (a path, or a status) on a line, the length of the body
// in decimal on a line, and the body.
func writeFrame(w io.Writer, head string, body []byte) error {
	_, err := fmt.Fprintf(w, "%s\n%d\n%s", head, len(body), body)
	return err
}

func readFrame(r *bufio.Reader, limit int) (string, []byte, error) {
	head, err := r.ReadString('\n')
	if err != nil {
		return "", nil, err
	}
	n, err := r.ReadString('\n')
	if err != nil {
		return "", nil, err
	}
	size, err := strconv.Atoi(n[:len(n)-1])
	if err != nil || size < 0 || size > limit {
		return "", nil, errors.New("a frame of a bad length")
	}
	body := make([]byte, size)
	if _, err := io.ReadFull(r, body); err != nil {
		return "", nil, err
	}
	return head[:len(head)-1], body, nil
}

// limited is a buffer that keeps at most 64 KiB, safe for the process's
// writes and the server's reads.
type limited struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *limited) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.b.Len() < 64<<10 {
		l.b.Write(p[:min(len(p), 64<<10-l.b.Len())])
	}
	return len(p), nil
}

// Bytes returns a copy of what was written.
func (l *limited) Bytes() []byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	return bytes.Clone(l.b.Bytes())
}

// RunWorker is the worker: it reads requests (frames of a path and a body)
// from r and writes the answers of api.Do (frames of a status and a body)
// to w, until r ends. It returns the exit status.
func RunWorker(r io.Reader, w io.Writer) int {
	limitMemory(workerMemory)
	debug.SetMemoryLimit(workerMemory / 3)
	in, out := bufio.NewReader(r), bufio.NewWriter(w)
	for {
		path, body, err := readFrame(in, api.MaxBody)
		if err == io.EOF {
			return 0
		}
		if err != nil {
			return 1
		}
		status, answer := api.Do(path, body)
		if err := writeFrame(out, strconv.Itoa(status), answer); err != nil {
			return 1
		}
		if err := out.Flush(); err != nil {
			return 1
		}
	}
}
