package calibrate

// ScoresOf returns the paired cases' scores out of every case's score
// (all, by case index, as dataset.Scored.Scores gives them): what Measure
// and GapsOf take, without making each case's figures.
func (p *Paired) ScoresOf(all []float64) []float64 {
	out := make([]float64, len(p.Cases))
	for i, k := range p.Cases {
		out[i] = all[k]
	}
	return out
}

// GapsOf returns each paired case's Disagreement.Gap (by case index, as
// all) under the scores all, and for a case without a label false: the
// explorer's cases pane orders by it, either way.
func (p *Paired) GapsOf(all []float64) (gaps []float64, labelled []bool) {
	n := len(p.Cases)
	gaps, labelled = make([]float64, len(all)), make([]bool, len(all))
	if n == 0 {
		return gaps, labelled
	}
	scores := p.ScoresOf(all)
	s := newSample(scores, p.Values)
	rs, _ := ranks(scores, s.byXY, nil, nil)
	rl, _ := ranks(p.Values, s.sortedY(), nil, nil)
	for i, k := range p.Cases {
		gaps[k], labelled[k] = (rs[i]-rl[i])/float64(n), true
	}
	return gaps, labelled
}
