package forms

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/mail"

	"noorvale.example/site/api/endpoint"
)

// applicationRequest is a job application; the CV comes as the file part "cv".
type applicationRequest struct {
	Name        string        `json:"name"`
	Email       string        `json:"email"`
	Phone       string        `json:"phone"`
	LinkedIn    string        `json:"linkedin"`
	CoverLetter string        `json:"coverLetter"`
	Consent     endpoint.Bool `json:"consent"`
	Captcha     string        `json:"captcha"`
}

// upload is a file part as received.
type upload struct {
	name string
	data []byte
}

// Body limits of an application.
const (
	maxCVBytes = 5 << 20             // the CV file itself
	maxUpload  = maxCVBytes + 64<<10 // the CV plus the other fields
)

// Multipart limits besides the file: any one text field, and how many parts
// are read at all.
const (
	maxFieldBytes = 48 << 10
	maxParts      = 32
)

// uploadTime is how long an application's body may take to arrive: the
// server's read timeout suits ordinary requests, but a 5 MB CV on a slow
// mobile link (256 kbit/s) needs about three minutes.
var uploadTime = 5 * time.Minute

// application takes a job application with its CV, for the HR inbox. The
// body is refused above 5 MB + 64 KB before it is read (Content-Length)
// and while it is read; the CV is checked by content (PDF or DOCX) and
// stored in the blob store under a random name, never the visitor's.
//
// POST /api/forms/application/:vacancy (multipart/form-data)
func (s *Service) application(c echo.Context) error {
	r := c.Request()
	loc := endpoint.Locale(r)
	m := msgs(loc)
	if r.ContentLength > maxUpload {
		return endpoint.Fail(c, http.StatusRequestEntityTooLarge, m.CVTooLarge)
	}
	// Only this route reads a large body: it alone gets the longer deadline,
	// and the answer's write deadline moves with it.
	rc := http.NewResponseController(c.Response())
	if err := rc.SetReadDeadline(time.Now().Add(uploadTime)); err == nil {
		_ = rc.SetWriteDeadline(time.Now().Add(uploadTime + time.Minute))
	}
	slug := c.Param("vacancy")
	page, en, local := s.item("vacancies", slug, loc)
	if page == nil {
		return notFound(c, m)
	}
	var info struct {
		Title        string `json:"title"`
		ValidThrough string `json:"validThrough"`
	}
	_ = json.Unmarshal(en, &info)
	through, err := time.Parse(time.DateOnly, info.ValidThrough)
	if err != nil || !s.now().Before(through.Add(24*time.Hour)) {
		return endpoint.Fail(c, http.StatusBadRequest, m.VacancyClosed)
	}

	var req applicationRequest
	var cv *upload
	r.Body = http.MaxBytesReader(c.Response(), r.Body, maxUpload)
	cv, err = readApplication(r, &req)
	switch {
	case errors.Is(err, endpoint.ErrTooLarge):
		return endpoint.Fail(c, http.StatusRequestEntityTooLarge, m.CVTooLarge)
	case err != nil:
		return endpoint.Fail(c, http.StatusBadRequest, m.BadRequest)
	}

	v := newChecker(m)
	p := &pending{kind: KindApplication, target: slug, loc: loc, inbox: s.inboxes.HR, form: "Job application: " + info.Title}
	p.name = v.name("name", req.Name)
	p.email = v.email("email", req.Email)
	phone := v.phone("phone", req.Phone, true)
	linkedIn := v.linkedIn("linkedin", req.LinkedIn)
	letter := v.text("coverLetter", req.CoverLetter, maxCoverLetter, true)
	var format cvFormat
	switch {
	case cv == nil || len(cv.data) == 0:
		v.Set("cv", m.CVMissing)
	default:
		if format, err = inspectCV(cv.data); err != nil {
			v.Set("cv", m.CVType)
		}
	}
	if passed, err := s.admit(c, v, p.kind, req.Consent, req.Captcha); !passed {
		return err
	}

	ctx := r.Context()
	p.cvKey = "cvs/" + randomName() + format.ext
	if err := s.blobs.Put(ctx, p.cvKey, bytes.NewReader(cv.data), format.contentType); err != nil {
		return fmt.Errorf("forms: store CV: %w", err)
	}
	fileName := cleanFileName(cv.name)
	p.fields = []field{
		{"name", "Name", p.name}, {"email", "E-mail", p.email}, {"phone", "Phone", phone},
		{"linkedin", "LinkedIn", linkedIn}, {"", "Position", info.Title},
		{"coverLetter", "Cover letter", letter},
		{"cvFileName", "CV", fileName}, {"cvSize", "", strconv.Itoa(len(cv.data))}, {"cvType", "", format.label},
	}
	p.confirm = mail.Message{Kind: mail.KindFormConfirmApplication, Data: map[string]string{"position": localTitle(local, info.Title)}}
	acct := s.account(c.Request())
	sub, err := s.save(c, p, acct)
	if err != nil {
		s.deleteCV(context.WithoutCancel(ctx), p.cvKey)
		return err
	}
	day := sub.CreatedAt.UTC().Format(time.DateOnly)
	p.note = fmt.Sprintf("The CV (%s, %s, %d KB) is stored on the server and is not attached to this e-mail. "+
		"Export it with: server submissions export --kind application --from %s --to %s --cvs ./cvs",
		fileName, format.label, (len(cv.data)+1023)/1024, day, day)
	s.announce(ctx, p, sub, provenSender(acct, p.email))
	return endpoint.OK(c, nil, m.ApplicationDone)
}

// readApplication reads a multipart application: text fields into req,
// the part "cv" as the file. More than maxCVBytes in the file, or more
// than maxFieldBytes in a field, is endpoint.ErrTooLarge.
func readApplication(r *http.Request, req *applicationRequest) (*upload, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, endpoint.ErrUnreadable
	}
	values := map[string][]string{}
	var cv *upload
	for range maxParts {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, endpoint.Classify(err)
		}
		name := part.FormName()
		if name == "cv" && cv == nil {
			data, err := io.ReadAll(io.LimitReader(part, maxCVBytes+1))
			if err != nil {
				return nil, endpoint.Classify(err)
			}
			if len(data) > maxCVBytes {
				return nil, endpoint.ErrTooLarge
			}
			cv = &upload{name: part.FileName(), data: data}
			continue
		}
		if part.FileName() != "" {
			if _, err := io.Copy(io.Discard, part); err != nil {
				return nil, endpoint.Classify(err)
			}
			continue
		}
		data, err := io.ReadAll(io.LimitReader(part, maxFieldBytes+1))
		if err != nil {
			return nil, endpoint.Classify(err)
		}
		if len(data) > maxFieldBytes {
			return nil, endpoint.ErrTooLarge
		}
		values[name] = append(values[name], string(data))
	}
	endpoint.FillFromForm(req, values)
	return cv, nil
}

// randomName returns 128 random bits, hex-encoded: a blob's name.
func randomName() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return hex.EncodeToString(b[:])
}

// deleteCV removes a CV, logging a failure.
func (s *Service) deleteCV(ctx context.Context, key string) {
	if err := s.blobs.Delete(ctx, key); err != nil {
		s.log.Error("forms: deleting a CV", "err", err)
	}
}
