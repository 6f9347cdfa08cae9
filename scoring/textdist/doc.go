// Package textdist computes the string distances and similarities used by
// jsontui's scoring engine.
//
// The product's string rule (docs/scoring.md) scores two strings r and o as
//
//	1 - lev(r, o) / max(len(r), len(o))
//
// over Unicode code points after NFC normalization, with two empty strings
// scoring 1. [Similarity] implements exactly that rule. [Levenshtein] and
// [LevenshteinString] compute the underlying edit distance with the
// bit-parallel algorithm of Myers (1999) in the formulation of Hyyrö (2003),
// using ⌈m/64⌉ machine words per column for a pattern of m code points, so
// long strings cost O(⌈m/64⌉·n) word operations instead of O(m·n) cells;
// the work is further confined to the diagonal band an optimal alignment
// can cross, which makes close strings, the common case when scoring an
// output against its reference, cost about O(d/64·n) for a distance d.
// They make no heap allocations in steady state: scratch space comes from
// an internal pool and is reused.
//
// Those functions are exact at any size, so their time grows with the
// product of the lengths: two random strings of a million code points
// take about half a minute. [SimilarityWithin], [LevenshteinWithin] and
// [LevenshteinRunesWithin] bound the work instead ([Limits]; by default
// [DefaultWork], a few seconds of one core) and can be cancelled: the
// distance is exact when it fits, which covers every pair up to about
// 260,000 code points each and longer pairs whose distance is small enough
// for a band of the matrix to prove it; past that they return an interval
// ([Bounded]) whose upper end is the cost of the best alignment found in
// the widest band the work allows. Large computations run in two halves
// that two cores share. [LCSWithin] does the same for the longest common
// subsequence (ROUGE-L).
//
// [Jaro] and [JaroWinkler] reproduce go-edlib's similarities, float32
// rounding included, in linear time.
//
// [Align] produces a character-level edit script for display, and [Damerau]
// the unrestricted Damerau–Levenshtein distance (adjacent transpositions
// allowed, Lowrance–Wagner). Both need memory proportional to the product of
// the lengths and therefore take an explicit limit.
//
// All functions are safe for concurrent use.
package textdist
