package store

import "database/sql"

// PoolStats returns the connection pool's statistics, for the metrics.
func (s *Store) PoolStats() sql.DBStats {
	sqlDB, err := s.db.DB()
	if err != nil {
		return sql.DBStats{}
	}
	return sqlDB.Stats()
}
