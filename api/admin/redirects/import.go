package redirects

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/endpoint"
)

// maxLines is the most lines one import takes.
const maxLines = 2000

// importRequest is a CSV file's text: a line per old address,
// "from,to[,status]", the status 301 when left out; a first line naming
// the columns is skipped.
type importRequest struct {
	CSV string `json:"csv"`
}

// ImportLine is what became of one line of an import.
type ImportLine struct {
	Line    int    `json:"line"`
	From    string `json:"from"`
	To      string `json:"to"`
	Status  int    `json:"status"`
	Added   bool   `json:"added"`
	Message string `json:"message"`
}

// Imported is the report of an import: each line, and how many were added.
type Imported struct {
	Lines []ImportLine `json:"lines"`
	Added int          `json:"added"`
}

// Import adds a redirect for each line of a CSV file, each checked as one
// added alone is, and answers what became of every line: a line refused
// does not stop the others. 400 for a file with no line or too many.
//
// POST /api/admin/redirects/import
func (s *Service) Import(c echo.Context) error {
	req, m, err := access.Bind[importRequest](c)
	if err != nil {
		return err
	}
	rm := &m.Redirects
	r := csv.NewReader(strings.NewReader(strings.TrimPrefix(req.CSV, "\ufeff")))
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	var lines []ImportLine
	var records [][]string
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			line := 0
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				line = pe.StartLine
			}
			lines = append(lines, ImportLine{Line: line, Message: rm.ImportLineUnreadable})
			records = append(records, nil)
			if !errors.As(err, &pe) {
				break
			}
			continue
		}
		line, _ := r.FieldPos(0)
		if len(lines) == 0 && len(rec) > 0 && strings.EqualFold(strings.TrimSpace(rec[0]), "from") {
			continue
		}
		lines = append(lines, ImportLine{Line: line})
		records = append(records, rec)
		if len(lines) > maxLines {
			return endpoint.Invalid(c, map[string]string{"csv": fmt.Sprintf(rm.ImportTooMany, maxLines)})
		}
	}
	if len(lines) == 0 {
		return endpoint.Invalid(c, map[string]string{"csv": rm.ImportEmpty})
	}
	all, err := s.all(c.Request().Context())
	if err != nil {
		return err
	}
	out := Imported{Lines: lines}
	for i, rec := range records {
		l := &out.Lines[i]
		if rec == nil {
			continue
		}
		if len(rec) < 2 || len(rec) > 3 {
			l.Message = rm.ImportLineFields
			continue
		}
		l.From, l.To, l.Status = strings.TrimSpace(rec[0]), strings.TrimSpace(rec[1]), http.StatusMovedPermanently
		if len(rec) == 3 && strings.TrimSpace(rec[2]) != "" {
			if l.Status, err = strconv.Atoi(strings.TrimSpace(rec[2])); err != nil {
				l.Status = 0
			}
		}
		saved, _, msg, err := s.add(c, all, l.From, l.To, l.Status)
		if err != nil {
			return err
		}
		if msg != "" {
			l.Message = msg
			continue
		}
		l.Added, l.From, l.To, l.Message = true, saved.From, saved.To, rm.ImportLineAdded
		out.Added++
		// The next lines see this one: a chain within the file collapses too.
		if all, err = s.all(c.Request().Context()); err != nil {
			return err
		}
	}
	return endpoint.OK(c, out, fmt.Sprintf(rm.Imported, out.Added, len(out.Lines)))
}
