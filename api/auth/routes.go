package auth

import "github.com/labstack/echo/v4"

// Routes declares the account API on g, the /api group, each route with its
// per-IP rate limit and, where it needs one, the signed-in visitor.
func (s *Service) Routes(g *echo.Group) {
	strict := func(bucket string) echo.MiddlewareFunc { return s.rateLimit(bucket, s.limits.Strict) }
	standard := func(bucket string) echo.MiddlewareFunc { return s.rateLimit(bucket, s.limits.Standard) }
	user := s.requireUser

	// The legacy API, with its exact paths.
	g.POST("/Website/Register", s.register, strict("register"))
	g.POST("/Website/Login", s.login, strict("login"))
	g.POST("/ApplicationUser/ConfirmEmail/:token", s.confirmEmail, strict("confirm"))
	g.POST("/ApplicationUser/ForgetPassword", s.forgetPassword, strict("forget"))
	g.POST("/ApplicationUser/VerifyCode", s.verifyCode, strict("verify"))
	g.POST("/ApplicationUser/ResetPassword", s.resetPassword, strict("reset"))

	// Ours.
	g.POST("/account/resend-confirmation", s.resendConfirmation, strict("resend"))
	g.POST("/account/logout", s.logout, standard("logout"))
	g.GET("/account", s.currentUser, standard("account"), user)
	g.PUT("/account/profile", s.updateProfile, standard("profile"), user)
	g.POST("/account/password", s.changePassword, strict("password"), user)
	g.POST("/account/avatar", s.uploadAvatar, standard("avatar"), user)
	g.DELETE("/account/avatar", s.removeAvatar, standard("avatar"), user)
	g.GET("/account/avatar/:name", s.serveAvatar, standard("avatar-get"), user)
	g.GET("/account/sessions", s.listSessions, standard("sessions"), user)
	g.DELETE("/account/sessions/:id", s.revokeSession, standard("sessions"), user)
	g.POST("/account/delete", s.deleteAccount, strict("delete"), user)
}
