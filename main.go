// Command jsontui scores structured output against a reference, key by key,
// in a terminal explorer or headless as a CI gate. The command line lives in
// internal/cli; its version is set at build time with
// -ldflags "-X github.com/jsontui/jsontui/internal/cli.version=v1.2.3".
package main

import (
	"os"

	"github.com/jsontui/jsontui/internal/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:])) }
