package textdist

import "math/bits"

// qgramSizes are the q-gram lengths lowerBound tries, the one that binds
// most often first: short ones bind on strings that differ in their
// letters, long ones on strings that share letters in a different order.
var qgramSizes = [...]int{5, 3, 8, 1}

// qgramWork bounds the q-grams lowerBound hashes, over all its passes: 2²⁷,
// a second or two. Two strings of a million symbols get every pass; past
// about 32 million, only the first.
const qgramWork = 1 << 27

// maxQgramBuckets bounds the counting table of lowerBound (4 bytes each,
// 32 MiB): eight buckets a q-gram up to a million q-grams, fewer past.
const maxQgramBuckets = 1 << 23

// lowerBound returns a lower bound on the Levenshtein distance of a and b,
// len(a) <= len(b): the largest of floor, the length difference, and the
// q-gram bounds. An edit touches at most q of a string's q-grams, so the
// q-grams of b that no edit touches, at least len(b)−q+1 − q·d of them,
// are all found in a:
//
//	d >= (len(b) − q + 1 − common) / q
//
// where common is the size of the multiset intersection of the two
// strings' q-grams. The q-grams are counted in a table of hashed buckets;
// two q-grams sharing a bucket can only make common larger, so the bound
// stays valid. It costs O(len(a)+len(b)) per q, as many q as qgramWork
// allows (one at least), and stops with ErrCanceled once done is closed.
func lowerBound[E symbol](a, b []E, floor int, done <-chan struct{}) (int, error) {
	best := max(floor, len(b)-len(a))
	size := 1 << bits.Len(uint(min(8*len(b), maxQgramBuckets)-1))
	table := make([]int32, size)
	shift := uint(64 - bits.TrailingZeros(uint(size)))
	spent := 0
	for i, q := range qgramSizes {
		if q > len(a) || i > 0 && spent+len(a)+len(b) > qgramWork {
			continue
		}
		spent += len(a) + len(b)
		clear(table)
		common := 0
		if !eachQgram(a, q, done, func(h uint64) { table[h>>shift]++ }) {
			return best, ErrCanceled
		}
		if !eachQgram(b, q, done, func(h uint64) {
			if c := &table[h>>shift]; *c > 0 {
				*c--
				common++
			}
		}) {
			return best, ErrCanceled
		}
		if lb := (len(b) - q + 1 - common + q - 1) / q; lb > best {
			best = lb
		}
	}
	return best, nil
}

// eachQgram calls fn with a 64-bit hash of every q-gram of s, in order:
// a polynomial rolling hash, spread by a final multiplication. It returns
// false, having stopped, once done is closed.
func eachQgram[E symbol](s []E, q int, done <-chan struct{}, fn func(h uint64)) bool {
	const base = 0x100000001b3
	pow := uint64(1) // base^(q-1)
	for range q - 1 {
		pow *= base
	}
	var h uint64
	for i, c := range s {
		if i >= q {
			h -= (uint64(uint32(s[i-q])) + 1) * pow
		}
		h = h*base + uint64(uint32(c)) + 1
		if i >= q-1 {
			fn(h * 0x9E3779B97F4A7C15)
		}
		if i&(checkEvery-1) == checkEvery-1 && canceled(done) {
			return false
		}
	}
	return true
}
