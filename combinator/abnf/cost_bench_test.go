package abnf

import (
	"os"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// The cost of matching, per input byte, for each shape of issue 40 and
// for real recursive grammars, at 1 KiB, 64 KiB, 1 MiB and 16 MiB:
//
//	go test -run '^$' -bench Cost -cpu 1 -benchtime 1x ./combinator/abnf
//
// cpu-ns/B is the CPU time a byte, B/B the bytes allocated a byte.

// costShape is a grammar, the rule matched and a maker of an input of
// about n bytes that matches it.
type costShape struct {
	name, src, rule string
	input           func(n int) string
}

func repeatTo(unit string, n int) string {
	return strings.Repeat(unit, max(1, n/len(unit)))
}

func costShapes(tb testing.TB) []costShape {
	var cycle strings.Builder
	for i := 0; i < 999; i++ {
		cycle.WriteString("r" + itoa(i) + " = \"x\" r" + itoa(i+1) + "\n")
	}
	cycle.WriteString("r999 = \"y\" / \"x\" r0\n")
	read := func(name string) string {
		b, err := os.ReadFile(name)
		if err != nil {
			tb.Fatal(err)
		}
		return string(b)
	}
	// JSON is the grammar shipped in rfc/; RFC 5322's message (§3.5 and
	// §4, beyond the addresses rfc/ ships) and RFC 3501 are the cost's own.
	json, mail, imap := read("rfc/rfc8259.abnf"), read("testdata/cost/rfc5322.abnf"), read("testdata/cost/rfc3501.abnf")
	return []costShape{
		{"cycle-of-1000-rules", cycle.String(), "r0", func(n int) string {
			return strings.Repeat("x", 999+1000*max(0, n/1000-1)) + "y"
		}},
		{"comment-nested", "c = \"(\" *(ctext / c) \")\"\nctext = %x21-27 / %x2A-5B / %x5D-7E\n", "c", func(n int) string {
			return strings.Repeat("(", n/2) + strings.Repeat(")", n/2)
		}},
		{"comment-flat", "c = \"(\" *(ctext / c) \")\"\nctext = %x21-27 / %x2A-5B / %x5D-7E\n", "c", func(n int) string {
			return "(" + repeatTo("ab(cd)ef", n-2) + ")"
		}},
		{"star-of-runs-and-groups", "s = *x\nx = 1*\"a\" / \"(\" s \")\"\n", "s", func(n int) string {
			return repeatTo("aaa(aa(a)a)", n)
		}},
		{"right-recursive-ldh", "ldh = ld / ld ldh\nld = ALPHA / DIGIT / \"-\"\n", "ldh", func(n int) string {
			return repeatTo("a-", n) + "a"
		}},
		{"tail-list", "l = \"x\" [ \",\" l ]\n", "l", func(n int) string {
			return repeatTo("x,", n) + "x"
		}},
		{"right-recursive-expr", "e = t / t \"+\" e\nt = \"x\" / \"(\" e \")\"\n", "e", func(n int) string {
			return repeatTo("x+(x+x)+", n) + "x"
		}},
		{"left-recursive-list", "l = l \",\" i / i\ni = 1*ALPHA / \"(\" l \")\"\n", "l", func(n int) string {
			return repeatTo("ab,(c,d),", n) + "e"
		}},
		{"rfc8259-json", json, "JSON-text", func(n int) string {
			return "[" + repeatTo(`{"a": [1, -2.5e3, "x\u00e9\"y"], "b": {"c": null, "d": [true, false]}}, `, n) + "0]"
		}},
		{"rfc5322-addr-spec", mail, "addr-spec", func(n int) string {
			return repeatTo(`john.q.public(a comment (nested)).(x)doe."a \"quoted\" word".`, n-20) + "x@example.(c)com"
		}},
		{"rfc5322-message", mail, "message", func(n int) string {
			return repeatTo(mailFields, n/2) + "\r\n" + repeatTo(mailBody, n/2)
		}},
		{"rfc3501-response", imap, "response", func(n int) string {
			return repeatTo(imapResponses, n-30) + "a006 OK LOGOUT completed\r\n"
		}},
	}
}

// mailFields are header fields of RFC 5322's examples (Appendix A), in the
// obsolete syntax too (A.6.3), as a message's header repeats them.
const mailFields = "From: \"Joe Q. Public\" <john.q.public@example.com>\r\n" +
	"To: Mary Smith <mary@x.test>, jdoe@example.org, Who? <one@y.test>\r\n" +
	"Cc: <boss@nil.test>, \"Giant; \\\"Big\\\" Box\" <sysservices@example.net>\r\n" +
	"Date: Tue, 1 Jul 2003 10:52:37 +0200\r\n" +
	"Message-ID: <5678.21-Nov-1997@example.com>\r\n" +
	"To: A Group:Ed Jones <c@a.test>,joe@where.test,John <jdoe@one.test>;\r\n" +
	"Subject: Saying Hello\r\n" +
	"Received: from x.y.test\r\n   by example.net\r\n   via TCP\r\n   with ESMTP\r\n" +
	"   id ABC12345\r\n   for <mary@example.net>;  21 Nov 1997 10:05:43 -0600\r\n" +
	"From    : John Doe <jdoe@machine(comment).  example>\r\n" +
	"Date  : Fri, 21 Nov 1997 09(comment):   55  :  06 -0600\r\n" +
	"Message-ID  : <1234   @   local(blah)  .machine .example>\r\n" +
	"X-Mailer: test (version 1.0)\r\n"

// mailBody is lines of a message's body.
const mailBody = "This is a message just to say hello.\r\nSo, \"Hello\".\r\n\r\n"

// imapResponses are the server's untagged responses of RFC 3501's sample
// connection (section 8) and of its section 7.
const imapResponses = "* OK IMAP4rev1 Service Ready\r\n" +
	"* 18 EXISTS\r\n" +
	"* FLAGS (\\Answered \\Flagged \\Deleted \\Seen \\Draft)\r\n" +
	"* 2 RECENT\r\n" +
	"* OK [UNSEEN 17] Message 17 is the first unseen message\r\n" +
	"* OK [UIDVALIDITY 3857529045] UIDs valid\r\n" +
	"* 12 FETCH (FLAGS (\\Seen) INTERNALDATE \"17-Jul-1996 02:44:25 -0700\" " +
	"RFC822.SIZE 4286 ENVELOPE (\"Wed, 17 Jul 1996 02:23:25 -0700 (PDT)\" " +
	"\"IMAP4rev1 WG mtg summary and minutes\" " +
	"((\"Terry Gray\" NIL \"gray\" \"cac.washington.edu\")) " +
	"((\"Terry Gray\" NIL \"gray\" \"cac.washington.edu\")) " +
	"((\"Terry Gray\" NIL \"gray\" \"cac.washington.edu\")) " +
	"((NIL NIL \"imap\" \"cac.washington.edu\")) " +
	"((NIL NIL \"minutes\" \"CNRI.Reston.VA.US\")" +
	"(\"John Klensin\" NIL \"KLENSIN\" \"MIT.EDU\")) NIL NIL " +
	"\"<B27397-0100000@cac.washington.edu>\") " +
	"BODY (\"TEXT\" \"PLAIN\" (\"CHARSET\" \"US-ASCII\") NIL NIL \"7BIT\" 3028 92))\r\n" +
	"* 12 FETCH (FLAGS (\\Seen \\Deleted))\r\n" +
	"* CAPABILITY IMAP4rev1 STARTTLS AUTH=GSSAPI LOGINDISABLED\r\n" +
	"* LIST (\\Noselect) \"/\" ~/Mail/foo\r\n" +
	"* STATUS blurdybloop (MESSAGES 231 UIDNEXT 44292)\r\n" +
	"* 22 EXPUNGE\r\n" +
	"* SEARCH 2 84 882\r\n" +
	"* NO [ALERT] Disk quota nearly exceeded\r\n"

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

func BenchmarkCost(b *testing.B) {
	for _, sh := range costShapes(b) {
		g, err := Parse(sh.src)
		if err != nil {
			b.Fatalf("%s: %v", sh.name, err)
		}
		r := g.MustRule(sh.rule)
		for _, n := range []int{1 << 10, 1 << 16, 1 << 20, 1 << 24} {
			b.Run(sh.name+"/"+sizeLabel(n), func(b *testing.B) {
				s := sh.input(n)
				if !r.Match(s) {
					b.Fatalf("%s: no match of %d bytes: %v", sh.name, len(s), r.Check(s))
				}
				perByte(b, len(s), func() { r.Match(s) })
			})
		}
	}
}

// perByte runs f b.N times and reports the CPU time (user and system, of
// every thread: the collector's included) and the bytes allocated per
// input byte: figures a loaded machine disturbs less than ns/op.
func perByte(b *testing.B, n int, f func()) {
	b.ReportAllocs()
	b.SetBytes(int64(n))
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	alloc, cpu := ms.TotalAlloc, cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f()
	}
	b.StopTimer()
	cpu = cpuTime() - cpu
	runtime.ReadMemStats(&ms)
	per := float64(b.N) * float64(n)
	b.ReportMetric(float64(cpu)/per, "cpu-ns/B")
	b.ReportMetric(float64(ms.TotalAlloc-alloc)/per, "B/B")
}

func sizeLabel(n int) string {
	switch {
	case n >= 1<<20:
		return itoa(n>>20) + "MiB"
	}
	return itoa(n>>10) + "KiB"
}

// TestCostShapesMatch: each shape of the cost table matches its input of
// 64 KiB, and fails where the input is cut short, in a match and in Check.
func TestCostShapesMatch(t *testing.T) {
	for _, sh := range costShapes(t) {
		g, err := Parse(sh.src)
		if err != nil {
			t.Fatalf("%s: %v", sh.name, err)
		}
		r := g.MustRule(sh.rule)
		s := sh.input(1 << 16)
		if err := r.Check(s); err != nil {
			t.Errorf("%s: Check of %d bytes = %v", sh.name, len(s), err)
		}
		if cut := s[:len(s)-1] + "\x80"; r.Match(cut) || r.Check(cut) == nil {
			t.Errorf("%s: the input with its last byte changed matched", sh.name)
		}
	}
}

// cpuTime returns the CPU time the process has used, in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
