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
}

/** The server answered an error status, with its message. */
export class ServerRefused extends Error {
  override name = 'ServerRefused';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** `init` sent to `{server}/v1/shops/:shopId/<path>` with the token; the raw response (2xx) or a typed error. */
export async function send(link: ServerLink, path: string, init: RequestInit = {}): Promise<Response> {
  const token = await link.token();
  if (!token) throw new NoToken('No signed-in tab to ask for a token');
  const doFetch = link.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(`${link.serverUrl}/v1/shops/${encodeURIComponent(link.shopId)}/${path}`, {
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
    throw response.status >= 500 ? new ServerFailed(message) : new ServerRefused(response.status, message);
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
