// Package dsprogress is how far a dataset's scoring in the background
// went (Tracker, for the loading screen and a rescore), the bar and
// counts that say it (Text), and the box drawn over the page while the
// dataset is scored again (Box).
package dsprogress
