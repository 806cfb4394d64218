package notify_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"noorvale.example/site/api/admin"
	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// sealRecorder is the mail queue as the notifications see it: it keeps
// each message it seals, so a test reads what would be sent.
type sealRecorder struct {
	*admintest.MailRecorder
	mu     sync.Mutex
	sealed []mail.Message
}

func (r *sealRecorder) Seal(m mail.Message) (store.OutgoingMail, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sealed = append(r.sealed, m)
	return store.OutgoingMail{Kind: string(m.Kind), Sealed: "sealed"}, nil
}

func (r *sealRecorder) Wake() {}

// to returns and forgets the messages sealed for an address.
func (r *sealRecorder) to(address string) []mail.Message {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out, rest []mail.Message
	for _, m := range r.sealed {
		if m.To == address {
			out = append(out, m)
		} else {
			rest = append(rest, m)
		}
	}
	r.sealed = rest
	return out
}

type noticeList struct {
	Items []struct {
		ID        int64
		Kind      string
		Reference int64
		Form      string
		Locale    string
		Title     string
		Link      string
		Read      bool
	}
	Unread int64
}

func notices(t *testing.T, m *admintest.Member) noticeList {
	t.Helper()
	r := m.B.Do("GET", "/notifications", nil)
	admintest.Expect(t, "notifications", r, http.StatusOK)
	var l noticeList
	r.Data(t, &l)
	return l
}

// A lead reaches the salespeople of its office, in the list and by e-mail
// in their language, never with what the visitor wrote; an assignment
// reaches the assignee; a changed English reaches the translators of the
// languages it outdates; each chooses how they are e-mailed.
func TestNotifications(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		rec := &sealRecorder{MailRecorder: &admintest.MailRecorder{}}
		e := admintest.New(t, st, func(c *admin.Config) { c.Mail = rec })
		e.SeedStory()
		ctx := context.Background()
		dubai := e.JoinOffice("dubai@noorvale.example", access.Sales, "dubai")
		colleague := e.JoinOffice("dubai2@noorvale.example", access.Sales, "dubai")
		london := e.JoinOffice("london@noorvale.example", access.Sales, "london")
		hr := e.Join("hr@noorvale.example", access.HR)
		translator := e.Join("translator@noorvale.example", access.Translator, "ar")
		editor := e.Join("editor@noorvale.example", access.Editor)

		id := e.Submit("contact", "dubai", "en", map[string]any{"name": "Rashid Visitor", "email": "rashid@example.com", "message": "Secret plans"}, nil)
		l := notices(t, dubai)
		if l.Unread != 1 || len(l.Items) != 1 || l.Items[0].Kind != store.NoticeNewLead || l.Items[0].Reference != id ||
			l.Items[0].Link != "/admin/inbox/"+strconv.FormatInt(id, 10) || l.Items[0].Form != "contact" {
			t.Fatalf("the Dubai salesperson's notifications: %+v", l)
		}
		for _, m := range []*admintest.Member{london, hr, translator} {
			if l := notices(t, m); l.Unread != 0 {
				t.Errorf("%s was told of a Dubai contact: %+v", m.Email, l)
			}
		}
		if n, err := e.Svc.SendDueNotices(ctx); err != nil || n != 2 {
			t.Fatalf("sent %d, %v; want the two Dubai salespeople's", n, err)
		}
		sent := rec.to(dubai.Email)
		if len(sent) != 1 || sent[0].Kind != mail.KindStaffNotice || !strings.HasSuffix(sent[0].Data["link"], "/admin/inbox/"+strconv.FormatInt(id, 10)) {
			t.Fatalf("the Dubai salesperson's e-mail: %+v", sent)
		}
		for _, v := range sent[0].Data {
			if strings.Contains(v, "Rashid") || strings.Contains(v, "Secret") {
				t.Fatalf("the e-mail carries what the visitor wrote: %q", v)
			}
		}
		if n, _ := e.Svc.SendDueNotices(ctx); n != 0 {
			t.Fatalf("sent %d again", n)
		}

		// Assigning to a colleague tells the colleague; taking it oneself tells nobody.
		admintest.Expect(t, "assign", dubai.B.Do("PUT", "/inbox/"+strconv.FormatInt(id, 10)+"/assignee", map[string]any{"assignee": colleague.ID}), http.StatusOK)
		if l := notices(t, colleague); l.Unread != 2 || l.Items[0].Kind != store.NoticeAssigned {
			t.Fatalf("the assignee's notifications: %+v", l)
		}
		admintest.Expect(t, "take it", colleague.B.Do("PUT", "/inbox/"+strconv.FormatInt(id, 10)+"/assignee", map[string]any{"assignee": colleague.ID}), http.StatusOK)
		if l := notices(t, colleague); l.Unread != 2 {
			t.Fatalf("taking a lead oneself notified: %+v", l)
		}

		// Marking read: one, someone else's (refused), all.
		first := notices(t, colleague).Items[0].ID
		admintest.Expect(t, "mark read", colleague.B.Do("POST", "/notifications/"+strconv.FormatInt(first, 10)+"/read", nil), http.StatusOK)
		admintest.Expect(t, "mark another's", dubai.B.Do("POST", "/notifications/"+strconv.FormatInt(first, 10)+"/read", nil), http.StatusNotFound)
		admintest.Expect(t, "mark nonsense", dubai.B.Do("POST", "/notifications/x/read", nil), http.StatusNotFound)
		if l := notices(t, colleague); l.Unread != 1 {
			t.Fatalf("after marking one read: %+v", l)
		}
		admintest.Expect(t, "mark all", colleague.B.Do("POST", "/notifications/read", nil), http.StatusOK)
		r := colleague.B.Do("GET", "/notifications/count", nil)
		var count struct{ Unread int64 }
		r.Data(t, &count)
		if count.Unread != 0 {
			t.Fatalf("after marking all read: %+v", count)
		}

		// Settings: refused with a message, then saved and audited.
		admintest.Expect(t, "a bad zone", translator.B.Do("PUT", "/notifications/settings", map[string]any{"deliveries": map[string]string{}, "digestHour": 8, "timeZone": "Mars/Base"}), http.StatusBadRequest)
		admintest.Expect(t, "a bad hour", translator.B.Do("PUT", "/notifications/settings", map[string]any{"deliveries": map[string]string{}, "digestHour": 24, "timeZone": "UTC"}), http.StatusBadRequest)
		admintest.Expect(t, "a bad delivery", translator.B.Do("PUT", "/notifications/settings", map[string]any{"deliveries": map[string]string{"assigned": "sometimes"}, "digestHour": 8, "timeZone": "UTC"}), http.StatusBadRequest)
		admintest.Expect(t, "settings", translator.B.Do("PUT", "/notifications/settings",
			map[string]any{"deliveries": map[string]string{store.NoticeOutdated: store.DeliverDigest}, "digestHour": 23, "timeZone": "Asia/Dubai"}), http.StatusOK)
		events, err := st.AuditEvents(ctx, store.AuditFilter{Action: "notification-settings"})
		if err != nil || len(events) != 1 || events[0].ActorID != translator.ID {
			t.Fatalf("audit of the settings: %+v, %v", events, err)
		}

		// A changed English tells the Arabic translator, who asked for a digest: nothing is sent before its hour.
		it := editor.Item(t)
		path := "/content/news/" + admintest.StorySlug + "/en"
		r = editor.B.Do("PUT", path, map[string]any{"base": 0, "body": admintest.WithTitle(t, it.Languages["en"].Live, "A changed title")})
		admintest.Expect(t, "save", r, http.StatusOK)
		var v struct{ ID int64 }
		r.Data(t, &v)
		admintest.Expect(t, "publish", editor.B.Do("POST", path+"/publish", map[string]any{"version": v.ID}), http.StatusOK)
		l = notices(t, translator)
		if l.Unread != 1 || l.Items[0].Kind != store.NoticeOutdated || l.Items[0].Locale != "ar" || l.Items[0].Title != "A changed title" ||
			l.Items[0].Link != "/admin/content/news/"+admintest.StorySlug+"?lang=ar" {
			t.Fatalf("the translator's notifications: %+v", l)
		}
		if _, err := e.Svc.SendDueNotices(ctx); err != nil {
			t.Fatal(err)
		}
		if sent := rec.to(translator.Email); len(sent) != 0 {
			t.Fatalf("a digest sent before its hour (13:00 in Dubai): %+v", sent)
		}
		// The home screen's work: the translator's outdated Arabic links to the item.
		r = translator.B.Do("GET", "/work", nil)
		admintest.Expect(t, "work", r, http.StatusOK)
		var w struct {
			Inbox   *struct{ New int64 }
			Content *struct {
				Languages []struct {
					Locale       string
					Outdated     int
					OutdatedList []struct{ Link string }
					OutdatedLink string
				}
			}
		}
		r.Data(t, &w)
		if w.Inbox != nil || w.Content == nil || len(w.Content.Languages) != 1 || w.Content.Languages[0].Outdated != 1 ||
			w.Content.Languages[0].OutdatedList[0].Link != "/admin/content/news/"+admintest.StorySlug+"?lang=ar" ||
			w.Content.Languages[0].OutdatedLink != "/admin/content?lang=ar&state=outdated" {
			t.Fatalf("the translator's work: %+v", w.Content)
		}

		// Erasing the person deletes the notifications of their submission.
		if err := st.EraseSubmission(ctx, id, `{}`, e.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		if l := notices(t, dubai); len(l.Items) != 0 {
			t.Fatalf("notifications of an erased submission: %+v", l)
		}

		// The digest's hour comes: one digest, once a day.
		e.Clock.Advance(10 * time.Hour) // 23:00 in Dubai
		if _, err := e.Svc.SendDueNotices(ctx); err != nil {
			t.Fatal(err)
		}
		sent = rec.to(translator.Email)
		if len(sent) != 1 || sent[0].Kind != mail.KindStaffDigest || sent[0].Data["count"] != "1" || !strings.Contains(sent[0].Data["lines"], "A changed title") {
			t.Fatalf("the digest: %+v", sent)
		}
		if _, err := e.Svc.SendDueNotices(ctx); err != nil || len(rec.to(translator.Email)) != 0 {
			t.Fatalf("a second digest the same day: %v", err)
		}
	})
}
