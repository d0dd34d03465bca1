package core

import (
	"errors"
	"fmt"
	"testing"
)

// An EngineError names its engine and page once, also when its cause is
// an engine's own EngineError rebuilt from the wire (a WireError whose
// message names them already), and errors.Is still finds the sentinel.
func TestEngineErrorNamesOnce(t *testing.T) {
	t.Parallel()
	inner := &EngineError{Engine: "nativetext", Err: fmt.Errorf("%w: no password", ErrEncrypted)}
	wired := FromWire(Code(inner), inner.Error())
	pageInner := &EngineError{Engine: "ocr", Page: 3, Err: ErrTimeout}
	for _, c := range []struct {
		err  *EngineError
		want string
	}{
		{&EngineError{Engine: "nativetext", Err: wired}, "nativetext: encrypted PDF: a password is needed: no password"},
		{&EngineError{Engine: "nativetext", Err: inner}, "nativetext: encrypted PDF: a password is needed: no password"},
		{&EngineError{Engine: "ocr", Page: 3, Err: FromWire(Code(pageInner), pageInner.Error())}, "ocr: page 3: timed out"},
		{&EngineError{Engine: "ocr", Page: 3, Err: FromWire(Code(inner), inner.Error())}, "ocr: page 3: nativetext: encrypted PDF: a password is needed: no password"},
		{&EngineError{Engine: "ocr", Page: 4, Err: FromWire(Code(pageInner), pageInner.Error())}, "ocr: page 4: page 3: timed out"},
		{&EngineError{Page: 2, Err: errors.New("page 2: gone")}, "page 2: gone"},
		{&EngineError{Engine: "shout", Err: errors.New("shouting: loud")}, "shout: shouting: loud"},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("Error() = %q, want %q", got, c.want)
		}
	}
	if err := (&EngineError{Engine: "nativetext", Err: wired}); !errors.Is(err, ErrEncrypted) {
		t.Errorf("%v: errors.Is(ErrEncrypted) is false", err)
	}
}
