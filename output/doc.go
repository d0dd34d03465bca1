// Package output writes a merged Result as Markdown, JSON or plain text.
//
//	output.Markdown(w, res, output.MarkdownOptions{PageMarkers: true})
//	output.JSON(w, res, output.JSONOptions{})
//	output.Text(w, res)
//
// Markdown is for people and for RAG chunkers: headings, paragraphs, lists,
// pipe tables, one blank line between blocks, and an HTML comment marking
// each page. JSON is the full record: every page of the input with its
// status, engine, quality and attempts, and its blocks with boxes; its
// schema is versioned (SchemaVersion) and documented in docs/output.md.
package output
