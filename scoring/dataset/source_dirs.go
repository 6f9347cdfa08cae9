package dataset

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
)

// openDirs lists the .json files of the two directories.
func (s *Source) openDirs() error {
	var err error
	if s.refList, err = listJSON(s.spec.Ref); err != nil {
		return err
	}
	s.outList, err = listJSON(s.spec.Out)
	return err
}

// listJSON returns the relative paths (with forward slashes) of the .json
// files below dir, sorted.
func listJSON(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".json") {
			return nil
		}
		// The listing gives a file's kind: only another than a regular
		// file's (a link, a FIFO) is looked at again, not each of a
		// million files.
		if !d.Type().IsRegular() {
			if err := CheckRegular(p); err != nil {
				return err // a FIFO among the files would hang the run
			}
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s: %w", pe.Path, pe.Err)
		}
		return nil, err
	}
	slices.Sort(out)
	return packStrings(out), nil
}

// packStrings copies the strings of list into one allocation, for a
// list kept the whole run: a relative path is a piece of the full path
// the walk made, which it would otherwise keep whole.
func packStrings(list []string) []string {
	n := 0
	for _, s := range list {
		n += len(s)
	}
	var b strings.Builder
	b.Grow(n)
	for _, s := range list {
		b.WriteString(s)
	}
	all := b.String()
	for i, s := range list {
		list[i], all = all[:len(s)], all[len(s):]
	}
	return list
}

// ListFiles returns the files of a directory that a dataset of two
// directories pairs (docs/datasets.md): the relative paths, with forward slashes,
// of the .json files below dir, sorted, as Open lists them.
func ListFiles(dir string) ([]string, error) { return listJSON(dir) }
