// Package casespane is the cases pane of a dataset's page: the cases
// listed (Order: every case, or those that lose points at a path, in an
// order the user picks, the missing and invalid shown or counted) and
// the pane that lists them (Pane). The heat map takes its columns from
// the same Order. The pane asks the page for what only the page can do
// (open a case, the prompt, another view) by the messages of dsdata.
package casespane
