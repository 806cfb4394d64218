package access

import "slices"

// Role is what a staff member may do.
type Role string

// The roles.
const (
	Administrator Role = "administrator" // everything, including staff and the audit trail
	Editor        Role = "editor"        // all content in all languages
	Translator    Role = "translator"    // content in the languages assigned to them
	HR            Role = "hr"            // job applications
	Sales         Role = "sales"         // proposals, enquiries, office contacts (of one office if set), webinar registrations, downloads
	Viewer        Role = "viewer"        // published content and drafts, no leads
)

// Roles lists every role, most powerful first.
var Roles = []Role{Administrator, Editor, Translator, HR, Sales, Viewer}

// Permission is one thing a role may do; the server checks these, never
// what the browser shows.
type Permission string

// The permissions.
const (
	ManageStaff      Permission = "staff"             // invite, change roles, disable
	ReadAudit        Permission = "audit"             // read and export the audit trail
	ReadContent      Permission = "content.read"      // published content and drafts
	EditContent      Permission = "content.edit"      // every language
	TranslateContent Permission = "content.translate" // the staff member's languages
	ReadApplications Permission = "applications"      // job applications and CVs
	ReadLeads        Permission = "leads"             // proposals, enquiries, contacts, registrations, downloads
	ManageVisitors   Permission = "visitors"          // visitor accounts: look up, end sessions, disable, delete
	ErasePersons     Permission = "erasure"           // everything held about an e-mail address, and erasing it
	ReadAnalytics    Permission = "analytics"         // the marketing figures: views, sources, conversion, searched words
	// ReadInbox is what the inbox's routes need: either of the two above.
	// No role holds it by name; the server shows each role only the kinds
	// its own permissions cover.
	ReadInbox Permission = "inbox"
	// WriteContent is what the content's writing routes need: either
	// editing or translating; the route then checks the language.
	WriteContent Permission = "content.write"
)

var permissions = map[Role][]Permission{
	Administrator: {ManageStaff, ReadAudit, ReadContent, EditContent, ReadApplications, ReadLeads, ManageVisitors, ErasePersons, ReadAnalytics},
	Editor:        {ReadContent, EditContent, ReadAnalytics},
	Translator:    {ReadContent, TranslateContent},
	HR:            {ReadApplications},
	Sales:         {ReadLeads, ReadAnalytics},
	Viewer:        {ReadContent},
}

// Permissions returns what a role may do; none for an unknown role.
func Permissions(r Role) []Permission { return permissions[r] }

// Can reports whether role r has permission p.
func Can(r Role, p Permission) bool {
	if p == ReadInbox {
		return Can(r, ReadLeads) || Can(r, ReadApplications)
	}
	if p == WriteContent {
		return Can(r, EditContent) || Can(r, TranslateContent)
	}
	return slices.Contains(permissions[r], p)
}

// ValidRole reports whether r names a role.
func ValidRole(r string) bool { return slices.Contains(Roles, Role(r)) }

// Offices are the offices a sales account may be limited to.
var Offices = []string{"london", "dubai", "cairo"}
