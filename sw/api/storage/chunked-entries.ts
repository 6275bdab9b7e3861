import type { IndexableType } from 'dexie';
import { compareKeys, countStatuses, listOrder, lowerBound, textBounds } from './search-entries';
import type { DayRange, Entry } from './search-entries';

/** Entries per chunk (a chunk splits in two past twice this). */
export const CHUNK = 1_024;

/**
 * A run of consecutive entries and, once searched, their texts as one string: `indexOf`
 * on it jumps from match to match, which is many times faster in Chromium than calling
 * `includes` on every entry's own string. A write rebuilds only its chunk's string.
 */
interface Chunk {
  entries: Entry[];
  corpus: string | null;
  /** Where each entry's text starts in `corpus` (plus the end), once built. */
  starts: Int32Array | null;
  /** How many of its entries have each status, once counted (a deep page of a status filter skips whole chunks). */
  statuses: Map<unknown, number> | null;
}

/** A position in the list: a chunk and an entry in it. */
interface Position {
  chunk: number;
  at: number;
}

const newChunk = (entries: Entry[]): Chunk => ({ entries, corpus: null, starts: null, statuses: null });

/** A chunk's entries changed: what was made of them is made again when next needed. */
function touched(chunk: Chunk): void {
  chunk.corpus = chunk.starts = chunk.statuses = null;
}

function chunked(entries: Entry[]): Chunk[] {
  const chunks: Chunk[] = [];
  for (let i = 0; i < entries.length; i += CHUNK) chunks.push(newChunk(entries.slice(i, i + CHUNK)));
  return chunks;
}

function statusesOf(chunk: Chunk): Map<unknown, number> {
  if (chunk.statuses === null) chunk.statuses = countStatuses(chunk.entries);
  return chunk.statuses;
}

function corpusOf(chunk: Chunk): { corpus: string; starts: Int32Array } {
  if (chunk.corpus === null || chunk.starts === null) {
    const starts = new Int32Array(chunk.entries.length + 1);
    let at = 0;
    for (let i = 0; i < chunk.entries.length; i++) {
      starts[i] = at;
      at += chunk.entries[i]!.text.length;
    }
    starts[chunk.entries.length] = at;
    chunk.corpus = chunk.entries.map((e) => e.text).join('');
    chunk.starts = starts;
  }
  return { corpus: chunk.corpus, starts: chunk.starts };
}

/**
 * The search index's entries in list order (newest first), kept in chunks of about CHUNK
 * entries (see Chunk): a write moves only its chunk's entries and rebuilds only its chunk's
 * text, and a walk can skip whole chunks (by their length, status counts or dates).
 */
export class ChunkedEntries {
  /** Never an empty one. */
  private chunks: Chunk[] = [];

  /** Makes these entries, in list order, the list. */
  reset(entries: Entry[]): void {
    this.chunks = chunked(entries);
  }

  /** Every entry in list order, as one array. */
  listed(): Entry[] {
    return this.chunks.flatMap((chunk) => chunk.entries);
  }

  /** Puts an entry in its place (a chunk past twice CHUNK splits). */
  insert(entry: Entry): void {
    if (this.chunks.length === 0) {
      this.chunks.push(newChunk([entry]));
      return;
    }
    const { chunk, at } = this.locate(entry);
    const target = this.chunks[chunk]!;
    target.entries.splice(at, 0, entry);
    touched(target);
    if (target.entries.length > 2 * CHUNK) this.chunks.splice(chunk, 1, ...chunked(target.entries));
  }

  /** Takes out the entry of this key found where `entry` (held by the list) sorts; nothing when it is not there. */
  remove(entry: Entry): void {
    if (this.chunks.length === 0) return;
    const { chunk, at } = this.locate(entry);
    const target = this.chunks[chunk]!;
    const found = target.entries[at];
    if (!found || compareKeys(found.key, entry.key) !== 0) return;
    target.entries.splice(at, 1);
    if (target.entries.length === 0) this.chunks.splice(chunk, 1);
    else touched(target);
  }

  /** Drops the entries whose key `dropped` has and merges `fresh` (in list order) in: one pass, for a large batch. */
  merge(dropped: { has(key: unknown): boolean }, fresh: readonly Entry[]): void {
    const kept: Entry[] = [];
    for (const chunk of this.chunks) for (const entry of chunk.entries) if (!dropped.has(entry.key)) kept.push(entry);
    const merged: Entry[] = new Array<Entry>(kept.length + fresh.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < kept.length && j < fresh.length) merged[k++] = listOrder(kept[i]!, fresh[j]!) <= 0 ? kept[i++]! : fresh[j++]!;
    while (i < kept.length) merged[k++] = kept[i++]!;
    while (j < fresh.length) merged[k++] = fresh[j++]!;
    this.chunks = chunked(merged);
  }

  /**
   * The keys of the matching entries [offset, end) in list order (all entries, or those of
   * one status). Whole chunks before the page are skipped by their length (or their count of
   * the status).
   */
  pageKeys(status: string | undefined, offset: number, end: number): IndexableType[] {
    const keys: IndexableType[] = [];
    let seen = 0;
    for (const chunk of this.chunks) {
      if (seen >= end) break;
      const entries = chunk.entries;
      if (seen < offset) {
        const inChunk = status === undefined ? entries.length : (statusesOf(chunk).get(status) ?? 0);
        if (seen + inChunk <= offset) {
          seen += inChunk;
          continue;
        }
      }
      for (let i = 0; i < entries.length && seen < end; i++) {
        const entry = entries[i]!;
        if (status !== undefined && entry.status !== status) continue;
        if (seen >= offset) keys.push(entry.key);
        seen++;
      }
    }
    return keys;
  }

  /**
   * Visits, in list order, each entry whose text holds the needle (every entry when none) and
   * that `accepts` (which need not check the text again). With a day range only the range's
   * part of the list is walked (found by binary search: the list is in date order); `accepts`
   * checks the range exactly.
   */
  forEachMatch(needle: string | undefined, accepts: (entry: Entry) => boolean, visit: (entry: Entry) => void, range?: DayRange): void {
    const bounds = range === undefined ? undefined : textBounds(range);
    const start = bounds?.high === undefined ? { chunk: 0, at: 0 } : this.firstBelow(bounds.high);
    const end = bounds?.low === undefined ? { chunk: this.chunks.length, at: 0 } : this.firstBelow(bounds.low);
    for (let c = start.chunk; c < this.chunks.length && c <= end.chunk; c++) {
      const chunk = this.chunks[c]!;
      const entries = chunk.entries;
      const first = c === start.chunk ? start.at : 0;
      const last = c === end.chunk ? end.at : entries.length;
      if (first >= last) continue;
      if (needle === undefined) {
        for (let i = first; i < last; i++) if (accepts(entries[i]!)) visit(entries[i]!);
        continue;
      }
      const { corpus, starts } = corpusOf(chunk);
      // Matches come in corpus order, so the entry holding each is found by stepping on from
      // the last one (a needle in most entries, as a first typed letter is, costs a step each).
      let i = first;
      let found = corpus.indexOf(needle, starts[i]!);
      while (found !== -1) {
        while (starts[i + 1]! <= found) i++;
        if (i >= last) break;
        if (accepts(entries[i]!)) visit(entries[i]!);
        found = corpus.indexOf(needle, starts[++i]!);
      }
    }
  }

  /** The chunk that holds (or would hold) `probe`, and the position in it: the first entry not before it. */
  private locate(probe: Entry): Position {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const entries = this.chunks[mid]!.entries;
      if (listOrder(entries[entries.length - 1]!, probe) < 0) low = mid + 1;
      else high = mid;
    }
    return { chunk: low, at: lowerBound(this.chunks[low]!.entries, probe, listOrder) };
  }

  /** The first position in list order (newest first) whose date is before `bound` (IndexedDB key order). */
  private firstBelow(bound: string): Position {
    const below = (entry: Entry) => compareKeys(entry.date, bound) < 0;
    let low = 0;
    let high = this.chunks.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const entries = this.chunks[mid]!.entries;
      if (below(entries[entries.length - 1]!)) high = mid;
      else low = mid + 1;
    }
    if (low === this.chunks.length) return { chunk: low, at: 0 };
    const entries = this.chunks[low]!.entries;
    let at = 0;
    let end = entries.length - 1;
    while (at < end) {
      const mid = (at + end) >>> 1;
      if (below(entries[mid]!)) end = mid;
      else at = mid + 1;
    }
    return { chunk: low, at };
  }
}
