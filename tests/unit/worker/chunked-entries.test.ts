import { describe, expect, it } from 'vitest';
import { CHUNK, ChunkedEntries } from '../../../sw/api/storage/chunked-entries';
import { haystack, inDayRange, listOrder, type DayRange, type Entry } from '../../../sw/api/storage/search-entries';
import { NAMES, STATUSES, random, type Random } from '../support/random-orders';

/** Dates over a few weeks, many shared (ties fall back to the key), some written with an offset. */
function randomDate(r: Random): string {
  const day = String(1 + r.int(20)).padStart(2, '0');
  const hour = String(r.int(24)).padStart(2, '0');
  return r.int(10) === 0 ? `2026-03-${day}T${hour}:30:00.000+05:00` : `2026-03-${day}T${hour}:00:00.000Z`;
}

const randomEntry = (r: Random, key: number): Entry => ({
  key,
  date: randomDate(r),
  status: r.pick(STATUSES),
  text: haystack([r.pick(NAMES), `#${key}`]),
  facets: [],
  sorts: [],
});

const inListOrder = (entries: Iterable<Entry>): Entry[] => [...entries].sort(listOrder);
const keys = (entries: readonly Entry[]) => entries.map((entry) => entry.key);

/** Every entry forEachMatch visits, in order. */
function matches(list: ChunkedEntries, needle: string | undefined, accepts: (entry: Entry) => boolean, range?: DayRange): Entry[] {
  const found: Entry[] = [];
  list.forEachMatch(needle, accepts, (entry) => found.push(entry), range);
  return found;
}

describe('chunked entries: the search index list in chunks', () => {
  it('inserts and removes one entry at a time in list order, across chunk splits and emptied chunks', () => {
    const r = random(11);
    const list = new ChunkedEntries();
    const held = new Map<number, Entry>();
    // Enough entries that chunks split many times (a chunk splits past 2 × CHUNK).
    for (let key = 0; key < 5 * CHUNK; key++) {
      const entry = randomEntry(r, key);
      list.insert(entry);
      held.set(key, entry);
    }
    expect(keys(list.listed())).toEqual(keys(inListOrder(held.values())));
    for (let round = 0; round < 4 * CHUNK; round++) {
      const key = r.int(5 * CHUNK);
      const entry = held.get(key);
      if (entry) {
        list.remove(entry);
        held.delete(key);
      } else {
        const fresh = randomEntry(r, key);
        list.insert(fresh);
        held.set(key, fresh);
      }
    }
    expect(keys(list.listed())).toEqual(keys(inListOrder(held.values())));
    // Emptied completely, then filled again.
    for (const entry of held.values()) list.remove(entry);
    expect(list.listed()).toEqual([]);
    const again = randomEntry(r, 1);
    list.insert(again);
    expect(list.listed()).toEqual([again]);
  });

  it('leaves the list as it is when asked to remove an entry it does not hold', () => {
    const r = random(12);
    const list = new ChunkedEntries();
    list.remove(randomEntry(r, 1));
    const entries = inListOrder(Array.from({ length: 3 * CHUNK }, (_, key) => randomEntry(r, key)));
    list.reset(entries.slice());
    list.remove(randomEntry(r, 10 * CHUNK));
    expect(keys(list.listed())).toEqual(keys(entries));
  });

  it('merges a large batch: drops the changed keys and merges the new entries into place', () => {
    const r = random(13);
    const list = new ChunkedEntries();
    const old = inListOrder(Array.from({ length: 3 * CHUNK }, (_, key) => randomEntry(r, key)));
    list.reset(old.slice());
    const dropped = new Set<unknown>(old.filter(() => r.int(3) === 0).map((entry) => entry.key));
    const fresh = inListOrder(Array.from({ length: 2 * CHUNK }, (_, i) => randomEntry(r, 3 * CHUNK + i)));
    list.merge(dropped, fresh);
    const expected = inListOrder([...old.filter((entry) => !dropped.has(entry.key)), ...fresh]);
    expect(keys(list.listed())).toEqual(keys(expected));
  });

  it('pages through all entries or one status, skipping whole chunks, as a filter and slice of the list would', () => {
    const r = random(14);
    const list = new ChunkedEntries();
    const entries = inListOrder(Array.from({ length: 4 * CHUNK + 17 }, (_, key) => randomEntry(r, key)));
    list.reset(entries.slice());
    for (const status of [undefined, 'new', 'return']) {
      const listed = entries.filter((entry) => status === undefined || entry.status === status);
      for (const offset of [0, 1, CHUNK - 1, CHUNK, 2 * CHUNK + 5, listed.length - 3, listed.length]) {
        const end = Math.min(offset + 25, listed.length);
        expect(list.pageKeys(status, offset, end), `${status} from ${offset}`).toEqual(keys(listed.slice(offset, end)));
      }
    }
  });

  it('visits the entries holding a needle, within a day range, in list order', () => {
    const r = random(15);
    const list = new ChunkedEntries();
    const entries = inListOrder(Array.from({ length: 3 * CHUNK }, (_, key) => randomEntry(r, key)));
    list.reset(entries.slice());
    const any = () => true;
    const newOnly = (entry: Entry) => entry.status === 'new';
    expect(keys(matches(list, undefined, any))).toEqual(keys(entries));
    for (const needle of ['a', 'lin', '#12', 'no such text']) {
      expect(keys(matches(list, needle, newOnly)), needle).toEqual(keys(entries.filter((entry) => newOnly(entry) && entry.text.includes(needle))));
    }
    for (const range of [{ from: '2026-03-05', to: '2026-03-09' }, { from: '2026-03-18' }, { to: '2026-03-02' }, { from: '2026-03-07', to: '2026-03-07' }, { from: '2026-04-01' }]) {
      const dated = inDayRange(range);
      const inRange = (entry: Entry) => dated(entry.date);
      expect(keys(matches(list, undefined, inRange, range)), JSON.stringify(range)).toEqual(keys(entries.filter(inRange)));
      expect(keys(matches(list, 'an', inRange, range)), JSON.stringify(range)).toEqual(keys(entries.filter((entry) => inRange(entry) && entry.text.includes('an'))));
    }
  });
});
