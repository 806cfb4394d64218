package signin

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base32"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/labstack/echo/v4"
	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/store"
)

// totpOptions are the usual authenticator-app settings: six digits every
// thirty seconds, SHA-1, one step of clock drift either way.
var totpOptions = totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

func isTOTPCode(code string) bool {
	return len(code) == 6 && strings.Trim(code, "0123456789") == ""
}

// Recovery codes are ten base32 letters and digits, shown as two groups of five.
func isRecoveryCode(code string) bool {
	code = strings.ReplaceAll(code, "-", "")
	return len(code) == 10 && strings.Trim(code, "abcdefghijklmnopqrstuvwxyz234567") == ""
}

// totpMatch returns the time step whose code is code, within one step of
// now either way, or 0.
func totpMatch(secret, code string, now time.Time) int64 {
	for _, drift := range []time.Duration{0, -30 * time.Second, 30 * time.Second} {
		t := now.Add(drift)
		want, err := totp.GenerateCodeCustom(secret, t, totpOptions)
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return t.Unix() / 30
		}
	}
	return 0
}

// checkTOTP checks a code against the staff member's app, accepting each
// time step once.
func (s *Service) checkTOTP(ctx context.Context, m *store.Staff, code string) (bool, error) {
	if m.TOTPSealed == "" {
		return false, nil
	}
	secret, err := s.sealer.Open(m.ID, m.TOTPSealed)
	if err != nil {
		return false, err
	}
	step := totpMatch(string(secret), code, s.now())
	if step == 0 {
		return false, nil
	}
	return s.store.AcceptTOTPStep(ctx, m.ID, step)
}

func (s *Service) recoveryHash(staffID, code string) string {
	return s.keys.Of("staff-recovery", staffID, strings.ReplaceAll(code, "-", ""))
}

// newRecoveryCodes makes ten recovery codes, stores their hashes in place
// of any earlier ones, and returns them to show once.
func (s *Service) newRecoveryCodes(ctx context.Context, staffID string) ([]string, error) {
	codes := make([]string, RecoveryCodes)
	hashes := make([]string, RecoveryCodes)
	enc := base32.StdEncoding.WithPadding(base32.NoPadding)
	for i := range codes {
		var b [7]byte
		if _, err := rand.Read(b[:]); err != nil {
			panic(err)
		}
		raw := strings.ToLower(enc.EncodeToString(b[:]))[:10]
		codes[i] = raw[:5] + "-" + raw[5:]
		hashes[i] = s.recoveryHash(staffID, raw)
	}
	if err := s.store.SetRecoveryCodes(ctx, staffID, hashes); err != nil {
		return nil, err
	}
	return codes, nil
}

// ceremony is what a session keeps between the two halves of a passkey
// ceremony or a TOTP enrolment.
type ceremony struct {
	Kind     string                `json:"kind"`
	TOTP     string                `json:"totp,omitempty"` // sealed
	WebAuthn *webauthn.SessionData `json:"webauthn,omitempty"`
}

const (
	ceremonyTOTP           = "totp-enrol"
	ceremonyPasskeyEnrol   = "passkey-enrol"
	ceremonyPasskeyConfirm = "passkey-confirm"
)

func (s *Service) saveCeremony(ctx context.Context, cur access.Current, cer ceremony) error {
	b, err := json.Marshal(cer)
	if err != nil {
		return err
	}
	cur.Session.Ceremony = string(b)
	return s.store.UpdateStaffSession(ctx, cur.Session.IDHash, map[string]any{"ceremony": string(b)})
}

func loadCeremony(cur access.Current, kind string) (ceremony, bool) {
	var cer ceremony
	if cur.Session.Ceremony == "" || json.Unmarshal([]byte(cur.Session.Ceremony), &cer) != nil || cer.Kind != kind {
		return ceremony{}, false
	}
	return cer, true
}

// passkeyUser is a staff member as the WebAuthn library sees them.
type passkeyUser struct {
	m     *store.Staff
	creds []webauthn.Credential
}

func (u passkeyUser) WebAuthnID() []byte                         { return []byte(u.m.ID) }
func (u passkeyUser) WebAuthnName() string                       { return u.m.Email }
func (u passkeyUser) WebAuthnDisplayName() string                { return u.m.Name }
func (u passkeyUser) WebAuthnCredentials() []webauthn.Credential { return u.creds }

func (s *Service) passkeyUser(ctx context.Context, m *store.Staff) (passkeyUser, error) {
	rows, err := s.store.Passkeys(ctx, m.ID)
	if err != nil {
		return passkeyUser{}, err
	}
	u := passkeyUser{m: m}
	for _, r := range rows {
		var cred webauthn.Credential
		if err := json.Unmarshal([]byte(r.Credential), &cred); err != nil {
			return passkeyUser{}, fmt.Errorf("admin: stored passkey: %w", err)
		}
		u.creds = append(u.creds, cred)
	}
	return u, nil
}

// readCredential reads the browser's credential (its JSON) from the body.
func readCredential(c echo.Context) ([]byte, error) {
	r := c.Request()
	r.Body = http.MaxBytesReader(c.Response(), r.Body, maxCeremonyBody)
	return io.ReadAll(r.Body)
}

// PasskeyOptions begins a passkey check: to finish signing in or to
// confirm a sensitive action.
//
// POST /api/admin/factor/passkey/options
func (s *Service) PasskeyOptions(c echo.Context) error {
	if until := access.Of(c).Staff.FactorLockedUntil; until != nil && until.After(s.now()) {
		return s.answerLocked(c, *until)
	}
	return s.beginPasskeyCeremony(c, ceremonyPasskeyConfirm, func(u passkeyUser) (any, *webauthn.SessionData, error) {
		if len(u.creds) == 0 {
			return nil, nil, errNoPasskey
		}
		assertion, data, err := s.webauthn.BeginLogin(u, webauthn.WithUserVerification(protocol.VerificationPreferred))
		if err != nil {
			return nil, nil, err
		}
		return assertion.Response, data, nil
	})
}

// errNoPasskey is a passkey check asked of someone who has none.
var errNoPasskey = errors.New("admin: no passkey to check")

// beginPasskeyCeremony begins a passkey ceremony of kind with begin, keeps
// its data in the session for the reply, and answers the options the
// browser passes to the authenticator.
func (s *Service) beginPasskeyCeremony(c echo.Context, kind string, begin func(passkeyUser) (any, *webauthn.SessionData, error)) error {
	if s.webauthn == nil {
		return endpoint.Fail(c, http.StatusBadRequest, access.Text(c).PasskeysOff)
	}
	ctx := c.Request().Context()
	cur := access.Of(c)
	u, err := s.passkeyUser(ctx, cur.Staff)
	if err != nil {
		return err
	}
	options, data, err := begin(u)
	if errors.Is(err, errNoPasskey) {
		return endpoint.Fail(c, http.StatusBadRequest, access.Text(c).PasskeyFailed)
	}
	if err != nil {
		return fmt.Errorf("admin: %s options: %w", kind, err)
	}
	if err := s.saveCeremony(ctx, cur, ceremony{Kind: kind, WebAuthn: data}); err != nil {
		return err
	}
	return endpoint.OK(c, options, "")
}

// ConfirmPasskey finishes a passkey check begun by passkeyOptions.
//
// POST /api/admin/factor/passkey
func (s *Service) ConfirmPasskey(c echo.Context) error {
	reply, err := s.readPasskeyReply(c, ceremonyPasskeyConfirm)
	if reply == nil {
		return err
	}
	try, err := s.takeFactorTry(c.Request().Context(), reply.cur)
	if err != nil {
		return fmt.Errorf("admin: confirm passkey: %w", err)
	}
	if !try.Allowed {
		return s.answerLocked(c, try.LockedUntil)
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(reply.body)
	if err != nil {
		return s.codeFailed(c, reply.cur, "passkey", &try)
	}
	cred, err := s.webauthn.ValidateLogin(reply.user, reply.session, parsed)
	if err != nil {
		return s.codeFailed(c, reply.cur, "passkey", &try)
	}
	if cred.Authenticator.CloneWarning {
		// Its signature counter did not move on from its last use, which a
		// passkey copied to another device does: refused, and the counter
		// kept, so the copy is refused the next time too.
		s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: reply.cur.Staff.ID, Action: audit.ActionFactorFailed,
			Item: reply.cur.Staff.ID, Detail: "passkey-copied", IP: c.RealIP()})
		return endpoint.Fail(c, http.StatusBadRequest, access.Text(c).PasskeyCloned)
	}
	stored, err := json.Marshal(cred)
	if err != nil {
		return err
	}
	if err := s.store.UpdatePasskey(c.Request().Context(), base64.RawURLEncoding.EncodeToString(cred.ID), string(stored), s.now()); err != nil {
		return err
	}
	return s.factorProven(c, "passkey")
}

// passkeyReply is the browser's answer to a passkey ceremony this session
// began, with what checking it needs.
type passkeyReply struct {
	cur     access.Current
	session webauthn.SessionData
	body    []byte
	user    passkeyUser
}

// readPasskeyReply reads the answer to the session's ceremony of kind. A
// nil reply means the request has been answered already: passkeys are off
// at this address, the ceremony expired, or the body was refused.
func (s *Service) readPasskeyReply(c echo.Context, kind string) (*passkeyReply, error) {
	m := access.Text(c)
	if s.webauthn == nil {
		return nil, endpoint.Fail(c, http.StatusBadRequest, m.PasskeysOff)
	}
	cur := access.Of(c)
	cer, ok := loadCeremony(cur, kind)
	if !ok || cer.WebAuthn == nil {
		return nil, endpoint.Fail(c, http.StatusBadRequest, m.PasskeyExpired)
	}
	body, err := readCredential(c)
	if err != nil {
		return nil, endpoint.RefuseBody(c, endpoint.Classify(err))
	}
	u, err := s.passkeyUser(c.Request().Context(), cur.Staff)
	if err != nil {
		return nil, err
	}
	return &passkeyReply{cur: cur, session: *cer.WebAuthn, body: body, user: u}, nil
}

// MayEnrol lets a session begin enrolling a second factor: the first one
// right after joining (or after a reset), or another one when signed in
// with a second factor proven for it, as for any sensitive action. Finishing
// needs no proof of its own: it completes the ceremony this session began.
func (s *Service) MayEnrol(next echo.HandlerFunc) echo.HandlerFunc {
	sensitive := s.sessions.Fresh(next)
	return func(c echo.Context) error {
		if access.Of(c).Session.Stage == access.StageFull {
			return sensitive(c)
		}
		return next(c)
	}
}

// totpOptions begins enrolling an authenticator app: a new secret, kept in
// the session until a code from the app proves it was set up.
//
// POST /api/admin/enrol/totp/options
func (s *Service) TOTPEnrolOptions(c echo.Context) error {
	cur := access.Of(c)
	key, err := totp.Generate(totp.GenerateOpts{Issuer: "Noorvale Assurance", AccountName: cur.Staff.Email})
	if err != nil {
		return fmt.Errorf("admin: totp: %w", err)
	}
	if err := s.saveCeremony(c.Request().Context(), cur, ceremony{Kind: ceremonyTOTP, TOTP: s.sealer.Seal(cur.Session.IDHash, []byte(key.Secret()))}); err != nil {
		return err
	}
	return endpoint.OK(c, TOTPOptions{Secret: key.Secret(), URI: key.URL()}, "")
}

// TOTPOptions is a new authenticator app's secret, and the otpauth: address
// its QR code holds.
type TOTPOptions struct {
	Secret string `json:"secret"`
	URI    string `json:"uri"`
}

// EnrolTOTP finishes enrolling an authenticator app with a code from it.
//
// POST /api/admin/enrol/totp
func (s *Service) EnrolTOTP(c echo.Context) error {
	req, m, err := access.Bind[codeRequest](c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	cur := access.Of(c)
	code := strings.Join(strings.Fields(req.Code), "")
	if !isTOTPCode(code) {
		return endpoint.Invalid(c, map[string]string{"code": m.CodeFormat})
	}
	cer, ok := loadCeremony(cur, ceremonyTOTP)
	if !ok {
		return endpoint.Fail(c, http.StatusBadRequest, m.PasskeyExpired)
	}
	raw, err := s.sealer.Open(cur.Session.IDHash, cer.TOTP)
	if err != nil {
		return endpoint.Fail(c, http.StatusBadRequest, m.PasskeyExpired)
	}
	secret := string(raw)
	step := totpMatch(secret, code, s.now())
	if step == 0 {
		return s.codeFailed(c, cur, "totp enrolment", nil)
	}
	err = s.store.UpdateStaff(ctx, cur.Staff.ID, map[string]any{"totp_sealed": s.sealer.Seal(cur.Staff.ID, []byte(secret)), "totp_last_step": step}, s.now())
	if err != nil {
		return err
	}
	cur.Staff.TOTPSealed = "set"
	return s.enrolled(c, "totp")
}

// PasskeyEnrolOptions begins registering a passkey.
//
// POST /api/admin/enrol/passkey/options
func (s *Service) PasskeyEnrolOptions(c echo.Context) error {
	return s.beginPasskeyCeremony(c, ceremonyPasskeyEnrol, func(u passkeyUser) (any, *webauthn.SessionData, error) {
		exclude := make([]protocol.CredentialDescriptor, len(u.creds))
		for i, cred := range u.creds {
			exclude[i] = cred.Descriptor()
		}
		creation, data, err := s.webauthn.BeginRegistration(u,
			webauthn.WithExclusions(exclude),
			webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementPreferred),
			webauthn.WithAuthenticatorSelection(protocol.AuthenticatorSelection{
				ResidentKey: protocol.ResidentKeyRequirementPreferred, UserVerification: protocol.VerificationPreferred,
			}))
		if err != nil {
			return nil, nil, err
		}
		return creation.Response, data, nil
	})
}

// EnrolPasskey finishes registering a passkey.
//
// POST /api/admin/enrol/passkey
func (s *Service) EnrolPasskey(c echo.Context) error {
	reply, err := s.readPasskeyReply(c, ceremonyPasskeyEnrol)
	if reply == nil {
		return err
	}
	m := access.Text(c)
	parsed, err := protocol.ParseCredentialCreationResponseBytes(reply.body)
	if err != nil {
		return endpoint.Fail(c, http.StatusBadRequest, m.PasskeyFailed)
	}
	cred, err := s.webauthn.CreateCredential(reply.user, reply.session, parsed)
	if err != nil {
		s.log.Info("admin: a passkey registration was refused", "err", err)
		return endpoint.Fail(c, http.StatusBadRequest, m.PasskeyFailed)
	}
	stored, err := json.Marshal(cred)
	if err != nil {
		return err
	}
	err = s.store.AddPasskey(c.Request().Context(), &store.StaffPasskey{
		CredentialID: base64.RawURLEncoding.EncodeToString(cred.ID), StaffID: reply.cur.Staff.ID,
		Credential: string(stored), CreatedAt: s.now(),
	})
	if err != nil {
		return err
	}
	return s.enrolled(c, "passkey")
}

// enrolled records a new second factor. The first one completes the
// sign-in and comes with the ten recovery codes, shown this once.
func (s *Service) enrolled(c echo.Context, method string) error {
	ctx := c.Request().Context()
	cur := access.Of(c)
	s.trail.Record(ctx, store.AuditEvent{ActorID: cur.Staff.ID, Action: audit.ActionFactorAdded, Item: cur.Staff.ID, Detail: method, IP: c.RealIP()})
	// The first factor completes the sign-in. Another one, added when signed in, is not a proof
	// for the next sensitive action: the proof asked before adding it was spent on that.
	var codes []string
	if cur.Session.Stage == access.StageEnrol {
		var err error
		if codes, err = s.newRecoveryCodes(ctx, cur.Staff.ID); err != nil {
			return err
		}
		if err := s.markProven(c, cur); err != nil {
			return s.sessionGone(c, err)
		}
	}
	st, err := s.state(ctx, cur)
	if err != nil {
		return err
	}
	return endpoint.OK(c, Enrolled{Session: st, RecoveryCodes: codes}, access.Text(c).FactorAdded)
}

// Enrolled is the staff member's sign-in after a second factor was added
// or the recovery codes renewed, with the new recovery codes, shown this
// once; null when none were made.
type Enrolled struct {
	Session       State    `json:"session"`
	RecoveryCodes []string `json:"recoveryCodes" tstype:"string[] | null"`
}
