// Package common is what every part of the explorer shares: the Common
// value each component is given (screen size, styles, key map, the
// background jobs and the queue of requests to the root), the Pane
// contract, the status messages and the text helpers that format
// figures.
package common
