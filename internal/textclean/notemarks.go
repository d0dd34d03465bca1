package textclean

// NoteMarks are the signs that refer from a place in the text to a note,
// in the order a page uses them: the asterisk (as typed, and as TeX's
// operator '∗'), the dagger and double dagger, the section sign and the
// pilcrow. The text engine reads them as a note's number, the Markdown
// writer as what a note starts with, Byline as an author's affiliation;
// each adds the signs of its own use.
const NoteMarks = "*∗†‡§¶"

// SuperscriptDigits are the raised figures, as characters of their own,
// that number notes where the font has them.
const SuperscriptDigits = "¹²³⁴⁵⁶⁷⁸⁹⁰"
