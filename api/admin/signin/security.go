package signin

import (
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/store"
)

// A staff member's own second factors: what they have, removing one they
// no longer use (never the last), and a new set of recovery codes. Adding
// one goes through the enrolment routes.

type Passkey struct {
	ID         string     `json:"id"`
	CreatedAt  time.Time  `json:"createdAt"`
	LastUsedAt *time.Time `json:"lastUsedAt"`
}

type FactorList struct {
	Passkeys          []Passkey `json:"passkeys"`
	TOTP              bool      `json:"totp"`
	RecoveryCodesLeft int       `json:"recoveryCodesLeft"`
	PasskeysOff       bool      `json:"passkeysOff"`
}

// Factors answers the signed-in staff member's second factors.
//
// GET /api/admin/factors
func (s *Service) Factors(c echo.Context) error {
	ctx := c.Request().Context()
	cur := access.Of(c)
	rows, err := s.store.Passkeys(ctx, cur.Staff.ID)
	if err != nil {
		return err
	}
	left, err := s.store.RecoveryCodesLeft(ctx, cur.Staff.ID)
	if err != nil {
		return err
	}
	out := FactorList{Passkeys: make([]Passkey, len(rows)), TOTP: cur.Staff.TOTPSealed != "", RecoveryCodesLeft: left, PasskeysOff: s.webauthn == nil}
	for i, r := range rows {
		out.Passkeys[i] = Passkey{ID: r.CredentialID, CreatedAt: r.CreatedAt, LastUsedAt: r.LastUsedAt}
	}
	return endpoint.OK(c, out, "")
}

// RemovePasskey removes one of the staff member's own passkeys.
//
// DELETE /api/admin/factors/passkeys/:id
func (s *Service) RemovePasskey(c echo.Context) error {
	cur := access.Of(c)
	err := s.store.RemovePasskey(c.Request().Context(), cur.Staff.ID, c.Param("id"), s.now())
	return s.factorRemoved(c, err, "passkey", access.Text(c).PasskeyNotFound)
}

// RemoveTOTP removes the staff member's authenticator app.
//
// DELETE /api/admin/factors/totp
func (s *Service) RemoveTOTP(c echo.Context) error {
	cur := access.Of(c)
	err := s.store.RemoveTOTP(c.Request().Context(), cur.Staff.ID, s.now())
	if err == nil {
		cur.Staff.TOTPSealed = ""
	}
	return s.factorRemoved(c, err, "totp", access.Text(c).AppNotFound)
}

// factorRemoved answers a removal: refused when it was the last factor or
// not there, recorded and answered with the session's new state when done.
func (s *Service) factorRemoved(c echo.Context, err error, method, missing string) error {
	m := access.Text(c)
	switch {
	case errors.Is(err, store.ErrLastFactor):
		return endpoint.Fail(c, http.StatusConflict, m.LastFactor)
	case errors.Is(err, store.ErrNotFound):
		return endpoint.Fail(c, http.StatusNotFound, missing)
	case err != nil:
		return err
	}
	cur := access.Of(c)
	s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: cur.Staff.ID, Action: audit.ActionFactorRemoved, Item: cur.Staff.ID, Detail: method, IP: c.RealIP()})
	return s.answerState(c, m.FactorRemoved)
}

// RenewRecoveryCodes replaces the staff member's recovery codes with ten
// new ones, shown this once.
//
// POST /api/admin/factors/recovery-codes
func (s *Service) RenewRecoveryCodes(c echo.Context) error {
	ctx := c.Request().Context()
	cur := access.Of(c)
	codes, err := s.newRecoveryCodes(ctx, cur.Staff.ID)
	if err != nil {
		return err
	}
	s.trail.Record(ctx, store.AuditEvent{ActorID: cur.Staff.ID, Action: audit.ActionCodesRenewed, Item: cur.Staff.ID, IP: c.RealIP()})
	st, err := s.state(ctx, cur)
	if err != nil {
		return err
	}
	return endpoint.OK(c, Enrolled{Session: st, RecoveryCodes: codes}, access.Text(c).CodesRenewed)
}
