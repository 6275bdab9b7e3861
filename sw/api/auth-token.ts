/**
 * Who is calling: the Firebase ID token the page sends as `Authorization: Bearer …`.
 *
 * The worker runs offline, so it cannot fetch Google's signing keys or refresh tokens:
 * it checks that the token is well formed and issued for this project, and takes the
 * account id from it to pick that account's database. Expiry is not enforced (an
 * offline session keeps its last token). A real server must verify the signature.
 */
export { DEMO_PROJECT_ID } from '../../domain/contract/demo-project';

export interface Caller {
  uid: string;
  email: string | null;
  /** The account's display name and photo URL (the token's `name` and `picture` claims), when it has them. */
  name: string | null;
  picture: string | null;
}

const claim = (claims: Record<string, unknown>, name: string, max: number): string | null => {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;
};

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0))));
}

/** The caller named by a bearer token for `projectId`, or null when there is none or it is not valid. */
export function callerFromRequest(request: Request, projectId: string): Caller | null {
  const token = bearerToken(request);
  return token ? callerFromToken(token, projectId) : null;
}

/** The request's `Authorization: Bearer …` token, or null. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  return /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] ?? null;
}

/** When the token expires (its `exp` claim, in ms since the epoch), or null when it says none. */
export function tokenExpiry(token: string): number | null {
  try {
    const { exp } = decodeSegment(token.split('.')[1] ?? '') as { exp?: unknown };
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** The caller named by an ID token for `projectId` (see callerFromRequest), or null. */
export function callerFromToken(token: string, projectId: string): Caller | null {
  if (!/^[\w-]+\.[\w-]+\.[\w-]*$/.test(token)) return null;
  try {
    const [head, body] = token.split('.') as [string, string];
    const { alg } = decodeSegment(head) as { alg?: unknown };
    const claims = decodeSegment(body) as Record<string, unknown>;
    // Unsigned tokens come only from the Auth emulator, which serves demo- projects.
    const algOk = alg === 'RS256' || (alg === 'none' && projectId.startsWith('demo-'));
    const uid = claims.user_id ?? claims.sub;
    if (!algOk || claims.aud !== projectId || claims.iss !== `https://securetoken.google.com/${projectId}`) return null;
    if (typeof uid !== 'string' || !/^[\w-]{1,128}$/.test(uid)) return null;
    return { uid, email: typeof claims.email === 'string' ? claims.email : null, name: claim(claims, 'name', 100), picture: claim(claims, 'picture', 2000) };
  } catch {
    return null;
  }
}
