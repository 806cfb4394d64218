package store_test

import (
	"context"
	"reflect"
	"testing"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

func TestSearchCounts(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		batches := [][]store.SearchCount{
			{
				{Day: "2026-11-28", Locale: "en", Words: "iso 27001", Searches: 3, Misses: 0},
				{Day: "2026-11-28", Locale: "ar", Words: "اختبار", Searches: 1, Misses: 1},
			},
			{
				{Day: "2026-11-28", Locale: "en", Words: "iso 27001", Searches: 2, Misses: 1},
				{Day: "2026-11-29", Locale: "fr", Words: "test d'intrusion", Searches: 1},
				{Day: "2026-11-30", Locale: "en", Words: "soc2", Searches: 1},
			},
		}
		for _, b := range batches {
			if err := s.AddSearchCounts(ctx, b); err != nil {
				t.Fatal(err)
			}
		}
		tests := []struct {
			name        string
			first, last string
			want        []store.SearchCount
		}{
			{"one day adds up", "2026-11-28", "2026-11-28", []store.SearchCount{
				{Day: "2026-11-28", Locale: "en", Words: "iso 27001", Searches: 5, Misses: 1},
				{Day: "2026-11-28", Locale: "ar", Words: "اختبار", Searches: 1, Misses: 1},
			}},
			{"a range includes both ends", "2026-11-29", "2026-11-30", []store.SearchCount{
				{Day: "2026-11-29", Locale: "fr", Words: "test d'intrusion", Searches: 1},
				{Day: "2026-11-30", Locale: "en", Words: "soc2", Searches: 1},
			}},
			{"a day without searches", "2026-12-01", "2026-12-31", []store.SearchCount{}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				got, err := s.SearchCounts(ctx, tt.first, tt.last)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, tt.want) {
					t.Fatalf("got %+v, want %+v", got, tt.want)
				}
			})
		}
	})
}
