// Package textclean normalises text taken from PDFs before it reaches the
// document model. It is shared by every engine that produces text.
//
// The package is a handful of pure functions on strings:
//
//   - ExpandLigatures replaces the presentation-form ligatures U+FB00–U+FB06
//     (ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ) with their letters;
//   - ExpandPresentationForms replaces the Hebrew and Arabic presentation
//     forms (a letter's shape in one position, or a ligature: ﺍﺳﻤﻲ, ﻻ)
//     with the letters they show (اسمي, لا);
//   - DropSoftHyphens removes U+00AD;
//   - StripControls removes C0/C1 control characters except tab and newline
//     (and other invisible format characters that only hurt search, such as
//     U+FEFF and U+200B);
//   - Clean applies all of the above and then Unicode NFC;
//   - CollapseSpace makes each run of white space one space, with none at
//     either end (strings.Join(strings.Fields(s), " ") in one pass), for
//     text written on one line.
//
// Accents:
//
//   - Accented sets a spacing diacritic ('¨', '´', '¸', ...) that a font
//     drew as a glyph of its own on the letter it stands over or under,
//     as one character ('o' and '¨': 'ö'), where TeX's fonts in their
//     original encoding draw accented letters so; SpacingAccent tells
//     such a diacritic.
//   - Overlaid sets a glyph TeX draws over a symbol to change it on that
//     symbol (the stroke of \not over '=': '≠'; a 'c' in a big circle:
//     '©'); Overlay tells such a glyph.
//
// Blocks' roles:
//
//   - Byline tells a document's authors or their affiliations (names
//     marked by initials or affiliation marks, or an e-mail address),
//     which engines set apart from the headings they are as large as;
//   - Statement tells a sentence stated (twelve words or more ending in
//     a full stop), a pull quote or a note rather than a heading; a
//     question may head its answer.
//
// Direction of writing:
//
//   - RightToLeft tells the letters of the scripts written right to left
//     (Hebrew, Arabic and their kin). Their punctuation and digits are no
//     such letters: they take the direction of the text around them, so a
//     number followed by an Arabic comma still reads left to right.
//
// Notes:
//
//   - NoteMarks and SuperscriptDigits are the marks that refer from the
//     text to a note ('*', '∗', '†', '‡', '§', '¶'; '¹'...): the text
//     engine reads them as a note's number, the Markdown writer as what a
//     note starts with, Byline as an author's affiliation.
//
// Lists:
//
//   - Bullet tells a list item's bullet (a dot, a square, a triangle, a
//     dash, Word's private-use bullets): the layout starts an item at
//     one, and a writer puts its own list mark in its place.
//
// One function works on a line's words, with their boxes:
//
//   - JoinSpacedLetters rejoins letter-spaced text ("T H O U G H T"): runs
//     of one-letter words of one script at an even pitch, taken for
//     tracking only with evidence that the gaps are not spaces (a wider
//     gap inside the run, five letters or more, or gaps narrower than any
//     space), become the words they spell; the wider gaps stay breaks.
//
// Chinese and Japanese are written without spaces between words:
//
//   - Unspaced tells the characters of those scripts (Han, kana, their
//     punctuation and full-width forms; not Hangul, which is spaced);
//   - JoinUnspacedLines marks with core.FlagJoinNext the last word of a
//     line that ends in such a character when the next line of its block
//     starts with one, so that Text writes no space where the measure
//     broke the text.
//
// One type works on a document's blocks:
//
//   - Hyphens joins the words broken at line ends, from the document's own
//     evidence (Count it over the pages, then Mend each page): a hyphen
//     after a letter ending a line whose next line in the block (or the
//     next paragraph) starts in lower case is a break, marked on the word
//     with core.FlagJoinNext so that Text writes no space; the hyphen is
//     dropped when it is a soft hyphen, a U+2010 in a document that writes
//     none inside words, or when the document writes the joined word
//     elsewhere; otherwise it is kept ("well-known"). A paragraph, or a
//     "heading" of larger words, whose break the next paragraph completes
//     is joined with it.
//
// Clean is idempotent: Clean(Clean(s)) == Clean(s).
package textclean
