package forms

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode"
	"unicode/utf8"

	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/store"
)

// baseColumns start every export; the kind's own fields follow.
var baseColumns = []string{"id", "created_at", "kind", "target", "locale", "name", "email", "phone", "company"}

// kindColumns are each kind's other fields, in the order they are exported.
var kindColumns = map[string][]string{
	KindProposal:    {"country", "companySize", "timeline", "services", "preferredStart", "message"},
	KindInquiry:     {"subject", "message"},
	KindContact:     {"message"},
	KindApplication: {"linkedin", "coverLetter", "cvFileName", "cvSize", "cvType", "cvStatus"},
	KindWebinar:     {"jobTitle"},
	KindPublication: {"jobTitle"},
}

// Columns returns the CSV header of an export of one kind, or of every
// kind when kind is "".
func Columns(kind string) []string {
	cols := slices.Clone(baseColumns)
	kinds := Kinds
	if kind != "" {
		kinds = []string{kind}
	}
	for _, k := range kinds {
		for _, c := range kindColumns[k] {
			if !slices.Contains(cols, c) {
				cols = append(cols, c)
			}
		}
	}
	return append(append(cols, sourceColumns...), "user_id")
}

// sourceColumns are where the visit that sent a submission came from.
var sourceColumns = []string{"landing_page", "referrer", "utm_source", "utm_medium", "utm_campaign", "sent_from"}

// ValidKind reports whether kind names a form.
func ValidKind(kind string) bool { return slices.Contains(Kinds, kind) }

// row returns a submission's cells in the order of cols.
func row(sub store.Submission, cols []string) []string {
	var data map[string]any
	_ = json.Unmarshal([]byte(sub.Data), &data)
	out := make([]string, len(cols))
	for i, c := range cols {
		switch c {
		case "id":
			out[i] = strconv.FormatInt(sub.ID, 10)
		case "created_at":
			out[i] = sub.CreatedAt.UTC().Format(time.RFC3339)
		case "kind":
			out[i] = sub.Kind
		case "target":
			out[i] = sub.Target
		case "locale":
			out[i] = sub.Locale
		case "landing_page":
			out[i] = sub.LandingPage
		case "referrer":
			out[i] = sub.Referrer
		case "utm_source":
			out[i] = sub.UTMSource
		case "utm_medium":
			out[i] = sub.UTMMedium
		case "utm_campaign":
			out[i] = sub.UTMCampaign
		case "sent_from":
			out[i] = sub.SentFrom
		case "user_id":
			if sub.UserID != nil {
				out[i] = *sub.UserID
			}
		case "cvStatus":
			switch {
			case sub.CVDeletedAt != nil:
				out[i] = "deleted " + sub.CVDeletedAt.UTC().Format(time.DateOnly)
			case sub.CVBlobKey != nil:
				out[i] = "stored"
			}
		default:
			out[i] = flatten(data[c])
		}
	}
	return out
}

// Cells returns a submission's cells in the order of cols (names from
// Columns), as the export writes them before neutralizing.
func Cells(sub store.Submission, cols []string) []string { return row(sub, cols) }

// Flatten writes a stored value as one cell, lists joined with "; ".
func Flatten(v any) string { return flatten(v) }

// flatten writes a stored value as one cell: lists joined with "; ".
func flatten(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case []any:
		parts := make([]string, len(x))
		for i, p := range x {
			parts[i] = flatten(p)
		}
		return strings.Join(parts, "; ")
	default:
		return fmt.Sprint(x)
	}
}

// formulaStart are the characters a spreadsheet reads as the start of a
// formula.
const formulaStart = "=+-@"

// cellBreaks are where a spreadsheet may start a new cell or row in a file
// opened with another separator than the comma (a semicolon in much of
// Europe, a tab or a bar when chosen at import) or whose quoting it lost
// on the way.
const cellBreaks = ",;\t|\r\n"

// neutralize keeps every piece of a cell plain text, however a spreadsheet
// splits it: a formula character at the start of the cell, or after a
// character in cellBreaks (spaces and double quotes between them are
// skipped, as import may trim them), gets a single quote before it. So
// "=1+1" becomes "'=1+1" and "Jan;=1+1" becomes "Jan;'=1+1"; text without
// such a place is left exactly as it was.
func neutralize(cell string) string { return Neutralize(cell) }

// Neutralize is neutralize for every other CSV the site writes (the
// back-office's audit trail among them).
func Neutralize(cell string) string {
	var b strings.Builder
	done := 0 // cell[:done] is in b
	atBreak := true
	for i, r := range cell {
		switch {
		case strings.ContainsRune(cellBreaks, r):
			atBreak = true
		case atBreak && (r == '"' || unicode.IsSpace(r)):
		case atBreak && strings.ContainsRune(formulaStart, r):
			b.WriteString(cell[done:i])
			b.WriteByte('\'')
			done = i
			atBreak = false
		default:
			atBreak = false
		}
	}
	if b.Len() == 0 {
		return cell
	}
	b.WriteString(cell[done:])
	return b.String()
}

// ExportCSV writes the submissions the filter selects as CSV (RFC 4180),
// a header and one row each, every cell neutralized, and returns how many
// rows it wrote.
func ExportCSV(ctx context.Context, st *store.Store, w io.Writer, f store.SubmissionFilter) (int, error) {
	subs, err := st.Submissions(ctx, f)
	if err != nil {
		return 0, err
	}
	cols := Columns(f.Kind)
	cw := csv.NewWriter(w)
	if err := cw.Write(cols); err != nil {
		return 0, fmt.Errorf("forms: export: %w", err)
	}
	for _, sub := range subs {
		cells := row(sub, cols)
		for i := range cells {
			cells[i] = neutralize(cells[i])
		}
		if err := cw.Write(cells); err != nil {
			return 0, fmt.Errorf("forms: export: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return 0, fmt.Errorf("forms: export: %w", err)
	}
	return len(subs), nil
}

// ListTable writes the submissions the filter selects as a short table for
// a terminal: id, date, kind, target, name, e-mail.
func ListTable(ctx context.Context, st *store.Store, w io.Writer, f store.SubmissionFilter) (int, error) {
	subs, err := st.Submissions(ctx, f)
	if err != nil {
		return 0, err
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tCREATED (UTC)\tKIND\tTARGET\tNAME\tE-MAIL")
	cols := []string{"id", "created_at", "kind", "target", "name", "email"}
	for _, sub := range subs {
		cells := row(sub, cols)
		cells[1] = sub.CreatedAt.UTC().Format("2006-01-02 15:04")
		for i := range cells {
			cells[i] = shorten(strings.Map(func(r rune) rune {
				if r < 0x20 || r == 0x7f {
					return ' '
				}
				return r
			}, cells[i]), 40)
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return 0, err
	}
	return len(subs), nil
}

func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// SaveCVs copies the stored CVs of the applications the filter selects into
// dir as "<id>-<original name>", and returns how many it wrote.
func SaveCVs(ctx context.Context, st *store.Store, blobs blob.Store, dir string, f store.SubmissionFilter) (int, error) {
	f.Kind = KindApplication
	subs, err := st.Submissions(ctx, f)
	if err != nil {
		return 0, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return 0, fmt.Errorf("forms: save CVs: %w", err)
	}
	n := 0
	for _, sub := range subs {
		if sub.CVBlobKey == nil || sub.CVDeletedAt != nil {
			continue
		}
		var data map[string]any
		_ = json.Unmarshal([]byte(sub.Data), &data)
		name := cleanFileName(flatten(data["cvFileName"]))
		if ext := path.Ext(*sub.CVBlobKey); !strings.EqualFold(path.Ext(name), ext) {
			name += ext
		}
		if err := saveBlob(ctx, blobs, *sub.CVBlobKey, filepath.Join(dir, fmt.Sprintf("%d-%s", sub.ID, name))); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

func saveBlob(ctx context.Context, blobs blob.Store, key, file string) error {
	rc, _, err := blobs.Get(ctx, key)
	if err != nil {
		return fmt.Errorf("forms: save CV %s: %w", key, err)
	}
	defer rc.Close()
	out, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return fmt.Errorf("forms: save CV: %w", err)
	}
	if _, err := io.Copy(out, rc); err != nil {
		_ = out.Close()
		return fmt.Errorf("forms: save CV: %w", err)
	}
	return out.Close()
}
