import { describe, expect, it } from 'vitest';
import {
  flattenOptions,
  optionName,
  recordGroup,
  resultsAnnouncement,
  type PaletteGroup,
  type PaletteOption,
  type RecordTarget,
} from '@/components/command-palette/palette-results';

const order = (id: number, customer: string): PaletteOption<RecordTarget> => ({
  key: `orders-${id}`,
  label: `#IN${String(id).padStart(4, '0')}`,
  detail: [customer, '$10.00'],
  target: { to: '/orders/$id', params: { id: String(id) } },
});
const screen: PaletteOption = { key: 'screens-orders', label: 'Orders', detail: [], target: { to: '/orders' } };

const group = (id: PaletteGroup['id'], options: PaletteOption[], extra: Partial<PaletteGroup> = {}): PaletteGroup => ({
  id,
  heading: id.charAt(0).toUpperCase() + id.slice(1),
  options,
  pending: false,
  error: null,
  ...extra,
});

describe('palette record groups', () => {
  it('searches nothing for an empty query', () => {
    expect(recordGroup('orders', 'Orders', '', { query: 'jane', options: [order(1, 'Jane')] })).toEqual(group('orders', []));
  });

  it('is pending until its search answers the query', () => {
    expect(recordGroup('orders', 'Orders', 'jane', undefined)).toEqual(group('orders', [], { pending: true }));
  });

  it("keeps the previous query's options on screen, pending, until the new answer arrives", () => {
    const previous = { query: 'jan', options: [order(1, 'Jane'), order(2, 'Janet')] };
    expect(recordGroup('orders', 'Orders', 'jane', previous)).toEqual(group('orders', previous.options, { pending: true }));
    // A previous error is not carried over: the group is simply pending.
    expect(recordGroup('orders', 'Orders', 'jane', { query: 'jan', error: 'Offline' })).toEqual(group('orders', [], { pending: true }));
  });

  it("shows the answer to the current query, or that query's error", () => {
    const answer = { query: 'jane', options: [order(1, 'Jane')] };
    expect(recordGroup('orders', 'Orders', 'jane', answer)).toEqual(group('orders', answer.options));
    expect(recordGroup('orders', 'Orders', 'jane', { query: 'jane', error: 'The offline back end is not running yet; reload the page.' })).toEqual(
      group('orders', [], { error: 'The offline back end is not running yet; reload the page.' }),
    );
  });
});

describe('palette listbox', () => {
  it('flattens the groups into one list in group order, skipping empty groups', () => {
    const groups = [group('screens', [screen]), group('orders', [order(1, 'Jane'), order(2, 'Jo')]), group('invoices', []), group('users', [])];
    expect(flattenOptions(groups).map((o) => o.key)).toEqual(['screens-orders', 'orders-1', 'orders-2']);
    expect(flattenOptions([])).toEqual([]);
  });

  it("names an option by its label and secondary line", () => {
    expect(optionName(order(7, 'Jane Doe'))).toBe('#IN0007, Jane Doe, $10.00');
    expect(optionName(screen)).toBe('Orders');
  });
});

describe('palette announcement', () => {
  it('says nothing for an empty query or while any group is pending', () => {
    expect(resultsAnnouncement('', [group('screens', [screen])])).toBe('');
    expect(resultsAnnouncement('  ', [group('screens', [screen])])).toBe('');
    expect(resultsAnnouncement('ord', [group('screens', [screen]), group('orders', [order(1, 'A')], { pending: true })])).toBe('');
  });

  it('counts the results of every group', () => {
    expect(resultsAnnouncement('ord', [group('screens', [screen]), group('orders', [order(1, 'A'), order(2, 'B')])])).toBe('3 results');
    expect(resultsAnnouncement('ord', [group('screens', [screen]), group('orders', [])])).toBe('1 result');
  });

  it('says when nothing matched, quoting the query as typed (trimmed)', () => {
    expect(resultsAnnouncement('  Zebra ', [group('screens', []), group('orders', [])])).toBe('No results for “Zebra”');
  });

  it('names the groups that could not be searched', () => {
    const offline = 'Could not reach the offline back end; reload the page.';
    expect(resultsAnnouncement('jane', [group('screens', []), group('orders', [], { error: offline }), group('users', [])])).toBe(
      'No results for “jane”. Orders could not be searched.',
    );
    expect(
      resultsAnnouncement('jane', [
        group('screens', []),
        group('orders', [], { error: offline }),
        group('invoices', [], { error: offline }),
        group('users', [], { error: offline }),
        group('products', [order(3, 'Jane')]),
      ]),
    ).toBe('1 result. Orders, Invoices and Users could not be searched.');
  });
});
