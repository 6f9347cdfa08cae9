// Package dsdata is what the panes of a dataset's page share: the scored
// dataset with its tuning session and figures in force (Data), the run
// it is compared with (Comparison), the agreement with people's labels
// (Calib), and the typed messages between the panes and the page.
package dsdata
