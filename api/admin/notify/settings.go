package notify

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/store"
)

// Deliveries are the ways a kind of notification can reach its reader.
var Deliveries = []string{store.DeliverNow, store.DeliverDigest, store.DeliverOff}

// Settings is how a staff member is e-mailed their notifications: per
// kind, at once, in the daily digest or not at all, and when the digest
// comes.
type Settings struct {
	Deliveries map[string]string `json:"deliveries" tstype:"Record<NoticeKind, NoticeDelivery>"` // by kind, every kind named
	DigestHour int               `json:"digestHour"`                                             // 0–23, in TimeZone
	TimeZone   string            `json:"timeZone"`                                               // an IANA zone name
	Kinds      []string          `json:"kinds" tstype:"NoticeKind[]"`                            // the kinds, in the order to offer them
}

func viewSettings(n store.NoticeSettings) Settings {
	out := Settings{Deliveries: map[string]string{}, DigestHour: n.DigestHour, TimeZone: n.TimeZone, Kinds: store.NoticeKinds}
	for _, k := range store.NoticeKinds {
		out.Deliveries[k] = n.Delivery(k)
	}
	return out
}

// SettingsRequest changes how the reader is e-mailed their notifications.
type SettingsRequest struct {
	Deliveries map[string]string `json:"deliveries" tstype:"Partial<Record<NoticeKind, NoticeDelivery>>"`
	DigestHour int               `json:"digestHour"`
	TimeZone   string            `json:"timeZone"`
}

// Settings answers how the reader is e-mailed their notifications.
//
// GET /api/admin/notifications/settings
func (s *Service) Settings(c echo.Context) error {
	n, err := s.store.NoticeSettingsOf(c.Request().Context(), access.Of(c).Staff.ID)
	if err != nil {
		return err
	}
	return endpoint.OK(c, viewSettings(n), "")
}

// SaveSettings changes how the reader is e-mailed their notifications,
// recorded in the audit trail with what they chose.
//
// PUT /api/admin/notifications/settings
func (s *Service) SaveSettings(c echo.Context) error {
	req, m, err := access.Bind[SettingsRequest](c)
	if err != nil {
		return err
	}
	errs := map[string]string{}
	for kind, d := range req.Deliveries {
		if !slices.Contains(store.NoticeKinds, kind) || !slices.Contains(Deliveries, d) {
			errs["deliveries"] = m.Notifications.DeliveryInvalid
		}
	}
	if req.DigestHour < 0 || req.DigestHour > 23 {
		errs["digestHour"] = m.Notifications.HourInvalid
	}
	if _, err := time.LoadLocation(req.TimeZone); err != nil || req.TimeZone == "" || req.TimeZone == "Local" {
		errs["timeZone"] = m.Notifications.TimeZoneInvalid
	}
	if len(errs) > 0 {
		return endpoint.Invalid(c, errs)
	}
	me := access.Of(c).Staff
	ctx := c.Request().Context()
	before, err := s.store.NoticeSettingsOf(ctx, me.ID)
	if err != nil {
		return err
	}
	next := store.NoticeSettings{Deliveries: maps.Clone(before.Deliveries), DigestHour: req.DigestHour, TimeZone: req.TimeZone}
	maps.Copy(next.Deliveries, req.Deliveries)
	if err := s.store.SaveNoticeSettings(ctx, me.ID, next); err != nil {
		return err
	}
	s.trail.Record(ctx, store.AuditEvent{ActorID: me.ID, Action: audit.ActionNoticeSettings, Item: me.ID,
		Detail: settingsDetail(next), IP: c.RealIP()})
	return endpoint.OK(c, viewSettings(next), m.Notifications.Saved)
}

// settingsDetail is what the audit trail keeps of a member's settings:
// "new-lead now, assigned digest, …; digest 8:00 Asia/Dubai".
func settingsDetail(n store.NoticeSettings) string {
	parts := make([]string, 0, len(store.NoticeKinds))
	for _, k := range store.NoticeKinds {
		parts = append(parts, k+" "+n.Delivery(k))
	}
	return strings.Join(parts, ", ") + "; digest " + strconv.Itoa(n.DigestHour) + ":00 " + n.TimeZone
}
