import { ApiError, INVALID_REQUEST } from '../errors';

/*
 * What the shop's database can store: PostgreSQL's jsonb refuses a NUL character (`\u0000`) and
 * a lone UTF-16 surrogate in any string or key, and JSON has no Infinity (`1e400` parses to it
 * and would be stored as null). A write holding one is refused by this one rule, in the worker
 * (so a device refuses it at once, offline too) and on the server (so no device's mutation can
 * make the database fail, which would stop that device's sync behind it).
 */

/** Deeper nesting than any write of the /api contract (an order's items are 4 levels down). */
export const MAX_NESTING = 32;

/** A NUL, or a surrogate that is not half of a pair. */
// eslint-disable-next-line no-control-regex -- finding the NUL is the point
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface UnstorableValue {
  /** Where: `body.items.2.name`, `query.id`. */
  path: string;
  problem: string;
}

/** The first value in `value` the database could not store as it is, or undefined. Bounded: never deeper than MAX_NESTING. */
export function unstorableValue(value: unknown, path = '(body)'): UnstorableValue | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const found = check(item.value, item.path);
    if (found) return found;
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_NESTING) return { path: item.path, problem: `is nested more than ${MAX_NESTING} levels deep` };
    for (const [key, child] of Object.entries(item.value)) {
      const childPath = `${item.path}.${storableText(key)}`;
      if (UNSTORABLE_TEXT.test(key)) return { path: childPath, problem: textProblem(key) };
      stack.push({ value: child, path: childPath, depth: item.depth + 1 });
    }
  }
  return undefined;
}

function check(value: unknown, path: string): UnstorableValue | undefined {
  if (typeof value === 'string' && UNSTORABLE_TEXT.test(value)) return { path, problem: textProblem(value) };
  if (typeof value === 'number' && !Number.isFinite(value)) return { path, problem: 'is not a finite number' };
  return undefined;
}

/** The text with each unstorable character written as its escape (`\u0000`): a message naming a key can itself be stored. */
export const storableText = (text: string): string =>
  text.replace(new RegExp(UNSTORABLE_TEXT.source, 'g'), (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

const textProblem = (text: string) => (text.includes('\u0000') ? 'contains a NUL character (\\u0000), which cannot be stored' : 'contains a broken character (a lone UTF-16 surrogate)');

/** The rule as the API answers it: a 400 naming the place. */
export function assertStorable(value: unknown, path?: string): void {
  const found = unstorableValue(value, path);
  if (found) throw new ApiError(400, `${INVALID_REQUEST}: ${found.path} ${found.problem}`, [{ path: found.path, message: found.problem }]);
}
