package output

import (
	"fmt"
	"sync"

	"github.com/tiktoken-go/tokenizer/codec"
)

// The token encodings the chunks writer can count with. Their vocabularies
// are compiled into the binary (github.com/tiktoken-go/tokenizer), so
// counting never downloads anything.
const (
	// EncodingCl100k is OpenAI's cl100k_base: GPT-4, GPT-3.5 and the
	// text-embedding-3 and ada-002 embedding models. The default.
	EncodingCl100k = "cl100k_base"
	// EncodingO200k is OpenAI's o200k_base: GPT-4o and later models.
	EncodingO200k = "o200k_base"
)

// Encodings are the names NewTokenizer accepts.
var Encodings = []string{EncodingCl100k, EncodingO200k}

// TokenCounter counts the tokens of a text, as the model that will read
// the chunks would.
type TokenCounter interface {
	Count(text string) (int, error)
}

// NewTokenizer is the counter for a named encoding ("" is cl100k_base).
// Only the encodings in Encodings are linked in: each vocabulary adds a
// few megabytes to the binary.
func NewTokenizer(encoding string) (TokenCounter, error) {
	switch encoding {
	case "", EncodingCl100k:
		return &lazyCodec{build: func() TokenCounter { return codec.NewCl100kBase() }}, nil
	case EncodingO200k:
		return &lazyCodec{build: func() TokenCounter { return codec.NewO200kBase() }}, nil
	}
	return nil, fmt.Errorf("token encoding %q: want one of %v", encoding, Encodings)
}

// lazyCodec builds its vocabulary on the first Count. Building it (a map
// of 100,000 or 200,000 byte strings) costs about 12 ms of CPU, which a
// run that never writes chunks should not pay just for holding a counter.
type lazyCodec struct {
	once  sync.Once
	build func() TokenCounter
	c     TokenCounter
}

// Count counts text's tokens with the encoding's vocabulary.
func (l *lazyCodec) Count(text string) (int, error) {
	l.once.Do(func() { l.c = l.build() })
	return l.c.Count(text)
}
