// Package merge chooses, for every page, the best of the answers the
// engines gave, and keeps the ledger that says how each page was decided.
//
// The router collects one Candidate per engine attempt on a page; Best picks
// the winner (highest quality score, ties to the cheaper engine), and
// Decide turns the page's attempts into a ledger Entry: the final status,
// the winning engine, every attempt with its score and time. Document then
// assembles the entries into a Result, one entry for every page of the
// input, so no page is dropped without a record.
//
// Parts of pages come back too. Overlay adds what an engine read in a
// page's pictures where the best answer has no text, ReplaceTables puts
// a table engine's tables in place of the ones they cover, and Reread puts a
// reading of the blocks whose text layer did not decode into them, the
// reading's characters in place of the undecoded ones (splice, which
// aligns the two) and the layer's decoded characters, words and boxes
// kept.
//
// Everything here is a pure function over core types.
package merge
