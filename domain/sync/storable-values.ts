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

/** A container being walked: its keys (none for an array: its indexes) and the next child to visit, last first. */
interface Frame {
  container: object;
  keys: string[] | undefined;
  next: number;
  path: string;
  depth: number;
}

/**
 * The first value in `value` the database could not store as it is, or undefined. Bounded: never
 * deeper than MAX_NESTING, and holding one frame per level, not one per value (a body of a
 * million small numbers is 2 MB of JSON, and a path string and an entry each would be hundreds
 * of MB: the server's capped heap runs out). Children are visited last first, each container's
 * keys checked before its children.
 */
export function unstorableValue(value: unknown, path = '(body)'): UnstorableValue | undefined {
  const stack: Frame[] = [];
  // Checks a value; a container within the nesting limit becomes the next frame.
  const enter = (item: unknown, at: () => string, depth: number): UnstorableValue | undefined => {
    const problem = valueProblem(item);
    if (problem) return { path: at(), problem };
    if (typeof item !== 'object' || item === null) return undefined;
    const itemPath = at();
    if (depth >= MAX_NESTING) return { path: itemPath, problem: `is nested more than ${MAX_NESTING} levels deep` };
    const keys = Array.isArray(item) ? undefined : Object.keys(item);
    for (const key of keys ?? []) if (UNSTORABLE_TEXT.test(key)) return { path: `${itemPath}.${storableText(key)}`, problem: textProblem(key) };
    stack.push({ container: item, keys, next: (keys ?? (item as unknown[])).length - 1, path: itemPath, depth });
    return undefined;
  };
  const found = enter(value, () => path, 0);
  if (found) return found;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next < 0) {
      stack.pop();
      continue;
    }
    const index = frame.next--;
    const key = frame.keys ? frame.keys[index]! : index;
    const child = (frame.container as Record<string | number, unknown>)[key];
    const childFound = enter(child, () => `${frame.path}.${typeof key === 'string' ? storableText(key) : key}`, frame.depth + 1);
    if (childFound) return childFound;
  }
  return undefined;
}

function valueProblem(value: unknown): string | undefined {
  if (typeof value === 'string' && UNSTORABLE_TEXT.test(value)) return textProblem(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return 'is not a finite number';
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
