import { describe, expect, it } from 'vitest';
import { filtersOf, noFilters, queryOf } from './filters';

describe("the inbox's filters in its address", () => {
  it('reads the filters and the page, and writes them back', () => {
    const { filters, page } = filtersOf('?q=Omar&status=new&page=3');
    expect(filters).toEqual({ ...noFilters, q: 'Omar', status: 'new' });
    expect(page).toBe(3);
    expect(queryOf(filters, page)).toBe('q=Omar&status=new&page=3');
  });

  it('leaves out empty filters and the first page, and reads a bad page as the first', () => {
    expect(queryOf({ ...noFilters, q: '  ', kind: 'contact' })).toBe('kind=contact');
    expect(filtersOf('?page=0').page).toBe(1);
    expect(filtersOf('?page=x').page).toBe(1);
  });
});
