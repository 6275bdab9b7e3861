import { ApiError, INVALID_REQUEST } from '../../domain/errors';
import { errorBody } from '../../domain/error-codes';
import { assertStorable } from '../../domain/sync/storable-values';

export { ApiError, INVALID_REQUEST, numericId, validate } from '../../domain/errors';

const MAX_BODY_BYTES = 1_000_000;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

export function errorResponse(error: ApiError, headers?: Record<string, string>): Response {
  return json(errorBody(error.message, error.issues), error.status, headers);
}

/** 405 for a known path: JSON, with the Allow header listing what the path answers. */
export function methodNotAllowed(method: string, path: string, allowed: readonly string[]): Response {
  return errorResponse(new ApiError(405, `Method ${method} is not allowed on ${path}`), { allow: allowed.join(', ') });
}

/**
 * A body type read as JSON: `application/json`, a `+json` type, or `text/plain` (what fetch
 * labels a string body sent without a type); parameters (charset) aside.
 */
const isJsonType = (type: string) => /^(application\/([\w.-]+\+)?json|text\/plain)$/.test(type.split(';')[0]!.trim().toLowerCase());

/**
 * Reads a JSON object body; a missing, empty or non-object body is 'Invalid request'. A body
 * declared as another type (a form, XML, an image) is a 415: the API reads only JSON and does
 * not guess at what else a body could mean.
 */
export async function readJsonObject(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type');
  if (type !== null && !isJsonType(type)) throw new ApiError(415, 'Send the body as JSON (Content-Type: application/json)');
  const text = await request.text();
  if (text.length > maxBytes) throw new ApiError(413, 'Request body too large');
  if (text.trim() === '') throw new ApiError(400, INVALID_REQUEST);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, `${INVALID_REQUEST}: body is not valid JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ApiError(400, INVALID_REQUEST);
  }
  // What the shop server could not store is refused here too, at once and offline.
  assertStorable(parsed);
  return parsed as Record<string, unknown>;
}


/**
 * A query parameter given more than once (`?id=1&id=2`, `?status=new&status=bogus`) is a 400:
 * which value was meant is unknown, and readers differ (`get` takes the first, an object of the
 * entries the last), so a write could hit another record than the one checked.
 */
export function assertSingleParams(url: URL): void {
  const seen = new Set<string>();
  for (const name of url.searchParams.keys()) {
    if (seen.has(name)) throw new ApiError(400, `${INVALID_REQUEST}: the query parameter ${name} is given more than once`, [{ path: name, message: 'Given more than once' }]);
    seen.add(name);
  }
}

/** The `id` query parameter, required: missing or malformed is 'Invalid request'. */
export function requireParam(url: URL, name: string): string {
  const value = url.searchParams.get(name);
  if (value === null || value.trim() === '') throw new ApiError(400, INVALID_REQUEST);
  return value.trim();
}
