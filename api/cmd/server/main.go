// Command server runs the Noorvale Assurance website.
//
//	server [serve]   serve the site (the default)
//	server migrate   apply pending database migrations and exit
//	server seed [--force]   load the content files into the database and exit
//	server submissions list|export ...   list or export form submissions
//	server staff invite|reset-second-factor ...   invite staff, reset a second factor
//	server content export [--force] DIR   write the published content as seed files
package main

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime/debug"
	// Scheduled publishing reads the time zones staff choose, wherever
	// the server runs.
	_ "time/tzdata"

	"noorvale.example/site/api/config"
)

// defaultMemoryLimit is the Go heap's soft limit unless GOMEMLIMIT is set.
const defaultMemoryLimit = 80 << 20

const usage = `usage: server [serve|migrate|seed|submissions|staff|content]

  serve        serve the site (default)
  migrate      apply pending database migrations and exit
  seed         load the content files into the database and exit; what staff changed stays
               (seed --force, for development: the files' content replaces staff changes too)
  submissions  list or export form submissions as CSV (server submissions help)
  staff        invite staff to the back-office, reset a second factor (server staff help)
  content      export the published content as seed files (server content help)

Settings are read from the environment; see README.md.`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the command line args and returns the exit status: 0 when done,
// 1 when the command failed, 2 for a mistake on the command line.
func run(args []string, stdout, stderr io.Writer) int {
	name, cmd, err := parse(args)
	if err != nil {
		return report(err, stdout, stderr)
	}
	// Pages are cached in memory and every full render makes a burst of
	// garbage; a soft limit keeps the heap near what the cache needs.
	// GOMEMLIMIT in the environment overrides it.
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(defaultMemoryLimit)
	}
	cfg, err := config.Load()
	if err != nil {
		fmt.Fprintln(stderr, "configuration error:", err)
		return 1
	}
	logger := newLogger(cfg, stderr)
	slog.SetDefault(logger)
	ctx, stop := signalContext()
	defer stop()

	err = cmd.run(ctx, cfg, logger, stdout)
	if err != nil && !errors.As(err, new(usageError)) {
		logger.Error(name+" failed", "err", err)
		return 1
	}
	return report(err, stdout, stderr)
}

// parse reads the command line: a command's name (serve when there is
// none), then that command's flags and arguments.
func parse(args []string) (string, command, error) {
	if len(args) == 0 {
		return "serve", serveCmd{}, nil
	}
	commands := map[string]func([]string) (command, error){
		"serve": parseServe, "migrate": parseMigrate, "seed": parseSeed,
		"submissions": parseSubmissions, "staff": parseStaff, "content": parseContent,
	}
	name := args[0]
	if parse, ok := commands[name]; ok {
		cmd, err := parse(args[1:])
		return name, cmd, err
	}
	if name == "help" || name == "-h" || name == "-help" || name == "--help" {
		return name, nil, helpRequest{usage}
	}
	return name, nil, usageError{fmt.Sprintf("unknown command %q\n\n%s", name, usage)}
}
