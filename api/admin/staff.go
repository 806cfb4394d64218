package admin

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// listStaff answers every staff member.
//
// GET /api/admin/staff
func (s *Service) listStaff(c echo.Context) error {
	rows, err := s.store.StaffList(c.Request().Context())
	if err != nil {
		return err
	}
	out := make([]staffView, len(rows))
	for i := range rows {
		out[i] = viewOf(&rows[i])
	}
	return endpoint.OK(c, map[string]any{"staff": out, "roles": Roles, "offices": Offices, "languages": locale.All}, "")
}

type roleRequest struct {
	Email     string        `json:"email"`
	Role      string        `json:"role"`
	Languages endpoint.List `json:"languages"`
	Office    string        `json:"office"`
}

// checkRole checks a role with its languages (a translator's, at least
// one) or office (a sales account's, optional); the others have neither.
func checkRole(v *endpoint.Checker, m *messages, req roleRequest) (Role, []string, string) {
	role := Role(req.Role)
	if !ValidRole(req.Role) {
		v.Set("role", m.RoleInvalid)
		return role, nil, ""
	}
	var langs []string
	if role == Translator {
		for _, l := range req.Languages {
			if _, ok := locale.Parse(l); !ok || l == "" {
				v.Set("languages", m.LanguageInvalid)
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
	if role == Sales && req.Office != "" {
		if !slices.Contains(Offices, req.Office) {
			v.Set("office", m.OfficeInvalid)
		}
		office = req.Office
	}
	return role, langs, office
}

// invite creates an invitation link for an address and a role.
//
// POST /api/admin/staff/invitations
func (s *Service) invite(c echo.Context) error {
	m := msgsOf(c)
	var req roleRequest
	if err := endpoint.Decode(c, &req); err != nil {
		return endpoint.RefuseBody(c, err)
	}
	v := endpoint.NewChecker(m.Messages)
	email := v.Email("email", req.Email)
	role, langs, office := checkRole(v, m, req)
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}
	inv, err := s.Invite(c.Request().Context(), email, role, langs, office, mustStaff(c).staff.ID, c.RealIP())
	if errors.Is(err, store.ErrStaffExists) {
		return endpoint.Invalid(c, map[string]string{"email": m.InvitationExists})
	}
	if err != nil {
		return fmt.Errorf("admin: invite: %w", err)
	}
	return endpoint.OK(c, inv, m.InvitationMade)
}

// target loads the staff member a route names, answering 404 when there is none.
func (s *Service) target(c echo.Context) (*store.Staff, error) {
	id := c.Param("id")
	if len(id) != 32 || strings.Trim(id, "0123456789abcdef") != "" {
		return nil, endpoint.Fail(c, http.StatusNotFound, msgsOf(c).NotFound)
	}
	t, err := s.store.StaffByID(c.Request().Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, endpoint.Fail(c, http.StatusNotFound, msgsOf(c).NotFound)
	}
	return t, err
}

// lastAdministrator reports whether t is the only active administrator.
func (s *Service) lastAdministrator(c echo.Context, t *store.Staff) (bool, error) {
	if t.Role != string(Administrator) || t.Disabled() {
		return false, nil
	}
	all, err := s.store.StaffList(c.Request().Context())
	if err != nil {
		return false, err
	}
	n := 0
	for _, m := range all {
		if m.Role == string(Administrator) && !m.Disabled() {
			n++
		}
	}
	return n <= 1, nil
}

// changeRole gives a staff member another role (or other languages or
// office). The last active administrator keeps the role.
//
// PUT /api/admin/staff/:id/role
func (s *Service) changeRole(c echo.Context) error {
	m := msgsOf(c)
	t, err := s.target(c)
	if t == nil {
		return err
	}
	var req roleRequest
	if err := endpoint.Decode(c, &req); err != nil {
		return endpoint.RefuseBody(c, err)
	}
	v := endpoint.NewChecker(m.Messages)
	role, langs, office := checkRole(v, m, req)
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}
	if role != Administrator {
		if last, err := s.lastAdministrator(c, t); err != nil {
			return err
		} else if last {
			return endpoint.Fail(c, http.StatusConflict, m.LastAdministrator)
		}
	}
	before := describeRole(t.Role, t.Languages, t.Office)
	after := describeRole(string(role), strings.Join(langs, ","), office)
	err = s.store.UpdateStaff(c.Request().Context(), t.ID, map[string]any{
		"role": string(role), "languages": strings.Join(langs, ","), "office": office,
	}, s.now())
	if err != nil {
		return err
	}
	s.audit(c.Request().Context(), store.AuditEvent{ActorID: mustStaff(c).staff.ID, Action: ActionRoleChange, Item: t.ID, Detail: before + " → " + after, IP: c.RealIP()})
	return endpoint.OK(c, nil, m.RoleChanged)
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

// disable disables a staff account and ends its sessions; enable undoes it.
//
// POST /api/admin/staff/:id/disable
// POST /api/admin/staff/:id/enable
func (s *Service) setDisabled(disable bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		m := msgsOf(c)
		ctx := c.Request().Context()
		t, err := s.target(c)
		if t == nil {
			return err
		}
		me := mustStaff(c).staff
		if t.ID == me.ID {
			return endpoint.Fail(c, http.StatusConflict, m.NotYourself)
		}
		change := map[string]any{"disabled_at": nil}
		action, msg := ActionEnable, m.Enabled
		if disable {
			if last, err := s.lastAdministrator(c, t); err != nil {
				return err
			} else if last {
				return endpoint.Fail(c, http.StatusConflict, m.LastAdministrator)
			}
			change["disabled_at"] = s.now()
			action, msg = ActionDisable, m.Disabled
		}
		if err := s.store.UpdateStaff(ctx, t.ID, change, s.now()); err != nil {
			return err
		}
		if disable {
			if err := s.store.DeleteStaffSessions(ctx, t.ID); err != nil {
				return err
			}
		}
		s.audit(ctx, store.AuditEvent{ActorID: me.ID, Action: action, Item: t.ID, IP: c.RealIP()})
		return endpoint.OK(c, nil, msg)
	}
}
