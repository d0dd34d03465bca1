package textclean

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// What byline counts a list of names by.
const (
	// minBylineNames is the fewest names a byline lists: two names with
	// their marks may be a heading's phrases ('Rates, Ratios').
	minBylineNames = 3
	// minNamedShare is the part of a list's items that must be names
	// (a byline may end with an institution).
	minNamedShare = 0.75
	// maxNameWords is the most words a name holds ('Mohammad R.
	// Haghighat', 'Ter Doest, H.'); a longer item is a phrase.
	maxNameWords = 4
)

// emailRe finds an e-mail address, or a group of them ('{zamir,
// ssilvio}@cs.stanford.edu').
var emailRe = regexp.MustCompile(`[\pL\pN._%+\-}]@[\pL\pN\-]+\.[\pL]{2,}`)

// leadNumberRe is a list number before a reference ('10. ', '[10] ').
var leadNumberRe = regexp.MustCompile(`^(\[\d+\]|\d+\.)\s+`)

// Byline reports whether text is a byline, a document's authors or their
// affiliations rather than a heading over what follows: it holds an
// e-mail address, or it lists minBylineNames or more items (parted by
// commas, 'and', or semicolons where it has two or more), of which
// minNamedShare are personal names, half of them marked as names are:
// with an initial ('R.', 'WS') or an affiliation's mark after them
// ('Gal∗+', 'Jain1,2'). A title-case heading listing phrases ('Data
// Collection, Data Analysis, Model Training') marks none of them so.
func Byline(text string) bool {
	if emailRe.MatchString(text) {
		return true
	}
	text = leadNumberRe.ReplaceAllString(strings.TrimSpace(text), "")
	items := bylineItems(text)
	if len(items) < minBylineNames {
		return false
	}
	named, marked := 0, 0
	for _, it := range items {
		ok, mark := personName(it)
		if ok {
			named++
			if mark {
				marked++
			}
		}
	}
	return named >= minBylineNames && float64(named) >= minNamedShare*float64(len(items)) && 2*marked >= named
}

// bylineItems parts a list of names: at semicolons where it has two or
// more ('Salden, A.H.; Goedvolk, E.-J.; ...'), else at commas followed
// by a space and at 'and' or '&'.
func bylineItems(text string) []string {
	text = CollapseSpace(text)
	var items []string
	if strings.Count(text, ";") >= 2 {
		items = strings.Split(text, ";")
	} else {
		for _, it := range strings.Split(text, ", ") {
			for _, sep := range []string{" and ", " & "} {
				if a, b, ok := strings.Cut(it, sep); ok {
					items = append(items, a)
					it = b
				}
			}
			items = append(items, it)
		}
	}
	out := items[:0]
	for _, it := range items {
		it = strings.TrimSpace(it)
		for _, lead := range []string{"and ", "& "} {
			it = strings.TrimPrefix(it, lead)
		}
		if it != "" {
			out = append(out, it)
		}
	}
	return out
}

// personName reports whether item reads as a personal name, and whether
// it is marked as one: with an initial, or an affiliation's mark after
// it. Its words, less the marks, are two to maxNameWords, each
// capitalised, an initial, or a particle ('van', 'de').
func personName(item string) (name, marked bool) {
	bare := strings.TrimRightFunc(item, affiliationMark)
	marked = strings.Trim(item[len(bare):], ", ") != ""
	words := strings.Fields(strings.ReplaceAll(bare, ",", " "))
	if len(words) < 2 || len(words) > maxNameWords {
		return false, false
	}
	for _, w := range words {
		w = strings.TrimRightFunc(w, affiliationMark)
		switch {
		case initial(w):
			marked = true
		case nameParticle[w]:
		case !capitalised(w):
			return false, false
		}
	}
	return true, marked
}

// affiliationMark reports whether r marks a name with an affiliation or
// a note: a digit, a superscript digit, or a symbol of those set after
// authors' names.
func affiliationMark(r rune) bool {
	return unicode.IsDigit(r) || strings.ContainsRune(NoteMarks+SuperscriptDigits+"+#$⋆,", r)
}

// initial reports whether w is a name's initial or initials: 'R.',
// 'A.H.', 'E.-J.', or up to three capitals alone ('WS', 'E').
func initial(w string) bool {
	caps, other := 0, 0
	for _, r := range w {
		switch {
		case unicode.IsUpper(r):
			caps++
		case r == '.' || r == '-':
		default:
			other++
		}
	}
	return other == 0 && caps >= 1 && caps <= 3
}

// capitalised reports whether w starts with a capital and goes on in
// small letters ('Gal', 'Jean-Luc', "O'Brien", 'McDonald').
func capitalised(w string) bool {
	r, n := utf8.DecodeRuneInString(w)
	if !unicode.IsUpper(r) || n == len(w) {
		return false
	}
	for _, r := range w[n:] {
		if unicode.IsLower(r) {
			return true
		}
	}
	return false
}

// nameParticle lists the small words inside names.
var nameParticle = map[string]bool{
	"van": true, "von": true, "de": true, "der": true, "den": true, "di": true, "da": true,
	"del": true, "della": true, "la": true, "le": true, "du": true, "dos": true, "das": true,
	"ter": true, "ten": true, "bin": true, "al": true, "y": true,
}

// minStatementWords is the fewest words of a statement: a heading of as
// many words ending in a full stop is rare ('1. Introduction.', 'Table
// 6.' are short), a sentence of as many common.
const minStatementWords = 12

// Statement reports whether text is a sentence stated, not a heading
// over what follows: minStatementWords words or more ending in a full
// stop or an exclamation mark (before closing quotes, brackets or a
// note's number). A pull quote set large ('Paying for a postsecondary
// education (college or trade school) is an investment.'), a table's
// note in bold, a corollary's statement. A question may head what
// answers it ('Come posso revocare la proposta, recedere dal contratto
// o risolvere il contratto?' over the answer), and stays a heading.
func Statement(text string) bool {
	t := strings.TrimRightFunc(strings.TrimSpace(text), func(r rune) bool {
		return unicode.IsDigit(r) || strings.ContainsRune("\"'’”)]»", r)
	})
	if !strings.HasSuffix(t, ".") && !strings.HasSuffix(t, "!") {
		return false
	}
	return len(strings.Fields(text)) >= minStatementWords
}
