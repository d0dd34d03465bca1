package pdfdoc

import (
	"fmt"
	"strings"
	"testing"
)

// byNext renders the operators of b with their operands as Next reads
// them, in the form byScan uses: numbers, names, string lengths, arrays
// as the summed lengths of the strings in them. nested is set when Next
// met objects nested past its limit: it then leaves the enclosing
// arrays' closing brackets as stray operators, where Scan skips the whole
// object, and the two are not compared.
func byNext(b []byte) (out string, nested bool) {
	l := NewLexer(b)
	var sb strings.Builder
	var ops []string
	bad := false
	for i := 0; i < len(b)+10; i++ {
		t, ok, err := l.Next()
		if !ok {
			break
		}
		if err != nil {
			bad, nested = true, true
			continue
		}
		if t.Kind != KindOperator {
			ops = append(ops, renderOperand(t.Kind, Num([]Token{t}, 0), t.Str, len(t.Str), arrayBytes(t)))
			continue
		}
		if len(ops) > MaxScanOperands {
			ops, bad = ops[len(ops)-MaxScanOperands:], true
		}
		if bad {
			ops = nil
		}
		fmt.Fprintf(&sb, "%s %s\n", strings.Join(ops, " "), t.Str)
		ops, bad = ops[:0], false
		if t.Str == "BI" {
			l.SkipInlineImage()
		}
	}
	return sb.String(), nested
}

func arrayBytes(t Token) int {
	n := 0
	for _, e := range t.Arr {
		if e.Kind == KindString {
			n += len(e.Str)
		}
	}
	return n
}

func byScan(b []byte) string {
	l := NewLexer(b)
	var sb strings.Builder
	for i := 0; i < len(b)+10; i++ {
		op, ok := l.Scan()
		if !ok {
			break
		}
		var ops []string
		if !op.Dropped {
			for _, o := range op.Operands {
				ops = append(ops, renderOperand(o.Kind, o.Num(), o.Name(), o.Bytes, o.Bytes))
			}
		}
		fmt.Fprintf(&sb, "%s %s\n", strings.Join(ops, " "), op.Op)
		if string(op.Op) == "BI" {
			l.SkipInlineImage()
		}
	}
	return sb.String()
}

func renderOperand(k Kind, num float64, name string, strLen, arrLen int) string {
	switch k {
	case KindNumber:
		return fmt.Sprintf("%g", num)
	case KindName:
		return "/" + name
	case KindString:
		return fmt.Sprintf("s%d", strLen)
	case KindArray:
		return fmt.Sprintf("a%d", arrLen)
	case KindDict:
		return "<<>>"
	case KindBool:
		return fmt.Sprintf("b%v", num)
	}
	return "null"
}

func TestScan(t *testing.T) {
	tests := []string{
		"BT /F1 12 Tf 72 700 Td (Hello) Tj ET",
		"[(A) -250 (B) <0041 42>] TJ",
		"[(A) [(nested)] << /K [1] >> /N 3 BT] TJ",
		"<< /ActualText <FEFF0066> >> BDC (x) Tj EMC",
		"BI /W 1 /H 1 /BPC 8 ID \x00 EI Q",
		`(\(\)\\\123\0537x\` + "\r\n" + `y` + "\r\n" + `) Tj`,
		"(a(b)c) (unterminated",
		"<0001 00 02> <6> Tj",
		"/Na#6De 1.5 -.3 4. --5 1.2.3 1e3 + - . 12345678901234567 0.1 Tf",
		"% c\n{ } ) >> > ] Q",
		"true false null 1 2 3 4 5 6 7 8 9 10 sc",
		"q 1 0 0 1 0 0 cm Q 0 0 m 10 10 l S",
		"/ (x) Tj /(y) Tj",
	}
	for _, in := range tests {
		want, _ := byNext([]byte(in))
		if got := byScan([]byte(in)); got != want {
			t.Errorf("%q:\nscan:\n%s\nnext:\n%s", in, got, want)
		}
	}
	for _, deep := range []string{
		strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + " Q",
		strings.Repeat("<< /A ", 5000) + strings.Repeat(">> ", 5000) + "Q",
		"[(a) " + strings.Repeat("[", 100) + strings.Repeat("]", 100) + "] TJ Q",
	} {
		if got := byScan([]byte(deep)); !strings.HasSuffix(got, " Q\n") {
			t.Errorf("deep nesting: %.80q", got)
		}
	}
}

// FuzzScan: Scan reads what Next reads, never panics, always advances.
func FuzzScan(f *testing.F) {
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
		got := byScan(b)
		if want, nested := byNext(b); !nested && got != want {
			t.Fatalf("scan:\n%s\nnext:\n%s", got, want)
		}
	})
}
