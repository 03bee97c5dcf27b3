// Package browsertest holds the browser tests of the page of `uri serve`:
// they start the server on a loopback port, drive one headless Chromium
// (Debian's chromium package, which .ci/run installs) with
// github.com/chromedp/chromedp, type into the page, read its tables and
// diagrams from the DOM, and save screenshots under testdata/output for the
// README. The tests live apart so that no program that imports uri or
// weburl links chromedp; the package has no code of its own.
//
// Without chromium the tests are skipped with a message, except under
// CI=true, where they fail. Under the race detector they are skipped: the
// handlers' concurrency is tested in package serve, and one browser run a
// CI run is enough.
package browsertest
