import { setImmediate as nextTurn } from 'node:timers/promises';

/** Spans of text up to this long go to the parser whole (a few milliseconds of the densest JSON). */
export const SLICE_CHARS = 32 * 1024;
/** About this much text is scanned or parsed in one turn of the event loop. */
const TURN_CHARS = 64 * 1024;

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
  /** Characters scanned or parsed since the last turn. */
  let work = 0;
  const parseNow = (span: string): unknown => {
    work += span.length;
    return parseLeaf(span);
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
    return parseNow(text.slice(from, to));
  };

  /**
   * Calls `child(from, to, colon)` for each top-level child of the container whose inside is
   * [from, to): its span (commas excluded) and its first top-level colon (-1 when none). A blank
   * child is refused (`[1,,2]`, `[1,]`), unless it is the whole inside (`[ ]`: no children). A
   * short child is taken at once (`child` answers nothing); a long one is waited for (an await
   * per child cost more than the parsing).
   */
  const children = async (from: number, to: number, child: (from: number, to: number, colon: number) => Promise<void> | void) => {
    let depth = 0;
    let inString = false;
    let start = from;
    let colon = -1;
    let blank = true;
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
        if (blank) throw broken();
        const long = child(start, i, colon);
        if (long) await long;
        start = i + 1;
        colon = -1;
        blank = true;
      }
      if (++work >= TURN_CHARS) {
        work = 0;
        await nextTurn();
      }
    }
    if (inString || depth !== 0) throw broken();
    if (blank && start === from) return;
    if (blank) throw broken();
    await child(start, to, colon);
  };

  /** Consecutive short children of a container, parsed together once they come to SLICE_CHARS. */
  const batches = (take: (span: string) => void) => {
    let from = -1;
    let to = -1;
    return {
      add(start: number, end: number) {
        if (from >= 0 && end - from > SLICE_CHARS) this.flush();
        if (from < 0) from = start;
        to = end;
      },
      flush() {
        if (from < 0) return;
        take(text.slice(from, to));
        from = -1;
      },
    };
  };

  const array = async (from: number, to: number): Promise<unknown[]> => {
    const out: unknown[] = [];
    const batch = batches((span) => {
      for (const item of parseNow(`[${span}]`) as unknown[]) out.push(item);
    });
    await children(from, to, (start, end) => {
      if (end - start <= SLICE_CHARS) return batch.add(start, end);
      batch.flush();
      return value(start, end).then((item) => void out.push(item));
    });
    batch.flush();
    return out;
  };

  const object = async (from: number, to: number): Promise<Record<string, unknown>> => {
    const out: Record<string, unknown> = {};
    const batch = batches((span) => Object.assign(out, parseNow(`{${span}}`)));
    await children(from, to, (start, end, colon) => {
      if (end - start <= SLICE_CHARS) return batch.add(start, end);
      if (colon < 0) throw broken();
      batch.flush();
      const key = parseNow(text.slice(start, colon));
      if (typeof key !== 'string' || key === '__proto__') throw broken();
      return value(colon + 1, end).then((member) => {
        // As Fastify's parser: a `constructor` holding a `prototype` is refused.
        if (key === 'constructor' && typeof member === 'object' && member !== null && Object.hasOwn(member, 'prototype')) throw broken();
        out[key] = member;
      });
    });
    batch.flush();
    return out;
  };

  return value(text.charCodeAt(0) === 0xfeff ? 1 : 0, text.length);
}
