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
	"mime/multipart"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
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

// Applications one client may be sending at once, and the wait its next
// one is told to take.
const (
	maxUploadsInFlight = 2
	uploadBusyRetry    = 30 * time.Second
)

// uploadTime is how long an application's CV may take to arrive: the
// server's read timeout suits ordinary requests, but a 5 MB CV on a slow
// mobile link (256 kbit/s) needs about three minutes.
var uploadTime = 5 * time.Minute

// errCVFirst is a body whose CV comes before its consent and captcha.
var errCVFirst = errors.New("forms: the CV came before the consent and the captcha")

// application takes a job application with its CV, for the HR inbox. The
// body is refused above 5 MB + 64 KB before it is read (Content-Length)
// and while it is read; the CV is checked by content (PDF or DOCX) and
// stored in the blob store under a random name, never the visitor's.
//
// A CV takes long to arrive, so nobody may hold the server with one for
// nothing: a client sends at most maxUploadsInFlight at once; the fields
// come first (a "cv" part before "consent" and "captcha" is refused) and
// are judged before the CV is read; and only an application that passed
// them, the captcha and the form's rate limit is given uploadTime for its
// CV, where everything before had the server's read timeout.
//
// POST /api/forms/application/:vacancy (multipart/form-data)
func (s *Service) application(c echo.Context) error {
	r := c.Request()
	loc := endpoint.Locale(r)
	m := locale.For(loc)
	if r.ContentLength > maxUpload {
		return endpoint.Fail(c, http.StatusRequestEntityTooLarge, m.Forms.CVTooLarge)
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
		return endpoint.Fail(c, http.StatusBadRequest, m.Forms.VacancyClosed)
	}
	ip := c.RealIP()
	if !s.uploads.Enter(ip) {
		return endpoint.TooMany(c, m.Forms.UploadsBusy, uploadBusyRetry)
	}
	defer s.uploads.Leave(ip)

	var req applicationRequest
	r.Body = http.MaxBytesReader(c.Response(), r.Body, maxUpload)
	cvPart, err := readApplicationFields(r, &req)
	switch {
	case errors.Is(err, errCVFirst):
		return endpoint.Fail(c, http.StatusBadRequest, m.Forms.CVBeforeFields)
	case errors.Is(err, endpoint.ErrTooLarge):
		return endpoint.Fail(c, http.StatusRequestEntityTooLarge, m.Forms.CVTooLarge)
	case err != nil:
		return endpoint.Fail(c, http.StatusBadRequest, m.API.BadRequest)
	}

	v := newChecker(m)
	p := &pending{kind: KindApplication, target: slug, loc: loc, inbox: s.inboxes.HR, form: "Job application: " + info.Title}
	p.name = v.name("name", req.Name)
	p.email = v.email("email", req.Email)
	phone := v.phone("phone", req.Phone, true)
	linkedIn := v.linkedIn("linkedin", req.LinkedIn)
	letter := v.text("coverLetter", req.CoverLetter, maxCoverLetter, true)
	if cvPart == nil {
		v.Set("cv", m.Forms.CVMissing)
	}
	if passed, err := s.admit(c, v, p.kind, req.Consent, req.Captcha); !passed {
		return err
	}

	// The captcha is spent: a refusal from here on says so, for the browser
	// to ask for a new one.
	spent := endpoint.Flags{"captchaSpent": true}
	rc := http.NewResponseController(c.Response())
	if err := rc.SetReadDeadline(time.Now().Add(uploadTime)); err == nil {
		_ = rc.SetWriteDeadline(time.Now().Add(uploadTime + time.Minute))
	}
	cv, err := readCV(cvPart)
	switch {
	case errors.Is(err, endpoint.ErrTooLarge):
		return endpoint.FailWith(c, http.StatusRequestEntityTooLarge, m.Forms.CVTooLarge, spent)
	case err != nil:
		return endpoint.FailWith(c, http.StatusBadRequest, m.API.BadRequest, spent)
	case len(cv.data) == 0:
		return endpoint.InvalidWith(c, map[string]string{"cv": m.Forms.CVMissing}, spent)
	}
	format, err := inspectCV(cv.data)
	if err != nil {
		return endpoint.InvalidWith(c, map[string]string{"cv": m.Forms.CVType}, spent)
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
	p.note = func(sub *store.Submission) string {
		day := sub.CreatedAt.UTC().Format(time.DateOnly)
		return fmt.Sprintf("The CV (%s, %s, %d KB) is stored on the server and is not attached to this e-mail. "+
			"Export it with: server submissions export --kind application --from %s --to %s --cvs ./cvs",
			fileName, format.label, (len(cv.data)+1023)/1024, day, day)
	}
	if _, err := s.save(c, p, s.account(c.Request())); err != nil {
		s.deleteCV(context.WithoutCancel(ctx), p.cvKey)
		return err
	}
	return endpoint.OK(c, nil, m.Forms.ApplicationDone)
}

// readApplicationFields reads a multipart application up to its CV: the
// text fields into req, at most maxFieldBytes each (more is
// endpoint.ErrTooLarge). It returns the part "cv" unread, or nil when the
// body has none; errCVFirst when it comes before "consent" and "captcha".
// Any other file is refused, so nothing large is read before the checks.
func readApplicationFields(r *http.Request, req *applicationRequest) (*multipart.Part, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, endpoint.ErrUnreadable
	}
	values := map[string][]string{}
	defer endpoint.FillFromForm(req, values)
	for range maxParts {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		if err != nil {
			return nil, endpoint.Classify(err)
		}
		if part.FormName() == "cv" {
			if values["consent"] == nil || values["captcha"] == nil {
				return nil, errCVFirst
			}
			return part, nil
		}
		if part.FileName() != "" {
			return nil, endpoint.ErrUnreadable
		}
		data, err := io.ReadAll(io.LimitReader(part, maxFieldBytes+1))
		if err != nil {
			return nil, endpoint.Classify(err)
		}
		if len(data) > maxFieldBytes {
			return nil, endpoint.ErrTooLarge
		}
		values[part.FormName()] = append(values[part.FormName()], string(data))
	}
	return nil, nil
}

// readCV reads the CV's part: more than maxCVBytes is endpoint.ErrTooLarge.
func readCV(part *multipart.Part) (*upload, error) {
	data, err := io.ReadAll(io.LimitReader(part, maxCVBytes+1))
	if err != nil {
		return nil, endpoint.Classify(err)
	}
	if len(data) > maxCVBytes {
		return nil, endpoint.ErrTooLarge
	}
	return &upload{name: part.FileName(), data: data}, nil
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
