package forms

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/mail"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
)

// proposalRequest is the request for proposal; nothing else is read.
type proposalRequest struct {
	Name           string        `json:"name"`
	Email          string        `json:"email"`
	Phone          string        `json:"phone"`
	Company        string        `json:"company"`
	Country        string        `json:"country"`
	CompanySize    string        `json:"companySize"`
	Timeline       string        `json:"timeline"`
	Services       endpoint.List `json:"services"`
	PreferredStart string        `json:"preferredStart"`
	Message        string        `json:"message"`
	Consent        endpoint.Bool `json:"consent"`
	Captcha        string        `json:"captcha"`
}

// proposal takes a request for proposal, for the marketing inbox.
//
// POST /api/forms/proposal
func (s *Service) proposal(c echo.Context) error {
	loc := endpoint.Locale(c.Request())
	m := locale.For(loc)
	req, err := endpoint.Bind[proposalRequest](c)
	if err != nil {
		return err
	}
	v := newChecker(m)
	p := &pending{kind: KindProposal, loc: loc, inbox: s.inboxes.Marketing, form: "Request for proposal"}
	p.name = v.name("name", req.Name)
	p.email = v.email("email", req.Email)
	phone := v.phone("phone", req.Phone, true)
	company := v.line("company", req.Company, maxLine, true)
	country := v.line("country", req.Country, maxLine, true)
	size := v.choice("companySize", req.CompanySize, companySizes)
	timeline := v.choice("timeline", req.Timeline, timelines)
	services := v.choices("services", req.Services, s.isService)
	start := v.date("preferredStart", req.PreferredStart, s.now())
	message := v.text("message", req.Message, maxMessage, true)
	if passed, err := s.admit(c, v, p.kind, req.Consent, req.Captcha); !passed {
		return err
	}
	p.fields = []field{
		{"name", "Name", p.name}, {"email", "E-mail", p.email}, {"phone", "Phone", phone},
		{"company", "Company", company}, {"country", "Country", country},
		{"companySize", "Company size", size}, {"timeline", "Timeline", timeline},
		{"services", "", services}, {"", "Services", s.serviceNames(services)},
		{"preferredStart", "Preferred start", start}, {"message", "Message", message},
	}
	p.confirm = mail.Message{Kind: mail.KindFormConfirmProposal}
	return s.submit(c, p, nil, m.Forms.ProposalDone)
}

// isService reports whether route is a service or standard page, or the
// landing page of a family of them (a visitor may want "business
// continuity" without knowing which plan, and outsourcing is one page).
func (s *Service) isService(route string) bool {
	if s.catalog == nil {
		return false
	}
	page := s.catalog().Page(route)
	if page == nil {
		return false
	}
	switch page.Kind {
	case content.KindService, content.KindStandard:
		return true
	case content.KindLanding:
		return strings.HasPrefix(route, "/services/") || strings.HasPrefix(route, "/compliance/")
	}
	return false
}

// serviceNames returns the English names of service pages, for the inbox.
func (s *Service) serviceNames(routes []string) []string {
	out := make([]string, len(routes))
	for i, r := range routes {
		out[i] = r
		if page := s.catalog().Page(r); page != nil {
			out[i] = page.Name + " (" + r + ")"
		}
	}
	return out
}

// inquiryRequest is a general inquiry.
type inquiryRequest struct {
	Name    string        `json:"name"`
	Email   string        `json:"email"`
	Phone   string        `json:"phone"`
	Company string        `json:"company"`
	Subject string        `json:"subject"`
	Message string        `json:"message"`
	Consent endpoint.Bool `json:"consent"`
	Captcha string        `json:"captcha"`
}

// inquiry takes a general inquiry, for the marketing inbox.
//
// POST /api/forms/inquiry
func (s *Service) inquiry(c echo.Context) error {
	loc := endpoint.Locale(c.Request())
	m := locale.For(loc)
	req, err := endpoint.Bind[inquiryRequest](c)
	if err != nil {
		return err
	}
	v := newChecker(m)
	p := &pending{kind: KindInquiry, loc: loc, inbox: s.inboxes.Marketing, form: "General inquiry"}
	p.name = v.name("name", req.Name)
	p.email = v.email("email", req.Email)
	phone := v.phone("phone", req.Phone, false)
	company := v.line("company", req.Company, maxLine, false)
	subject := v.line("subject", req.Subject, maxLine, true)
	message := v.text("message", req.Message, maxMessage, true)
	if passed, err := s.admit(c, v, p.kind, req.Consent, req.Captcha); !passed {
		return err
	}
	p.fields = []field{
		{"name", "Name", p.name}, {"email", "E-mail", p.email}, {"phone", "Phone", phone},
		{"company", "Company", company}, {"subject", "Subject", subject}, {"message", "Message", message},
	}
	p.confirm = mail.Message{Kind: mail.KindFormConfirmInquiry}
	return s.submit(c, p, nil, m.Forms.InquiryDone)
}

// contactRequest is an office's contact form.
type contactRequest struct {
	Name    string        `json:"name"`
	Email   string        `json:"email"`
	Phone   string        `json:"phone"`
	Company string        `json:"company"`
	Message string        `json:"message"`
	Consent endpoint.Bool `json:"consent"`
	Captcha string        `json:"captcha"`
}

// officeNames are the offices' English names, for the inbox.
var officeNames = map[string]string{"london": "London", "dubai": "Dubai", "cairo": "Cairo"}

// contact takes an office's contact form, for that office's inbox.
//
// POST /api/forms/contact/:office (london, dubai or cairo)
func (s *Service) contact(c echo.Context) error {
	loc := endpoint.Locale(c.Request())
	m := locale.For(loc)
	office := c.Param("office")
	city, known := officeNames[office]
	if !known {
		return notFound(c, m)
	}
	req, err := endpoint.Bind[contactRequest](c)
	if err != nil {
		return err
	}
	v := newChecker(m)
	p := &pending{kind: KindContact, target: office, loc: loc, inbox: s.inboxes.Offices[office], form: "Contact (" + city + " office)"}
	p.name = v.name("name", req.Name)
	p.email = v.email("email", req.Email)
	phone := v.phone("phone", req.Phone, false)
	company := v.line("company", req.Company, maxLine, false)
	message := v.text("message", req.Message, maxMessage, true)
	if passed, err := s.admit(c, v, p.kind, req.Consent, req.Captcha); !passed {
		return err
	}
	p.fields = []field{
		{"name", "Name", p.name}, {"email", "E-mail", p.email}, {"phone", "Phone", phone},
		{"company", "Company", company}, {"message", "Message", message},
	}
	p.confirm = mail.Message{Kind: mail.KindFormConfirmContact, Data: map[string]string{"office": officeName(&m.Forms, office)}}
	return s.submit(c, p, nil, m.Forms.ContactDone)
}

// webinarRequest registers for a webinar.
type webinarRequest struct {
	Name     string        `json:"name"`
	Email    string        `json:"email"`
	Company  string        `json:"company"`
	JobTitle string        `json:"jobTitle"`
	Consent  endpoint.Bool `json:"consent"`
	Captcha  string        `json:"captcha"`
}

// webinar registers a visitor for an upcoming webinar, for the marketing inbox.
//
// POST /api/forms/webinar/:webinar
func (s *Service) webinar(c echo.Context) error {
	loc := endpoint.Locale(c.Request())
	m := locale.For(loc)
	slug := c.Param("webinar")
	page, en, local := s.item("webinars", slug, loc)
	if page == nil {
		return notFound(c, m)
	}
	var info struct {
		Title string `json:"title"`
		Start string `json:"start"`
	}
	_ = json.Unmarshal(en, &info)
	start, err := time.Parse(time.RFC3339, info.Start)
	if err != nil || !start.After(s.now()) {
		return endpoint.Fail(c, http.StatusBadRequest, m.Forms.WebinarClosed)
	}
	req, err := endpoint.Bind[webinarRequest](c)
	if err != nil {
		return err
	}
	v := newChecker(m)
	p := &pending{kind: KindWebinar, target: slug, loc: loc, inbox: s.inboxes.Marketing, form: "Webinar registration: " + info.Title}
	p.name = v.name("name", req.Name)
	p.email = v.email("email", req.Email)
	company := v.line("company", req.Company, maxLine, false)
	jobTitle := v.line("jobTitle", req.JobTitle, maxLine, false)
	if passed, err := s.admit(c, v, p.kind, req.Consent, req.Captcha); !passed {
		return err
	}
	p.fields = []field{
		{"name", "Name", p.name}, {"email", "E-mail", p.email},
		{"company", "Company", company}, {"jobTitle", "Job title", jobTitle},
		{"", "Webinar", info.Title + " (" + start.UTC().Format("2006-01-02 15:04 UTC") + ")"},
	}
	p.confirm = mail.Message{Kind: mail.KindFormConfirmWebinar, Data: map[string]string{
		"webinar": localTitle(local, info.Title), "when": dateTime(&m.Forms, start),
	}}
	return s.submit(c, p, map[string]string{"start": info.Start}, m.Forms.WebinarDone)
}

// localTitle returns the title in a content body, or fallback.
func localTitle(body json.RawMessage, fallback string) string {
	var t struct {
		Title string `json:"title"`
	}
	if json.Unmarshal(body, &t) != nil || t.Title == "" {
		return fallback
	}
	return t.Title
}

// publicationRequest asks for a gated publication.
type publicationRequest struct {
	Name     string        `json:"name"`
	Email    string        `json:"email"`
	Company  string        `json:"company"`
	JobTitle string        `json:"jobTitle"`
	Consent  endpoint.Bool `json:"consent"`
	Captcha  string        `json:"captcha"`
}

// publication takes the details a publication is downloaded for and
// answers a signed download link, valid 24 hours, which the confirmation
// e-mail carries too.
//
// POST /api/forms/publication/:publication → data.downloadUrl, data.expiresAt
func (s *Service) publication(c echo.Context) error {
	loc := endpoint.Locale(c.Request())
	m := locale.For(loc)
	slug := c.Param("publication")
	page, en, local := s.item("publications", slug, loc)
	if page == nil {
		return notFound(c, m)
	}
	title := localTitle(en, page.Name)
	req, err := endpoint.Bind[publicationRequest](c)
	if err != nil {
		return err
	}
	v := newChecker(m)
	p := &pending{kind: KindPublication, target: slug, loc: loc, inbox: s.inboxes.Marketing, form: "Publication download: " + title}
	p.name = v.name("name", req.Name)
	p.email = v.email("email", req.Email)
	company := v.line("company", req.Company, maxLine, true)
	jobTitle := v.line("jobTitle", req.JobTitle, maxLine, false)
	if passed, err := s.admit(c, v, p.kind, req.Consent, req.Captcha); !passed {
		return err
	}
	p.fields = []field{
		{"name", "Name", p.name}, {"email", "E-mail", p.email},
		{"company", "Company", company}, {"jobTitle", "Job title", jobTitle},
		{"", "Publication", title},
	}
	expires := s.now().Add(linkLifetime)
	link := s.downloadURL(slug, loc, expires)
	p.confirm = mail.Message{Kind: mail.KindFormConfirmPublication, Data: map[string]string{
		"publication": localTitle(local, title), "downloadLink": link,
	}}
	return s.submit(c, p, map[string]string{"downloadUrl": link, "expiresAt": expires.Format(time.RFC3339)}, m.Forms.PublicationDone)
}
