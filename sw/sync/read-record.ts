/*
 * One record of the copy as the worker's /api answers it (`GET /api/<kind>?id=…`): the rebase
 * merges a waiting replace over it, a conflict's put-back sets its field again on it.
 */

/** `GET /api/<kind>?id=<id>` at `origin`. */
export const recordUrl = (origin: string, kind: string, id: string | number): string => `${origin}/api/${encodeURIComponent(kind)}?id=${encodeURIComponent(String(id))}`;

/** `{ user: {...} }` → the record (a GET by id answers the one record under its singular name; an unknown product is `false`). */
export function recordOf(answer: unknown): Record<string, unknown> | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const values = Object.values(answer);
  const record: unknown = values.length === 1 ? values[0] : undefined;
  return typeof record === 'object' && record !== null && !Array.isArray(record) ? (record as Record<string, unknown>) : undefined;
}

/** The record `answer` gives for a GET of `url` (with `headers`), or undefined when it has none. */
export async function readRecord(answer: (request: Request) => Promise<Response>, url: string, headers: Record<string, string> = {}): Promise<Record<string, unknown> | undefined> {
  const response = await answer(new Request(url, { method: 'GET', headers }));
  return response.ok ? recordOf(await response.json()) : undefined;
}
