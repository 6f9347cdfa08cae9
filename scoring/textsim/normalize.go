package textsim

import (
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Fold returns s with Unicode full case folding applied (as Python's
// str.casefold: "Straße" and "STRASSE" fold alike).
func Fold(s string) string {
	return cases.Fold().String(s)
}

// StripAccents removes the accents of s: it decomposes s (NFD), drops the
// nonspacing marks (category Mn) and recomposes the rest (NFC), so that
// "Sí" becomes "Si".
func StripAccents(s string) string {
	d := norm.NFD.String(s)
	d = strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Mn, r) {
			return -1
		}
		return r
	}, d)
	return norm.NFC.String(d)
}

// CollapseSpace trims s and turns every run of white space inside it into
// one space.
func CollapseSpace(s string) string {
	return strings.Join(PyFields(s), " ")
}
