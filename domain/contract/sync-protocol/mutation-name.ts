/*
 * A mutation's name is its /api write: `"<METHOD> /api/<kind><rest>"`, where rest is `''`,
 * `/restore`, `/bulk`, `/:id/timeline`, … (the names domain/sync/apply-mutation.ts accepts).
 */

export interface MutationName {
  method: string;
  /** `/api/orders/:id/timeline` */
  path: string;
  /** The resource: `orders`. */
  kind: string;
  /** The path after the resource: `/:id/timeline`, `/restore`, or `''`. */
  rest: string;
}

/** `"POST /api/orders/:id/timeline"` → its method, path, resource and the rest of its path. */
export function parseMutationName(name: string): MutationName {
  const space = name.indexOf(' ');
  const method = space < 0 ? name : name.slice(0, space);
  const path = space < 0 ? '' : name.slice(space + 1);
  const [, kind = '', rest = ''] = /^\/api\/([^/]*)(.*)$/.exec(path) ?? [];
  return { method, path, kind, rest };
}
