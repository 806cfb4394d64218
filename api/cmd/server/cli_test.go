package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"reflect"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/admin"
	"noorvale.example/site/api/config"
	"noorvale.example/site/api/store"
)

// runCommand parses args as the command line and runs the command it names.
func runCommand(ctx context.Context, cfg *config.Config, logger *slog.Logger, args []string, stdout io.Writer) error {
	_, cmd, err := parse(args)
	if err != nil {
		return err
	}
	return cmd.run(ctx, cfg, logger, stdout)
}

func TestParseDispatches(t *testing.T) {
	nov20 := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name     string
		args     []string
		wantName string
		want     command
	}{
		{"no arguments serve", nil, "serve", serveCmd{}},
		{"serve", []string{"serve"}, "serve", serveCmd{}},
		{"migrate", []string{"migrate"}, "migrate", migrateCmd{}},
		{"seed", []string{"seed"}, "seed", seedCmd{}},
		{"seed --force", []string{"seed", "--force"}, "seed", seedCmd{force: true}},
		{"seed -force", []string{"seed", "-force"}, "seed", seedCmd{force: true}},
		{"submissions list", []string{"submissions", "list"}, "submissions",
			submissionsCmd{filter: store.SubmissionFilter{Limit: 50}}},
		{"submissions list with a kind and a limit", []string{"submissions", "list", "--kind", "contact", "--limit", "5"}, "submissions",
			submissionsCmd{filter: store.SubmissionFilter{Kind: "contact", Limit: 5}}},
		{"submissions export", []string{"submissions", "export", "--kind", "application", "--from", "2026-11-20", "--to", "2026-11-20", "--out", "a.csv", "--cvs", "cvs"}, "submissions",
			submissionsCmd{export: true, out: "a.csv", cvs: "cvs", filter: store.SubmissionFilter{Kind: "application", From: nov20, To: nov20.Add(24 * time.Hour)}}},
		{"staff invite", []string{"staff", "invite", "--email", "amal@noorvale.example", "--role", "administrator"}, "staff",
			staffCmd{invite: true, email: "amal@noorvale.example", role: admin.Role("administrator")}},
		{"staff invite a translator", []string{"staff", "invite", "--email", "t@noorvale.example", "--role", "translator", "--languages", "en,ar", "--office", "dubai"}, "staff",
			staffCmd{invite: true, email: "t@noorvale.example", role: admin.Translator, languages: []string{"en", "ar"}, office: "dubai"}},
		{"staff reset-second-factor", []string{"staff", "reset-second-factor", "--email", "amal@noorvale.example"}, "staff",
			staffCmd{email: "amal@noorvale.example"}},
		{"content export", []string{"content", "export", "backup"}, "content", contentExportCmd{dir: "backup"}},
		{"content export --force DIR", []string{"content", "export", "--force", "backup"}, "content", contentExportCmd{dir: "backup", force: true}},
		{"content export DIR --force", []string{"content", "export", "backup", "--force"}, "content", contentExportCmd{dir: "backup", force: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name, got, err := parse(tt.args)
			if err != nil {
				t.Fatalf("parse(%q): %v", tt.args, err)
			}
			if name != tt.wantName || !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("parse(%q) = %q, %#v; want %q, %#v", tt.args, name, got, tt.wantName, tt.want)
			}
		})
	}
}

// TestCommandLineMistakes: what the command line gets wrong is refused
// before the configuration is read, with a message and the usage on
// standard error and exit status 2; a request for help prints the usage on
// standard output and exits 0.
func TestCommandLineMistakes(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		wantStatus int
		wantOut    string // on standard output
		wantErr    string // on standard error
	}{
		{"unknown command", []string{"frobnicate"}, 2, "", `unknown command "frobnicate"`},
		{"a flag before the command", []string{"--force"}, 2, "", `unknown command "--force"`},
		{"help", []string{"help"}, 0, "usage: server [serve|migrate|seed|submissions|staff|content]", ""},
		{"--help", []string{"--help"}, 0, "usage: server [serve|", ""},
		{"serve -h", []string{"serve", "-h"}, 0, "usage: server [serve]", ""},
		{"serve with an argument", []string{"serve", "now"}, 2, "", `unexpected argument "now"`},
		{"serve with a flag it lacks", []string{"serve", "--port", "80"}, 2, "", "flag provided but not defined: -port"},
		{"migrate with an argument", []string{"migrate", "all"}, 2, "", `unexpected argument "all"`},
		{"seed with an argument", []string{"seed", "--force", "again"}, 2, "", `unexpected argument "again"`},
		{"seed with a flag it lacks", []string{"seed", "--all"}, 2, "", "flag provided but not defined: -all"},
		{"seed --force with a value", []string{"seed", "--force=maybe"}, 2, "", "invalid boolean value"},
		{"submissions alone", []string{"submissions"}, 0, "usage: server submissions list", ""},
		{"submissions help", []string{"submissions", "help"}, 0, "usage: server submissions list", ""},
		{"submissions export -h", []string{"submissions", "export", "-h"}, 0, "usage: server submissions list", ""},
		{"unknown submissions command", []string{"submissions", "delete"}, 2, "", `unknown command "delete"`},
		{"submissions export without a kind", []string{"submissions", "export"}, 2, "", "--kind is required"},
		{"submissions export of an unknown kind", []string{"submissions", "export", "--kind", "spam"}, 2, "", `unknown --kind "spam"`},
		{"submissions list with a bad date", []string{"submissions", "list", "--from", "20/11/2026"}, 2, "", "--from must be a date"},
		{"submissions list with a bad limit", []string{"submissions", "list", "--limit", "many"}, 2, "", `invalid value "many" for flag -limit`},
		{"submissions list with an argument", []string{"submissions", "list", "extra"}, 2, "", `unexpected argument "extra"`},
		{"staff alone", []string{"staff"}, 0, "usage: server staff invite", ""},
		{"unknown staff command", []string{"staff", "promote"}, 2, "", `unknown command "promote"`},
		{"staff invite without an address", []string{"staff", "invite", "--role", "viewer"}, 2, "", "--email is required"},
		{"staff invite with an unknown role", []string{"staff", "invite", "--email", "x@noorvale.example", "--role", "owner"}, 2, "", `unknown --role "owner"`},
		{"staff invite of a translator without languages", []string{"staff", "invite", "--email", "x@noorvale.example", "--role", "translator"}, 2, "", "a translator needs --languages"},
		{"staff with a flag it lacks", []string{"staff", "reset-second-factor", "--email", "x@noorvale.example", "--all"}, 2, "", "flag provided but not defined: -all"},
		{"content alone", []string{"content"}, 0, "usage: server content export", ""},
		{"unknown content command", []string{"content", "import", "dir"}, 2, "", `unknown command "import"`},
		{"content export without a directory", []string{"content", "export"}, 2, "", "name one directory"},
		{"content export to two directories", []string{"content", "export", "a", "b"}, 2, "", "name one directory"},
		{"content export with a flag it lacks", []string{"content", "export", "--all", "a"}, 2, "", "flag provided but not defined: -all"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A configuration that cannot load: none of these may read it.
			t.Setenv("PORT", "eighty")
			var stdout, stderr bytes.Buffer
			status := run(tt.args, &stdout, &stderr)
			if status != tt.wantStatus {
				t.Fatalf("run(%q) = %d, want %d\nstdout: %s\nstderr: %s", tt.args, status, tt.wantStatus, stdout.String(), stderr.String())
			}
			if tt.wantOut != "" && !strings.Contains(stdout.String(), tt.wantOut) || tt.wantOut == "" && stdout.Len() > 0 {
				t.Errorf("stdout %q, want %q", stdout.String(), tt.wantOut)
			}
			if tt.wantErr != "" && !strings.Contains(stderr.String(), tt.wantErr) || tt.wantErr == "" && stderr.Len() > 0 {
				t.Errorf("stderr %q, want %q", stderr.String(), tt.wantErr)
			}
			if tt.wantStatus == 2 && !strings.Contains(stderr.String(), "usage: server") {
				t.Errorf("a mistake without the usage: %q", stderr.String())
			}
			var usage usageError
			var help helpRequest
			if _, _, err := parse(tt.args); tt.wantStatus == 2 && !errors.As(err, &usage) || tt.wantStatus == 0 && !errors.As(err, &help) {
				t.Errorf("parse(%q): %v", tt.args, err)
			}
		})
	}
}
