import { ApiError, INVALID_REQUEST } from '../errors';

/*
 * A client may send a record back as it read it: the fields the server computes (ids,
 * creation dates, sums, histories, ratings) come along. Each is dropped when it equals the
 * stored value or the value this write computes, and refused, naming the field, when it
 * differs from both: a client cannot set them, and is told so instead of being ignored.
 */

/** Equality of JSON values (key order aside): what a record sent back holds against what is stored. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  const aKeys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const bKeys = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return aKeys.length === bKeys.length && aKeys.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** The 400 for a server-owned field sent with another value. */
export function serverFieldError(path: string, reason = 'is set by the server'): ApiError {
  const message = `${path} ${reason}: leave it out or send it unchanged`;
  return new ApiError(400, `${INVALID_REQUEST}: ${message}`, [{ path, message }]);
}

/**
 * `body` without the server's `fields`. A field is accepted (and dropped) when the body
 * leaves it out, or sends the value `current` holds or `computed` gives; otherwise 400.
 */
export function withoutServerFields(
  body: Record<string, unknown>,
  fields: readonly string[],
  current: Readonly<Record<string, unknown>> | undefined,
  computed: Readonly<Record<string, unknown>> = {},
  reason?: string,
): Record<string, unknown> {
  const rest = { ...body };
  for (const field of fields) {
    if (!(field in rest)) continue;
    const sent = rest[field];
    delete rest[field];
    const known = (current !== undefined && field in current ? [current[field]] : []).concat(field in computed ? [computed[field]] : []);
    if (!known.some((value) => sameJson(sent, value))) throw serverFieldError(field, reason);
  }
  return rest;
}

/** The body as an object (a write's body is always one; anything else is the contract's 400). */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, INVALID_REQUEST);
  return body as Record<string, unknown>;
}
