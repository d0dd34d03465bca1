// Package quality scores an engine's answer for a page, so the router can
// tell a good page from one that needs another engine.
//
// Score looks only at the core types: it is a pure function of a
// PageResult (and optional Hints about what the page should hold). Each
// signal is a number in [0,1], 1 being clean; the page score combines them,
// and every signal that pulls the score down adds a human-readable reason:
//
//	r := quality.Score(result, quality.Hints{})
//	if r.Score < threshold { escalate(r.Reasons) }
//
// Signals:
//   - yield: the share of the page's text layer the reading holds: its
//     characters against the glyphs that draw text (core.FactGlyphs less
//     core.FactBlankGlyphs: drawn spaces and soft hyphens are no text), 1
//     from completeShare (0.9) up, the share itself below, so a reading
//     that lost half the page yields 0.5; an empty page scores 0 unless
//     Hints say it is blank;
//   - encoding: the share of characters that are real text rather than
//     U+FFFD, private-use or control characters, leftovers of failed font
//     decoding ("(cid:12)", "GLYPH<0041>", "/gid00042", "uni0041"), UTF-8
//     read as Latin-1 ("Ã©"), letters shifted by a fixed offset by a subset
//     font without a Unicode map ("7KH" for "The"), Han characters that
//     are mostly outside everyday use (Latin text through a broken CJK map),
//     or Cyrillic letters taken from the alphabets of several languages
//     (Latin print read with a Cyrillic model: "Коһгдаѕ" for "Ruhrgas");
//   - wordness: the share of tokens shaped like words (by shape, not by
//     vocabulary, so rare and made-up words pass), and letters spaced apart;
//   - order: lines that run backwards, words against the script's direction,
//     and more jumps back up the page than columns explain;
//   - repetition: the same phrases looping, as models and OCR sometimes do
//     (not for a reading of the text layer, Hints.TextLayer: what it
//     repeats, the page draws).
//
// Score = yield × encoding × (½ + ½·wordness) × (½ + ½·order) × repetition:
// decoding failures can take a page to zero, shape and order at most halve it.
//
// Parts of a page are judged too. Garbled says whether a block of a page
// that passed lost what a reading of its pixels could give back (too few
// of its characters or words decoded, or words lost outright), and
// LostScript which script to read it in: DetectScript's for what of it
// decoded, or Han, kana or Hangul where its undecoded glyphs are set full
// width.
package quality
