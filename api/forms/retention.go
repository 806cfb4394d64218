package forms

import (
	"context"
	"time"
)

// retentionLockKey names the CV retention job among PostgreSQL advisory locks.
const retentionLockKey = 7_294_031_301

// retentionBatch is how many CVs one query of the job takes.
const retentionBatch = 100

// RunRetention deletes CVs older than the retention period every hour
// until ctx ends.
func (s *Service) RunRetention(ctx context.Context) {
	tick := time.NewTicker(time.Hour)
	defer tick.Stop()
	for {
		if _, err := s.DeleteExpiredCVs(ctx); err != nil && ctx.Err() == nil {
			s.log.Error("forms: CV retention job failed", "err", err)
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
