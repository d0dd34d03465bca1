// Package textclean normalises text taken from PDFs before it reaches the
// document model. It is shared by every engine that produces text.
//
// The package is a handful of pure functions on strings:
//
//   - ExpandLigatures replaces the presentation-form ligatures U+FB00–U+FB06
//     (ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ) with their letters;
//   - DropSoftHyphens removes U+00AD;
//   - StripControls removes C0/C1 control characters except tab and newline
//     (and other invisible format characters that only hurt search, such as
//     U+FEFF and U+200B);
//   - Clean applies all of the above and then Unicode NFC;
//   - Dehyphenate joins a word broken across a line end: a hyphen
//     (U+002D, U+00AD, U+2010) after a letter at the very end of a line,
//     and a next line that starts with a lowercase letter (a conservative
//     rule: no word list, "Anglo-" + "Saxon" stays apart).
//
// One function works on a line's words, with their boxes:
//
//   - JoinSpacedLetters rejoins letter-spaced text ("T H O U G H T"): runs
//     of one-letter words of one script at an even pitch, taken for
//     tracking only with evidence that the gaps are not spaces (a wider
//     gap inside the run, five letters or more, or gaps narrower than any
//     space), become the words they spell; the wider gaps stay breaks.
//
// Clean is idempotent: Clean(Clean(s)) == Clean(s).
package textclean
