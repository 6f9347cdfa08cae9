// Package calibrate measures how well a dataset's case scores agree with
// people's labels of the cases, and fits the weights that agree best
// (docs/calibration.md).
//
// Labels are grades in [0, 1] or verdicts (pass, fail), read from a
// labels file (ReadLabels) or a field of the records (FieldLabels), and
// paired with the cases by id (Labels.Pair). Agree measures the
// agreement: Kendall's τ-b by Knight's O(n log n) algorithm, Spearman
// and Pearson for grades; the ROC AUC, the best threshold and its
// accuracy for verdicts; each with a seeded bootstrap 95% interval.
// Measure (or Paired.Measure) is the headline figure alone, fast enough
// to follow every weight change of a large dataset; Propose finds the
// one weight change that raises it most; Disagreements orders the cases
// by how differently score and label rank them.
//
// Fit fits the weights entries of a dataset.WeightModel, whose case
// scores are differentiable in the weights, by minimising a smooth
// stand-in for the agreement (a pairwise logistic loss, or squared
// error) with a pull towards the start weights, inside [0, 1], and
// cross-validates the result.
//
// Of gonum (gonum.org/v1/gonum), the package uses stat.Correlation for
// Pearson (weighted, so that a bootstrap resample is a vector of counts
// over the sample sorted once), stat.Quantile for the intervals,
// stat.StdDev and floats for the optimiser's vector steps. gonum has no
// τ-b with ties, no tie-averaged ranks and no bound-constrained
// optimiser (its optimize package minimises without bounds; a change of
// variables such as w = sin²(z) would leave the gradient at 0 exactly
// where most fits start, at weights of 1), so τ-b, the ranks and the
// spectral projected gradient (Barzilai–Borwein steps, projection onto
// the box, Armijo backtracking) are written here.
package calibrate
