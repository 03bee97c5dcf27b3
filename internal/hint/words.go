package hint

// The words of every hint, in one place, so that a mistake is worded once
// for both syntaxes. A hint that quotes nothing of the input is one of the
// constants that start with a capital (Fixed returns them as they are); the
// others are pieces that the finders join around what they quote. No other
// file of the package holds words: TestWordsLiveInWordsGo keeps it so, and
// TestEveryHintHasAMistake runs each constant here through uri and iri.
//
// A hint names a character that neither syntax holds as it stands, and says
// how to write it; it names the RFC 3986 section of a rule both syntaxes
// share. It never tells to percent-encode a character that the syntax of
// the text accepts where the hint is about.

// Fixed hints: they quote nothing of the input.
const (
	notAllowed = ` is not allowed as it stands: percent-encode it as `
	template   = ` is not allowed as it stands: a URI template (RFC 6570) is expanded before it is parsed; else percent-encode it as `
	onlyIPLit  = ` is allowed only around an IP literal in the host: percent-encode it as `

	Space        = `a space` + notAllowed + `"%20"`
	Tab          = `a tab` + notAllowed + `"%09"`
	CR           = `a carriage return` + notAllowed + `"%0D"`
	LF           = `a line feed` + notAllowed + `"%0A"`
	Backslash    = `a backslash is not a delimiter: use "/"; a backslash that stands for itself is written "%5C"`
	OpenBrace    = `"{"` + template + `"%7B"`
	CloseBrace   = `"}"` + template + `"%7D"`
	OpenBracket  = `"["` + onlyIPLit + `"%5B"`
	CloseBracket = `"]"` + onlyIPLit + `"%5D"`
	Quote        = `"\""` + notAllowed + `"%22"`
	Less         = `"<"` + notAllowed + `"%3C"`
	Greater      = `">"` + notAllowed + `"%3E"`
	Caret        = `"^"` + notAllowed + `"%5E"`
	Backquote    = "\"`\"" + notAllowed + `"%60"`
	Bar          = `"|"` + notAllowed + `"%7C"`
	Fragment     = `an absolute URI or IRI has no fragment (RFC 3986 §4.3): remove the "#" and what follows`
	SecondAt     = `a second "@" in the authority: an "@" inside the userinfo is written "%40"`

	// Zone is the hint of a "%" in an IP literal; ZoneURI adds the option
	// of uri that accepts RFC 6874.
	Zone    = `an IPv6 zone identifier ("%25" and a zone, RFC 6874) is not RFC 3986 syntax: remove it`
	ZoneURI = Zone + `, or parse with ParseReferenceWith and ParseOptions{IPv6Zone: true}, which accepts RFC 6874`

	Quoted        = `the text is in quotation marks: remove them`
	AngleBrackets = `the text is in angle brackets (as RFC 3986 Appendix C delimits a URI in text): remove them`
	NoScheme      = `no scheme: begin with one, such as "https:"`
	Empty         = `an empty string has no scheme: begin with one, such as "https:"`
	ColonFirst    = `no scheme before ":": begin with one, such as "https"`
	AfterLiteral  = `after the "]" of an IP literal come only ":" and a port`
)

// Pieces of the hints that quote the input, in the order the finders try
// them.
const (
	pctAt      = `"%" at offset `
	pctNotHex  = ` is not followed by two hexadecimal digits: a "%" that stands for itself is written "%25"`
	trailing   = `trailing white space (`
	leading    = `leading white space (`
	trimIt     = `): trim it`
	aSpace     = `a space`
	aTab       = `a tab`
	aCR        = `a carriage return`
	anLF       = `a line feed`
	windows    = `a Windows file path is not a URI: did you mean `
	windowsEnd = `? (RFC 8089; percent-encode any character not allowed as it stands)`
	didYouMean = `no scheme: did you mean `
	notScheme  = ` is not a scheme: a scheme begins with a letter and holds only letters, digits, "+", "-" and "."`
	noColon    = `no ":" after the scheme `
	meanColon  = `: did you mean `
	hostPort   = `a host and port are written after "//": did you mean `
	relScheme  = `a relative reference has no scheme, and `
	readsAsOne = ` reads as one`
	colonFirst = `a ":" in the first segment of a relative path would read as a scheme (RFC 3986 §4.2): begin the path with "./", as in `
	secondHash = `a second "#": the fragment began at offset `
	hashInFrag = ` and cannot hold a "#": percent-encode it as "%23"`
	control    = `control character `
	notUTF8    = ` is not UTF-8 text: percent-encode it as `
	byteWord   = `byte `
	nonASCII   = `non-ASCII character `
	utf8Bytes  = `: percent-encode its UTF-8 bytes as "`
	notInURI   = ` is not allowed in a URI`
	iriHolds   = `; an IRI parser (RFC 3987) accepts it as it is`
	notInIRI   = ` or an IRI`
	iriQuery   = `, nor outside the query of an IRI`
	idnaHost   = `; an internationalized host name is written in DNS with IDNA A-labels ("xn--…", RFC 5891)`
	unclosed   = `unclosed "[" at offset `
	literalEnd = `: an IP literal ends with "]"`
	ipv4Lit    = `an IPv4 address is written without square brackets: `
	theLiteral = `the IP literal `
	noAddress  = ` is neither an IPv6 address nor an IPvFuture ("v", hex digits, "." and more)`
	bareIPv6   = `an IPv6 address is written in square brackets, a port after them: `
	thePort    = `the port `
	holds      = ` holds `
	atOffset   = ` at offset `
	portDigits = `: a port is decimal digits only`
	portAnd    = `, and `
	portLong   = ` digits are too many for a port number (at most 65535)`
)
