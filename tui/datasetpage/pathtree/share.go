package pathtree

// shareCells apportions w cells among the statuses by their counts:
// largest remainders, with a floor of one cell for every status that has
// nodes as long as w allows (when it does not, the statuses with the most
// nodes keep theirs). The cells a floor costs come from the status most
// over its exact share. ok is false when there is nothing to draw.
func shareCells(counts [7]int, w int) (cells [7]int, ok bool) {
	total := 0
	for _, n := range counts {
		total += n
	}
	if total == 0 || w <= 0 {
		return cells, false
	}
	least := floors(counts, w)
	used := 0
	for st, n := range counts {
		cells[st] = max(n*w/total, least[st])
		used += cells[st]
	}
	// A status's exact share is n*w/total cells; in units of 1/total,
	// over = cells*total - n*w is how far it stands above it.
	for used > w {
		best := -1
		for st, n := range counts {
			if cells[st] > least[st] && (best < 0 || cells[st]*total-n*w > cells[best]*total-counts[best]*w) {
				best = st
			}
		}
		cells[best]--
		used--
	}
	for used < w {
		best := -1
		for st, n := range counts {
			if n > 0 && (best < 0 || n*w-cells[st]*total > counts[best]*w-cells[best]*total) {
				best = st
			}
		}
		cells[best]++
		used++
	}
	return cells, true
}

// floors is the least number of cells of each status: one for each that
// has nodes, or, where w is fewer cells than such statuses, one for each
// of the w with the most nodes (the earlier status first on a tie).
func floors(counts [7]int, w int) (least [7]int) {
	for given := 0; given < w; given++ {
		best := -1
		for st, n := range counts {
			if n > 0 && least[st] == 0 && (best < 0 || n > counts[best]) {
				best = st
			}
		}
		if best < 0 {
			break
		}
		least[best] = 1
	}
	return least
}
