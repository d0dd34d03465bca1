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
// Everything here is a pure function over core types.
package merge
