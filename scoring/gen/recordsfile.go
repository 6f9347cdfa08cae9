package gen

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
)

// WriteRecordsFile writes a dataset as WriteRecords does to the file
// path, unless the file there was made from the same options by the same
// generator: a generated dataset made once and kept, as the benchmarks'
// are. What a file was made from is kept beside it, in path+".key": the
// options and a digest of a few cases generated with them, which changes
// when the generator's output does; a file whose key is missing or
// differs is written again. The data is written to a temporary file in
// path's folder and renamed, so that the file at path is always whole,
// even when two processes make it at once.
func WriteRecordsFile(path string, opt DatasetOptions) error {
	key, err := recordsKey(opt)
	if err != nil {
		return err
	}
	if kept, err := os.ReadFile(path + ".key"); err == nil && string(kept) == key {
		if _, err := os.Stat(path); err == nil {
			return nil
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	err = writeRenamed(path, func(f *os.File) error {
		_, err := WriteRecords(f, opt)
		return err
	})
	if err != nil {
		return err
	}
	return writeRenamed(path+".key", func(f *os.File) error {
		_, err := f.WriteString(key)
		return err
	})
}

// recordsKey is what a file of WriteRecordsFile is made from: opt, its
// defaults filled in, and the SHA-256 of 8 cases generated with it.
func recordsKey(opt DatasetOptions) (string, error) {
	opt.defaults()
	sample := opt
	sample.Size, sample.Cases = 0, 8
	h := sha256.New()
	if _, err := WriteRecords(h, sample); err != nil {
		return "", err
	}
	return fmt.Sprintf("%+v sample %x\n", opt, h.Sum(nil)), nil
}

// writeRenamed writes path through write on a temporary file of its
// folder, renamed to path once whole.
func writeRenamed(path string, write func(*os.File) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // gone once renamed
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
