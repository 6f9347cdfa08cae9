package cli

// statusColor returns the colouring of the text report: nil (none) unless
// standard output is a terminal and NO_COLOR is unset.
func (a *app) statusColor() func(status, text string) string {
	if !a.stdoutTTY || a.getenv("NO_COLOR") != "" {
		return nil
	}
	return func(status, text string) string {
		code := ""
		switch status {
		case "match":
			code = "32"
		case "partial":
			code = "33"
		case "mismatch", "missing", "type":
			code = "31"
		case "extra":
			code = "35"
		case "ignored":
			code = "2"
		}
		if code == "" {
			return text
		}
		return "\x1b[" + code + "m" + text + "\x1b[0m"
	}
}
