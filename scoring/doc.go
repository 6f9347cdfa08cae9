// Package scoring compares a JSON output with a reference, node by node,
// under per-key weights, and keeps every figure of the comparison in a
// Tree that can be re-weighted cheaply.
//
// The rules are those of the product spec (SPEC.md sections 2 and 3): leaves
// score by type (numbers by relative difference, strings by edit distance
// over code points after NFC normalization, ...), objects by the weighted
// mean of their reference keys, arrays by the mean over positions.
package scoring
