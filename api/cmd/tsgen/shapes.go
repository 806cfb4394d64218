package main

// module is the import path every package below is relative to.
const module = "noorvale.example/site/"

// shape is one TypeScript type the generated file declares: a Go named type
// (a struct becomes an object type, a string type the union of its
// constants), or the union of the values of string constants or of the
// string literals a variable is initialised with.
type shape struct {
	ts     string   // the TypeScript name
	goType string   // "api/admin/access.Permission"
	consts []string // "api/store.EditionDraft", or "api/content.Kind*" for every constant so named
	// literals is a package-level variable whose composite literal holds
	// the values: "api/content.kindNames" takes a map's or a slice's string
	// values, "api/content.collections.Name" each element's Name.
	literals string
	doc      string // for a union of constants, which has no doc comment of its own
}

// external is a Go type the front end already declares; fields of that type
// name the TypeScript type, imported from where it lives.
type external struct {
	goType string
	ts     string
	from   string // the module, relative to the generated file
}

// externals are imported by the generated file.
var externals = []external{
	{goType: "api/locale.Locale", ts: "Locale", from: "../i18n/locales"},
}

// shapes are the types the generated file declares, in its order: the
// back-office API's answers and the bodies it takes, then the props of the
// site's pages. A named
// struct one of them refers to must be listed too. Two Go types may share a
// TypeScript name when they encode to the same shape.
var shapes = []shape{
	// The back-office: who is signed in and what they may do.
	{ts: "Permission", goType: "api/admin/access.Permission"},
	{ts: "SessionStage", consts: []string{"api/admin/access.Stage*"},
		doc: "How far a staff member's sign-in has come."},
	{ts: "SecondFactor", consts: []string{"api/admin/staff.factor*"},
		doc: "The kinds of second factor a staff member may have."},
	{ts: "Role", goType: "api/admin/access.Role"},
	{ts: "StaffMember", goType: "api/admin/staff.Member"},
	{ts: "ListedStaffMember", goType: "api/admin/staff.Listed"},
	{ts: "StaffList", goType: "api/admin/staff.List"},
	{ts: "StaffRoleRequest", goType: "api/admin/staff.roleRequest"},
	{ts: "InvitationLink", goType: "api/admin/staff.Invitation"},
	{ts: "Invitation", goType: "api/admin/signin.InvitationView"},
	{ts: "JoinRequest", goType: "api/admin/signin.joinRequest"},
	{ts: "PendingInvitation", goType: "api/admin/staff.PendingInvitation"},
	{ts: "PasswordResetRequest", goType: "api/admin/signin.passwordResetRequest"},
	{ts: "LoginRequest", goType: "api/admin/signin.loginRequest"},
	{ts: "FactorCounts", goType: "api/admin/signin.FactorCounts"},
	{ts: "Session", goType: "api/admin/signin.State"},
	{ts: "Enrolled", goType: "api/admin/signin.Enrolled"},
	{ts: "TotpOptions", goType: "api/admin/signin.TOTPOptions"},
	{ts: "Passkey", goType: "api/admin/signin.Passkey"},
	{ts: "Factors", goType: "api/admin/signin.FactorList"},
	{ts: "AuditEvent", goType: "api/admin/audit.Event"},
	{ts: "AuditPage", goType: "api/admin/audit.Page"},

	// The inbox.
	{ts: "InboxItem", goType: "api/admin/inbox.Item"},
	{ts: "Person", goType: "api/admin/inbox.Person"},
	{ts: "InboxPage", goType: "api/admin/inbox.Page"},
	{ts: "InboxCounts", goType: "api/admin/inbox.Counts"},
	{ts: "InboxNote", goType: "api/admin/inbox.Note"},
	{ts: "InboxWeekSeries", goType: "api/admin/inbox.WeekSeries"},
	{ts: "InboxStatusCount", goType: "api/admin/inbox.StatusCount"},
	{ts: "InboxDashboard", goType: "api/admin/inbox.Dashboard"},
	{ts: "LeadSource", goType: "api/admin/inbox.LeadSource"},
	{ts: "InboxDetail", goType: "api/admin/inbox.Detail"},
	{ts: "InboxStatusChange", goType: "api/admin/inbox.StatusChange"},
	{ts: "InboxAssigneeChange", goType: "api/admin/inbox.AssigneeChange"},
	{ts: "CVLink", goType: "api/admin/inbox.CVLink"},
	{ts: "InboxBulkRequest", goType: "api/admin/inbox.bulkRequest"},
	{ts: "InboxBulkView", goType: "api/admin/inbox.BulkView"},

	// A staff member's notifications and the home screen's work.
	{ts: "NoticeKind", consts: []string{"api/store.Notice*"},
		doc: "The kinds of notification a staff member gets."},
	{ts: "NoticeDelivery", consts: []string{"api/store.Deliver*"},
		doc: "How a kind of notification reaches its reader by e-mail."},
	{ts: "Notice", goType: "api/admin/notify.Notice"},
	{ts: "NoticeList", goType: "api/admin/notify.NoticeList"},
	{ts: "NoticeCount", goType: "api/admin/notify.NoticeCount"},
	{ts: "NoticeSettings", goType: "api/admin/notify.Settings"},
	{ts: "NoticeSettingsRequest", goType: "api/admin/notify.SettingsRequest"},
	{ts: "InboxWork", goType: "api/admin/inbox.Work"},
	// The media library.
	{ts: "MediaItem", goType: "api/admin/media.Item"},
	{ts: "MediaFile", goType: "api/admin/media.File"},
	{ts: "MediaUse", goType: "api/admin/media.Use"},
	{ts: "MediaList", goType: "api/admin/media.List"},
	{ts: "MediaEdit", goType: "api/admin/media.Edit"},
	{ts: "WorkItem", goType: "api/admin/content.WorkItem"},
	{ts: "LanguageWork", goType: "api/admin/content.LanguageWork"},
	{ts: "ContentWork", goType: "api/admin/content.ContentWork"},
	{ts: "Work", goType: "api/admin.Work"},
	// The marketing figures.
	{ts: "AnalyticsWeek", goType: "api/admin/analytics.WeekFigures"},
	{ts: "AnalyticsPage", goType: "api/admin/analytics.PageFigures"},
	{ts: "AnalyticsReferrer", goType: "api/admin/analytics.ReferrerFigure"},
	{ts: "AnalyticsCampaign", goType: "api/admin/analytics.CampaignFigure"},
	{ts: "AnalyticsConversion", goType: "api/admin/analytics.Conversion"},
	{ts: "AnalyticsSearch", goType: "api/admin/analytics.SearchFigure"},
	{ts: "AnalyticsReport", goType: "api/admin/analytics.Report"},

	// Redirects.
	{ts: "Redirect", goType: "api/admin/redirects.Redirect"},
	{ts: "RedirectList", goType: "api/admin/redirects.List"},
	{ts: "RedirectImportLine", goType: "api/admin/redirects.ImportLine"},
	{ts: "RedirectImport", goType: "api/admin/redirects.Imported"},
	// Visitors' accounts and erasure.
	{ts: "VisitorItem", goType: "api/admin/visitors.Item"},
	{ts: "VisitorPage", goType: "api/admin/visitors.Page"},
	{ts: "VisitorSession", goType: "api/admin/visitors.Session"},
	{ts: "VisitorDetail", goType: "api/admin/visitors.Detail"},
	{ts: "EndedSessions", goType: "api/admin/visitors.Ended"},
	{ts: "VisitorBulkRequest", goType: "api/admin/visitors.bulkRequest"},
	{ts: "VisitorBulkView", goType: "api/admin/visitors.BulkView"},
	{ts: "HeldAccount", goType: "api/admin/privacy.heldAccount"},
	{ts: "HeldSubmission", goType: "api/admin/privacy.heldSubmission"},
	{ts: "HeldMail", goType: "api/admin/privacy.heldMail"},
	{ts: "Held", goType: "api/admin/privacy.holdings"},
	{ts: "Erased", goType: "api/admin/privacy.erasedCounts"},

	// Content.
	{ts: "FieldKind", literals: "api/content.kindNames",
		doc: "The kinds of field an item's shape is made of."},
	{ts: "FieldSpec", goType: "api/content.FieldSpec"},
	{ts: "ContentSchema", goType: "api/admin/content.schemaView"},
	{ts: "ContentState", consts: []string{
		"api/store.EditionDraft", "api/admin/content.StateScheduled", "api/store.EditionPublished",
		"api/store.EditionUnpublished", "api/admin/content.stateMissing",
		"api/store.ReviewPending", "api/store.ReviewChanges", "api/store.ReviewApproved", "api/admin/content.StateApprovedScheduled",
	}, doc: "The state of one language of an item; `missing` when it has no text in that language."},
	{ts: "ReviewState", consts: []string{"api/store.ReviewPending", "api/store.ReviewChanges", "api/store.ReviewApproved"},
		doc: "Where a language's review stands."},
	{ts: "ReviewAction", consts: []string{"api/store.ReviewSent", "api/store.ReviewApprove", "api/store.ReviewRefused"},
		doc: "One step of a language's review history."},
	{ts: "ContentReview", goType: "api/admin/content.reviewView"},
	{ts: "ReviewStep", goType: "api/admin/content.reviewStep"},
	{ts: "SendRequest", goType: "api/admin/content.sendRequest"},
	{ts: "DecisionRequest", goType: "api/admin/content.decisionRequest"},
	{ts: "ReviewRules", goType: "api/admin/content.rulesView"},
	{ts: "Reviewer", goType: "api/admin/content.reviewerView"},
	{ts: "ScheduleAction", consts: []string{"api/store.SchedulePublish", "api/store.ScheduleUnpublish"},
		doc: "What a schedule does when its time comes."},
	{ts: "Person", goType: "api/admin/content.person"},
	{ts: "ContentSchedule", goType: "api/admin/content.scheduleView"},
	{ts: "ScheduleRequest", goType: "api/admin/content.scheduleRequest"},
	{ts: "ContentVersion", goType: "api/admin/content.contentVersionView"},
	{ts: "ContentVersions", goType: "api/admin/content.versionsView"},
	{ts: "SaveRequest", goType: "api/admin/content.saveRequest"},
	{ts: "VersionRequest", goType: "api/admin/content.versionRequest"},
	{ts: "ContentOutdated", goType: "api/admin/content.contentOutdated"},
	{ts: "ContentLanguage", goType: "api/admin/content.contentLanguage"},
	{ts: "ContentItem", goType: "api/admin/content.itemView"},
	{ts: "ContentListItem", goType: "api/admin/content.contentListItem"},
	{ts: "ContentCount", goType: "api/admin/content.languageCount"},
	{ts: "ContentList", goType: "api/admin/content.listView"},
	{ts: "ContentConflict", goType: "api/admin/content.conflictView"},
	{ts: "CreateItemRequest", goType: "api/admin/content.createRequest"},
	{ts: "CreatedItem", goType: "api/admin/content.createdItem"},
	{ts: "CreatedPage", goType: "api/admin/content.createdPage"},
	{ts: "PageParentChoice", goType: "api/admin/content.parentChoice"},
	{ts: "PageKindChoice", goType: "api/admin/content.kindChoice"},
	{ts: "SlugChange", goType: "api/admin/content.slugRequest"},
	{ts: "ItemKey", goType: "api/admin/content.itemKey"},
	{ts: "SettingsRevision", goType: "api/admin/content.settingsRevisionView"},
	{ts: "SiteSettings", goType: "api/admin/content.settingsView"},
	{ts: "SavedSettings", goType: "api/admin/content.savedSettings"},
	{ts: "PresentEditor", goType: "api/admin/content.presentEditor"},
	{ts: "ContentPresence", goType: "api/admin/content.presenceView"},
	{ts: "PresenceRequest", goType: "api/admin/content.presenceRequest"},
	{ts: "FoundItem", goType: "api/admin/content.foundItem"},
	{ts: "ContentFind", goType: "api/admin/content.findView"},
	{ts: "ContentBulkTarget", goType: "api/admin/content.BulkTarget"},
	{ts: "ContentBulkRequest", goType: "api/admin/content.bulkRequest"},
	{ts: "ContentBulkView", goType: "api/admin/content.BulkView"},

	// Actions on many items at once.
	{ts: "BulkResult", goType: "api/admin/bulk.Result"},

	// The site's pages: the props the server sends the renderer.
	{ts: "PageKind", consts: []string{"api/content.Kind*", "api/render.KindSearch"},
		doc: "The kinds of page the renderer knows how to draw."},
	{ts: "Collection", literals: "api/content.collections.Name",
		doc: "The collections the site publishes items in."},
	{ts: "CaptchaProvider", consts: []string{"api/config.Captcha*"},
		doc: "The captcha providers a form may show."},
	{ts: "MenuItem", goType: "api/content.MenuItem"},
	{ts: "Breadcrumb", goType: "api/content.Crumb"},
	{ts: "FooterGroup", goType: "api/content.FooterGroup"},
	{ts: "ItemSummary", goType: "api/content.ItemSummary"},
	{ts: "Credential", goType: "api/content.Credential"},
	{ts: "PageMedia", goType: "api/content.Media"},
	{ts: "PageMediaFile", goType: "api/content.MediaFile"},
	{ts: "SiteParent", goType: "api/content.Parent"},
	{ts: "SocialLink", goType: "api/content.Social"},
	{ts: "Office", goType: "api/content.Office"},
	{ts: "CaptchaConfig", goType: "api/content.Captcha"},
	{ts: "Site", goType: "api/content.Site"},
	{ts: "Pagination", goType: "api/render.Pagination"},
	{ts: "PageDetails", goType: "api/render.PageProps"},
	{ts: "Alternate", goType: "api/render.Alternate"},
	{ts: "LanguageLink", goType: "api/render.Language"},
	{ts: "PageProps", goType: "api/render.Props"},
	{ts: "User", goType: "api/auth.UserData"},
}
