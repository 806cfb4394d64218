package forms

import (
	"context"
	"encoding/json"
	"time"

	"noorvale.example/site/api/store"
)

// retentionLockKey names the retention job among PostgreSQL advisory locks.
const retentionLockKey = 7_294_031_301

// retentionBatch is how many submissions one query of the job takes.
const retentionBatch = 100

// day is 24 hours, for the retention periods.
const day = 24 * time.Hour

// DefaultRetention is how long each kind of submission keeps its personal
// fields: a proposal through a long sales cycle, an application through
// the time a rejected candidate may still dispute the decision, a question
// a year, a webinar registration or a download half a year.
var DefaultRetention = map[string]time.Duration{
	KindProposal:    730 * day,
	KindInquiry:     365 * day,
	KindContact:     365 * day,
	KindApplication: 365 * day,
	KindWebinar:     180 * day,
	KindPublication: 180 * day,
}

// anonymousFields are the fields of each kind that identify no one, kept
// when a submission's personal fields are erased: what a request for
// proposal asked for, from a company of which size and country, and how
// soon. Every other field goes, names, addresses, phones, companies, job
// titles, subjects, messages, cover letters and CV file names among them.
var anonymousFields = map[string][]string{
	KindProposal: {"services", "companySize", "timeline", "country"},
}

// Remainder is what stays of a submission's data (a JSON object) once its
// personal fields are erased: the kind's anonymous fields, as a JSON object.
func Remainder(kind, data string) string {
	var fields map[string]any
	_ = json.Unmarshal([]byte(data), &fields)
	kept := map[string]any{}
	for _, k := range anonymousFields[kind] {
		if v, ok := fields[k]; ok {
			kept[k] = v
		}
	}
	out, _ := json.Marshal(kept) // a map of values json.Unmarshal made: never fails
	return string(out)
}

// RunRetention applies the retention periods every hour until ctx ends:
// it deletes CVs older than CV_RETENTION and erases the personal fields
// of submissions older than their kind's period, then scrubs what it
// deleted from the database's files.
func (s *Service) RunRetention(ctx context.Context) {
	tick := time.NewTicker(time.Hour)
	defer tick.Stop()
	for {
		cvs, err := s.DeleteExpiredCVs(ctx)
		if err != nil && ctx.Err() == nil {
			s.log.Error("forms: CV retention job failed", "err", err)
		}
		erased, err := s.EraseExpired(ctx)
		if err != nil && ctx.Err() == nil {
			s.log.Error("forms: retention job failed", "err", err)
		}
		if cvs+erased > 0 {
			if err := s.store.ScrubDeleted(ctx); err != nil && ctx.Err() == nil {
				s.log.Warn("forms: scrubbing erased submissions from the database's files", "err", err)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// DeleteExpiredCVs deletes the CVs of applications older than the
// retention period and records when, and returns how many it deleted.
// Among replicas sharing a PostgreSQL database only one runs it at a time.
// A CV that cannot be deleted stays due and is tried again next time.
func (s *Service) DeleteExpiredCVs(ctx context.Context) (int, error) {
	deleted := 0
	_, err := s.store.TryExclusive(ctx, retentionLockKey, func(ctx context.Context) error {
		now := s.now()
		cutoff := now.Add(-s.retention)
		failed := map[int64]bool{}
		for ctx.Err() == nil {
			due, err := s.store.CVsDue(ctx, cutoff, retentionBatch+len(failed))
			if err != nil {
				return err
			}
			progress := false
			for _, sub := range due {
				if failed[sub.ID] || sub.CVBlobKey == nil {
					continue
				}
				if err := s.blobs.Delete(ctx, *sub.CVBlobKey); err != nil {
					s.log.Error("forms: deleting an expired CV", "submission_id", sub.ID, "err", err)
					failed[sub.ID] = true
					continue
				}
				if err := s.store.MarkCVDeleted(ctx, sub.ID, now); err != nil {
					return err
				}
				deleted++
				progress = true
			}
			if !progress {
				return nil
			}
		}
		return ctx.Err()
	})
	if deleted > 0 {
		s.log.Info("forms: expired CVs deleted", "count", deleted)
	}
	return deleted, err
}

// EraseExpired erases the personal fields of every submission older than
// its kind's retention period, keeping the anonymous remainder, and
// returns how many it erased. Among replicas sharing a PostgreSQL database
// only one runs it at a time. A submission whose CV cannot be deleted
// stays as it is, due, and is tried again next time; an erased one is
// never taken again.
func (s *Service) EraseExpired(ctx context.Context) (int, error) {
	erased := 0
	_, err := s.store.TryExclusive(ctx, retentionLockKey, func(ctx context.Context) error {
		now := s.now()
		for _, kind := range Kinds {
			cutoff := now.Add(-s.erasure[kind])
			failed := map[int64]bool{}
			for ctx.Err() == nil {
				due, err := s.store.SubmissionsDue(ctx, kind, cutoff, retentionBatch+len(failed))
				if err != nil {
					return err
				}
				progress := false
				for i := range due {
					if failed[due[i].ID] {
						continue
					}
					if err := s.Erase(ctx, &due[i]); err != nil {
						s.log.Error("forms: erasing an expired submission", "submission_id", due[i].ID, "err", err)
						failed[due[i].ID] = true
						continue
					}
					erased++
					progress = true
				}
				if !progress {
					break
				}
			}
		}
		return ctx.Err()
	})
	if erased > 0 {
		s.log.Info("forms: personal fields of expired submissions erased", "count", erased)
	}
	return erased, err
}

// Erase erases a submission's personal fields, keeping its anonymous
// remainder: its CV is deleted first, so a CV that cannot be deleted
// leaves the submission as it was, to be erased again.
func (s *Service) Erase(ctx context.Context, sub *store.Submission) error {
	return EraseSubmission(ctx, s.store, s.blobs, sub, s.now())
}

// BlobDeleter deletes stored files; blob.Store is one.
type BlobDeleter interface {
	Delete(ctx context.Context, key string) error
}

// EraseSubmission erases a submission's personal fields at now (see
// Service.Erase), for the retention job and for the back-office's erasure
// of a person alike.
func EraseSubmission(ctx context.Context, st *store.Store, blobs BlobDeleter, sub *store.Submission, now time.Time) error {
	if sub.ErasedAt != nil {
		return nil
	}
	if sub.CVBlobKey != nil && sub.CVDeletedAt == nil && blobs != nil {
		if err := blobs.Delete(ctx, *sub.CVBlobKey); err != nil {
			return err
		}
	}
	return st.EraseSubmission(ctx, sub.ID, Remainder(sub.Kind, sub.Data), now)
}
