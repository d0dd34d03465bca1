package pdfdoc

import (
	"bytes"
	"errors"
	"math"
	"strconv"
)

// Kind is the type of a content-stream token.
type Kind uint8

// Token kinds.
const (
	KindNull     Kind = iota // null
	KindNumber               // an integer or real: Num
	KindBool                 // true or false: Num is 1 or 0
	KindName                 // a name: Str, decoded, without the slash
	KindString               // a literal or hex string: Str holds its decoded bytes
	KindArray                // an array: Arr
	KindDict                 // a dictionary: Dict
	KindOperator             // an operator or a stray delimiter: Str
)

// Token is one operand or operator of a content stream (or a CMap, or a
// Type 1 font's encoding). Names hold their decoded name without the
// slash; strings hold their decoded bytes.
type Token struct {
	Kind Kind
	Num  float64
	Str  string
	Arr  []Token
	Dict map[string]Token
}

// IsNumber reports whether t is a number.
func (t Token) IsNumber() bool { return t.Kind == KindNumber }

// Num is operand i as a finite number; 0 when it is missing, not a
// number, NaN or infinite.
func Num(ops []Token, i int) float64 {
	if i < 0 || i >= len(ops) || ops[i].Kind != KindNumber {
		return 0
	}
	v := ops[i].Num
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return v
}

// Last returns the last n operands; when there are fewer, they are padded
// in front with null tokens, so that Last(ops, n)[k] is always valid.
func Last(ops []Token, n int) []Token {
	if len(ops) >= n {
		return ops[len(ops)-n:]
	}
	out := make([]Token, n)
	copy(out[n-len(ops):], ops)
	return out
}

// maxNesting bounds arrays and dictionaries nested in one another.
const maxNesting = 64

var errNesting = errors.New("objects nested too deeply")

// Lexer reads PDF content-stream syntax: numbers, names, literal and hex
// strings, arrays, dictionaries, booleans, null, comments and operators.
// It never panics and never reads past its buffer; malformed input turns
// into best-effort tokens so that the interpreter can carry on.
type Lexer struct {
	b    []byte
	pos  int
	scan [MaxScanOperands]Operand // Scan's operands
}

// NewLexer returns a lexer over b. It does not copy b.
func NewLexer(b []byte) *Lexer { return &Lexer{b: b} }

// Pos is the offset of the next unread byte.
func (l *Lexer) Pos() int { return l.pos }

func isWhite(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

func isDelim(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}

func (l *Lexer) skipSpace() {
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		if isWhite(c) {
			l.pos++
			continue
		}
		if c == '%' {
			for l.pos < len(l.b) && l.b[l.pos] != '\n' && l.b[l.pos] != '\r' {
				l.pos++
			}
			continue
		}
		break
	}
}

// Next returns the next token. ok is false at the end of the input. err
// is set, with a best-effort token, when arrays or dictionaries nest past
// the limit (64); the lexer has then skipped the whole nested object and
// can go on.
func (l *Lexer) Next() (o Token, ok bool, err error) {
	return l.nextDepth(0)
}

func (l *Lexer) nextDepth(depth int) (Token, bool, error) {
	l.skipSpace()
	if l.pos >= len(l.b) {
		return Token{}, false, nil
	}
	c := l.b[l.pos]
	switch {
	case c == '/':
		return Token{Kind: KindName, Str: l.name()}, true, nil
	case c == '(':
		return Token{Kind: KindString, Str: l.literal()}, true, nil
	case c == '<':
		if l.pos+1 < len(l.b) && l.b[l.pos+1] == '<' {
			l.pos += 2
			return l.dictBody(depth)
		}
		return Token{Kind: KindString, Str: l.hex()}, true, nil
	case c == '[':
		l.pos++
		return l.arrayBody(depth)
	case c == ']', c == '}', c == '{':
		l.pos++
		return Token{Kind: KindOperator, Str: string(c)}, true, nil
	case c == '>':
		l.pos++
		if l.pos < len(l.b) && l.b[l.pos] == '>' {
			l.pos++
			return Token{Kind: KindOperator, Str: ">>"}, true, nil
		}
		return Token{Kind: KindOperator, Str: ">"}, true, nil
	case c == ')':
		l.pos++
		return Token{Kind: KindOperator, Str: ")"}, true, nil
	case c == '+' || c == '-' || c == '.' || (c >= '0' && c <= '9'):
		return l.number(), true, nil
	}
	start := l.pos
	for l.pos < len(l.b) && !isWhite(l.b[l.pos]) && !isDelim(l.b[l.pos]) {
		l.pos++
	}
	w := l.b[start:l.pos]
	switch string(w) {
	case "true":
		return Token{Kind: KindBool, Num: 1}, true, nil
	case "false":
		return Token{Kind: KindBool}, true, nil
	case "null":
		return Token{Kind: KindNull}, true, nil
	}
	return Token{Kind: KindOperator, Str: string(w)}, true, nil
}

func (l *Lexer) arrayBody(depth int) (Token, bool, error) {
	if depth >= maxNesting {
		l.skipNested('[', ']')
		return Token{Kind: KindArray}, true, errNesting
	}
	var arr []Token
	for {
		l.skipSpace()
		if l.pos >= len(l.b) {
			return Token{Kind: KindArray, Arr: arr}, true, nil
		}
		if l.b[l.pos] == ']' {
			l.pos++
			return Token{Kind: KindArray, Arr: arr}, true, nil
		}
		o, ok, err := l.nextDepth(depth + 1)
		if err != nil {
			return Token{Kind: KindArray, Arr: arr}, true, err
		}
		if !ok {
			return Token{Kind: KindArray, Arr: arr}, true, nil
		}
		arr = append(arr, o)
	}
}

func (l *Lexer) dictBody(depth int) (Token, bool, error) {
	if depth >= maxNesting {
		l.skipDict()
		return Token{Kind: KindDict}, true, errNesting
	}
	d := map[string]Token{}
	var key string
	haveKey := false
	for {
		l.skipSpace()
		if l.pos >= len(l.b) {
			return Token{Kind: KindDict, Dict: d}, true, nil
		}
		if l.b[l.pos] == '>' && l.pos+1 < len(l.b) && l.b[l.pos+1] == '>' {
			l.pos += 2
			return Token{Kind: KindDict, Dict: d}, true, nil
		}
		o, ok, err := l.nextDepth(depth + 1)
		if err != nil {
			return Token{Kind: KindDict, Dict: d}, true, err
		}
		if !ok {
			return Token{Kind: KindDict, Dict: d}, true, nil
		}
		if !haveKey {
			if o.Kind == KindName {
				key, haveKey = o.Str, true
			}
			continue
		}
		d[key] = o
		haveKey = false
	}
}

// skipNested skips to the bracket that closes the current one without
// building objects (used past the nesting limit).
func (l *Lexer) skipNested(open, close byte) {
	depth := 1
	for l.pos < len(l.b) && depth > 0 {
		switch c := l.b[l.pos]; c {
		case '(':
			l.literal()
			continue
		case open:
			depth++
		case close:
			depth--
		}
		l.pos++
	}
}

func (l *Lexer) skipDict() {
	depth := 1
	for l.pos < len(l.b) && depth > 0 {
		switch {
		case l.b[l.pos] == '(':
			l.literal()
			continue
		case bytes.HasPrefix(l.b[l.pos:], []byte("<<")):
			depth++
			l.pos++
		case bytes.HasPrefix(l.b[l.pos:], []byte(">>")):
			depth--
			l.pos++
		}
		l.pos++
	}
}

func (l *Lexer) name() string {
	l.pos++ // '/'
	start := l.pos
	hasHash := false
	for l.pos < len(l.b) && !isWhite(l.b[l.pos]) && !isDelim(l.b[l.pos]) {
		if l.b[l.pos] == '#' {
			hasHash = true
		}
		l.pos++
	}
	raw := l.b[start:l.pos]
	if !hasHash {
		return string(raw)
	}
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		if raw[i] == '#' && i+2 < len(raw) {
			if v, err := strconv.ParseUint(string(raw[i+1:i+3]), 16, 8); err == nil {
				out = append(out, byte(v))
				i += 2
				continue
			}
		}
		out = append(out, raw[i])
	}
	return string(out)
}

func (l *Lexer) number() Token {
	start := l.pos
	l.pos++
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		if (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E' {
			l.pos++
			continue
		}
		break
	}
	s := string(l.b[start:l.pos])
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		v = parseLooseNumber(s)
	}
	return Token{Kind: KindNumber, Num: v}
}

// parseLooseNumber reads malformed numbers the way viewers do: "--5" is -5,
// "1.2.3" is 1.2, "5-" is 5, garbage is 0.
func parseLooseNumber(s string) float64 {
	neg := false
	i := 0
	for i < len(s) && (s[i] == '-' || s[i] == '+') {
		if s[i] == '-' {
			neg = true
		}
		i++
	}
	j := i
	dot := false
	for j < len(s) && ((s[j] >= '0' && s[j] <= '9') || (s[j] == '.' && !dot)) {
		if s[j] == '.' {
			dot = true
		}
		j++
	}
	v, err := strconv.ParseFloat(s[i:j], 64)
	if err != nil {
		return 0
	}
	if neg {
		v = -v
	}
	return v
}

func (l *Lexer) literal() string {
	l.pos++ // '('
	var out []byte
	depth := 1
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		l.pos++
		switch c {
		case '(':
			depth++
			out = append(out, c)
		case ')':
			depth--
			if depth == 0 {
				return string(out)
			}
			out = append(out, c)
		case '\r':
			// An end-of-line in a string is read as a single LF.
			if l.pos < len(l.b) && l.b[l.pos] == '\n' {
				l.pos++
			}
			out = append(out, '\n')
		case '\\':
			if l.pos >= len(l.b) {
				return string(out)
			}
			e := l.b[l.pos]
			l.pos++
			switch e {
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case '\r':
				if l.pos < len(l.b) && l.b[l.pos] == '\n' {
					l.pos++
				}
			case '\n':
			case '0', '1', '2', '3', '4', '5', '6', '7':
				v := int(e - '0')
				for k := 0; k < 2 && l.pos < len(l.b) && l.b[l.pos] >= '0' && l.b[l.pos] <= '7'; k++ {
					v = v*8 + int(l.b[l.pos]-'0')
					l.pos++
				}
				out = append(out, byte(v))
			default:
				out = append(out, e)
			}
		default:
			out = append(out, c)
		}
	}
	return string(out)
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

func (l *Lexer) hex() string {
	l.pos++ // '<'
	var out []byte
	var hi byte
	half := false
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		l.pos++
		if c == '>' {
			break
		}
		v, ok := unhex(c)
		if !ok {
			continue
		}
		if half {
			out = append(out, hi<<4|v)
			half = false
		} else {
			hi, half = v, true
		}
	}
	if half {
		out = append(out, hi<<4)
	}
	return string(out)
}

// SkipInlineImage is called after the BI operator: it reads the image
// dictionary up to ID, then skips the image data up to the EI that ends it.
// It returns the dictionary (abbreviated keys as written: /W, /H, ...).
func (l *Lexer) SkipInlineImage() map[string]Token {
	d := map[string]Token{}
	var key string
	haveKey := false
	for {
		o, ok, err := l.Next()
		if !ok || err != nil {
			return d
		}
		if o.Kind == KindOperator && o.Str == "ID" {
			break
		}
		if o.Kind == KindOperator && o.Str == "EI" {
			return d
		}
		if !haveKey {
			if o.Kind == KindName {
				key, haveKey = o.Str, true
			}
			continue
		}
		d[key] = o
		haveKey = false
	}
	// One white-space byte follows ID.
	if l.pos < len(l.b) && isWhite(l.b[l.pos]) {
		l.pos++
	}
	// If the length is known and EI follows it, trust it.
	for _, k := range []string{"L", "Length"} {
		if v, ok := d[k]; ok && v.Kind == KindNumber && v.Num >= 0 {
			end := l.pos + int(v.Num)
			if end >= l.pos && end <= len(l.b) {
				j := end
				for j < len(l.b) && isWhite(l.b[j]) {
					j++
				}
				if bytes.HasPrefix(l.b[j:], []byte("EI")) && (j+2 == len(l.b) || isWhite(l.b[j+2]) || isDelim(l.b[j+2])) {
					l.pos = j + 2
					return d
				}
			}
		}
	}
	// Otherwise look for white space, "EI", then white space or the end.
	for i := l.pos; i+1 < len(l.b); i++ {
		if l.b[i] == 'E' && l.b[i+1] == 'I' && (i == l.pos || isWhite(l.b[i-1])) &&
			(i+2 == len(l.b) || isWhite(l.b[i+2])) {
			l.pos = i + 2
			return d
		}
	}
	l.pos = len(l.b)
	return d
}

// MaxScanOperands is the number of operands Scan keeps before an
// operator (the last ones); no content operator takes more.
const MaxScanOperands = 8

// Operand is an operand as Scan reads it, without decoding or copying:
// Raw is a slice of the lexer's input, valid as long as the input is.
type Operand struct {
	Kind Kind
	// Raw holds a number's or a name's bytes (a name without its slash,
	// #xx escapes not decoded) and a string's bytes between its
	// delimiters, not decoded. It is nil for arrays, dictionaries,
	// booleans and null.
	Raw []byte
	// Bytes is, for a string, the length of its decoded bytes (what
	// Next's Token.Str would hold); for an array, the sum of that over the
	// strings directly in it (a TJ array).
	Bytes int
	// Codes2 is Bytes counted in two-byte codes: for a string
	// ceil(Bytes/2), for an array the sum of that over its strings.
	Codes2 int
}

// Num is the operand as a finite number; 0 when it is not a number, NaN
// or infinite. It reads numbers as Next does, malformed ones included.
func (o Operand) Num() float64 {
	if o.Kind != KindNumber {
		return 0
	}
	v := parseNumber(o.Raw)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return v
}

// Name is a name operand decoded (#xx escapes), as Next's Token.Str; ""
// for any other kind.
func (o Operand) Name() string {
	if o.Kind != KindName {
		return ""
	}
	if bytes.IndexByte(o.Raw, '#') < 0 {
		return string(o.Raw)
	}
	l := Lexer{b: append([]byte{'/'}, o.Raw...)}
	return l.name()
}

// pow10 are the exact powers of ten for the fast path of parseNumber.
var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// parseNumber reads a number token as Lexer.number does. The common form
// (sign, at most 15 digits, one point) is computed exactly without
// allocating: an integer below 2^53 divided by an exact power of ten is
// the correctly rounded value, as strconv gives.
func parseNumber(b []byte) float64 {
	i, neg := 0, false
	if i < len(b) && (b[i] == '-' || b[i] == '+') {
		neg = b[i] == '-'
		i++
	}
	var m uint64
	digits, frac := 0, -1
	slow := false
	for ; i < len(b) && !slow; i++ {
		c := b[i]
		switch {
		case c >= '0' && c <= '9':
			m = m*10 + uint64(c-'0')
			digits++
			if frac >= 0 {
				frac++
			}
			slow = digits > 15
		case c == '.' && frac < 0:
			frac = 0
		default:
			slow = true // a second point or sign, an exponent: as Next
		}
	}
	if slow || digits == 0 {
		s := string(b)
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			v = parseLooseNumber(s)
		}
		return v
	}
	v := float64(m)
	if frac > 0 {
		v /= pow10[frac]
	}
	if neg {
		v = -v
	}
	return v
}

// ScanOp is an operator and its operands as Scan reads them.
type ScanOp struct {
	// Op is the operator, a slice of the input; a stray delimiter
	// ("]", ")", ">", ">>", "{", "}") is an operator, as with Next.
	Op []byte
	// Operands are the operands before Op, the last MaxScanOperands of
	// them, oldest first. The slice is reused by the next Scan.
	Operands []Operand
	// Dropped is set when operands were lost: more than MaxScanOperands,
	// or arrays and dictionaries nested past the limit (Next reports
	// those as an error).
	Dropped bool
}

// Scan reads up to and including the next operator and returns it with
// its operands. It allocates nothing: operands are slices of the input,
// strings are counted but not decoded, arrays give only the counts of the
// strings in them, dictionaries are skipped. It reads the same syntax as
// Next (and the two can be mixed, e.g. SkipInlineImage after a BI from
// Scan). ok is false at the end of the input; operands left over at the
// end are dropped.
func (l *Lexer) Scan() (op ScanOp, ok bool) {
	n := 0
	dropped := false
	push := func(o Operand) {
		if n == MaxScanOperands {
			copy(l.scan[:], l.scan[1:])
			n--
			dropped = true
		}
		l.scan[n] = o
		n++
	}
	for {
		l.skipSpace()
		if l.pos >= len(l.b) {
			return ScanOp{}, false
		}
		c := l.b[l.pos]
		switch {
		case c == '/':
			l.pos++
			start := l.pos
			for l.pos < len(l.b) && !isWhite(l.b[l.pos]) && !isDelim(l.b[l.pos]) {
				l.pos++
			}
			push(Operand{Kind: KindName, Raw: l.b[start:l.pos]})
		case c == '(':
			start := l.pos + 1
			nb := l.countLiteral()
			end := l.pos - 1
			if end < start || l.b[end] != ')' {
				end = l.pos
			}
			push(Operand{Kind: KindString, Raw: l.b[start:end], Bytes: nb, Codes2: (nb + 1) / 2})
		case c == '<' && l.pos+1 < len(l.b) && l.b[l.pos+1] == '<':
			l.pos += 2
			l.skipDictDepth(0, &dropped)
			push(Operand{Kind: KindDict})
		case c == '<':
			start := l.pos + 1
			nb := l.countHex()
			push(Operand{Kind: KindString, Raw: l.b[start:max(start, l.pos-1)], Bytes: nb, Codes2: (nb + 1) / 2})
		case c == '[':
			l.pos++
			push(l.scanArray(&dropped))
		case c == ']', c == '}', c == '{', c == ')':
			l.pos++
			return l.scanOp(l.b[l.pos-1:l.pos], n, dropped), true
		case c == '>':
			start := l.pos
			l.pos++
			if l.pos < len(l.b) && l.b[l.pos] == '>' {
				l.pos++
			}
			return l.scanOp(l.b[start:l.pos], n, dropped), true
		case c == '+' || c == '-' || c == '.' || (c >= '0' && c <= '9'):
			start := l.pos
			l.skipNumber()
			push(Operand{Kind: KindNumber, Raw: l.b[start:l.pos]})
		default:
			start := l.pos
			for l.pos < len(l.b) && !isWhite(l.b[l.pos]) && !isDelim(l.b[l.pos]) {
				l.pos++
			}
			w := l.b[start:l.pos]
			switch string(w) {
			case "true":
				push(Operand{Kind: KindBool, Raw: w})
			case "false":
				push(Operand{Kind: KindBool})
			case "null":
				push(Operand{Kind: KindNull})
			default:
				return l.scanOp(w, n, dropped), true
			}
		}
	}
}

func (l *Lexer) scanOp(name []byte, n int, dropped bool) ScanOp {
	return ScanOp{Op: name, Operands: l.scan[:n:n], Dropped: dropped}
}

func (l *Lexer) skipNumber() {
	l.pos++
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		if (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E' {
			l.pos++
			continue
		}
		return
	}
}

// countLiteral skips a literal string and returns the length of its
// decoded bytes, by the rules of literal.
func (l *Lexer) countLiteral() int {
	l.pos++ // '('
	n, depth := 0, 1
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		l.pos++
		switch c {
		case '(':
			depth++
			n++
		case ')':
			depth--
			if depth == 0 {
				return n
			}
			n++
		case '\r':
			if l.pos < len(l.b) && l.b[l.pos] == '\n' {
				l.pos++
			}
			n++
		case '\\':
			if l.pos >= len(l.b) {
				return n
			}
			e := l.b[l.pos]
			l.pos++
			switch e {
			case '\r':
				if l.pos < len(l.b) && l.b[l.pos] == '\n' {
					l.pos++
				}
			case '\n':
			case '0', '1', '2', '3', '4', '5', '6', '7':
				for k := 0; k < 2 && l.pos < len(l.b) && l.b[l.pos] >= '0' && l.b[l.pos] <= '7'; k++ {
					l.pos++
				}
				n++
			default:
				n++
			}
		default:
			n++
		}
	}
	return n
}

// countHex skips a hex string and returns the length of its decoded
// bytes, by the rules of hex.
func (l *Lexer) countHex() int {
	l.pos++ // '<'
	digits := 0
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		l.pos++
		if c == '>' {
			break
		}
		if _, ok := unhex(c); ok {
			digits++
		}
	}
	return (digits + 1) / 2
}

// scanArray reads an array after its '[' into an operand that counts
// the strings directly in it; nested arrays and dictionaries are skipped.
func (l *Lexer) scanArray(dropped *bool) Operand {
	o := Operand{Kind: KindArray}
	for {
		l.skipSpace()
		if l.pos >= len(l.b) {
			return o
		}
		switch c := l.b[l.pos]; {
		case c == ']':
			l.pos++
			return o
		case c == '(':
			nb := l.countLiteral()
			o.Bytes += nb
			o.Codes2 += (nb + 1) / 2
		case c == '<' && l.pos+1 < len(l.b) && l.b[l.pos+1] == '<':
			l.pos += 2
			l.skipDictDepth(1, dropped)
		case c == '<':
			nb := l.countHex()
			o.Bytes += nb
			o.Codes2 += (nb + 1) / 2
		case c == '[':
			l.pos++
			l.skipArrayDepth(1, dropped)
		default:
			if !l.skipToken() {
				return o
			}
		}
	}
}

// skipArrayDepth skips the rest of an array opened at depth; past
// maxNesting it skips as Next does and sets dropped.
func (l *Lexer) skipArrayDepth(depth int, dropped *bool) {
	l.skipContainerDepth(depth, false, dropped)
}

// skipDictDepth skips the rest of a dictionary opened at depth.
func (l *Lexer) skipDictDepth(depth int, dropped *bool) {
	l.skipContainerDepth(depth, true, dropped)
}

// skipContainerDepth skips the rest of an array, or of a dictionary when
// dict is set, opened at depth, counting the strings inside without
// decoding them; past maxNesting it skips as Next does and sets dropped.
func (l *Lexer) skipContainerDepth(depth int, dict bool, dropped *bool) {
	if depth >= maxNesting {
		if dict {
			l.skipDict()
		} else {
			l.skipNested('[', ']')
		}
		*dropped = true
		return
	}
	for {
		l.skipSpace()
		if l.pos >= len(l.b) {
			return
		}
		c := l.b[l.pos]
		dictOpen := c == '<' && l.pos+1 < len(l.b) && l.b[l.pos+1] == '<'
		switch {
		case !dict && c == ']':
			l.pos++
			return
		case dict && c == '>' && l.pos+1 < len(l.b) && l.b[l.pos+1] == '>':
			l.pos += 2
			return
		case c == '[':
			l.pos++
			l.skipContainerDepth(depth+1, false, dropped)
		case dictOpen:
			l.pos += 2
			l.skipContainerDepth(depth+1, true, dropped)
		case c == '(':
			l.countLiteral()
		case c == '<':
			l.countHex()
		default:
			if !l.skipToken() {
				return
			}
		}
	}
}

// skipToken skips one token that is not a string, array or dictionary,
// as Next would read it; false at the end of the input.
func (l *Lexer) skipToken() bool {
	l.skipSpace()
	if l.pos >= len(l.b) {
		return false
	}
	switch c := l.b[l.pos]; {
	case c == '+' || c == '-' || c == '.' || (c >= '0' && c <= '9'):
		l.skipNumber()
	case c == '/':
		l.pos++
		for l.pos < len(l.b) && !isWhite(l.b[l.pos]) && !isDelim(l.b[l.pos]) {
			l.pos++
		}
	default:
		start := l.pos
		for l.pos < len(l.b) && !isWhite(l.b[l.pos]) && !isDelim(l.b[l.pos]) {
			l.pos++
		}
		if l.pos == start { // a delimiter: ) > } {
			l.pos++
			if c == '>' && l.pos < len(l.b) && l.b[l.pos] == '>' {
				l.pos++
			}
		}
	}
	return true
}
