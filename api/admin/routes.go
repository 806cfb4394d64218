package admin

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
)

// Route is one route of the back-office API: what the role test walks.
type Route struct {
	Method string
	Path   string
	// Permission is what the route needs beyond being signed in; "" for
	// every staff member.
	Permission Permission
	// Fresh routes also need a second factor proven in the last ten minutes.
	Fresh bool
}

// SignedInRoutes lists the routes that need a full staff session, with
// what they need beyond it.
var SignedInRoutes = []Route{
	{http.MethodGet, "/staff", ManageStaff, false},
	{http.MethodPost, "/staff/invitations", ManageStaff, true},
	{http.MethodGet, "/staff/invitations", ManageStaff, false},
	{http.MethodDelete, "/staff/invitations/:id", ManageStaff, true},
	{http.MethodPut, "/staff/:id/role", ManageStaff, true},
	{http.MethodPost, "/staff/:id/disable", ManageStaff, true},
	{http.MethodPost, "/staff/:id/enable", ManageStaff, true},
	{http.MethodGet, "/audit", ReadAudit, false},
	{http.MethodGet, "/audit/export", ReadAudit, true},
	{http.MethodGet, "/factors", "", false},
	{http.MethodDelete, "/factors/passkeys/:id", "", true},
	{http.MethodDelete, "/factors/totp", "", true},
	{http.MethodPost, "/factors/recovery-codes", "", true},
	{http.MethodGet, "/inbox", ReadInbox, false},
	{http.MethodGet, "/inbox/count", ReadInbox, false},
	{http.MethodGet, "/inbox/export", ReadInbox, true},
	{http.MethodGet, "/inbox/dashboard", ReadInbox, false},
	{http.MethodGet, "/inbox/:id", ReadInbox, false},
	{http.MethodPut, "/inbox/:id/status", ReadInbox, false},
	{http.MethodPut, "/inbox/:id/assignee", ReadInbox, false},
	{http.MethodPost, "/inbox/:id/notes", ReadInbox, false},
	{http.MethodPost, "/inbox/:id/replies", ReadInbox, false},
	{http.MethodPost, "/inbox/:id/cv-link", ReadApplications, true},
	{http.MethodGet, "/inbox/:id/cv", ReadApplications, false},
	{http.MethodGet, "/visitors", ManageVisitors, false},
	{http.MethodGet, "/visitors/:id", ManageVisitors, false},
	{http.MethodPost, "/visitors/:id/confirmation", ManageVisitors, false},
	{http.MethodDelete, "/visitors/:id/sessions", ManageVisitors, false},
	{http.MethodPost, "/visitors/:id/disable", ManageVisitors, true},
	{http.MethodPost, "/visitors/:id/enable", ManageVisitors, false},
	{http.MethodDelete, "/visitors/:id", ManageVisitors, true},
	{http.MethodGet, "/erasure", ErasePersons, true},
	{http.MethodPost, "/erasure", ErasePersons, true},
	{http.MethodGet, "/content/schema/:collection", ReadContent, false},
	{http.MethodGet, "/content/:collection", ReadContent, false},
	{http.MethodGet, "/content/:collection/:slug", ReadContent, false},
	{http.MethodPut, "/content/:collection/:slug/:locale", WriteContent, false},
	{http.MethodPost, "/content/:collection/:slug/:locale/publish", WriteContent, false},
	{http.MethodPost, "/content/:collection/:slug/:locale/schedule", WriteContent, false},
	{http.MethodDelete, "/content/:collection/:slug/:locale/schedule", WriteContent, false},
	{http.MethodPost, "/content/:collection/:slug/:locale/unpublish", WriteContent, false},
	{http.MethodGet, "/content/:collection/:slug/:locale/versions", ReadContent, false},
	{http.MethodGet, "/content/:collection/:slug/:locale/versions/:version", ReadContent, false},
	{http.MethodPost, "/content/:collection/:slug/:locale/restore", WriteContent, false},
	{http.MethodPost, "/content/:collection/:slug/:locale/cover", WriteContent, false},
	{http.MethodGet, "/content/:collection/:slug/:locale/preview", ReadContent, false},
	{http.MethodPost, "/content/:collection", EditContent, false},
	{http.MethodPost, "/content/:collection/:slug/unpublish", EditContent, false},
	{http.MethodPut, "/content/:collection/:slug/slug", EditContent, false},
	{http.MethodDelete, "/content/:collection/:slug", EditContent, false},
	{http.MethodGet, "/settings", EditContent, false},
	{http.MethodPut, "/settings", EditContent, false},
}

// Routes declares the back-office API on g, the /api/admin group: each
// route with the bodies it accepts, its per-IP rate limit, the sign-in
// stage it needs and, for the signed-in ones, the permission and freshness
// SignedInRoutes lists.
func (s *Service) Routes(g *echo.Group) {
	limit := func(bucket string, n int) echo.MiddlewareFunc {
		return s.limiter.Middleware("admin-"+bucket, n, rateWindow, func(r *http.Request) string {
			return messagesIn(endpoint.Locale(r)).RateLimited
		})
	}
	strict := func(bucket string) echo.MiddlewareFunc { return limit(bucket, s.limits.Strict) }
	standard := func(bucket string) echo.MiddlewareFunc { return limit(bucket, s.limits.Standard) }
	json := endpoint.Accepts(endpoint.JSON)
	confirming := s.requireStage(stagePassword, stageFull)
	enrolling := s.requireStage(stageEnrol, stageFull)

	// Before a session, and on the way to a full one.
	g.POST("/login", s.login, json, strict("login"))
	g.POST("/logout", s.logout, json, standard("logout"))
	g.POST("/invitation", s.invitation, json, strict("invitation"))
	g.POST("/join", s.join, json, strict("join"))
	g.POST("/factor/code", s.confirmCode, json, strict("code"), confirming)
	g.POST("/factor/passkey/options", s.passkeyOptions, json, strict("passkey"), confirming)
	g.POST("/factor/passkey", s.confirmPasskey, json, strict("passkey"), confirming)
	// Any stage: the app asks what to show.
	g.GET("/session", s.session, json, standard("session"), s.requireStage(stagePassword, stageEnrol, stageFull))
	g.POST("/enrol/totp/options", s.totpEnrolOptions, json, strict("enrol"), enrolling, s.mayEnrol)
	g.POST("/enrol/totp", s.enrolTOTP, json, strict("enrol"), enrolling)
	g.POST("/enrol/passkey/options", s.passkeyEnrolOptions, json, strict("enrol"), enrolling, s.mayEnrol)
	g.POST("/enrol/passkey", s.enrolPasskey, json, strict("enrol"), enrolling)

	handlers := map[string]echo.HandlerFunc{
		"GET /session":                                       s.session,
		"GET /staff":                                         s.listStaff,
		"POST /staff/invitations":                            s.invite,
		"GET /staff/invitations":                             s.listInvitations,
		"DELETE /staff/invitations/:id":                      s.revokeInvitation,
		"PUT /staff/:id/role":                                s.changeRole,
		"POST /staff/:id/disable":                            s.setDisabled(true),
		"POST /staff/:id/enable":                             s.setDisabled(false),
		"GET /audit":                                         s.listAudit,
		"GET /audit/export":                                  s.exportAudit,
		"GET /factors":                                       s.listFactors,
		"DELETE /factors/passkeys/:id":                       s.removePasskey,
		"DELETE /factors/totp":                               s.removeTOTP,
		"POST /factors/recovery-codes":                       s.renewRecoveryCodes,
		"GET /inbox":                                         s.listInbox,
		"GET /inbox/count":                                   s.countInbox,
		"GET /inbox/export":                                  s.exportInbox,
		"GET /inbox/dashboard":                               s.dashboard,
		"GET /inbox/:id":                                     s.showInbox,
		"PUT /inbox/:id/status":                              s.setStatus,
		"PUT /inbox/:id/assignee":                            s.setAssignee,
		"POST /inbox/:id/notes":                              s.addNote,
		"POST /inbox/:id/replies":                            s.reply,
		"POST /inbox/:id/cv-link":                            s.cvLink,
		"GET /inbox/:id/cv":                                  s.openCV,
		"GET /visitors":                                      s.listVisitors,
		"GET /visitors/:id":                                  s.showVisitor,
		"POST /visitors/:id/confirmation":                    s.resendVisitorConfirmation,
		"DELETE /visitors/:id/sessions":                      s.endVisitorSessions,
		"POST /visitors/:id/disable":                         s.disableVisitor,
		"POST /visitors/:id/enable":                          s.enableVisitor,
		"DELETE /visitors/:id":                               s.deleteVisitor,
		"GET /content/schema/:collection":                    s.contentSchema,
		"GET /content/:collection":                           s.listContent,
		"GET /content/:collection/:slug":                     s.showContent,
		"PUT /content/:collection/:slug/:locale":             s.saveContent,
		"POST /content/:collection/:slug/:locale/publish":    s.publishContent,
		"POST /content/:collection/:slug/:locale/schedule":   s.scheduleContent,
		"DELETE /content/:collection/:slug/:locale/schedule": s.cancelSchedule,
		"POST /content/:collection/:slug/:locale/unpublish":  s.unpublishContent,
		"GET /content/:collection/:slug/:locale/versions":    s.listContentVersions,
		"POST /content/:collection/:slug/:locale/restore":    s.restoreContent,
		"GET /content/:collection/:slug/:locale/preview":     s.previewContent,
		"POST /content/:collection":                          s.createItem,
		"POST /content/:collection/:slug/unpublish":          s.unpublishItem,
		"DELETE /content/:collection/:slug":                  s.deleteItem,
		"PUT /content/:collection/:slug/slug":                s.renameItem,
		"GET /settings":                                      s.showSettings,
		"PUT /settings":                                      s.saveSettings,
		"GET /erasure":                                       s.showHeld,
		"POST /erasure":                                      s.erasePerson,

		"GET /content/:collection/:slug/:locale/versions/:version": s.showContentVersion,
		"POST /content/:collection/:slug/:locale/cover":            s.uploadCover,
	}
	for _, r := range SignedInRoutes {
		body := json
		if r.Path == "/content/:collection/:slug/:locale/cover" {
			body = endpoint.Accepts(endpoint.Multipart) // the picture
		}
		mw := []echo.MiddlewareFunc{body, standard("staff"), s.requireStage(stageFull)}
		if r.Permission != "" {
			mw = append(mw, s.permit(r.Permission))
		}
		if r.Fresh {
			mw = append(mw, s.fresh)
		}
		g.Add(r.Method, r.Path, handlers[r.Method+" "+r.Path], mw...)
	}
}
