// Package parsec is the bridge between the rules of package combinator and
// github.com/prataprc/goparsec, both ways: ToParsec makes a parsec.Parser of
// a rule, FromParsec a rule of a parsec.Parser, and Scanner is a
// parsec.Scanner over a string.
//
// goparsec has traps; here is where you meet them and what this package
// does about each:
//
//   - parsec.NewScanner's SimpleScanner compiles every regular expression
//     again for every new scanner. Scanner compiles each pattern once per
//     process (a shared cache), and ToParsec on a Scanner uses no regular
//     expression at all.
//   - SimpleScanner.Match with a pattern that does not start with "^" finds a
//     match anywhere ahead and moves the cursor by the match's length, not to
//     its end. Scanner anchors every pattern at the cursor and moves to the
//     end of the match.
//   - parsec.Token and parsec.Atom skip white space first (SimpleScanner's
//     default pattern is blanks and newlines): a URI grammar must not. Use
//     TokenExact and AtomExact; Scanner skips no white space unless
//     SetWSPattern asks it to.
//   - parsec.Kleene(op, sep) accepts a trailing separator ("a,b," matches
//     with the last "," consumed). Write *( sep op ) as
//     Kleene(nil, And(nil, sep, op)) after a first op, or use
//     combinator.Star in a rule.
//   - parsec.Kleene(Maybe(x)) never ends: Maybe always succeeds, without
//     consuming. Repetitions of combinator rules stop when their rule
//     matches empty, including a FromParsec rule around such a parser.
//   - parsec.OrdChoice commits to the first alternative that succeeds (PEG),
//     as combinator.Alt does, so ABNF alternatives need ordering and
//     anchoring: a grammar over ToParsec(combinator.Host) gets the ordering
//     done.
//   - goparsec's failures are a nil node without a position. Scanner records
//     the farthest offset at which any parser on it (or its clones) failed
//     and what was expected there (Farthest, Expected); rules give a
//     *combinator.SyntaxError from Check.
package parsec

import (
	"regexp"
	"strings"
	"sync"
	"unsafe"

	parsec "github.com/prataprc/goparsec"
	c "github.com/seed42851778/rfc3986/combinator"
)

// Scanner is a parsec.Scanner over a string, for goparsec grammars that use
// the rules of package combinator (ToParsec) and for running goparsec parsers inside
// ours (FromParsec).
//
// It differs from goparsec's SimpleScanner where SimpleScanner is a trap:
//
//   - Regular expressions are compiled once per process, in a cache shared by
//     all scanners, not once per scanner.
//   - A pattern given to Match, SubmatchAll or SkipAny is anchored at the
//     cursor, and the cursor moves to the end of the match. (SimpleScanner
//     finds an unanchored pattern anywhere ahead and moves the cursor by the
//     match's length, not to its end.)
//   - No white space is skipped unless SetWSPattern says what white space is.
//   - It records the farthest offset at which a parser failed (Farthest), the
//     position goparsec's failures do not carry.
//
// The scanner reads the string itself, without copying it. The []byte values
// that the parsec.Scanner interface returns are slices of one private copy of
// the input, made on the first such call and shared by the scanner's clones:
// converting a string to []byte without copying would let a caller write into
// immutable memory, and writing into a returned slice changes neither the
// input nor what the scanner matches.
//
// Like SimpleScanner, the methods move the scanner they are called on and
// return it; Clone makes a copy that moves apart (a small allocation; clones
// share the input, the farthest-failure record and the copy). A Scanner is not
// safe for concurrent use.
type Scanner struct {
	in     string
	cursor int
	ws     string // the white space pattern, "" for none
	lines  bool   // TrackLineno was called
	lineno int
	sh     *scanShared
}

// scanShared is what a scanner and its clones share.
type scanShared struct {
	buf      []byte // the private copy of in for the []byte results, made on demand
	far      int    // farthest failure offset, -1 for none
	expected []string
	terms    []parsec.Terminal // a slab the Terminals of ToParsec are cut from
}

// NewScanner returns a Scanner at the start of s, with no white space
// pattern and no failure recorded.
func NewScanner(s string) *Scanner {
	return &Scanner{in: s, lineno: 1, sh: &scanShared{far: -1}}
}

// regexps is the process-wide cache of compiled, anchored patterns.
var regexps sync.Map // pattern string -> *regexp.Regexp

// anchored returns pattern compiled to match only at the start of its input,
// from the process-wide cache. It panics on a pattern that does not compile,
// as SimpleScanner does: patterns are part of a grammar, written once.
func anchored(pattern string) *regexp.Regexp {
	if re, ok := regexps.Load(pattern); ok {
		return re.(*regexp.Regexp)
	}
	re := regexp.MustCompile(`\A(?:` + pattern + `)`)
	v, _ := regexps.LoadOrStore(pattern, re)
	return v.(*regexp.Regexp)
}

// bytes returns in[from:to] as a slice of the shared private copy.
func (s *Scanner) bytes(from, to int) []byte {
	if s.sh.buf == nil {
		s.sh.buf = append(make([]byte, 0, len(s.in)), s.in...)
	}
	return s.sh.buf[from:to:to]
}

// advance moves the cursor to end, counting lines when asked to.
func (s *Scanner) advance(end int) {
	if s.lines {
		s.lineno += strings.Count(s.in[s.cursor:end], "\n")
	}
	s.cursor = end
}

// Fail records that what (a rule name or a pattern) was expected at offset
// pos. The scanner's own matching methods and the ToParsec parsers call it
// when they fail; goparsec parsers written by hand may call it too.
func (s *Scanner) Fail(pos int, what string) {
	sh := s.sh
	if pos < sh.far {
		return
	}
	if pos > sh.far {
		sh.far = pos
		sh.expected = sh.expected[:0]
	}
	for _, e := range sh.expected {
		if e == what {
			return
		}
	}
	sh.expected = append(sh.expected, what)
}

// Farthest returns the farthest offset at which a parser on this scanner (or
// on a clone of it) failed, or -1 when none has.
func (s *Scanner) Farthest() int { return s.sh.far }

// Expected returns what the parsers that failed at Farthest expected there:
// rule names for the ToParsec parsers, patterns and strings for the
// scanner's methods.
func (s *Scanner) Expected() []string {
	return append([]string(nil), s.sh.expected...)
}

// Input returns the text the scanner reads.
func (s *Scanner) Input() string { return s.in }

// Rest returns the input from the cursor on.
func (s *Scanner) Rest() string { return s.in[s.cursor:] }

// SetWSPattern sets the white space that SkipWS skips, a regular expression
// anchored at the cursor; "" (the default) skips nothing. It implements
// parsec.Scanner.
func (s *Scanner) SetWSPattern(pattern string) parsec.Scanner {
	s.ws = pattern
	return s
}

// TrackLineno makes the scanner count lines. It implements parsec.Scanner.
func (s *Scanner) TrackLineno() parsec.Scanner {
	s.lines = true
	return s
}

// Clone returns a copy of the scanner at the same cursor, sharing the input
// and the farthest-failure record. It implements parsec.Scanner.
func (s *Scanner) Clone() parsec.Scanner {
	c := *s
	return &c
}

// GetCursor returns the cursor, a byte offset into the input. It implements
// parsec.Scanner.
func (s *Scanner) GetCursor() int { return s.cursor }

// Match matches pattern at the cursor, moves the cursor to the end of the
// match and returns the matched bytes; it returns nil and leaves the cursor
// where it was when the pattern does not match there. It implements
// parsec.Scanner.
func (s *Scanner) Match(pattern string) ([]byte, parsec.Scanner) {
	loc := anchored(pattern).FindStringIndex(s.in[s.cursor:])
	if loc == nil {
		s.Fail(s.cursor, pattern)
		return nil, s
	}
	start, end := s.cursor, s.cursor+loc[1]
	s.advance(end)
	return s.bytes(start, end), s
}

// MatchString matches str exactly at the cursor and moves the cursor past it.
// It implements parsec.Scanner.
func (s *Scanner) MatchString(str string) (bool, parsec.Scanner) {
	if !strings.HasPrefix(s.in[s.cursor:], str) {
		s.Fail(s.cursor, str)
		return false, s
	}
	s.advance(s.cursor + len(str))
	return true, s
}

// SubmatchAll matches pattern at the cursor, moves the cursor to the end of
// the match and returns its named groups that took part. It implements
// parsec.Scanner.
func (s *Scanner) SubmatchAll(pattern string) (map[string][]byte, parsec.Scanner) {
	re := anchored(pattern)
	loc := re.FindStringSubmatchIndex(s.in[s.cursor:])
	if loc == nil {
		s.Fail(s.cursor, pattern)
		return nil, s
	}
	captures := make(map[string][]byte)
	for i, name := range re.SubexpNames() {
		if i == 0 || name == "" || loc[2*i] < 0 {
			continue
		}
		captures[name] = s.bytes(s.cursor+loc[2*i], s.cursor+loc[2*i+1])
	}
	s.advance(s.cursor + loc[1])
	return captures, s
}

// SkipWS skips white space as SetWSPattern defined it, nothing by default. It
// implements parsec.Scanner.
func (s *Scanner) SkipWS() ([]byte, parsec.Scanner) {
	if s.ws == "" {
		return nil, s
	}
	return s.SkipAny(s.ws)
}

// SkipAny skips what pattern matches at the cursor and returns it. It
// implements parsec.Scanner.
func (s *Scanner) SkipAny(pattern string) ([]byte, parsec.Scanner) {
	loc := anchored(pattern).FindStringIndex(s.in[s.cursor:])
	if loc == nil {
		return nil, s
	}
	start, end := s.cursor, s.cursor+loc[1]
	s.advance(end)
	return s.bytes(start, end), s
}

// Lineno returns the line number at the cursor, counted from 1, when
// TrackLineno was called. It implements parsec.Scanner.
func (s *Scanner) Lineno() int { return s.lineno }

// Endof reports whether the cursor is at the end of the input. It implements
// parsec.Scanner.
func (s *Scanner) Endof() bool { return s.cursor >= len(s.in) }

// terminal returns a Terminal cut from the scanner's slab: one allocation
// for every 64 Terminals.
func (s *Scanner) terminal(name, value string, pos int) *parsec.Terminal {
	sh := s.sh
	if len(sh.terms) == cap(sh.terms) {
		sh.terms = make([]parsec.Terminal, 0, 64)
	}
	sh.terms = append(sh.terms, parsec.Terminal{Name: name, Value: value, Position: pos})
	return &sh.terms[len(sh.terms)-1]
}

// restPattern reads the rest of the input of a foreign scanner.
const restPattern = `^(?s:.*)`

// ToParsec returns a goparsec parser that matches r at the scanner's cursor
// and returns a *parsec.Terminal: Name the rule's name (or its ABNF when it
// has none), Value the matched text, Position its offset, and no attributes
// (parsec.NewTerminal would add the class "term" in a new map; set it where
// goparsec's selectors need it). When r does not
// match it returns nil and the scanner it was given, unmoved.
//
// On a *Scanner of this package, the parser moves the scanner it is given
// (goparsec's And, OrdChoice, Kleene and Maybe clone a scanner before they
// hand it on, so a parser inside them cannot disturb their backtracking),
// runs the fast matcher on the string and makes no copy: its cost is that of
// r.MatchAt and one allocation for every 64 successes (the Terminals come
// from a slab). A failure is recorded in the scanner's farthest-failure
// record at the cursor.
//
// On another parsec.Scanner, such as goparsec's SimpleScanner, it can use
// only the public methods: it reads the rest of the input with Match on a
// clone, matches, and moves the scanner with MatchString. That costs a clone,
// a regular expression run over the rest of the input and a copy of the
// matched text, for every call: time linear in the rest of the input, so a
// repetition of it is quadratic. Prefer this package's Scanner.
func ToParsec(r *c.Rule) parsec.Parser {
	name := r.Label()
	return func(sc parsec.Scanner) (parsec.ParsecNode, parsec.Scanner) {
		if s, ok := sc.(*Scanner); ok {
			pos := s.cursor
			end := r.MatchAt(s.in, pos)
			if end < 0 {
				s.Fail(pos, name)
				return nil, s
			}
			s.advance(end)
			return s.terminal(name, s.in[pos:end], pos), s
		}
		pos := sc.GetCursor()
		rest, _ := sc.Clone().Match(restPattern)
		// The rule only reads the bytes, and nothing writes them meanwhile:
		// a string view of them costs no copy.
		in := unsafe.String(unsafe.SliceData(rest), len(rest))
		n, ok := r.Prefix(in)
		if !ok {
			return nil, sc
		}
		value := strings.Clone(in[:n])
		if matched, news := sc.MatchString(value); matched {
			return parsec.NewTerminal(name, value, pos), news
		}
		return nil, sc
	}
}

// FromParsec returns a rule named name that runs the goparsec parser p on a
// Scanner positioned at the match's offset and ends where p leaves the
// scanner; it fails where p returns nil. The Scanner has no white space
// pattern, so p skips nothing that the grammar does not say. The rule
// allocates what p and the Scanner do (matching with it is not free of
// allocations, unlike the other rules), and p must not use goparsec parsers
// that require a *parsec.SimpleScanner (parsec.String does).
func FromParsec(name string, p parsec.Parser) *c.Rule {
	return c.Func(name, func(in string, pos int) int {
		s := &Scanner{in: in, cursor: pos, lineno: 1, sh: &scanShared{far: -1}}
		node, news := p(s)
		if node == nil || news == nil {
			return -1
		}
		return news.GetCursor()
	})
}
