// Package archtest holds the tests that keep ARCHITECTURE.md true: the
// layering of the packages (what each may import) and the files and
// folders the note names. It has no code of its own.
package archtest
