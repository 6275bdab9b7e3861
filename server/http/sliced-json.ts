import { setImmediate as nextTurn } from 'node:timers/promises';

/** Spans of text up to this long go to the parser whole (a few milliseconds of the densest JSON). */
export const SLICE_CHARS = 64 * 1024;
/** About this much text is scanned or parsed in one turn of the event loop. */
const TURN_CHARS = 128 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

const broken = () => new SyntaxError('Invalid JSON');

/**
 * JSON.parse of a large text in slices, the event loop free between them: one JSON.parse of a
 * 3 MB body of tiny values held the copy's event loop for 100–250 ms, and every other request
 * (an honest push among them) waited that long. A container longer than SLICE_CHARS is split at
 * its top-level commas (strings and nesting skipped), its short children parsed together by
 * `parseLeaf` (`[a,b,c]` or `{…}` in one call), its long ones split again. Every character is
 * inside a span `parseLeaf` checks, so the text is valid exactly when JSON.parse finds it so,
 * and the value is the same. `parseLeaf` is Fastify's own parser (a `__proto__` key refused);
 * a key joined here by hand is checked the same way.
 */
export async function parseSliced(text: string, parseLeaf: (text: string) => unknown): Promise<unknown> {
  let spent = 0;
  const spend = async (chars: number) => {
    spent += chars;
    if (spent < TURN_CHARS) return;
    spent = 0;
    await nextTurn();
  };

  const value = async (from: number, to: number): Promise<unknown> => {
    while (from < to && isSpace(text.charCodeAt(from))) from++;
    while (to > from && isSpace(text.charCodeAt(to - 1))) to--;
    const open = text.charCodeAt(from);
    const close = text.charCodeAt(to - 1);
    if (to - from > SLICE_CHARS && open === OPEN_ARRAY) {
      if (close !== CLOSE_ARRAY) throw broken();
      return array(from + 1, to - 1);
    }
    if (to - from > SLICE_CHARS && open === OPEN_OBJECT) {
      if (close !== CLOSE_OBJECT) throw broken();
      return object(from + 1, to - 1);
    }
    // Short, or one long string or number: whole.
    await spend(to - from);
    return parseLeaf(text.slice(from, to));
  };

  /**
   * Calls `child(from, to, colon)` for each top-level child of the container whose inside is
   * [from, to): its span (commas excluded) and its first top-level colon (-1 when none). A blank
   * child is refused (`[1,,2]`, `[1,]`), unless it is the whole inside (`[ ]`: no children).
   */
  const children = async (from: number, to: number, child: (from: number, to: number, colon: number) => Promise<void>) => {
    let depth = 0;
    let inString = false;
    let start = from;
    let colon = -1;
    let blank = true;
    let scanned = 0;
    const emit = async (end: number) => {
      if (blank) throw broken();
      await child(start, end, colon);
    };
    for (let i = from; i < to; i++) {
      const code = text.charCodeAt(i);
      // Anything but blanks and the separating comma is content.
      if (blank && !isSpace(code) && (inString || depth !== 0 || code !== COMMA)) blank = false;
      if (inString) {
        if (code === BACKSLASH) i++;
        else if (code === QUOTE) inString = false;
      } else if (code === QUOTE) inString = true;
      else if (code === OPEN_ARRAY || code === OPEN_OBJECT) depth++;
      else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
        if (--depth < 0) throw broken();
      } else if (depth === 0 && code === COLON && colon < 0) colon = i;
      else if (depth === 0 && code === COMMA) {
        await emit(i);
        start = i + 1;
        colon = -1;
        blank = true;
      }
      if (++scanned === TURN_CHARS) {
        scanned = 0;
        await nextTurn();
      }
    }
    if (inString || depth !== 0) throw broken();
    if (blank && start === from) return;
    await emit(to);
  };

  const array = async (from: number, to: number): Promise<unknown[]> => {
    const out: unknown[] = [];
    // Consecutive short children, parsed together.
    let batchFrom = -1;
    let batchTo = -1;
    const flush = async () => {
      if (batchFrom < 0) return;
      await spend(batchTo - batchFrom);
      for (const item of parseLeaf(`[${text.slice(batchFrom, batchTo)}]`) as unknown[]) out.push(item);
      batchFrom = -1;
    };
    await children(from, to, async (start, end) => {
      if (end - start > SLICE_CHARS) {
        await flush();
        out.push(await value(start, end));
        return;
      }
      if (batchFrom >= 0 && end - batchFrom > SLICE_CHARS) await flush();
      if (batchFrom < 0) batchFrom = start;
      batchTo = end;
    });
    await flush();
    return out;
  };

  const object = async (from: number, to: number): Promise<Record<string, unknown>> => {
    const out: Record<string, unknown> = {};
    let batchFrom = -1;
    let batchTo = -1;
    const flush = async () => {
      if (batchFrom < 0) return;
      await spend(batchTo - batchFrom);
      Object.assign(out, parseLeaf(`{${text.slice(batchFrom, batchTo)}}`));
      batchFrom = -1;
    };
    await children(from, to, async (start, end, colon) => {
      if (end - start > SLICE_CHARS) {
        if (colon < 0) throw broken();
        await flush();
        const key = parseLeaf(text.slice(start, colon));
        if (typeof key !== 'string' || key === '__proto__') throw broken();
        const member = await value(colon + 1, end);
        // As Fastify's parser: a `constructor` holding a `prototype` is refused.
        if (key === 'constructor' && typeof member === 'object' && member !== null && Object.hasOwn(member, 'prototype')) throw broken();
        out[key] = member;
        return;
      }
      if (batchFrom >= 0 && end - batchFrom > SLICE_CHARS) await flush();
      if (batchFrom < 0) batchFrom = start;
      batchTo = end;
    });
    await flush();
    return out;
  };

  return value(text.charCodeAt(0) === 0xfeff ? 1 : 0, text.length);
}
