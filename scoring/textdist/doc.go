// Package textdist computes the string distances and similarities used by
// jsontui's scoring engine.
//
// The product's string rule (SPEC §2) scores two strings r and o as
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
// [Align] produces a character-level edit script for display, and [Damerau]
// the unrestricted Damerau–Levenshtein distance (adjacent transpositions
// allowed, Lowrance–Wagner). Both need memory proportional to the product of
// the lengths and therefore take an explicit limit.
//
// All functions are safe for concurrent use.
package textdist
