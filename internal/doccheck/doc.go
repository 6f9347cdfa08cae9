// Package doccheck holds the tests that keep the project's documentation
// navigable: every relative link in README.md, ARCHITECTURE.md and the
// manual under docs/ points at a file that exists, and every #anchor at a
// heading of its page. It has no code of its own.
package doccheck
