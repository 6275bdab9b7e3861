import type { User } from 'firebase/auth';
import { getAuthInstance } from './auth-session';

/**
 * The ID token for /api calls. Offline, an expired token cannot be refreshed; the worker
 * only needs to know which account is calling, so the last token the SDK holds is used.
 */
export async function currentIdToken(): Promise<string | null> {
  const user = (await getAuthInstance()).currentUser;
  if (!user) return null;
  try {
    return await user.getIdToken();
  } catch {
    return lastKnownToken(user);
  }
}

function lastKnownToken(user: User): string | null {
  const saved = user.toJSON() as { stsTokenManager?: { accessToken?: unknown } };
  const token = saved.stsTokenManager?.accessToken;
  return typeof token === 'string' ? token : null;
}
