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
	b   []byte
	pos int
	// arena holds the elements of top-level arrays once RecycleArrays is
	// called: a content stream's TJ arrays, one per shown string, were a
	// sixth of the bytes the text engine allocated.
	arena   []Token
	recycle bool
}

// maxArena bounds the arena (in tokens): operands that never reach an
// operator to be recycled at stop piling up in it, and arrays past it are
// allocated as usual.
const maxArena = 1 << 16

// RecycleArrays has the lexer keep the elements of the arrays that Next
// returns (not those nested in them, nor dictionaries) in one buffer,
// which Recycle empties for reuse: such an array is valid only until the
// next Recycle. For a caller that is done with its operands at each
// operator.
func (l *Lexer) RecycleArrays() { l.recycle = true }

// Recycle lets the lexer reuse the room of the arrays it returned since
// the last Recycle (see RecycleArrays).
func (l *Lexer) Recycle() { l.arena = l.arena[:0] }

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
	closes := func() int {
		if l.b[l.pos] == ']' {
			return 1
		}
		return 0
	}
	if l.recycle && depth == 0 && len(l.arena) < maxArena {
		// Nested arrays are built apart, so this array's elements are
		// contiguous in the arena.
		start := len(l.arena)
		err := l.elements(depth, closes, func(o Token) { l.arena = append(l.arena, o) })
		end := len(l.arena)
		return Token{Kind: KindArray, Arr: l.arena[start:end:end]}, true, err
	}
	var arr []Token
	err := l.elements(depth, closes, func(o Token) { arr = append(arr, o) })
	return Token{Kind: KindArray, Arr: arr}, true, err
}

func (l *Lexer) dictBody(depth int) (Token, bool, error) {
	if depth >= maxNesting {
		l.skipDict()
		return Token{Kind: KindDict}, true, errNesting
	}
	d := map[string]Token{}
	var key string
	haveKey := false
	closes := func() int {
		if l.b[l.pos] == '>' && l.pos+1 < len(l.b) && l.b[l.pos+1] == '>' {
			return 2
		}
		return 0
	}
	err := l.elements(depth, closes, func(o Token) {
		switch {
		case !haveKey && o.Kind == KindName:
			key, haveKey = o.Str, true
		case haveKey:
			d[key] = o
			haveKey = false
		}
	})
	return Token{Kind: KindDict, Dict: d}, true, err
}

// elements reads the tokens of an array's or a dictionary's body, handing
// each to add, up to its closing delimiter (closes says how many bytes
// long it is where one starts, else 0) or the end of the input. It
// returns the first error.
func (l *Lexer) elements(depth int, closes func() int, add func(Token)) error {
	for {
		l.skipSpace()
		if l.pos >= len(l.b) {
			return nil
		}
		if n := closes(); n > 0 {
			l.pos += n
			return nil
		}
		o, ok, err := l.nextDepth(depth + 1)
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		add(o)
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
	if v, ok := plainNumber(l.b[start:l.pos]); ok {
		return Token{Kind: KindNumber, Num: v}
	}
	s := string(l.b[start:l.pos])
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		v = parseLooseNumber(s)
	}
	return Token{Kind: KindNumber, Num: v}
}

// maxExactMantissa and pow10 bound plainNumber's fast path: a mantissa
// below 2^53 and a power of ten up to 10^22 are both exact doubles, so
// one division rounds the quotient correctly, to the value
// strconv.ParseFloat gives.
const maxExactMantissa = 1 << 53

var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// plainNumber reads b when it has the form PDF numbers take, [sign]
// digits [. digits] with a digit somewhere, and a mantissa and scale that
// make one exact division; ok is false otherwise. Content streams are
// mostly numbers, and strconv.ParseFloat, with the string it needs, was
// a twentieth of the text engine's time.
func plainNumber(b []byte) (v float64, ok bool) {
	i, neg := 0, false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg, i = b[0] == '-', 1
	}
	var mant uint64
	frac, digits, dot := 0, 0, false
	for ; i < len(b); i++ {
		c := b[i]
		switch {
		case c >= '0' && c <= '9':
			mant = mant*10 + uint64(c-'0')
			if mant >= maxExactMantissa {
				return 0, false
			}
			digits++
			if dot {
				frac++
			}
		case c == '.' && !dot:
			dot = true
		default:
			return 0, false
		}
	}
	if digits == 0 || frac >= len(pow10) {
		return 0, false
	}
	v = float64(mant) / pow10[frac]
	if neg {
		v = -v
	}
	return v, true
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

// literal reads a literal string, l.pos at its '('. Most strings a page
// shows hold no escape, nested parenthesis or carriage return: such a
// string is its bytes up to the ')', copied once. Others are read byte
// by byte (literalEscaped).
func (l *Lexer) literal() string {
	l.pos++ // '('
	rest := l.b[l.pos:]
	i := bytes.IndexAny(rest, literalSpecials)
	if i >= 0 && rest[i] == ')' {
		l.pos += i + 1
		return string(rest[:i])
	}
	return l.literalEscaped(max(i, 0))
}

// literalSpecials are the bytes that end a literal string or change how
// its bytes read.
const literalSpecials = "()\\\r"

// literalSlack is the room literalEscaped makes for the bytes after the
// plain ones.
const literalSlack = 16

// literalEscaped reads a literal string from l.pos, past its '(', with
// its escapes, nested parentheses and line ends; plain is the number of
// bytes at l.pos known to hold none of them.
func (l *Lexer) literalEscaped(plain int) string {
	out := append(make([]byte, 0, plain+literalSlack), l.b[l.pos:l.pos+plain]...)
	l.pos += plain
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
