package dataset

// CaseStatus returns case k's status (scored, missing, invalid, ...),
// without making the rest of its figures: what a list of the cases that
// hides the missing and invalid ones filters by.
func (d *Scored) CaseStatus(k int) CaseStatus { return d.acc.cases[k].Status }
