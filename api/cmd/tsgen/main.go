// Command tsgen writes the TypeScript types of the JSON the server sends and
// takes (the back-office API's answers and the props of the site's pages)
// from the Go types that encode it, to web/shared/api/types.gen.ts. Run it
// from the repository's root: `go tool task types`.
package main

import (
	"flag"
	"fmt"
	"os"
)

// Output is where the generated file lives, from the repository's root.
const Output = "web/shared/api/types.gen.ts"

func main() {
	out := flag.String("o", Output, "the file to write")
	flag.Parse()
	src, err := generate(".", shapes, externals)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tsgen:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "tsgen:", err)
		os.Exit(1)
	}
}
