/**
 * The name and photo the sign-in account (Firebase) shows, kept in step with the saved
 * profile. The profile is saved on this device at once, online or not; Firebase's copy
 * needs a connection, so an offline save leaves the change pending on this device
 * (localStorage, per account) and the profile page sends it once the browser is back online.
 */
export interface FirebaseProfile {
  displayName: string;
  photoURL: string | null;
}

/**
 * What Firebase must be told after the profile was saved, or null when it already shows it.
 * "No photo" is sent as '' (which clears it): Firebase's API refuses a null photo URL.
 */
export function firebaseProfileChange(
  saved: { name: string; photoURL: string | null },
  current: { displayName: string | null; photoURL: string | null },
): FirebaseProfile | null {
  const same = saved.name === (current.displayName ?? '') && (saved.photoURL || null) === (current.photoURL || null);
  return same ? null : { displayName: saved.name, photoURL: saved.photoURL ?? '' };
}

const pendingKey = (uid: string) => `shop-admin:firebase-profile-pending:${uid}`;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function rememberPendingProfile(storage: KeyValueStorage, uid: string, change: FirebaseProfile) {
  try {
    storage.setItem(pendingKey(uid), JSON.stringify(change));
  } catch {
    // No storage (private mode, quota): the change waits only while this page stays open.
  }
}

export function pendingProfile(storage: KeyValueStorage, uid: string): FirebaseProfile | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(pendingKey(uid)) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { displayName, photoURL } = parsed as Record<string, unknown>;
    if (typeof displayName !== 'string' || !(typeof photoURL === 'string' || photoURL === null)) return null;
    return { displayName, photoURL };
  } catch {
    return null;
  }
}

export function forgetPendingProfile(storage: KeyValueStorage, uid: string) {
  try {
    storage.removeItem(pendingKey(uid));
  } catch {
    // Nothing stored.
  }
}

/** Firebase could not be reached (offline, or the request failed on the way). */
export const isNetworkFailure = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === 'auth/network-request-failed';
