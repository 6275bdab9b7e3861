import { describe, expect, it } from 'vitest';
import { apiListQuery, listSearchSchema } from '@/components/data-table/list-search';

const schema = listSearchSchema(['verified', 'waiting'] as const, ['createAt', 'name'] as const);

describe('list URL state', () => {
  it('gives the defaults for an empty query', () => {
    expect(schema.parse({})).toEqual({ page: 1, pageSize: 10, search: '', status: undefined, sort: undefined, order: undefined });
  });

  it('keeps valid values, coercing numbers from the URL and trimming the search', () => {
    expect(schema.parse({ page: '3', pageSize: '25', search: '  ann ', status: 'waiting', sort: 'name', order: 'asc' })).toEqual({
      page: 3,
      pageSize: 25,
      search: 'ann',
      status: 'waiting',
      sort: 'name',
      order: 'asc',
    });
    expect(schema.parse({ pageSize: 50 }).pageSize).toBe(50);
  });

  it('falls back to the default for each invalid value, never failing', () => {
    const parsed = schema.parse({ page: '-2', pageSize: '7', search: 42, status: 'deleted', sort: 'password', order: 'sideways' });
    expect(parsed).toEqual({ page: 1, pageSize: 10, search: '', status: undefined, sort: undefined, order: undefined });
    expect(schema.parse({ page: '2.5' }).page).toBe(1);
    expect(schema.parse({ page: 'abc' }).page).toBe(1);
    expect(schema.parse({ search: 'x'.repeat(500) }).search).toBe('');
  });

  it('leaves defaults out of the API query', () => {
    expect(apiListQuery(schema.parse({}))).toEqual({ page: 1, pageSize: undefined, search: undefined, status: undefined, sort: undefined, order: undefined });
    expect(apiListQuery(schema.parse({ page: '2', pageSize: '50', search: 'a', status: 'verified', sort: 'name', order: 'desc' }))).toEqual({
      page: 2,
      pageSize: 50,
      search: 'a',
      status: 'verified',
      sort: 'name',
      order: 'desc',
    });
    // An order without a sort means nothing to the API.
    expect(apiListQuery(schema.parse({ order: 'asc' })).order).toBeUndefined();
  });
});

describe('list URL state with a list-specific filter', () => {
  const withCategory = listSearchSchema(['published', 'draft'] as const, ['createdAt', 'title'] as const, { category: ['fashion', 'office'] as const });

  it('keeps a known filter value, drops an unknown one, and passes it to the API', () => {
    expect(withCategory.parse({ category: 'office' }).category).toBe('office');
    expect(withCategory.parse({ category: 'weapons' }).category).toBeUndefined();
    expect(apiListQuery(withCategory.parse({ category: 'fashion', status: 'draft' }))).toMatchObject({ category: 'fashion', status: 'draft' });
    expect(apiListQuery(withCategory.parse({})).category).toBeUndefined();
  });
});
