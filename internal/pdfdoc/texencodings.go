package pdfdoc

// The layouts of TeX's Computer Modern fonts, by the glyph names their
// Type 1 programs give each code: OMS (cmsy, the symbols), OML (cmmi, the
// math italic), OMX (cmex, the large delimiters and operators and the
// pieces tall ones are built of) and OT1 (cmr, the roman). Fonts that name their glyphs
// after something other than what they draw, but keep a TeX layout (3B2's
// mathematics fonts), are read through them; GlyphUnicode knows the
// names (texGlyphs holds those the Adobe Glyph List lacks).
var (
	// OMSEncoding is the OMS vector (code → glyph name) of cmsy.
	OMSEncoding = vector("minus periodcentered multiply asteriskmath divide diamondmath plusminus minusplus " +
		"circleplus circleminus circlemultiply circledivide circledot circlecopyrt openbullet bullet " +
		"equivasymptotic equivalence reflexsubset reflexsuperset lessequal greaterequal precedesequal followsequal " +
		"similar approxequal propersubset propersuperset lessmuch greatermuch precedes follows " +
		"arrowleft arrowright arrowup arrowdown arrowboth arrownortheast arrowsoutheast similarequal " +
		"arrowdblleft arrowdblright arrowdblup arrowdbldown arrowdblboth arrownorthwest arrowsouthwest proportional " +
		"prime infinity element owner triangle triangleinv negationslash mapsto " +
		"universal existential logicalnot emptyset Rfractur Ifractur latticetop perpendicular " +
		"aleph A B C D E F G H I J K L M N O P Q R S T U V W X Y Z " +
		"union intersection unionmulti logicaland logicalor turnstileleft turnstileright " +
		"floorleft floorright ceilingleft ceilingright braceleft braceright angbracketleft angbracketright " +
		"bar bardbl arrowbothv arrowdblbothv backslash wreathproduct radical coproduct " +
		"nabla integral unionsq intersectionsq subsetsqequal supersetsqequal section dagger " +
		"daggerdbl paragraph club diamond heart spade")
	// OMLEncoding is the OML vector (code → glyph name) of cmmi.
	OMLEncoding = vector("Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega " +
		"alpha beta gamma delta epsilon1 zeta eta theta iota kappa lambda mu nu xi pi rho sigma tau upsilon phi chi psi omega " +
		"epsilon theta1 pi1 rho1 sigma1 phi1 " +
		"arrowlefttophalf arrowleftbothalf arrowrighttophalf arrowrightbothalf arrowhookleft arrowhookright triangleright triangleleft " +
		"zerooldstyle oneoldstyle twooldstyle threeoldstyle fouroldstyle fiveoldstyle sixoldstyle sevenoldstyle eightoldstyle nineoldstyle " +
		"period comma less slash greater star partialdiff " +
		"A B C D E F G H I J K L M N O P Q R S T U V W X Y Z " +
		"flat natural sharp slurbelow slurabove lscript " +
		"a b c d e f g h i j k l m n o p q r s t u v w x y z " +
		"dotlessi dotlessj weierstrass vector tie")
	// OT1Encoding is the OT1 vector (code → glyph name) of cmr.
	OT1Encoding = vector("Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega ff fi fl ffi ffl " +
		"dotlessi dotlessj grave acute caron breve macron ring cedilla germandbls ae oe oslash AE OE Oslash " +
		"suppress exclam quotedblright numbersign dollar percent ampersand quoteright parenleft parenright asterisk plus comma hyphen period slash " +
		"zero one two three four five six seven eight nine colon semicolon exclamdown equal questiondown question " +
		"at A B C D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft quotedblleft bracketright circumflex dotaccent " +
		"quoteleft a b c d e f g h i j k l m n o p q r s t u v w x y z endash emdash hungarumlaut tilde dieresis")
	// OMXEncoding is the OMX vector (code → glyph name) of cmex.
	OMXEncoding = vector("parenleftbig parenrightbig bracketleftbig bracketrightbig floorleftbig floorrightbig ceilingleftbig ceilingrightbig " +
		"braceleftbig bracerightbig angbracketleftbig angbracketrightbig vextendsingle vextenddouble slashbig backslashbig " +
		"parenleftBig parenrightBig parenleftbigg parenrightbigg bracketleftbigg bracketrightbigg floorleftbigg floorrightbigg " +
		"ceilingleftbigg ceilingrightbigg braceleftbigg bracerightbigg angbracketleftbigg angbracketrightbigg slashbigg backslashbigg " +
		"parenleftBigg parenrightBigg bracketleftBigg bracketrightBigg floorleftBigg floorrightBigg ceilingleftBigg ceilingrightBigg " +
		"braceleftBigg bracerightBigg angbracketleftBigg angbracketrightBigg slashBigg backslashBigg slashBig backslashBig " +
		"parenlefttp parenrighttp bracketlefttp bracketrighttp bracketleftbt bracketrightbt bracketleftex bracketrightex " +
		"bracelefttp bracerighttp braceleftbt bracerightbt braceleftmid bracerightmid braceex arrowvertex " +
		"parenleftbt parenrightbt parenleftex parenrightex angbracketleftBig angbracketrightBig unionsqtext unionsqdisplay " +
		"contintegraltext contintegraldisplay circledottext circledotdisplay circleplustext circleplusdisplay circlemultiplytext circlemultiplydisplay " +
		"summationtext producttext integraltext uniontext intersectiontext unionmultitext logicalandtext logicalortext " +
		"summationdisplay productdisplay integraldisplay uniondisplay intersectiondisplay unionmultidisplay logicalanddisplay logicalordisplay " +
		"coproducttext coproductdisplay hatwide hatwider hatwidest tildewide tildewider tildewidest " +
		"bracketleftBig bracketrightBig floorleftBig floorrightBig ceilingleftBig ceilingrightBig braceleftBig bracerightBig " +
		"radicalbig radicalBig radicalbigg radicalBigg radicalbt radicalvertex radicaltp arrowvertexdbl " +
		"arrowtp arrowbt bracehtipdownleft bracehtipdownright bracehtipupleft bracehtipupright arrowdbltp arrowdblbt")
)
