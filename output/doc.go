// Package output writes a merged Result as Markdown, JSON, plain text or
// chunks for retrieval.
//
//	output.Markdown(w, res, output.MarkdownOptions{PageMarkers: true})
//	output.JSON(w, res, output.JSONOptions{})
//	output.Text(w, res)
//	output.Chunks(w, res, output.ChunkOptions{MaxTokens: 512})
//
// Markdown is for people and for RAG chunkers: headings, paragraphs, lists,
// pipe tables, one blank line between blocks, and an HTML comment marking
// each page. JSON is the full record: every page of the input with its
// status, engine, quality and attempts, and its blocks with boxes; its
// schema is versioned (SchemaVersion) and documented in docs/output.md.
//
// Chunks are JSON Lines, one Chunk per line: a piece of the Markdown (the
// Markdown writer renders every block, so the two never differ) with its
// heading path, pages, boxes, block kinds, engine, page quality and token
// count. A heading starts a chunk; blocks follow while the chunk stays
// within ChunkOptions.MaxTokens. A block longer than a chunk is cut at
// sentences (lines for code), then words, then inside a word; a table is
// kept whole when it fits, else cut at rows with its header rows repeated
// in every part. A table row with its header rows is never cut, so a chunk
// holding only such a row may exceed the bound. Running headers and
// footers are in no chunk, and in no Markdown unless asked for; a note
// they repeat (notesOnce) is written once in both, where it first stands.
// Chunks cut from one section to fit may overlap
// by ChunkOptions.Overlap tokens of prose; Chunk.Overlap says how many
// bytes of a chunk's text repeat the chunk before. Ids are DocID and an
// ordinal, so the same document chunked the same way gets the same ids.
//
// Tokens are counted with github.com/tiktoken-go/tokenizer, a pure-Go port
// of OpenAI's tiktoken whose vocabularies are compiled into the binary:
// nothing is downloaded at run time, and counts match tiktoken's. Only
// cl100k_base (the default) and o200k_base are linked in, each adding a
// few megabytes. github.com/pkoukk/tiktoken-go, the other port, fetches
// its BPE files over the network at first use (cached where
// TIKTOKEN_CACHE_DIR says) unless given an offline loader from a second
// module, which is one more thing to get right for a tool that must work
// offline.
package output
