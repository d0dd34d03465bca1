package pdfdoc

import (
	"fmt"
	"strings"
	"testing"
)

// render prints objects compactly for comparison.
func render(o Token) string {
	switch o.Kind {
	case KindNull:
		return "null"
	case KindNumber:
		return fmt.Sprintf("%g", o.Num)
	case KindBool:
		return fmt.Sprintf("%v", o.Num == 1)
	case KindName:
		return "/" + o.Str
	case KindString:
		return fmt.Sprintf("%q", o.Str)
	case KindArray:
		parts := make([]string, len(o.Arr))
		for i, a := range o.Arr {
			parts[i] = render(a)
		}
		return "[" + strings.Join(parts, " ") + "]"
	case KindDict:
		return fmt.Sprintf("<<%d>>", len(o.Dict))
	case KindOperator:
		return o.Str
	}
	return "?"
}

func lexAll(s string) string {
	l := NewLexer([]byte(s))
	var parts []string
	for i := 0; i < 10000; i++ {
		o, ok, _ := l.Next()
		if !ok {
			break
		}
		if o.Kind == KindOperator && o.Str == "BI" {
			l.SkipInlineImage()
			parts = append(parts, "<image>")
			continue
		}
		parts = append(parts, render(o))
	}
	return strings.Join(parts, " ")
}

func TestLexer(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"", ""},
		{"1 -2 +3 .5 -.5 4. 1.5e3", "1 -2 3 0.5 -0.5 4 1500"}, // e is not PDF syntax but parses
		{"--5 1.2.3", "-5 1.2"},
		{"/Name /A#42C /", `/Name /ABC /`},
		{"(a(b)c)", `"a(b)c"`},
		{`(\n\r\t\b\f\(\)\\\101\0537x)`, `"\n\r\t\b\f()\\A+7x"`},
		{"(line\\\ncont)", `"linecont"`},
		{"(cr\r\nlf)", `"cr\nlf"`},
		{"(unterminated", `"unterminated"`},
		{"<48 65 6c6C 6>", "\"Hell`\""},
		{"[1 (a) /b [2]] ]", `[1 "a" /b [2]] ]`},
		{"<< /A 1 /B << /C (x) >> >> Tf", "<<2>> Tf"},
		{"true false null BT ET", "true false null BT ET"},
		{"% comment\n1 % another\n2", "1 2"},
		{"q 1 0 0 1 0 0 cm Q", "q 1 0 0 1 0 0 cm Q"},
		{"BI /W 2 /H 1 ID \x00\x01 EI Q", "<image> Q"},
		{"BI /W 2 /L 4 ID xxEI EI Q", "<image> Q"},
		{"BI /W 2 ID no end", "<image>"},
		{"{ } ) >", "{ } ) >"},
		{"'(x)' \"", `' "x" ' "`},
	}
	for _, tt := range tests {
		got := lexAll(tt.in)
		if got != tt.want {
			t.Errorf("lex(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestLexerNesting(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + " Q"
	got := lexAll(deep)
	if !strings.HasSuffix(got, "Q") {
		t.Errorf("deep nesting: %.80s", got)
	}
	deepDict := strings.Repeat("<< /A ", 5000) + strings.Repeat(">> ", 5000) + "Q"
	if got := lexAll(deepDict); !strings.HasSuffix(got, "Q") {
		t.Errorf("deep dict: %.80s", got)
	}
}

func FuzzLexer(f *testing.F) {
	for _, s := range []string{
		"BT /F1 12 Tf 72 700 Td (Hello) Tj ET",
		"[(A) -250 (B)] TJ",
		"<< /ActualText <FEFF0066> >> BDC (x) Tj EMC",
		"BI /W 1 /H 1 /BPC 8 ID \x00 EI",
		`(\(\)\\\123)`,
		"<0001 00 02>",
		"/Na#6De 1.5 -.3 [ << >> ]",
		"% c\n{ } ) >> >",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		l := NewLexer(b)
		for i := 0; i < len(b)+10; i++ {
			prev := l.pos
			o, ok, _ := l.Next()
			if !ok {
				return
			}
			if o.Kind == KindOperator && o.Str == "BI" {
				l.SkipInlineImage()
			}
			if l.pos <= prev || l.pos > len(b) {
				t.Fatalf("lexer did not advance: %d -> %d of %d", prev, l.pos, len(b))
			}
		}
		if l.pos < len(b) {
			l.skipSpace()
			if _, ok, _ := l.Next(); ok && l.pos < len(b) {
				// More tokens than bytes+10 is impossible.
				t.Fatalf("too many tokens")
			}
		}
		sameWhenRecycling(t, b)
	})
}

// sameWhenRecycling checks that a lexer recycling its arrays at each
// operator hands over, operator by operator, the operands a lexer that
// does not recycle reads.
func sameWhenRecycling(t *testing.T, b []byte) {
	var want []string
	for l := NewLexer(b); ; {
		o, ok, err := l.Next()
		if !ok || err != nil || len(want) > len(b)+10 {
			break
		}
		want = append(want, render(o))
	}
	l := NewLexer(b)
	l.RecycleArrays()
	var held []Token
	n := 0
	check := func() {
		for _, h := range held {
			if n >= len(want) || render(h) != want[n] {
				t.Fatalf("token %d read %s while recycling, want %v", n, render(h), want[min(n, len(want)-1):])
			}
			n++
		}
		held = held[:0]
		l.Recycle()
	}
	for i := 0; i < len(want); i++ {
		o, ok, err := l.Next()
		if !ok || err != nil {
			break
		}
		held = append(held, o)
		if o.Kind == KindOperator {
			check()
		}
	}
	check()
}

// With RecycleArrays, the arrays read between two Recycles stay whole
// (nested ones included), and those read after a Recycle reuse the room.
func TestLexerRecycleArrays(t *testing.T) {
	t.Parallel()
	l := NewLexer([]byte("[1 2] [3 [4 5] 6] op [7 (x) 8] op"))
	l.RecycleArrays()
	var got, ops []string
	var held []Token
	for {
		o, ok, err := l.Next()
		if !ok || err != nil {
			break
		}
		if o.Kind != KindOperator {
			held = append(held, o)
			continue
		}
		for _, h := range held {
			ops = append(ops, render(h))
		}
		got = append(got, strings.Join(ops, " "))
		ops, held = ops[:0], held[:0]
		l.Recycle()
	}
	want := []string{render(mustNext(t, "[1 2]")) + " " + render(mustNext(t, "[3 [4 5] 6]")), render(mustNext(t, "[7 (x) 8]"))}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("operands per operator:\n got %q\nwant %q", got, want)
	}
	if cap(l.arena) == 0 || cap(l.arena) > 8 {
		t.Errorf("arena capacity %d; want the room of the first operator's arrays, reused", cap(l.arena))
	}
}

// mustNext is the first token of src, read without recycling.
func mustNext(t *testing.T, src string) Token {
	t.Helper()
	o, ok, err := NewLexer([]byte(src)).Next()
	if !ok || err != nil {
		t.Fatalf("%q: %v", src, err)
	}
	return o
}

// FuzzLiteral: a literal string reads the same, and ends at the same
// byte, by the plain path and by the byte-by-byte one.
func FuzzLiteral(f *testing.F) {
	for _, s := range []string{"Hello) Tj", `a\(b\)c)`, "x(y)z)", "line\r\nend)", `\101\102)`, "no end", ")", `\`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		in := append([]byte("("), b...)
		fast := NewLexer(in)
		got := fast.literal()
		slow := NewLexer(in)
		slow.pos++
		want := slow.literalEscaped(0)
		if got != want || fast.pos != slow.pos {
			t.Fatalf("%q: %q ending at %d, want %q ending at %d", in, got, fast.pos, want, slow.pos)
		}
	})
}
