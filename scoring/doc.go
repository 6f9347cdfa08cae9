// Package scoring compares a JSON output with a reference, node by node,
// under per-key weights, and keeps every figure of the comparison in a
// Tree that can be re-weighted cheaply.
//
// The rules are those of docs/scoring.md and docs/weights-and-rules.md: leaves
// score by type (numbers by relative difference, strings by edit distance
// over code points after NFC normalization, ...), objects by the weighted
// mean of their reference keys, arrays by the mean over positions.
package scoring
