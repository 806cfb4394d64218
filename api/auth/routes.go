package auth

import (
	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
)

// Routes declares the account API on g, the /api group, each route with the
// bodies it accepts (415 for any other), its per-IP rate limit and, where
// it needs one, the signed-in visitor.
func (s *Service) Routes(g *echo.Group) {
	strict := func(bucket string) echo.MiddlewareFunc { return s.rateLimit(bucket, s.limits.Strict) }
	hashes := s.busy // the route checks or hashes a password: 503 when no hashing slot frees up
	standard := func(bucket string) echo.MiddlewareFunc { return s.rateLimit(bucket, s.limits.Standard) }
	user := s.requireUser
	// The legacy recovery forms were posted as multipart form data; the
	// rest of the API takes what a browser's fetch or a plain form sends.
	legacy := endpoint.Accepts(endpoint.JSON, endpoint.Form, endpoint.Multipart)
	fields := endpoint.Accepts(endpoint.JSON, endpoint.Form)
	file := endpoint.Accepts(endpoint.Multipart)

	// The legacy API, with its exact paths.
	g.POST("/Website/Register", s.register, fields, strict("register"), hashes)
	g.POST("/Website/Login", s.login, fields, strict("login"), hashes)
	g.POST("/ApplicationUser/ConfirmEmail/:token", s.confirmEmail, fields, strict("confirm"), hashes)
	g.POST("/ApplicationUser/ForgetPassword", s.forgetPassword, legacy, strict("forget"))
	g.POST("/ApplicationUser/VerifyCode", s.verifyCode, legacy, strict("verify"))
	g.POST("/ApplicationUser/ResetPassword", s.resetPassword, fields, strict("reset"), hashes)

	// Ours.
	g.POST("/account/resend-confirmation", s.resendConfirmation, fields, strict("resend"))
	g.POST("/account/logout", s.logout, fields, standard("logout"))
	g.GET("/account", s.currentUser, standard("account"), user)
	g.PUT("/account/profile", s.updateProfile, fields, standard("profile"), user)
	g.POST("/account/password", s.changePassword, fields, strict("password"), user, hashes)
	g.POST("/account/avatar", s.uploadAvatar, file, standard("avatar"), user)
	g.DELETE("/account/avatar", s.removeAvatar, standard("avatar"), user)
	g.GET("/account/avatar/:name", s.serveAvatar, standard("avatar-get"), user)
	g.GET("/account/sessions", s.listSessions, standard("sessions"), user)
	g.DELETE("/account/sessions/:id", s.revokeSession, standard("sessions"), user)
	g.POST("/account/delete", s.deleteAccount, fields, strict("delete"), user, hashes)
}
