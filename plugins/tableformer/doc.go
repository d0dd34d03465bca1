// Package tableformer recovers table structure: rows, columns, spanning
// cells and header rows from the words and ruling lines inside a table
// region. It is the one place Assay decides table structure: nativetext
// and layoutml's table stage both call it.
package tableformer
