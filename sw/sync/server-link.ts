import { NOT_A_MEMBER } from '../../domain/sync/membership';

/*
 * Requests to the shop server (docs/sync.md): every one carries the Firebase ID token, which
 * the worker gets from an open tab of the account (sw.ts) or a test gives.
 */

export interface ServerLink {
  /** The server's origin, `https://shop.example.com` (no trailing slash). */
  serverUrl: string;
  shopId: string;
  /** A current ID token of the account, or null when none can be had (no tab open). */
  token: () => Promise<string | null>;
  /** The server answered 401 to this token (expired or not valid): told so it is not offered again. */
  tokenRefused?: (token: string) => void;
  fetch?: typeof fetch;
}

/** The server could not be reached (offline, refused, no token): try again later. */
export class Unreachable extends Error {
  override name = 'Unreachable';
}

/** No open tab of the account gave a token (none open, or the one asked went away): any tab's next call can. */
export class NoToken extends Unreachable {
  override name = 'NoToken';
}

/** The server answered a 5xx (it is there but failing): tried again later, like an unreachable one. */
export class ServerFailed extends Unreachable {
  override name = 'ServerFailed';
  constructor(
    message: string,
    readonly status = 500,
    /** The answer's Retry-After, in ms: the server asks to be left alone that long (a 503 while its database is down or it is busy). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** The server answered an error status, with its message. */
export class ServerRefused extends Error {
  override name = 'ServerRefused';
  constructor(
    readonly status: number,
    message: string,
    /** The answer's Retry-After, in ms (a 429: too many requests of this user now). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** The server's 403 for someone not in the shop, not a role's refusal (which is per mutation, in the push's results). */
export const isNotAMember = (error: unknown): boolean => error instanceof ServerRefused && error.status === 403 && error.message === NOT_A_MEMBER;

/** How long the server asked the device to wait before its next request (Retry-After of a 429 or 5xx), in ms; undefined when it did not. */
export function retryAfterOf(error: unknown): number | undefined {
  return error instanceof ServerFailed || error instanceof ServerRefused ? error.retryAfterMs : undefined;
}

/**
 * The server is there but asked the device to wait: a 429 (too many requests of this user at
 * once) or a 5xx that says when to come back (Retry-After: its database is down, or it is busy).
 * Not "offline": the header says the server is busy, with its message.
 */
export function isBusy(error: unknown): boolean {
  if (error instanceof ServerRefused) return error.status === 429;
  return error instanceof ServerFailed && error.retryAfterMs !== undefined;
}

/**
 * A Retry-After header's wait in ms: delay-seconds (`120`) or an HTTP date (`Wed, 21 Oct 2026
 * 07:28:00 GMT`, counted from `now`, 0 when past); undefined when absent or unreadable.
 */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  const text = header?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1_000);
  // An HTTP date names its weekday, day, month and year; a bare number or other text is none.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** `init` sent to `{server}/v1/shops/:shopId/<path>` with the token; the raw response (2xx) or a typed error. */
export function send(link: ServerLink, path: string, init: RequestInit = {}): Promise<Response> {
  return sendToServer(link, `shops/${encodeURIComponent(link.shopId)}/${path}`, init);
}

/** `init` sent to `{server}/v1/<path>` with the token (a route of no shop: the account's own preferences); as `send`. */
export async function sendToServer(link: Omit<ServerLink, 'shopId'>, path: string, init: RequestInit = {}): Promise<Response> {
  const token = await link.token();
  if (!token) throw new NoToken('No signed-in tab to ask for a token');
  const doFetch = link.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(`${link.serverUrl}/v1/${path}`, {
      ...init,
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), authorization: `Bearer ${token}` },
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new Unreachable(error instanceof Error ? error.message : 'The shop server cannot be reached');
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let message = `${response.status} ${response.statusText}`.trim();
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      // not JSON: the status says it
    }
    if (response.status === 401) link.tokenRefused?.(token);
    // Honoured by the loop (and the live events) on a 429 and a 5xx: its next request waits at least that long.
    const retryAfter = response.status === 429 || response.status >= 500 ? parseRetryAfter(response.headers.get('retry-after')) : undefined;
    throw response.status >= 500 ? new ServerFailed(message, response.status, retryAfter) : new ServerRefused(response.status, message, retryAfter);
  }
  return response;
}

/** POST a JSON body, answer the JSON. */
export async function postJson<T>(link: ServerLink, path: string, body: unknown): Promise<T> {
  return postJsonText<T>(link, path, JSON.stringify(body));
}

/** POST a body already serialised as JSON, answer the JSON. */
export async function postJsonText<T>(link: ServerLink, path: string, json: string): Promise<T> {
  const response = await send(link, path, { method: 'POST', body: json });
  return (await response.json()) as T;
}
