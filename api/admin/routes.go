package admin

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/endpoint"
)

// Route is one signed-in route of the back-office API: what the role test
// walks.
type Route struct {
	Method string
	Path   string
	// Permission is what the route needs beyond being signed in; "" for
	// every staff member.
	Permission access.Permission
	// Fresh routes also need a second factor proven in the last ten minutes.
	Fresh   bool
	handler echo.HandlerFunc
}

// SignedInRoutes lists the routes that need a full staff session, by job,
// with what they need beyond it.
func (s *Service) SignedInRoutes() []Route {
	return []Route{
		// Staff management.
		{http.MethodGet, "/staff", access.ManageStaff, false, s.staff.List},
		{http.MethodPost, "/staff/invitations", access.ManageStaff, true, s.staff.CreateInvitation},
		{http.MethodGet, "/staff/invitations", access.ManageStaff, false, s.staff.Invitations},
		{http.MethodDelete, "/staff/invitations/:id", access.ManageStaff, true, s.staff.RevokeInvitation},
		{http.MethodPost, "/staff/invitations/:id/resend", access.ManageStaff, true, s.staff.ResendInvitation},
		{http.MethodPut, "/staff/:id/role", access.ManageStaff, true, s.staff.ChangeRole},
		{http.MethodPost, "/staff/:id/disable", access.ManageStaff, true, s.staff.SetDisabled(true)},
		{http.MethodPost, "/staff/:id/enable", access.ManageStaff, true, s.staff.SetDisabled(false)},
		{http.MethodPost, "/staff/:id/second-factor/reset", access.ManageStaff, true, s.staff.ResetFactor},
		{http.MethodPut, "/staff/:id/may-approve", access.ManageStaff, true, s.staff.SetMayApprove},

		// Review before publishing: its rules.
		{http.MethodGet, "/review-rules", access.ManageStaff, false, s.content.Rules},
		{http.MethodPut, "/review-rules", access.ManageStaff, false, s.content.SaveRules},

		// The audit trail.
		{http.MethodGet, "/audit", access.ReadAudit, false, s.auditing.List},
		{http.MethodGet, "/audit/export", access.ReadAudit, true, s.auditing.Export},

		// A staff member's own second factors.
		{http.MethodGet, "/factors", "", false, s.signin.Factors},
		{http.MethodDelete, "/factors/passkeys/:id", "", true, s.signin.RemovePasskey},
		{http.MethodDelete, "/factors/totp", "", true, s.signin.RemoveTOTP},
		{http.MethodPost, "/factors/recovery-codes", "", true, s.signin.RenewRecoveryCodes},

		// The inbox.
		{http.MethodGet, "/inbox", access.ReadInbox, false, s.inbox.List},
		{http.MethodGet, "/inbox/count", access.ReadInbox, false, s.inbox.Count},
		{http.MethodGet, "/inbox/export", access.ReadInbox, true, s.inbox.Export},
		{http.MethodGet, "/inbox/dashboard", access.ReadInbox, false, s.inbox.Dashboard},
		{http.MethodPost, "/inbox/bulk", access.ReadInbox, false, s.inbox.Bulk},
		{http.MethodGet, "/inbox/:id", access.ReadInbox, false, s.inbox.Show},
		{http.MethodPut, "/inbox/:id/status", access.ReadInbox, false, s.inbox.SetStatus},
		{http.MethodPut, "/inbox/:id/assignee", access.ReadInbox, false, s.inbox.SetAssignee},
		{http.MethodPost, "/inbox/:id/notes", access.ReadInbox, false, s.inbox.AddNote},
		{http.MethodPost, "/inbox/:id/replies", access.ReadInbox, false, s.inbox.Reply},
		{http.MethodPost, "/inbox/:id/cv-link", access.ReadApplications, true, s.inbox.CVLink},
		{http.MethodGet, "/inbox/:id/cv", access.ReadApplications, false, s.inbox.OpenCV},

		// A staff member's notifications, how they are e-mailed, and the home screen's work.
		{http.MethodGet, "/notifications", "", false, s.notify.List},
		{http.MethodGet, "/notifications/count", "", false, s.notify.Count},
		{http.MethodPost, "/notifications/read", "", false, s.notify.MarkAllRead},
		{http.MethodPost, "/notifications/:id/read", "", false, s.notify.MarkRead},
		{http.MethodGet, "/notifications/settings", "", false, s.notify.Settings},
		{http.MethodPut, "/notifications/settings", "", false, s.notify.SaveSettings},
		{http.MethodGet, "/work", "", false, s.Work},
		// The marketing figures.
		{http.MethodGet, "/analytics", access.ReadAnalytics, false, s.analytics.Show},
		{http.MethodGet, "/analytics/export", access.ReadAnalytics, false, s.analytics.Export},

		// Visitors' accounts.
		{http.MethodGet, "/visitors", access.ManageVisitors, false, s.visitors.List},
		{http.MethodPost, "/visitors/bulk", access.ManageVisitors, false, s.visitors.Bulk},
		{http.MethodGet, "/visitors/:id", access.ManageVisitors, false, s.visitors.Show},
		{http.MethodPost, "/visitors/:id/confirmation", access.ManageVisitors, false, s.visitors.ResendConfirmation},
		{http.MethodDelete, "/visitors/:id/sessions", access.ManageVisitors, false, s.visitors.EndSessions},
		{http.MethodPost, "/visitors/:id/disable", access.ManageVisitors, true, s.visitors.Disable},
		{http.MethodPost, "/visitors/:id/enable", access.ManageVisitors, false, s.visitors.Enable},
		{http.MethodDelete, "/visitors/:id", access.ManageVisitors, true, s.visitors.Delete},

		// Erasing a person.
		{http.MethodGet, "/erasure", access.ErasePersons, true, s.privacy.Show},
		{http.MethodPost, "/erasure", access.ErasePersons, true, s.privacy.Erase},

		// Content.
		{http.MethodGet, "/content/schema/:collection", access.ReadContent, false, s.content.Schema},
		{http.MethodGet, "/content/find", access.ReadContent, false, s.content.Find},
		{http.MethodPost, "/content/bulk", access.WriteContent, false, s.content.Bulk},
		{http.MethodGet, "/content/:collection", access.ReadContent, false, s.content.List},
		{http.MethodGet, "/content/:collection/:slug", access.ReadContent, false, s.content.Show},
		{http.MethodPut, "/content/:collection/:slug/:locale", access.WriteContent, false, s.content.Save},
		{http.MethodPost, "/content/:collection/:slug/:locale/publish", access.WriteContent, false, s.content.Publish},
		{http.MethodPost, "/content/:collection/:slug/:locale/schedule", access.WriteContent, false, s.content.Schedule},
		{http.MethodDelete, "/content/:collection/:slug/:locale/schedule", access.WriteContent, false, s.content.CancelSchedule},
		{http.MethodPost, "/content/:collection/:slug/:locale/unpublish", access.WriteContent, false, s.content.Unpublish},
		{http.MethodPost, "/content/:collection/:slug/:locale/review", access.WriteContent, false, s.content.SendForReview},
		{http.MethodPost, "/content/:collection/:slug/:locale/approve", access.WriteContent, false, s.content.Approve},
		{http.MethodPost, "/content/:collection/:slug/:locale/changes", access.WriteContent, false, s.content.RequestChanges},
		{http.MethodGet, "/content/:collection/:slug/:locale/versions", access.ReadContent, false, s.content.Versions},
		{http.MethodGet, "/content/:collection/:slug/:locale/versions/:version", access.ReadContent, false, s.content.Version},
		{http.MethodPost, "/content/:collection/:slug/:locale/restore", access.WriteContent, false, s.content.Restore},
		{http.MethodPost, "/content/:collection/:slug/:locale/cover", access.WriteContent, false, s.content.UploadCover},
		{http.MethodPost, "/content/:collection/:slug/:locale/cover/library", access.WriteContent, false, s.content.CoverFromLibrary},
		{http.MethodPost, "/content/:collection/:slug/:locale/presence", access.ReadContent, false, s.content.Heartbeat},
		{http.MethodPost, "/content/:collection/:slug/:locale/presence/leave", access.ReadContent, false, s.content.Leave},
		{http.MethodPost, "/content/:collection/:slug/:locale/presence/take-over", access.WriteContent, false, s.content.TakeOver},
		{http.MethodGet, "/content/:collection/:slug/:locale/preview", access.ReadContent, false, s.preview.Preview},
		{http.MethodGet, "/content/pages/parents", access.EditContent, false, s.content.PageParents},
		{http.MethodPost, "/content/pages", access.EditContent, false, s.content.CreatePage},
		{http.MethodPost, "/content/pages/page/unpublish", access.EditContent, false, s.content.UnpublishPage},
		{http.MethodDelete, "/content/pages/page", access.EditContent, false, s.content.DeletePage},
		{http.MethodPost, "/content/:collection", access.EditContent, false, s.content.CreateItem},
		{http.MethodPost, "/content/:collection/:slug/unpublish", access.EditContent, false, s.content.UnpublishItem},
		{http.MethodPut, "/content/:collection/:slug/slug", access.EditContent, false, s.content.RenameItem},
		{http.MethodDelete, "/content/:collection/:slug", access.EditContent, false, s.content.DeleteItem},

		// Redirects.
		{http.MethodGet, "/redirects", access.EditContent, false, s.redirects.List},
		{http.MethodPost, "/redirects", access.EditContent, false, s.redirects.Add},
		{http.MethodDelete, "/redirects", access.EditContent, false, s.redirects.Delete},
		{http.MethodPost, "/redirects/import", access.EditContent, false, s.redirects.Import},
		// The media library.
		{http.MethodGet, "/media", access.ReadContent, false, s.media.List},
		{http.MethodPost, "/media", access.WriteContent, false, s.media.Upload},
		{http.MethodGet, "/media/:id", access.ReadContent, false, s.media.Show},
		{http.MethodPut, "/media/:id", access.WriteContent, false, s.media.Update},
		{http.MethodDelete, "/media/:id", access.WriteContent, false, s.media.Delete},

		// The firm's settings.
		{http.MethodGet, "/settings", access.EditContent, false, s.content.Settings},
		{http.MethodPut, "/settings", access.EditContent, false, s.content.SaveSettings},
	}
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
	g.POST("/password/forgot", s.signin.ForgotPassword, json, strict("password"))
	g.POST("/password/reset", s.signin.ResetPassword, json, strict("password"))
	g.POST("/factor/code", s.signin.ConfirmCode, json, strict("code"), confirming)
	g.POST("/factor/passkey/options", s.signin.PasskeyOptions, json, strict("passkey"), confirming)
	g.POST("/factor/passkey", s.signin.ConfirmPasskey, json, strict("passkey"), confirming)
	// Any stage: the app asks what to show.
	g.GET("/session", s.signin.Session, json, standard("session"), s.sessions.RequireStage(access.StagePassword, access.StageEnrol, access.StageFull))
	g.POST("/enrol/totp/options", s.signin.TOTPEnrolOptions, json, strict("enrol"), enrolling, s.signin.MayEnrol)
	g.POST("/enrol/totp", s.signin.EnrolTOTP, json, strict("enrol"), enrolling)
	g.POST("/enrol/passkey/options", s.signin.PasskeyEnrolOptions, json, strict("enrol"), enrolling, s.signin.MayEnrol)
	g.POST("/enrol/passkey", s.signin.EnrolPasskey, json, strict("enrol"), enrolling)

	// Signed in: a full session, then what the route's row asks for.
	for _, r := range s.SignedInRoutes() {
		body := json
		if r.Path == "/content/:collection/:slug/:locale/cover" || (r.Path == "/media" && r.Method == http.MethodPost) {
			body = endpoint.Accepts(endpoint.Multipart) // the file
		}
		bucket := "staff"
		if strings.Contains(r.Path, "/presence") {
			bucket = "presence" // an open editor's heartbeats spend none of the rest
		}
		mw := []echo.MiddlewareFunc{body, standard(bucket), s.sessions.RequireStage(access.StageFull)}
		if r.Permission != "" {
			mw = append(mw, s.sessions.Permit(r.Permission))
		}
		if r.Fresh {
			mw = append(mw, s.sessions.Fresh)
		}
		g.Add(r.Method, r.Path, r.handler, mw...)
	}
}
