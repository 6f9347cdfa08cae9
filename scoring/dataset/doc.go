// Package dataset scores a dataset: a set of cases, each a reference and a
// model's output, scored alike by one metric and one weights file
// (docs/datasets.md).
//
// Open reads a dataset in one of three forms — one file of records holding
// both sides, two files of records paired by id or by line, two
// directories of JSON files paired by relative path — finding each
// record's fields by name (or by the paths a Spec gives). Score scores
// every case, streaming, on every core: it holds a few words a case and a
// few figures a schema path, never the documents. Its Figures are the
// dataset's: the score and the statistics of the case scores, the
// per-schema-path figures (score, loss, statuses, TP/FD/FA/FN/TN), the
// groups and every case's figures. WriteText, WriteJSON and WriteMarkdown
// print them; a Case callback with Config.Lines gives each case's --format
// jsonl line, and Aggregate adds such lines up again, from any number of
// shards.
//
// With Config.Keep, Score also returns a Scored: the dataset held in
// memory as columns of raw node scores, so that a weight changes without
// comparing anything again (SetWeight, ResetWeights; then Figures, Stats,
// Paths, Case), each case can be scored alone again with its own tree
// (CaseTree), its per-path scores and losses read for a heat map
// (CasePathScores, CasePathLosses), and the weights in force written out
// (MarshalWeights).
package dataset
