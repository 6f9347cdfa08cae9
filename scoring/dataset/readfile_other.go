//go:build !unix

package dataset

import (
	"errors"
	"fmt"
	"os"
)

// readFile reads a file of a dataset directory whole.
func readFile(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s: %w", path, pe.Err)
		}
		return nil, err
	}
	return data, nil
}
