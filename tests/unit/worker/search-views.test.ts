import { describe, expect, it } from 'vitest';
import { MAX_FILTERED_VIEWS, SearchViews, sortOrder, sortedByField, viewKey, type FilteredView, type FilteredViewQuery } from '../../../sw/api/storage/search-views';
import { haystack, listOrder, type Entry } from '../../../sw/api/storage/search-entries';

const query = (fields: Partial<FilteredViewQuery> = {}): FilteredViewQuery => ({ status: undefined, facets: [], needle: undefined, sort: undefined, range: undefined, ...fields });

const entry = (key: number, date: string, name: string, amount: number | null, status = 'new'): Entry => ({
  key,
  date,
  status,
  text: haystack([name]),
  facets: [],
  sorts: [date, amount],
});

/** A filtered view of these entries (in list order) holding those with the key's needle. */
function filteredView(fields: Partial<FilteredViewQuery>, entries: readonly Entry[]): FilteredView {
  const key = viewKey(query(fields));
  const accepts = (e: Entry) => key.needle === undefined || e.text.includes(key.needle);
  return { key, entries: entries.filter(accepts), compare: listOrder, accepts };
}

describe('search views: the view keys', () => {
  it('gives equal queries one key text and different ones different texts', () => {
    const same = [
      query({ status: 'new', facets: [[0, 'Paypal']], needle: 'ann', sort: { field: 'amount', order: 'asc' } }),
      query({ status: 'new', facets: [[0, 'Paypal']], needle: 'ann', sort: { field: 'amount', order: 'asc' } }),
    ];
    expect(viewKey(same[0]!).text).toBe(viewKey(same[1]!).text);
    expect(viewKey(query({ range: { from: '2026-01-01' } })).text).toBe(viewKey(query({ range: { from: '2026-01-01', to: undefined } })).text);

    const different = [
      query(),
      query({ status: 'new' }),
      query({ facets: [[0, 'Paypal']] }),
      query({ facets: [[1, 'Paypal']] }),
      query({ facets: [[0, 'Visa']] }),
      query({ needle: 'ann' }),
      query({ needle: 'an' }),
      // A needle holding what a text built by joining fields would use to separate them.
      query({ needle: 'ann|amount|asc' }),
      query({ needle: 'ann', sort: { field: 'amount', order: 'asc' } }),
      query({ needle: 'ann', sort: { field: 'amount', order: 'desc' } }),
      query({ needle: 'ann', sort: { field: 'name', order: 'asc' } }),
      query({ range: { from: '2026-01-01' } }),
      query({ range: { to: '2026-01-01' } }),
      query({ range: { from: '2026-01-01', to: '2026-01-31' } }),
      query({ status: 'new', range: { from: '2026-01-01' } }),
    ];
    const texts = new Set(different.map((q) => viewKey(q).text));
    expect(texts.size).toBe(different.length);
  });

  it('keeps the query it was made from', () => {
    const asked = query({ status: 'new', needle: 'ann', range: { from: '2026-01-01' } });
    expect(viewKey(asked)).toMatchObject(asked);
  });
});

describe('search views: the kept views', () => {
  const listed = [entry(4, '2026-01-04', 'Hannah Annan', 5), entry(3, '2026-01-03', 'Ann', null), entry(2, '2026-01-02', 'Amelia Hart', 10), entry(1, '2026-01-01', 'lin chen', 5)];

  it('sorts by one field with ties in list order, missing values last', () => {
    expect(sortedByField(listed, 1, false).map((e) => e.key)).toEqual([4, 1, 2, 3]);
    expect(sortedByField(listed, 1, true).map((e) => e.key)).toEqual([2, 4, 1, 3]);
    const compare = sortOrder(1, false);
    const sorted = sortedByField(listed, 1, false);
    for (let i = 1; i < sorted.length; i++) expect(compare(sorted[i - 1]!, sorted[i]!)).toBeLessThan(0);
  });

  it('answers a kept view by an equal key, and finds the smallest list-order view of the same filters whose needle is inside', () => {
    const views = new SearchViews();
    views.keepFiltered(filteredView({ needle: 'a' }, listed), listed.length * 10);
    views.keepFiltered(filteredView({ needle: 'an' }, listed), listed.length * 10);
    views.keepFiltered(filteredView({ needle: 'an', status: 'new', sort: { field: 'amount', order: 'asc' } }, listed), listed.length * 10);
    views.keepFiltered(filteredView({ needle: 'an', range: { from: '2026-01-02' } }, listed), listed.length * 10);

    expect(views.filteredView(viewKey(query({ needle: 'an' })))?.entries.map((e) => e.key)).toEqual([4, 3]);
    expect(views.filteredView(viewKey(query({ needle: 'ann' })))).toBeUndefined();
    expect(views.widerView(viewKey(query({ needle: 'ann' })))?.key.needle).toBe('an');
    expect(views.widerView(viewKey(query({ needle: 'xa' })))?.key.needle).toBe('a');
    // Another status, or no needle, has no wider view here.
    expect(views.widerView(viewKey(query({ needle: 'ann', status: 'new' })))).toBeUndefined();
    expect(views.widerView(viewKey(query()))).toBeUndefined();
  });

  it('counts a kept view of the same filters without a needle as wider than any needle', () => {
    const views = new SearchViews();
    views.keepFiltered(filteredView({ status: 'new', facets: [[0, 'Paypal']] }, listed), 100);
    expect(views.widerView(viewKey(query({ status: 'new', facets: [[0, 'Paypal']], needle: 'ann' })))?.key.needle).toBeUndefined();
    expect(views.widerView(viewKey(query({ status: 'new', facets: [[0, 'Visa']], needle: 'ann' })))).toBeUndefined();
  });

  it('keeps at most MAX_FILTERED_VIEWS, dropping the least recently used', () => {
    const views = new SearchViews();
    const needles = Array.from({ length: MAX_FILTERED_VIEWS + 2 }, (_, i) => `needle ${i}`);
    for (const needle of needles) {
      views.keepFiltered(filteredView({ needle }, listed), 1_000);
      // The first one is asked again each time: it stays.
      views.filteredView(viewKey(query({ needle: needles[0] })));
    }
    const kept = needles.filter((needle) => views.filteredView(viewKey(query({ needle }))) !== undefined);
    expect(kept).toEqual([needles[0], ...needles.slice(3)]);
  });

  it('patches each view as entries leave and join, and drops them all when cleared', () => {
    const views = new SearchViews();
    const byAmount = { field: 'amount', order: 'asc' } as const;
    views.keepSorted(byAmount, { entries: sortedByField(listed, 1, false), compare: sortOrder(1, false) });
    views.keepFiltered(filteredView({ needle: 'an' }, listed), 100);

    views.removed(listed[0]!);
    const joining = entry(5, '2026-01-05', 'Anna', 7);
    views.inserted(joining);
    expect(views.sortedView(byAmount)?.entries.map((e) => e.key)).toEqual([1, 5, 2, 3]);
    expect(views.filteredView(viewKey(query({ needle: 'an' })))?.entries.map((e) => e.key)).toEqual([5, 3]);
    // An entry the view does not take stays out of it.
    views.inserted(entry(6, '2026-01-06', 'Zoë', 1));
    expect(views.filteredView(viewKey(query({ needle: 'an' })))?.entries.map((e) => e.key)).toEqual([5, 3]);

    views.clear();
    expect(views.sortedView(byAmount)).toBeUndefined();
    expect(views.filteredView(viewKey(query({ needle: 'an' })))).toBeUndefined();
  });
});
