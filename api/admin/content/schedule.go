package content

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// Publishing and unpublishing one language at a time chosen in a time
// zone, carried out by a background job within a minute of that time.

// StateScheduled is the state of a language with a plan.
const StateScheduled = "scheduled"

// scheduleLockKey names the scheduled publishing job among PostgreSQL
// advisory locks, so that one replica runs it at a time.
const scheduleLockKey = 7_294_031_302

// scheduleEvery is how often the job looks for plans due.
const scheduleEvery = 30 * time.Second

// scheduleBatch is how many due plans one query of the job takes.
const scheduleBatch = 100

// scheduleView is a language's plan as the back-office shows it.
type scheduleView struct {
	Action   string    `json:"action" tstype:"ScheduleAction"` // publish or unpublish
	Version  int64     `json:"version"`                        // the version to publish, 0 to unpublish
	At       time.Time `json:"at"`                             // UTC
	TimeZone string    `json:"timeZone"`
	By       person    `json:"by"`
}

func viewSchedule(sc store.ContentSchedule, names map[string]string) *scheduleView {
	return &scheduleView{Action: sc.Action, Version: sc.Version, At: sc.DueAt.UTC(), TimeZone: sc.TimeZone,
		By: person{ID: sc.CreatedBy, Name: names[sc.CreatedBy]}}
}

type scheduleRequest struct {
	Action   string    `json:"action" tstype:"ScheduleAction"`
	Version  int64     `json:"version"`
	At       time.Time `json:"at"`
	TimeZone string    `json:"timeZone"`
}

// Schedule plans a publication of one of a language's versions,
// or the unpublication of a live translation, at a time to come; it
// replaces the language's plan if it had one.
//
// POST /api/admin/content/:collection/:slug/:locale/schedule
func (s *Service) Schedule(c echo.Context) error {
	m := access.Text(c)
	k, it, err := s.contentLanguageOf(c)
	if it == nil {
		return err
	}
	req, err := endpoint.Bind[scheduleRequest](c)
	if err != nil {
		return err
	}
	now := s.now()
	req, errs := checkSchedule(req, now, m.Admin)
	if len(errs) > 0 {
		return endpoint.Invalid(c, errs)
	}
	_, live := it.Live[k.Locale]
	if msg := unpublishRefusal(req.Action, k.Locale, live, m.Admin); msg != "" {
		return endpoint.Fail(c, http.StatusConflict, msg)
	}
	me := access.Of(c).Staff
	sc := store.ContentSchedule{Collection: k.Collection, Slug: k.Slug, Locale: k.Locale, Action: req.Action, Version: req.Version,
		DueAt: req.At.UTC(), TimeZone: req.TimeZone, CreatedBy: me.ID, CreatedAt: now}
	err = s.store.ScheduleContent(c.Request().Context(), sc)
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, m.ContentVersionNotFound)
	}
	if err != nil {
		return err
	}
	s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: me.ID, Action: audit.ActionContentSchedule, Item: k.String(),
		Detail: audit.ScheduleDetail(sc), IP: c.RealIP()})
	return endpoint.OK(c, viewSchedule(sc, map[string]string{me.ID: me.Name}), m.ContentScheduled)
}

// checkSchedule reads a plan made at now: publishing needs a version,
// unpublishing drops any, the time zone must be a named one (not the
// server's) and the time still to come. It returns the plan as it is
// stored and a message per field at fault.
func checkSchedule(req scheduleRequest, now time.Time, m *locale.Admin) (scheduleRequest, map[string]string) {
	errs := map[string]string{}
	switch req.Action {
	case store.SchedulePublish:
		if req.Version <= 0 {
			errs["version"] = m.ContentVersionNotFound
		}
	case store.ScheduleUnpublish:
		req.Version = 0
	default:
		errs["action"] = m.ContentScheduleAction
	}
	if _, err := time.LoadLocation(req.TimeZone); err != nil || req.TimeZone == "" || req.TimeZone == "Local" {
		errs["timeZone"] = m.ContentScheduleZone
	}
	if req.At.IsZero() || !req.At.After(now) {
		errs["at"] = m.ContentSchedulePast
	}
	return req, errs
}

// unpublishRefusal says why a plan with action may not be made for a
// language loc, live or not: the English text stays, and only a live
// language can be unpublished. "" when it may.
func unpublishRefusal(action, loc string, live bool, m *locale.Admin) string {
	if action != store.ScheduleUnpublish {
		return ""
	}
	if loc == string(locale.Default) {
		return m.ContentEnglishStays
	}
	if !live {
		return m.ContentNotLive
	}
	return ""
}

// CancelSchedule drops a language's plan.
//
// DELETE /api/admin/content/:collection/:slug/:locale/schedule
func (s *Service) CancelSchedule(c echo.Context) error {
	m := access.Text(c)
	k, it, err := s.contentLanguageOf(c)
	if it == nil {
		return err
	}
	sc, err := s.store.CancelContentSchedule(c.Request().Context(), k)
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, m.ContentNotScheduled)
	}
	if err != nil {
		return err
	}
	s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: access.Of(c).Staff.ID, Action: audit.ActionContentCancel, Item: k.String(),
		Detail: audit.ScheduleDetail(sc), IP: c.RealIP()})
	return endpoint.OK(c, nil, m.ContentScheduleCancelled)
}

// RunSchedules carries out the plans due every 30 seconds until ctx ends.
func (s *Service) RunSchedules(ctx context.Context) {
	tick := time.NewTicker(scheduleEvery)
	defer tick.Stop()
	for {
		if _, err := s.RunDueSchedules(ctx); err != nil && ctx.Err() == nil {
			s.log.Error("admin: scheduled publishing failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// RunDueSchedules carries out every plan due now, each once, and records
// each in the audit trail with no staff member as its actor; it returns
// how many it carried out. A plan whose author may no longer change its
// language is dropped instead, and recorded as voided. Among replicas sharing a PostgreSQL database
// one runs it at a time; a plan taken by two runs all the same is carried
// out by one of them.
func (s *Service) RunDueSchedules(ctx context.Context) (int, error) {
	done, refused, held := 0, 0, 0
	_, err := s.store.TryExclusive(ctx, scheduleLockKey, func(ctx context.Context) error {
		rules, err := s.rules(ctx)
		if err != nil {
			return err
		}
		for ctx.Err() == nil {
			now := s.now()
			due, err := s.store.DueContentSchedules(ctx, now, scheduleBatch)
			if err != nil || len(due) == 0 {
				return err
			}
			acted, dropped := 0, 0
			for _, sc := range due {
				allowed, err := s.authorMay(ctx, sc)
				if err != nil {
					return err
				}
				if !allowed {
					ok, err := s.store.DropContentSchedule(ctx, sc)
					if err != nil {
						return err
					}
					if ok {
						dropped++
						s.trail.Record(ctx, store.AuditEvent{Action: audit.ActionContentVoided, Item: sc.Key().String(), Detail: audit.ScheduleDetail(sc)})
					}
					continue
				}
				approved, err := s.approvedFor(ctx, sc, rules)
				if err != nil {
					return err
				}
				if !approved {
					ok, err := s.store.HoldContentSchedule(ctx, sc, now)
					if err != nil {
						return err
					}
					if ok {
						held++
						s.trail.Record(ctx, store.AuditEvent{Action: audit.ActionReviewHeld, Item: sc.Key().String(), Detail: audit.ScheduleDetail(sc)})
					}
					continue
				}
				ok, err := s.store.RunContentSchedule(ctx, sc, "", now)
				if err != nil {
					return err
				}
				if !ok {
					continue
				}
				acted++
				action, detail := audit.ActionContentUnpublish, "scheduled"
				if sc.Action == store.SchedulePublish {
					action, detail = audit.ActionContentPublish, "version "+strconv.FormatInt(sc.Version, 10)+", scheduled"
				}
				s.trail.Record(ctx, store.AuditEvent{Action: action, Item: sc.Key().String(), Detail: detail})
			}
			done += acted
			refused += dropped
			if len(due) < scheduleBatch {
				return nil
			}
		}
		return ctx.Err()
	})
	if done > 0 {
		s.log.Info("admin: scheduled content carried out", "count", done)
	}
	if held > 0 {
		s.log.Info("admin: scheduled content held, it was not approved", "count", held)
	}
	if refused > 0 {
		s.log.Info("admin: scheduled content refused, its author may no longer change it", "count", refused)
	}
	return done, err
}

// authorMay reports whether the staff member who made a plan may still
// change its language by hand: an account that was disabled, or whose role
// no longer covers the language, publishes nothing on its own. Disabling
// cancels the plans at once; this also catches a plan made while the
// account was being disabled, and the plans of a member whose role
// changed. A plan with no author (made from the command line) is carried
// out.
func (s *Service) authorMay(ctx context.Context, sc store.ContentSchedule) (bool, error) {
	if sc.CreatedBy == "" {
		return true, nil
	}
	m, err := s.store.StaffByID(ctx, sc.CreatedBy)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return authorMayCarryOut(m, sc), nil
}

// authorMayCarryOut reports whether a plan's author, as stored now, may
// still have it carried out: an active account whose role covers the
// plan's language.
func authorMayCarryOut(m *store.Staff, sc store.ContentSchedule) bool {
	return !m.Disabled() && mayWrite(m, sc.Locale)
}
