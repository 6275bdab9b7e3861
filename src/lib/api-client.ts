/** The one client for the /api back end (answered by the service worker). */

/** What an error answer names besides its English message (domain/error-codes.ts): a stable code and its values. */
export interface ErrorReason {
  code: string;
  params?: Record<string, string>;
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: ReadonlyArray<{ path: string; message: string }> = [],
    readonly reason?: ErrorReason,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

type ErrorAnswer = { message?: string; issues?: ApiRequestError['issues']; code?: unknown; params?: unknown };

/** The code and values of an error answer, when it has them in the expected shape. */
function reasonOf({ code, params }: ErrorAnswer): ErrorReason | undefined {
  if (typeof code !== 'string') return undefined;
  const values = params && typeof params === 'object' && Object.values(params).every((value) => typeof value === 'string') ? (params as Record<string, string>) : undefined;
  return values ? { code, params: values } : { code };
}

let backendReady: Promise<unknown> = Promise.resolve();

/** Calls wait for this (the service worker taking control) so none reaches the static server. */
export function setBackendReady(ready: Promise<unknown>) {
  backendReady = ready;
}

/**
 * Holds the calls made from now on for up to `ms` (the update's Reload, src/pwa/reload-prompt.tsx).
 * The browser lets a new version take over once the running one has no call in hand, and the page
 * reloads then: a screen's reads meanwhile (a list read again on each change of a replay) could
 * keep the old version busy past Chrome's wait of minutes. Past `ms` the calls go on.
 */
export function holdCallsFor(ms: number) {
  const ready = backendReady;
  backendReady = ready.then(() => new Promise((resolve) => setTimeout(resolve, ms)));
}

let tokenProvider: () => Promise<string | null> = async () => null;

/** The signed-in session supplies the bearer token every /api call carries. */
export function setAuthTokenProvider(provider: () => Promise<string | null>) {
  tokenProvider = provider;
  answerWorkerTokenRequests();
}

let answeringWorker = false;

/**
 * An `<img src="/api/files/…">` carries no token: a worker that does not know this tab yet
 * asks it for one (see TabAccounts in sw/api/session.ts), and this answers with the current token.
 */
function answerWorkerTokenRequests() {
  if (answeringWorker || typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  answeringWorker = true;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
    if (event.data?.type !== 'ID_TOKEN_REQUEST') return;
    const port = event.ports[0];
    void tokenProvider().then(
      (token) => port?.postMessage({ token }),
      () => port?.postMessage({ token: null }),
    );
  });
}

type Query = Record<string, string | number | undefined | null>;

interface RequestOptions {
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its own content-type (file uploads). */
  blob?: Blob;
  signal?: AbortSignal;
  /** This token instead of the signed-in session's (deleting an account's data after the account itself). */
  token?: string;
}

/** '/api/…' under the build's base path (BASE_PATH), e.g. '/shop-admin/api/users'. */
export const underBase = (path: string) => (path.startsWith('/') ? `${import.meta.env.BASE_URL}${path.slice(1)}` : path);

function buildUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  const url = underBase(path);
  return qs ? `${url}?${qs}` : url;
}

function requestBody(body: unknown, blob: Blob | undefined): { contentType?: string; payload?: BodyInit } {
  if (blob) return { contentType: blob.type || 'application/octet-stream', payload: blob };
  if (body !== undefined) return { contentType: 'application/json', payload: JSON.stringify(body) };
  return {};
}

async function request<T>(method: string, path: string, { query, body, blob, signal, token: givenToken }: RequestOptions = {}): Promise<T> {
  await backendReady;
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = givenToken ?? (await tokenProvider());
  if (token) headers.authorization = `Bearer ${token}`;
  const { contentType, payload } = requestBody(body, blob);
  if (contentType) headers['content-type'] = contentType;
  const init: RequestInit = { method, signal, headers, body: payload };
  const response = await fetch(buildUrl(path, query), init);
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) {
    throw new ApiRequestError(response.status, 'The offline back end is not running yet; reload the page.');
  }
  const data = (await response.json()) as unknown;
  if (!response.ok) {
    const answer = (data ?? {}) as ErrorAnswer;
    throw new ApiRequestError(response.status, answer.message ?? `Request failed (${response.status})`, answer.issues, reasonOf(answer));
  }
  return data as T;
}

/**
 * GETs a file the back end writes (a backup), reporting the bytes received so far and the
 * total (null when the answer does not say). A refusal is JSON `{ message }`, as for any call.
 */
async function download(path: string, onProgress?: (received: number, total: number | null) => void): Promise<Blob> {
  await backendReady;
  const token = await tokenProvider();
  const response = await fetch(buildUrl(path), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok || !response.body) {
    const answer = ((await response.json().catch(() => null)) ?? {}) as ErrorAnswer;
    throw new ApiRequestError(response.status, answer.message ?? `Request failed (${response.status})`, undefined, reasonOf(answer));
  }
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress?.(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress?.(received, total);
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' });
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, query: Query, body: unknown) => request<T>('PUT', path, { query, body }),
  patch: <T>(path: string, query: Query, body: unknown) => request<T>('PATCH', path, { query, body }),
  delete: <T>(path: string, query: Query, options: { token?: string } = {}) => request<T>('DELETE', path, { query, ...options }),
  /** POSTs a file's raw bytes (e.g. an image to /api/files). */
  upload: <T>(path: string, blob: Blob) => request<T>('POST', path, { blob }),
  /** GETs a file (a backup), with the download's progress. */
  download,
};

/**
 * The shop server's origin in a team build (`VITE_SHOP_SERVER_URL`, checked by vite.config.ts),
 * undefined otherwise: then nothing calls a shop server and no team screen shows.
 */
export const shopServerUrl: string | undefined = import.meta.env.VITE_SHOP_SERVER_URL?.trim().replace(/\/+$/, '') || undefined;

/** The answer when the shop server cannot be reached (offline, or the server down). */
export const SHOP_SERVER_UNREACHABLE = 'The shop server cannot be reached: team changes need a connection.';

/**
 * A call to the shop server's /v1 API (docs/sync.md), with the session's ID token as its
 * bearer, as every /api call carries it. A refusal is `{ message }`: thrown as ApiRequestError.
 */
async function serverRequest<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  if (!shopServerUrl) throw new ApiRequestError(404, 'This build has no shop server.');
  const token = await tokenProvider();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${shopServerUrl}${path}`, { method, headers, signal, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError(0, SHOP_SERVER_UNREACHABLE, undefined, { code: 'shopServerUnreachable' });
  }
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const answer = (data ?? {}) as ErrorAnswer;
    throw new ApiRequestError(response.status, answer.message ?? `The shop server answered ${response.status}`, answer.issues, reasonOf(answer));
  }
  return data as T;
}

/** The shop server's /v1 API (team builds only: each call fails at once without VITE_SHOP_SERVER_URL). */
export const shopServer = {
  get: <T>(path: string, signal?: AbortSignal) => serverRequest<T>('GET', path, undefined, signal),
  post: <T>(path: string, body: unknown = {}) => serverRequest<T>('POST', path, body),
  patch: <T>(path: string, body: unknown) => serverRequest<T>('PATCH', path, body),
  delete: (path: string) => serverRequest<void>('DELETE', path),
};
