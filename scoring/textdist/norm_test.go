package textdist

import "golang.org/x/text/unicode/norm"

func nfc(s string) string { return norm.NFC.String(s) }
