package scoring

// HasTree reports whether m scores node by node (jsondiff, lynxius,
// uipath, galtea): its Result has a Tree, and it can score a reference
// against an absent output (jsondoc.Absent), every node missing. The other
// metrics are one number; an absent output is theirs to refuse.
func HasTree(m Metric) bool {
	switch m.(type) {
	case jsondiffMetric, lynxiusMetric, uipathMetric, galteaMetric:
		return true
	}
	return false
}
