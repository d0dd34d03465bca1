package pdfdoc

import "strings"

// texGlyphs are the glyph names of TeX's math fonts that the Adobe Glyph
// List lacks: Computer Modern's symbols (cmsy), math italic (cmmi) and
// large symbols (cmex), and the AMS fonts (msam, msbm). pdfTeX embeds
// these fonts as Type 1 without a ToUnicode map unless a document asks
// for one, so their glyph names are all a reader has: without them a
// paper's '⟨x, y⟩', '‖x‖', '⌊n/2⌋', 'f′(x)', 'a ≪ b' and 'x ↦ y' read as
// U+FFFD, and a page of lecture notes could read as garbled.
var texGlyphs = map[string]rune{
	// cmsy: binary operators and relations.
	"diamondmath": '⋄', "minusplus": '∓', "circleminus": '⊖', "circledivide": '⊘',
	"circledot": '⊙', "circlecopyrt": '◯', "equivasymptotic": '≍',
	"precedesequal": '⪯', "followsequal": '⪰', "lessmuch": '≪', "greatermuch": '≫',
	"precedes": '≺', "follows": '≻', "similarequal": '≃', "owner": '∋',
	"unionmulti": '⊎', "turnstileleft": '⊢', "turnstileright": '⊣',
	"wreathproduct": '≀', "coproduct": '⨿', "unionsq": '⊔', "intersectionsq": '⊓',
	"subsetsqequal": '⊑', "supersetsqequal": '⊒', "latticetop": '⊤',
	// cmsy: arrows.
	"arrownortheast": '↗', "arrowsoutheast": '↘', "arrownorthwest": '↖',
	"arrowsouthwest": '↙', "mapsto": '↦', "arrowbothv": '↕', "arrowdblbothv": '⇕',
	// cmsy: delimiters and other symbols.
	"floorleft": '⌊', "floorright": '⌋', "ceilingleft": '⌈', "ceilingright": '⌉',
	"angbracketleft": '⟨', "angbracketright": '⟩', "bardbl": '‖',
	"prime": '′', "triangle": '△', "triangleinv": '▽',
	"Rfractur": 'ℜ', "Ifractur": 'ℑ',
	// negationslash is the stroke TeX's \not sets over the next symbol:
	// composed with it where Unicode has the negated symbol ('≠', '∉').
	"negationslash": '\u0338',
	// cmmi: the variant Greek letters and other symbols.
	"epsilon1": 'ε', "theta1": 'ϑ', "pi1": 'ϖ', "rho1": 'ϱ', "sigma1": 'ς', "phi1": 'φ',
	"lscript": 'ℓ', "star": '⋆', "triangleleft": '◁', "triangleright": '▷',
	"arrowlefttophalf": '↼', "arrowleftbothalf": '↽',
	"arrowrighttophalf": '⇀', "arrowrightbothalf": '⇁',
	"flat": '♭', "natural": '♮', "sharp": '♯', "slurbelow": '⌣', "slurabove": '⌢',
	// The AMS fonts.
	"subsetnoteql": '⊊', "supersetnoteql": '⊋', "notexistential": '∄',
	"measuredangle": '∡', "sphericalangle": '∢', "because": '∵', "checkmark": '✓',
	"lessorequalslant": '⩽', "greaterorequalslant": '⩾',
	"lessorsimilar": '≲', "greaterorsimilar": '≳', "dotplus": '∔',
}

// texLargeSizes are the suffixes cmex names its sized glyphs with: a
// delimiter in four sizes ('parenleftbig' ... 'parenleftBigg'), an
// operator in two ('summationtext', 'summationdisplay').
var texLargeSizes = []string{"Bigg", "bigg", "Big", "big", "display", "text"}

// texLarge are the characters of cmex's sized glyphs by their names'
// stems: the delimiters, and the operators, in their n-ary form where
// Unicode sets one apart from the binary one cmsy draws ('uniontext' is
// '⋃', not '∪').
var texLarge = map[string]rune{
	"parenleft": '(', "parenright": ')', "bracketleft": '[', "bracketright": ']',
	"braceleft": '{', "braceright": '}', "floorleft": '⌊', "floorright": '⌋',
	"ceilingleft": '⌈', "ceilingright": '⌉', "angbracketleft": '⟨', "angbracketright": '⟩',
	"slash": '/', "backslash": '\\', "radical": '√',
	"summation": '∑', "product": '∏', "coproduct": '∐', "integral": '∫', "contintegral": '∮',
	"union": '⋃', "intersection": '⋂', "unionmulti": '⨄', "unionsq": '⨆',
	"logicaland": '⋀', "logicalor": '⋁', "circledot": '⨀', "circleplus": '⨁',
	"circlemultiply": '⨂',
}

// texGlyph is the character of a TeX math font's glyph name: one of
// texGlyphs, or a cmex glyph of a size, read as its character ('(' for
// 'parenleftBig').
func texGlyph(name string) (rune, bool) {
	if r, ok := texGlyphs[name]; ok {
		return r, true
	}
	for _, size := range texLargeSizes {
		if stem, ok := strings.CutSuffix(name, size); ok {
			r, ok := texLarge[stem]
			return r, ok
		}
	}
	return 0, false
}
