package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os/signal"
	"syscall"

	"noorvale.example/site/api/config"
)

// A command is a command line parsed and checked, ready to run once the
// configuration is loaded.
type command interface {
	run(ctx context.Context, cfg *config.Config, logger *slog.Logger, stdout io.Writer) error
}

// usageError is a mistake on the command line: it is printed on standard
// error and the exit status is 2.
type usageError struct{ text string }

func (e usageError) Error() string { return e.text }

// helpRequest asks for a command's usage: it is printed on standard output
// and the exit status is 0.
type helpRequest struct{ text string }

func (e helpRequest) Error() string { return e.text }

// report prints what err says for the person at the terminal and returns
// the exit status: 0 for none or a request for help, 2 for a usage error,
// 1 for anything else.
func report(err error, stdout, stderr io.Writer) int {
	var help helpRequest
	var mistake usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &help):
		fmt.Fprintln(stdout, help.text)
		return 0
	case errors.As(err, &mistake):
		fmt.Fprintln(stderr, mistake.text)
		return 2
	}
	fmt.Fprintln(stderr, err)
	return 1
}

// newFlagSet returns the flag set of the command name, which reports its
// mistakes with the command's usage rather than printing them itself.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses args into fs: -h or -help asks for the usage, a flag
// fs does not know or a value it cannot read is a usage error.
func parseFlags(fs *flag.FlagSet, args []string, usage string) error {
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return helpRequest{usage}
	case err != nil:
		return usageError{err.Error() + "\n\n" + usage}
	}
	return nil
}

// parseAlone parses args into fs for a command that takes flags and no
// other arguments.
func parseAlone(fs *flag.FlagSet, args []string, usage string) error {
	if err := parseFlags(fs, args, usage); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("unexpected argument %q\n\n%s", fs.Arg(0), usage)}
	}
	return nil
}

// subcommand splits args into the name of one of the subcommands and the
// rest. None, help, -h and -help ask for the usage; another name is a
// usage error.
func subcommand(args []string, usage string, subcommands ...string) (string, []string, error) {
	if len(args) == 0 {
		return "", nil, helpRequest{usage}
	}
	for _, s := range subcommands {
		if args[0] == s {
			return s, args[1:], nil
		}
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		return "", nil, helpRequest{usage}
	}
	return "", nil, usageError{fmt.Sprintf("unknown command %q\n\n%s", args[0], usage)}
}

// signalContext is done at the first SIGINT or SIGTERM, which starts an
// orderly stop; a second one ends the process at once.
func signalContext() (context.Context, context.CancelFunc) {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop()
	}()
	return ctx, stop
}

// newLogger writes JSON lines to w, or text ones in development.
func newLogger(cfg *config.Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.Development() {
		return slog.New(slog.NewTextHandler(w, opts))
	}
	return slog.New(slog.NewJSONHandler(w, opts))
}
