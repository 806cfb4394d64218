package staff

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// The kinds of second factor a staff member may have.
const (
	factorPasskey = "passkey"
	factorTOTP    = "totp"
)

// Listed is a staff member as the staff list shows them.
type Listed struct {
	Member
	// SecondFactors are the kinds the member has set up, passkey and totp;
	// none for an account that joined and never set one up, or whose
	// factors were reset: it signs in only through a link e-mailed to it
	// (ResetFactor sends one).
	SecondFactors []string `json:"secondFactors" tstype:"SecondFactor[]"`
	// Passkeys counts the member's passkeys and RecoveryCodesLeft their
	// unused recovery codes, so administrators see who is close to none.
	Passkeys          int `json:"passkeys"`
	RecoveryCodesLeft int `json:"recoveryCodesLeft"`
}

// List answers every staff member, with the kinds of second factor
// each has.
//
// GET /api/admin/staff
func (s *Service) List(c echo.Context) error {
	ctx := c.Request().Context()
	rows, err := s.store.StaffList(ctx)
	if err != nil {
		return err
	}
	passkeys, err := s.store.PasskeyCounts(ctx)
	if err != nil {
		return err
	}
	codes, err := s.store.RecoveryCodeCounts(ctx)
	if err != nil {
		return err
	}
	out := make([]Listed, len(rows))
	for i := range rows {
		m := &rows[i]
		out[i] = Listed{Member: MemberOf(m), SecondFactors: []string{}, Passkeys: passkeys[m.ID], RecoveryCodesLeft: codes[m.ID]}
		if passkeys[m.ID] > 0 {
			out[i].SecondFactors = append(out[i].SecondFactors, factorPasskey)
		}
		if m.TOTPSealed != "" {
			out[i].SecondFactors = append(out[i].SecondFactors, factorTOTP)
		}
	}
	return endpoint.OK(c, List{Staff: out, Roles: access.Roles, Offices: access.Offices, Languages: translatable()}, "")
}

// List is every staff member, with what an invitation or a change of role
// may choose from.
type List struct {
	Staff   []Listed      `json:"staff"`
	Roles   []access.Role `json:"roles"`
	Offices []string      `json:"offices"`
	// Languages are those a translator may be given: every language but
	// English, which they translate from.
	Languages []locale.Locale `json:"languages"`
}

// translatable lists the languages a translator may be given.
func translatable() []locale.Locale {
	out := make([]locale.Locale, 0, len(locale.All))
	for _, l := range locale.All {
		if l != locale.Default {
			out = append(out, l)
		}
	}
	return out
}

type roleRequest struct {
	Email     string        `json:"email"`
	Role      string        `json:"role"`
	Languages endpoint.List `json:"languages"`
	Office    string        `json:"office"`
}

// checkRole checks a role with its languages (a translator's, at least
// one) or office (a sales account's, optional); the others have neither.
func checkRole(v *endpoint.Checker, m *access.Messages, req roleRequest) (access.Role, []string, string) {
	role := access.Role(req.Role)
	if !access.ValidRole(req.Role) {
		v.Set("role", m.RoleInvalid)
		return role, nil, ""
	}
	var langs []string
	if role == access.Translator {
		for _, l := range req.Languages {
			if _, ok := locale.Parse(l); !ok || l == "" {
				v.Set("languages", m.LanguageInvalid)
				return role, nil, ""
			}
			if l == string(locale.Default) {
				v.Set("languages", m.StaffCare.TranslatorLanguage)
				return role, nil, ""
			}
			if !slices.Contains(langs, l) {
				langs = append(langs, l)
			}
		}
		if len(langs) == 0 {
			v.Set("languages", m.LanguagesNeeded)
		}
	}
	office := ""
	if role == access.Sales && req.Office != "" {
		if !slices.Contains(access.Offices, req.Office) {
			v.Set("office", m.OfficeInvalid)
		}
		office = req.Office
	}
	return role, langs, office
}

// CreateInvitation creates an invitation link for an address and a role.
//
// POST /api/admin/staff/invitations
func (s *Service) CreateInvitation(c echo.Context) error {
	req, m, err := access.Bind[roleRequest](c)
	if err != nil {
		return err
	}
	v := endpoint.NewChecker(m.Messages)
	email := v.Email("email", req.Email)
	role, langs, office := checkRole(v, m, req)
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}
	inv, err := s.Invite(c.Request().Context(), email, role, langs, office, access.Of(c).Staff.ID, c.RealIP())
	if errors.Is(err, store.ErrStaffExists) {
		return endpoint.Invalid(c, map[string]string{"email": m.InvitationExists})
	}
	if err != nil {
		return fmt.Errorf("admin: invite: %w", err)
	}
	return s.answerInvitation(c, email, inv, m.StaffCare.InvitationSent)
}

// target loads the staff member a route names, answering 404 when there is none.
func (s *Service) target(c echo.Context) (*store.Staff, error) {
	id := c.Param("id")
	if len(id) != 32 || strings.Trim(id, "0123456789abcdef") != "" {
		return nil, endpoint.Fail(c, http.StatusNotFound, access.Text(c).NotFound)
	}
	t, err := s.store.StaffByID(c.Request().Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, endpoint.Fail(c, http.StatusNotFound, access.Text(c).NotFound)
	}
	return t, err
}

// lastAdministrator reports whether t is the only active administrator.
func (s *Service) lastAdministrator(c echo.Context, t *store.Staff) (bool, error) {
	if t.Role != string(access.Administrator) || t.Disabled() {
		return false, nil
	}
	all, err := s.store.StaffList(c.Request().Context())
	if err != nil {
		return false, err
	}
	n := 0
	for _, m := range all {
		if m.Role == string(access.Administrator) && !m.Disabled() {
			n++
		}
	}
	return n <= 1, nil
}

// ChangeRole gives a staff member another role (or other languages or
// office). The last active administrator keeps the role.
//
// PUT /api/admin/staff/:id/role
func (s *Service) ChangeRole(c echo.Context) error {
	m := access.Text(c)
	t, err := s.target(c)
	if t == nil {
		return err
	}
	req, err := endpoint.Bind[roleRequest](c)
	if err != nil {
		return err
	}
	v := endpoint.NewChecker(m.Messages)
	role, langs, office := checkRole(v, m, req)
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}
	if role != access.Administrator {
		if last, err := s.lastAdministrator(c, t); err != nil {
			return err
		} else if last {
			return endpoint.Fail(c, http.StatusConflict, m.LastAdministrator)
		}
	}
	before := describeRole(t.Role, t.Languages, t.Office)
	after := describeRole(string(role), strings.Join(langs, ","), office)
	// Whoever no longer may invite takes their pending invitations with them.
	void := access.Can(access.Role(t.Role), access.ManageStaff) && !access.Can(role, access.ManageStaff)
	voided, err := s.store.ChangeStaffRole(c.Request().Context(), t.ID, string(role), strings.Join(langs, ","), office, void, s.now())
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, m.NotFound)
	}
	if err != nil {
		return err
	}
	me := access.Of(c).Staff.ID
	s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: me, Action: audit.ActionRoleChange, Item: t.ID, Detail: before + " → " + after, IP: c.RealIP()})
	s.auditVoided(c, me, voided)
	return endpoint.OK(c, nil, m.RoleChanged)
}

// auditVoided records the invitations voided with their inviter's role or
// account.
func (s *Service) auditVoided(c echo.Context, actorID string, voided []store.StaffInvitation) {
	for _, inv := range voided {
		s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: actorID, Action: audit.ActionInvitationVoided, Item: s.invitedItem(inv.Email),
			Detail: describeRole(inv.Role, inv.Languages, inv.Office), IP: c.RealIP()})
	}
}

func describeRole(role, languages, office string) string {
	switch {
	case languages != "":
		return role + " (" + languages + ")"
	case office != "":
		return role + " (" + office + ")"
	}
	return role
}

// disable disables a staff account, ends its sessions, voids the
// invitations it made that are still pending and cancels the publications
// and unpublications it planned; enable undoes the first.
//
// POST /api/admin/staff/:id/disable
// POST /api/admin/staff/:id/enable
func (s *Service) SetDisabled(disable bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		m := access.Text(c)
		ctx := c.Request().Context()
		t, err := s.target(c)
		if t == nil {
			return err
		}
		me := access.Of(c).Staff
		if t.ID == me.ID {
			return endpoint.Fail(c, http.StatusConflict, m.NotYourself)
		}
		if !disable {
			if err := s.store.UpdateStaff(ctx, t.ID, map[string]any{"disabled_at": nil}, s.now()); err != nil {
				return err
			}
			s.trail.Record(ctx, store.AuditEvent{ActorID: me.ID, Action: audit.ActionEnable, Item: t.ID, IP: c.RealIP()})
			return endpoint.OK(c, nil, m.Enabled)
		}
		if last, err := s.lastAdministrator(c, t); err != nil {
			return err
		} else if last {
			return endpoint.Fail(c, http.StatusConflict, m.LastAdministrator)
		}
		gone, err := s.store.DisableStaff(ctx, t.ID, s.now())
		if errors.Is(err, store.ErrNotFound) {
			return endpoint.Fail(c, http.StatusNotFound, m.NotFound)
		}
		if err != nil {
			return err
		}
		s.trail.Record(ctx, store.AuditEvent{ActorID: me.ID, Action: audit.ActionDisable, Item: t.ID, IP: c.RealIP()})
		s.auditVoided(c, me.ID, gone.Invitations)
		for _, sc := range gone.Schedules {
			s.trail.Record(ctx, store.AuditEvent{ActorID: me.ID, Action: audit.ActionContentVoided, Item: sc.Key().String(),
				Detail: audit.ScheduleDetail(sc), IP: c.RealIP()})
		}
		return endpoint.OK(c, nil, m.Disabled)
	}
}

// ResetFactor removes a staff member's second factors, signs them out and
// e-mails them a one-time link to set up a new one, which works with their
// password; for an account without a second factor it sends that link.
// Administrators reset others' factors only: their own stay theirs to
// change, and a disabled account is enabled first.
//
// POST /api/admin/staff/:id/second-factor/reset
func (s *Service) ResetFactor(c echo.Context) error {
	m := access.Text(c)
	t, err := s.target(c)
	if t == nil {
		return err
	}
	if t.ID == access.Of(c).Staff.ID {
		return endpoint.Fail(c, http.StatusConflict, m.NotYourself)
	}
	if t.Disabled() {
		return endpoint.Fail(c, http.StatusConflict, m.ResetDisabled)
	}
	done, err := s.reset(c.Request().Context(), t, access.Of(c).Staff.ID, c.RealIP())
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, m.NotFound)
	}
	if err != nil {
		return fmt.Errorf("admin: reset second factor: %w", err)
	}
	return endpoint.OK(c, map[string]any{"email": done.Email, "expiresAt": done.ExpiresAt.UTC()},
		fmt.Sprintf(m.FactorResetSent, done.Email, int(EnrolLinkLife/time.Hour)))
}

// PendingInvitation is a pending invitation as the back-office lists it:
// never its link, which was shown once to whoever made it.
type PendingInvitation struct {
	ID        string    `json:"id"`
	Email     string    `json:"email"`
	Role      string    `json:"role"`
	Languages []string  `json:"languages"`
	Office    string    `json:"office"`
	InvitedBy string    `json:"invitedBy"` // a staff id, "" from the command line
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// Invitations answers the invitations neither used, revoked nor
// expired, newest first, each with the id of the staff member who made it
// (the staff list names them).
//
// GET /api/admin/staff/invitations
func (s *Service) Invitations(c echo.Context) error {
	ctx := c.Request().Context()
	rows, err := s.store.PendingInvitations(ctx, s.now())
	if err != nil {
		return err
	}
	staff, err := s.store.StaffList(ctx)
	if err != nil {
		return err
	}
	out := []PendingInvitation{}
	for _, inv := range rows {
		if !MayInvite(staff, inv.InvitedBy) {
			continue // its inviter lost the right meanwhile: the link no longer works
		}
		langs := (&store.Staff{Languages: inv.Languages}).LanguageList()
		out = append(out, PendingInvitation{
			ID: inv.ID, Email: inv.Email, Role: inv.Role, Languages: langs, Office: inv.Office,
			InvitedBy: inv.InvitedBy, CreatedAt: inv.CreatedAt.UTC(), ExpiresAt: inv.ExpiresAt.UTC(),
		})
	}
	return endpoint.OK(c, map[string]any{"invitations": out}, "")
}

// MayInvite reports whether the staff member with the id, among staff, may
// still invite: an active account whose role manages staff, or "" (the
// command line).
func MayInvite(staff []store.Staff, id string) bool {
	if id == "" {
		return true
	}
	i := slices.IndexFunc(staff, func(m store.Staff) bool { return m.ID == id })
	return i >= 0 && !staff[i].Disabled() && access.Can(access.Role(staff[i].Role), access.ManageStaff)
}

// RevokeInvitation revokes a pending invitation: its link stops working.
//
// DELETE /api/admin/staff/invitations/:id
func (s *Service) RevokeInvitation(c echo.Context) error {
	m := access.Text(c)
	id := c.Param("id")
	if len(id) != 32 || strings.Trim(id, "0123456789abcdef") != "" {
		return endpoint.Fail(c, http.StatusNotFound, m.InvitationGone)
	}
	inv, err := s.store.RevokeInvitation(c.Request().Context(), id, s.now())
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, m.InvitationGone)
	}
	if err != nil {
		return err
	}
	s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: access.Of(c).Staff.ID, Action: audit.ActionInvitationRevoked,
		Item: s.invitedItem(inv.Email), Detail: describeRole(inv.Role, inv.Languages, inv.Office), IP: c.RealIP()})
	return endpoint.OK(c, nil, m.InvitationRevoked)
}

// Member is a staff member as the back-office shows them.
type Member struct {
	ID        string   `json:"id"`
	Email     string   `json:"email"`
	Name      string   `json:"name"`
	Role      string   `json:"role"`
	Languages []string `json:"languages"`
	Office    string   `json:"office"`
	Disabled  bool     `json:"disabled"`
	CreatedAt string   `json:"createdAt"`
	// MayApprove: the member may approve reviews before publishing, in the
	// languages their role writes.
	MayApprove bool `json:"mayApprove"`
}

// MemberOf is how the back-office shows m.
func MemberOf(m *store.Staff) Member {
	return Member{
		ID: m.ID, Email: m.Email, Name: m.Name, Role: m.Role, Languages: m.LanguageList(), Office: m.Office,
		Disabled: m.Disabled(), CreatedAt: m.CreatedAt.UTC().Format("2006-01-02"), MayApprove: m.MayApprove,
	}
}

type mayApproveRequest struct {
	MayApprove bool `json:"mayApprove"`
}

// SetMayApprove gives a staff member the right to approve reviews before
// publishing, or takes it away. It reaches only the languages the
// member's role writes: every language for an editor, a translator's own
// but English.
//
// PUT /api/admin/staff/:id/may-approve
func (s *Service) SetMayApprove(c echo.Context) error {
	m := access.Text(c)
	t, err := s.target(c)
	if t == nil {
		return err
	}
	req, err := endpoint.Bind[mayApproveRequest](c)
	if err != nil {
		return err
	}
	err = s.store.SetStaffMayApprove(c.Request().Context(), t.ID, req.MayApprove, s.now())
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, m.NotFound)
	}
	if err != nil {
		return err
	}
	detail := "given"
	if !req.MayApprove {
		detail = "taken away"
	}
	s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: access.Of(c).Staff.ID, Action: audit.ActionReviewRight, Item: t.ID, Detail: detail, IP: c.RealIP()})
	return endpoint.OK(c, nil, m.Review.RightSaved)
}
