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
// Signals today:
//   - yield: is there text at all (an empty page scores 0 unless Hints say
//     the page holds no text);
//   - encoding: the share of characters that are real text rather than
//     U+FFFD, private-use or control characters, or leftovers of failed
//     font decoding such as "(cid:12)", "GLYPH<0041>" or "/gid00042".
package quality
