package analyze

import (
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/assay-pdf/assay/internal/pdfdoc"
)

// fontInfo is a font as the analysis needs it: its description and the
// length of its character codes in bytes.
type fontInfo struct {
	Font
	codeLen int
}

// knownSimpleEncodings are the named base encodings whose codes map to
// standard glyph names.
var knownSimpleEncodings = map[string]bool{
	"WinAnsiEncoding": true, "MacRomanEncoding": true, "StandardEncoding": true,
	"MacExpertEncoding": true, "PDFDocEncoding": true,
}

// cjkOrderings are the character collections whose CIDs have a known
// Unicode mapping (Adobe's published tables).
var cjkOrderings = map[string]bool{"Japan1": true, "GB1": true, "CNS1": true, "Korea1": true, "KR": true}

// differencesKnown is the share of /Differences names that must be
// known glyph names for a font without ToUnicode to count as usable.
const differencesKnown = 0.9

// describeFont reads a font dictionary. It never fails: what cannot be
// read is left empty, and the font then counts as not usable.
func describeFont(d *pdfdoc.Document, resName string, fd types.Dict) *fontInfo {
	f := &fontInfo{codeLen: 1}
	f.Subtype = d.Name(fd["Subtype"])
	base := d.Name(fd["BaseFont"])
	if i := strings.IndexByte(base, '+'); i == 6 && isSubsetTag(base[:6]) {
		f.Subset = true
		base = base[7:]
	}
	if base == "" {
		base = resName
	}
	f.Name = base
	f.ToUnicode = d.Dict(fd["ToUnicode"]) != nil
	flags, _ := d.Number(d.Dict(fd["FontDescriptor"])["Flags"])
	symbolic := int64(flags)&4 != 0
	switch f.Subtype {
	case "Type0":
		f.CID = true
		f.codeLen = 2
		desc := d.Dict(fd["DescendantFonts"])
		if desc == nil {
			if a := d.Array(fd["DescendantFonts"]); len(a) > 0 {
				desc = d.Dict(a[0])
			}
		}
		f.Embedded = embedded(d.Dict(desc["FontDescriptor"]))
		enc := d.Name(fd["Encoding"])
		if enc == "" && fd["Encoding"] != nil {
			enc = "embedded CMap"
		}
		f.Encoding = enc
		ordering := ""
		if si := d.Dict(desc["CIDSystemInfo"]); si != nil {
			if b, ok := d.String(si["Ordering"]); ok {
				ordering = string(b)
			}
		}
		predefined := enc != "" && enc != "embedded CMap" && enc != "Identity-H" && enc != "Identity-V"
		f.UsableUnicode = f.ToUnicode ||
			strings.HasPrefix(enc, "Uni") ||
			(predefined && (cjkOrderings[ordering] || cjkCMap(enc)))
	case "Type3":
		f.Type3, f.Embedded = true, true
		f.Encoding, f.UsableUnicode = simpleEncoding(d, fd["Encoding"], false)
		f.UsableUnicode = f.ToUnicode || (f.UsableUnicode && f.Encoding != "")
	default: // Type1, MMType1, TrueType and unknown simple fonts
		fdesc := d.Dict(fd["FontDescriptor"])
		f.Embedded = embedded(fdesc)
		var ok bool
		f.Encoding, ok = simpleEncoding(d, fd["Encoding"], true)
		switch {
		case f.ToUnicode, f.Encoding != "" && ok:
			f.UsableUnicode = true
		case f.Encoding != "":
			f.UsableUnicode = false // Differences with unknown names
		case f.Subtype == "TrueType" && symbolic:
			f.UsableUnicode = false // codes index the font's own cmap
		default:
			// No /Encoding: a standard-14 font, a non-symbolic font in the
			// standard encoding, or a Type 1 program's built-in encoding,
			// whose glyph names are in practice standard ones.
			f.UsableUnicode = true
		}
	}
	return f
}

// simpleEncoding names a simple font's /Encoding and says whether its
// codes map to known glyph names. A dictionary with /Differences is
// "Differences" (after its base encoding, when it names one) and counts
// as known when at least differencesKnown of the names are known glyph
// names; without Differences it is known when standardBase allows the
// built-in encoding.
func simpleEncoding(d *pdfdoc.Document, o types.Object, standardBase bool) (string, bool) {
	if o == nil {
		return "", false
	}
	if n := d.Name(o); n != "" {
		return n, knownSimpleEncodings[n]
	}
	ed := d.Dict(o)
	if ed == nil {
		return "", false
	}
	base := d.Name(ed["BaseEncoding"])
	diffs := d.Array(ed["Differences"])
	if diffs == nil {
		if base == "" {
			return "", false
		}
		return base, knownSimpleEncodings[base]
	}
	names, known := 0, 0
	for _, x := range diffs {
		if n, ok := x.(types.Name); ok {
			names++
			if _, ok := pdfdoc.GlyphUnicode(string(n)); ok {
				known++
			}
		}
		if names >= 1024 {
			break
		}
	}
	label := "Differences"
	if base != "" {
		label = base + "+Differences"
	}
	if names == 0 {
		return label, standardBase || knownSimpleEncodings[base]
	}
	return label, float64(known) >= differencesKnown*float64(names)
}

// cjkCMap reports whether a predefined CMap name belongs to a CJK
// collection with a known Unicode mapping (90ms-RKSJ-H, GBK-EUC-H, ...).
func cjkCMap(name string) bool {
	for _, p := range []string{"RKSJ", "EUC", "GBK", "GBpc", "GBT", "GB-", "B5", "CNS", "ETen", "HKscs",
		"KSC", "UniJIS", "UniGB", "UniCNS", "UniKS", "83pv", "90ms", "90pv", "Ext-", "Add-", "NWP-", "78-"} {
		if strings.Contains(name, p) {
			return true
		}
	}
	return false
}

func embedded(desc types.Dict) bool {
	if desc == nil {
		return false
	}
	for _, k := range []string{"FontFile", "FontFile2", "FontFile3"} {
		if desc[k] != nil {
			return true
		}
	}
	return false
}

func isSubsetTag(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}
