//go:build !unix

package history

// checkFile is a no-op where bolt does not lock with flock: bolt.Open's
// own checks apply.
func checkFile(path string) error { return nil }
