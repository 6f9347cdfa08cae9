//go:build !unix

package dataset

import "os"

// readFile reads a file of a dataset directory whole.
func readFile(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, renamed(path, err)
	}
	return data, nil
}
