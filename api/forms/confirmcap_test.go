package forms

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// Nine posts with one address, from nine sources and through every form,
// are all kept and all reach the firm, but the address receives three
// confirmations in the hour; the next hour it receives them again, and its
// owner, signed in to the confirmed account, always receives theirs.
func TestConfirmationsCappedPerRecipient(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		const address, perHour = "rania@example.com", 3
		typed := map[string]any{"email": "Rania@Example.com "}
		posts := []struct {
			path string
			body map[string]any
		}{
			{"/api/forms/proposal", with(validProposal(), typed)},
			{"/api/forms/inquiry", with(validInquiry(), typed)},
			{"/api/forms/contact/london", with(validContact(), typed)},
			{"/api/forms/webinar/dora-one-year-on", with(validWebinar(), typed)},
			{"/api/forms/publication/pci-dss-scoping-guide", with(validPublication(), typed)},
		}
		confirmations := func() int {
			t.Helper()
			n := 0
			for _, m := range h.mail.all() {
				if m.To == address && m.Kind != mail.KindFormNotification {
					n++
				}
			}
			return n
		}
		send := func(i int, signedIn bool) {
			t.Helper()
			p := posts[i%len(posts)]
			req := jsonRequest(t, p.path, mustJSON(t, p.body))
			if signedIn {
				req.AddCookie(&http.Cookie{Name: "session", Value: address})
			}
			if res := h.do(req, fmt.Sprintf("203.0.113.%d", 10+i)); res.status != http.StatusOK || !res.env.IsSuccess {
				t.Fatalf("post %d to %s: %d %s", i+1, p.path, res.status, res.body)
			}
		}

		for i := range 9 {
			send(i, false)
		}
		if n := len(h.submissions()); n != 9 {
			t.Fatalf("%d submissions kept, want 9", n)
		}
		notified := 0
		for _, m := range h.mail.all() {
			if m.Kind == mail.KindFormNotification {
				notified++
			}
		}
		if notified != 9 {
			t.Fatalf("%d notifications to the firm, want 9", notified)
		}
		if n := confirmations(); n != perHour {
			t.Fatalf("%d confirmations to one address in an hour, want %d", n, perHour)
		}

		// The owner, signed in to the confirmed account, still gets theirs.
		owner := &store.User{Email: address, FirstName: "Rania", LastName: "Aziz", PasswordHash: "x", Locale: "en"}
		if err := s.CreateUser(t.Context(), owner); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateToken(t.Context(), &store.Token{UserID: owner.ID, Purpose: store.PurposeConfirmEmail, TokenHash: "seed",
			CreatedAt: h.clock.Now(), ExpiresAt: h.clock.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ConfirmEmail(t.Context(), "seed", h.clock.Now()); err != nil {
			t.Fatal(err)
		}
		send(1, true)
		if n := confirmations(); n != perHour+1 {
			t.Fatalf("the signed-in owner's confirmation was not sent: %d confirmations", n)
		}

		// An hour on, the address receives confirmations again.
		h.clock.Advance(time.Hour)
		send(0, false)
		if n := confirmations(); n != perHour+2 {
			t.Fatalf("an hour later: %d confirmations, want %d", n, perHour+2)
		}
	})
}
