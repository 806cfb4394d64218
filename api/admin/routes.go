package admin

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/endpoint"
)

// Route is one route of the back-office API: what the role test walks.
type Route struct {
	Method string
	Path   string
	// Permission is what the route needs beyond being signed in; "" for
	// every staff member.
	Permission access.Permission
	// Fresh routes also need a second factor proven in the last ten minutes.
	Fresh bool
}

// SignedInRoutes lists the routes that need a full staff session, with
// what they need beyond it.
var SignedInRoutes = []Route{
	{http.MethodGet, "/staff", access.ManageStaff, false},
	{http.MethodPost, "/staff/invitations", access.ManageStaff, true},
	{http.MethodGet, "/staff/invitations", access.ManageStaff, false},
	{http.MethodDelete, "/staff/invitations/:id", access.ManageStaff, true},
	{http.MethodPut, "/staff/:id/role", access.ManageStaff, true},
	{http.MethodPost, "/staff/:id/disable", access.ManageStaff, true},
	{http.MethodPost, "/staff/:id/enable", access.ManageStaff, true},
	{http.MethodGet, "/audit", access.ReadAudit, false},
	{http.MethodGet, "/audit/export", access.ReadAudit, true},
	{http.MethodGet, "/factors", "", false},
	{http.MethodDelete, "/factors/passkeys/:id", "", true},
	{http.MethodDelete, "/factors/totp", "", true},
	{http.MethodPost, "/factors/recovery-codes", "", true},
	{http.MethodGet, "/inbox", access.ReadInbox, false},
	{http.MethodGet, "/inbox/count", access.ReadInbox, false},
	{http.MethodGet, "/inbox/export", access.ReadInbox, true},
	{http.MethodGet, "/inbox/dashboard", access.ReadInbox, false},
	{http.MethodGet, "/inbox/:id", access.ReadInbox, false},
	{http.MethodPut, "/inbox/:id/status", access.ReadInbox, false},
	{http.MethodPut, "/inbox/:id/assignee", access.ReadInbox, false},
	{http.MethodPost, "/inbox/:id/notes", access.ReadInbox, false},
	{http.MethodPost, "/inbox/:id/replies", access.ReadInbox, false},
	{http.MethodPost, "/inbox/:id/cv-link", access.ReadApplications, true},
	{http.MethodGet, "/inbox/:id/cv", access.ReadApplications, false},
	{http.MethodGet, "/visitors", access.ManageVisitors, false},
	{http.MethodGet, "/visitors/:id", access.ManageVisitors, false},
	{http.MethodPost, "/visitors/:id/confirmation", access.ManageVisitors, false},
	{http.MethodDelete, "/visitors/:id/sessions", access.ManageVisitors, false},
	{http.MethodPost, "/visitors/:id/disable", access.ManageVisitors, true},
	{http.MethodPost, "/visitors/:id/enable", access.ManageVisitors, false},
	{http.MethodDelete, "/visitors/:id", access.ManageVisitors, true},
	{http.MethodGet, "/erasure", access.ErasePersons, true},
	{http.MethodPost, "/erasure", access.ErasePersons, true},
	{http.MethodGet, "/content/schema/:collection", access.ReadContent, false},
	{http.MethodGet, "/content/:collection", access.ReadContent, false},
	{http.MethodGet, "/content/:collection/:slug", access.ReadContent, false},
	{http.MethodPut, "/content/:collection/:slug/:locale", access.WriteContent, false},
	{http.MethodPost, "/content/:collection/:slug/:locale/publish", access.WriteContent, false},
	{http.MethodPost, "/content/:collection/:slug/:locale/schedule", access.WriteContent, false},
	{http.MethodDelete, "/content/:collection/:slug/:locale/schedule", access.WriteContent, false},
	{http.MethodPost, "/content/:collection/:slug/:locale/unpublish", access.WriteContent, false},
	{http.MethodGet, "/content/:collection/:slug/:locale/versions", access.ReadContent, false},
	{http.MethodGet, "/content/:collection/:slug/:locale/versions/:version", access.ReadContent, false},
	{http.MethodPost, "/content/:collection/:slug/:locale/restore", access.WriteContent, false},
	{http.MethodPost, "/content/:collection/:slug/:locale/cover", access.WriteContent, false},
	{http.MethodGet, "/content/:collection/:slug/:locale/preview", access.ReadContent, false},
	{http.MethodPost, "/content/:collection", access.EditContent, false},
	{http.MethodPost, "/content/:collection/:slug/unpublish", access.EditContent, false},
	{http.MethodPut, "/content/:collection/:slug/slug", access.EditContent, false},
	{http.MethodDelete, "/content/:collection/:slug", access.EditContent, false},
	{http.MethodGet, "/settings", access.EditContent, false},
	{http.MethodPut, "/settings", access.EditContent, false},
}

// Routes declares the back-office API on g, the /api/admin group: each
// route with the bodies it accepts, its per-IP rate limit, the sign-in
// stage it needs and, for the signed-in ones, the permission and freshness
// SignedInRoutes lists.
func (s *Service) Routes(g *echo.Group) {
	limit := func(bucket string, n int) echo.MiddlewareFunc {
		return s.limiter.Middleware("admin-"+bucket, n, rateWindow, func(r *http.Request) string {
			return access.In(endpoint.Locale(r)).RateLimited
		})
	}
	strict := func(bucket string) echo.MiddlewareFunc { return limit(bucket, s.limits.Strict) }
	standard := func(bucket string) echo.MiddlewareFunc { return limit(bucket, s.limits.Standard) }
	json := endpoint.Accepts(endpoint.JSON)
	confirming := s.sessions.RequireStage(access.StagePassword, access.StageFull)
	enrolling := s.sessions.RequireStage(access.StageEnrol, access.StageFull)

	// Before a session, and on the way to a full one.
	g.POST("/login", s.signin.Login, json, strict("login"))
	g.POST("/logout", s.signin.Logout, json, standard("logout"))
	g.POST("/invitation", s.signin.ShowInvitation, json, strict("invitation"))
	g.POST("/join", s.signin.Join, json, strict("join"))
	g.POST("/factor/code", s.signin.ConfirmCode, json, strict("code"), confirming)
	g.POST("/factor/passkey/options", s.signin.PasskeyOptions, json, strict("passkey"), confirming)
	g.POST("/factor/passkey", s.signin.ConfirmPasskey, json, strict("passkey"), confirming)
	// Any stage: the app asks what to show.
	g.GET("/session", s.signin.Session, json, standard("session"), s.sessions.RequireStage(access.StagePassword, access.StageEnrol, access.StageFull))
	g.POST("/enrol/totp/options", s.signin.TOTPEnrolOptions, json, strict("enrol"), enrolling, s.signin.MayEnrol)
	g.POST("/enrol/totp", s.signin.EnrolTOTP, json, strict("enrol"), enrolling)
	g.POST("/enrol/passkey/options", s.signin.PasskeyEnrolOptions, json, strict("enrol"), enrolling, s.signin.MayEnrol)
	g.POST("/enrol/passkey", s.signin.EnrolPasskey, json, strict("enrol"), enrolling)

	handlers := map[string]echo.HandlerFunc{
		"GET /session":                                       s.signin.Session,
		"GET /staff":                                         s.staff.List,
		"POST /staff/invitations":                            s.staff.CreateInvitation,
		"GET /staff/invitations":                             s.staff.Invitations,
		"DELETE /staff/invitations/:id":                      s.staff.RevokeInvitation,
		"PUT /staff/:id/role":                                s.staff.ChangeRole,
		"POST /staff/:id/disable":                            s.staff.SetDisabled(true),
		"POST /staff/:id/enable":                             s.staff.SetDisabled(false),
		"GET /audit":                                         s.auditing.List,
		"GET /audit/export":                                  s.auditing.Export,
		"GET /factors":                                       s.signin.Factors,
		"DELETE /factors/passkeys/:id":                       s.signin.RemovePasskey,
		"DELETE /factors/totp":                               s.signin.RemoveTOTP,
		"POST /factors/recovery-codes":                       s.signin.RenewRecoveryCodes,
		"GET /inbox":                                         s.inbox.List,
		"GET /inbox/count":                                   s.inbox.Count,
		"GET /inbox/export":                                  s.inbox.Export,
		"GET /inbox/dashboard":                               s.inbox.Dashboard,
		"GET /inbox/:id":                                     s.inbox.Show,
		"PUT /inbox/:id/status":                              s.inbox.SetStatus,
		"PUT /inbox/:id/assignee":                            s.inbox.SetAssignee,
		"POST /inbox/:id/notes":                              s.inbox.AddNote,
		"POST /inbox/:id/replies":                            s.inbox.Reply,
		"POST /inbox/:id/cv-link":                            s.inbox.CVLink,
		"GET /inbox/:id/cv":                                  s.inbox.OpenCV,
		"GET /visitors":                                      s.visitors.List,
		"GET /visitors/:id":                                  s.visitors.Show,
		"POST /visitors/:id/confirmation":                    s.visitors.ResendConfirmation,
		"DELETE /visitors/:id/sessions":                      s.visitors.EndSessions,
		"POST /visitors/:id/disable":                         s.visitors.Disable,
		"POST /visitors/:id/enable":                          s.visitors.Enable,
		"DELETE /visitors/:id":                               s.visitors.Delete,
		"GET /content/schema/:collection":                    s.content.Schema,
		"GET /content/:collection":                           s.content.List,
		"GET /content/:collection/:slug":                     s.content.Show,
		"PUT /content/:collection/:slug/:locale":             s.content.Save,
		"POST /content/:collection/:slug/:locale/publish":    s.content.Publish,
		"POST /content/:collection/:slug/:locale/schedule":   s.content.Schedule,
		"DELETE /content/:collection/:slug/:locale/schedule": s.content.CancelSchedule,
		"POST /content/:collection/:slug/:locale/unpublish":  s.content.Unpublish,
		"GET /content/:collection/:slug/:locale/versions":    s.content.Versions,
		"POST /content/:collection/:slug/:locale/restore":    s.content.Restore,
		"GET /content/:collection/:slug/:locale/preview":     s.preview.Preview,
		"POST /content/:collection":                          s.content.CreateItem,
		"POST /content/:collection/:slug/unpublish":          s.content.UnpublishItem,
		"DELETE /content/:collection/:slug":                  s.content.DeleteItem,
		"PUT /content/:collection/:slug/slug":                s.content.RenameItem,
		"GET /settings":                                      s.content.Settings,
		"PUT /settings":                                      s.content.SaveSettings,
		"GET /erasure":                                       s.privacy.Show,
		"POST /erasure":                                      s.privacy.Erase,

		"GET /content/:collection/:slug/:locale/versions/:version": s.content.Version,
		"POST /content/:collection/:slug/:locale/cover":            s.content.UploadCover,
	}
	for _, r := range SignedInRoutes {
		body := json
		if r.Path == "/content/:collection/:slug/:locale/cover" {
			body = endpoint.Accepts(endpoint.Multipart) // the picture
		}
		mw := []echo.MiddlewareFunc{body, standard("staff"), s.sessions.RequireStage(access.StageFull)}
		if r.Permission != "" {
			mw = append(mw, s.sessions.Permit(r.Permission))
		}
		if r.Fresh {
			mw = append(mw, s.sessions.Fresh)
		}
		g.Add(r.Method, r.Path, handlers[r.Method+" "+r.Path], mw...)
	}
}
