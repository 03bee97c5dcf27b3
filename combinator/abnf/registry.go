package abnf

import (
	"embed"
	"errors"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The grammars of RFCs shipped with the package: one file each in rfc/,
// the ABNF as the RFC prints it (its verified errata applied and marked),
// with a header of directives in comments that the registry reads:
//
//	; @encoding octets           how its values read (WithEncoding); characters by default
//	; @import rfc3986 rfc5322    the shipped grammars whose rules it uses
//	; @include rfc5322 rfc3629   the shipped grammars whose text it extends (with "=/")
//	; @lists sender              how its #lists read (Lists)
//	; @ok addr-spec "a@b.example"   an example of the RFC that the rule accepts
//	; @bad addr-spec "a@"           one it refuses
//
// A grammar is added by adding its file: the registry finds it, and the
// package's tests compile it and check its examples.

//go:embed rfc/*.abnf
var shippedFiles embed.FS

// shipped is a grammar of rfc/ and what its directives say.
type shipped struct {
	name     string // the file name without ".abnf": "rfc5322"
	text     string
	imports  []string
	includes []string // compiled as one text with this one, theirs first
	enc      Encoding
	lists    ListForm
	err      error // a directive that could not be read, an import cycle

	once sync.Once
	g    *Grammar
}

// registry returns the shipped grammars by name, read once.
var registry = sync.OnceValue(func() map[string]*shipped {
	entries, err := shippedFiles.ReadDir("rfc")
	if err != nil {
		panic("abnf: the embedded grammars: " + err.Error())
	}
	reg := map[string]*shipped{}
	for _, e := range entries {
		b, err := shippedFiles.ReadFile("rfc/" + e.Name())
		if err != nil {
			panic("abnf: the embedded grammars: " + err.Error())
		}
		s := &shipped{name: strings.TrimSuffix(e.Name(), path.Ext(e.Name())), text: string(b)}
		s.err = s.readDirectives()
		reg[s.name] = s
	}
	for _, s := range reg {
		if s.err == nil {
			s.err = importCycle(reg, s, nil)
		}
	}
	return reg
})

// readDirectives reads the "; @" lines of s's text.
func (s *shipped) readDirectives() error {
	for _, line := range strings.Split(s.text, "\n") {
		f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(line), ";"))
		if len(f) == 0 || !strings.HasPrefix(f[0], "@") {
			continue
		}
		switch f[0] {
		case "@import":
			s.imports = append(s.imports, f[1:]...)
		case "@include":
			s.includes = append(s.includes, f[1:]...)
		case "@encoding":
			if len(f) != 2 || f[1] != "octets" && f[1] != "characters" {
				return errors.New("abnf: " + s.name + ": @encoding octets or characters")
			}
			s.enc = map[string]Encoding{"octets": Octets, "characters": Characters}[f[1]]
		case "@lists":
			if len(f) != 2 || f[1] != "sender" && f[1] != "recipient" {
				return errors.New("abnf: " + s.name + ": @lists sender or recipient")
			}
			s.lists = map[string]ListForm{"sender": ListSender, "recipient": ListRecipient}[f[1]]
		case "@ok", "@bad":
		default:
			return errors.New("abnf: " + s.name + ": unknown directive " + f[0])
		}
	}
	return nil
}

// importCycle returns an error when the imports and includes of s lead
// back to a grammar of path, or name a grammar that is not shipped.
func importCycle(reg map[string]*shipped, s *shipped, path []string) error {
	if slices.Contains(path, s.name) {
		return errors.New("abnf: the shipped grammars import one another in a cycle: " + strings.Join(append(path, s.name), " -> "))
	}
	for _, name := range append(slices.Clone(s.imports), s.includes...) {
		t := reg[name]
		if t == nil {
			return errors.New("abnf: " + s.name + " imports " + name + ", which is not shipped")
		}
		if err := importCycle(reg, t, append(path, s.name)); err != nil {
			return err
		}
	}
	return nil
}

// grammar compiles s once, with its imports.
func (s *shipped) grammar() (*Grammar, error) {
	s.once.Do(func() {
		if s.err != nil {
			return
		}
		opts := []Option{WithEncoding(s.enc)}
		if s.lists != 0 {
			opts = append(opts, Lists(s.lists))
		}
		imports, text := s.imports, ""
		for _, name := range s.includes {
			t := registry()[name]
			text += t.text + "\n"
			imports = append(imports, t.imports...)
		}
		if len(imports) > 0 {
			opts = append(opts, ImportRFC(imports...))
		}
		s.g, s.err = ParseWith(text+s.text, opts...)
		if s.err != nil {
			s.err = errors.New("abnf: the shipped grammar " + s.name + ": " + strings.TrimPrefix(s.err.Error(), "abnf: "))
		}
	})
	return s.g, s.err
}

// shippedName returns the registry's name for name: "rfc" and the number,
// "RFC 5322", "rfc-5322" and "5322" all giving "rfc5322".
func shippedName(name string) string {
	n := strings.ToLower(strings.TrimSpace(name))
	n = strings.TrimPrefix(n, "rfc")
	n = strings.TrimLeft(n, " -_")
	return "rfc" + n
}

// RFC returns the grammar of an RFC shipped with the package, by its name:
// "rfc5322", or "RFC 5322", or "5322". It is compiled from the RFC's ABNF on
// first use, once, with the shipped grammars it imports and in the
// encoding its RFC means; its rules are the RFC's, and those of its
// imports. RFCs lists the names.
func RFC(name string) (*Grammar, error) {
	s := registry()[shippedName(name)]
	if s == nil {
		return nil, errors.New("abnf: no shipped grammar " + strconv.Quote(clipName(name)) + " (the grammars are " + strings.Join(RFCs(), ", ") + ")")
	}
	return s.grammar()
}

// MustRFC is RFC for a grammar known to be shipped: it panics when there is
// none of that name.
func MustRFC(name string) *Grammar {
	g, err := RFC(name)
	if err != nil {
		panic(err)
	}
	return g
}

// RFCs returns the names of the grammars shipped with the package, sorted:
// rfc1123, rfc2397, rfc3339, ...
func RFCs() []string {
	var names []string
	for name := range registry() {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// ImportRFC makes the rules of the shipped grammars named available to the
// text (RFC, ImportGrammar), so that a grammar says
//
//	from = "From:" mailbox-list CRLF     ; with ImportRFC("rfc5322")
//
// A name that is not shipped is an error of ParseWith.
func ImportRFC(names ...string) Option {
	return Option{func(c *config) error {
		for _, name := range names {
			g, err := RFC(name)
			if err != nil {
				return err
			}
			if err := ImportGrammar(g).apply(c); err != nil {
				return err
			}
		}
		return nil
	}}
}
