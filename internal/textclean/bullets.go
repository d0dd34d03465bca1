package textclean

// Bullet reports whether word is a list item's bullet: a dot, a disc, a
// square, a diamond, a triangle or an arrow, a check mark, a dash or an
// asterisk, or the private-use bullets of the Symbol and Wingdings fonts
// that Word exports carry (U+F0B7, U+F0A7). A layout starts an item at
// one; a writer puts its own list mark in its place.
func Bullet(word string) bool {
	switch word {
	case "•", "◦", "▪", "▫", "‣", "∙", "·", "●", "○", "■", "□", "◆", "⧫", "❖", "❑",
		"-", "–", "—", "*", "►", "▶", "▸", "➢", "✓", "\uf0b7", "\uf0a7":
		return true
	}
	return false
}
