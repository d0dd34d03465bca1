// Package cjkcmap holds the data of the Adobe CJK character collections
// (Adobe-GB1, Adobe-CNS1, Adobe-Japan1, Adobe-Korea1) that PDF readers need
// without any font program: the predefined encoding CMaps a Type0 font may
// name as its /Encoding (UniGB-UCS2-H, 90ms-RKSJ-H, KSCms-UHC-H, ...; byte
// codes → CIDs, with their code-space ranges and writing mode), and each
// collection's CID → Unicode table, for CID fonts that carry no ToUnicode.
//
// # Data
//
// The tables are generated from poppler-data's copy of Adobe's CMap
// resources by the gentables command (internal/pdfdoc/gentables; run it by
// hand, never at build or test time) into one zlib-compressed binary file per collection
// (<collection>.bin.z, about 0.5 MB in all), embedded with go:embed.
// A collection's file is decoded once per process, on the first lookup
// that needs it; the decoded tables are shared and read only. UTF-8 and
// UTF-32 CMaps, and ToUnicode-style CMaps (*-UCS2), are not included.
//
// Lookup resolves a CMap's usecmap chain (the -V CMaps override a few
// codes of their -H parent), so every CMap it returns has its code-space
// ranges and a sorted, non-overlapping list of code ranges.
package cjkcmap
