import {
  GoogleAuthProvider,
  browserPopupRedirectResolver,
  signInWithPopup,
  applyActionCode,
  indexedDBLocalPersistence,
  browserSessionPersistence,
  checkActionCode,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  isSignInWithEmailLink,
  sendEmailVerification,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  setPersistence,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  signOut,
  updateProfile,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { auth } from './firebase';
import { announceProfileChange, currentUser, expectSignOut } from './auth-session';
import { recordSessionPersistence, type SessionPersistence } from './session-persistence';
import { api } from '@/lib/api-client';

const EMAIL_FOR_LINK_KEY = 'shop-admin:email-for-sign-in';

/** Where Firebase's emailed links come back to: the app handles every action itself. */
const actionUrl = (path: string) => ({ url: `${window.location.origin}${import.meta.env.BASE_URL}${path.slice(1)}`, handleCodeInApp: true });

/**
 * Keeps the session in this tab only or in the storage every tab shares. Here, not in
 * account-security.ts: Firebase knows its persistences by their class, and that module has
 * its own copy of the SDK (see lazyCopiesOfSharedLibraries in build/plugins.ts).
 */
export const keepSession = (where: SessionPersistence) => setPersistence(auth, where === 'tab' ? browserSessionPersistence : indexedDBLocalPersistence);

export async function signInWithPassword(email: string, password: string, remember: boolean) {
  // "Remember me" off keeps the session only for this browser tab's lifetime.
  await setPersistence(auth, remember ? indexedDBLocalPersistence : browserSessionPersistence);
  recordSessionPersistence(remember ? 'remembered' : 'tab');
  return signInWithEmailAndPassword(auth, email, password);
}

/**
 * Signs this tab out and puts the next sign-in back on the default persistence: the Auth
 * instance keeps the last one set, which a tab-only session would otherwise pass on to a later
 * Google or email-link sign-in. `byThisTab` false: another tab asked for it (the page then says so).
 */
export async function endSessionHere(byThisTab = true) {
  const cancel = byThisTab ? expectSignOut() : () => {};
  await signOut(auth).catch((error: unknown) => {
    cancel();
    throw error;
  });
  await setPersistence(auth, indexedDBLocalPersistence);
}

export async function register(name: string, email: string, password: string) {
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  await updateProfile(user, { displayName: name });
  await sendEmailVerification(user, actionUrl('/verification'));
  return user;
}

export const sendVerificationEmail = async () => {
  if (!auth.currentUser) throw new Error('Sign in first.');
  await sendEmailVerification(auth.currentUser, actionUrl('/verification'));
};

export async function applyVerificationCode(code: string) {
  await applyActionCode(auth, code);
  await auth.currentUser?.reload();
}

export const sendPasswordReset = (email: string) => sendPasswordResetEmail(auth, email, actionUrl('/login'));
export const checkResetCode = (code: string) => verifyPasswordResetCode(auth, code);
export const resetPassword = (code: string, password: string) => confirmPasswordReset(auth, code, password);
export const describeActionCode = (code: string) => checkActionCode(auth, code);

export async function sendEmailSignInLink(email: string) {
  await sendSignInLinkToEmail(auth, email, actionUrl('/login'));
  window.localStorage.setItem(EMAIL_FOR_LINK_KEY, email);
}

export const isEmailSignInLink = (href: string) => isSignInWithEmailLink(auth, href);
export const rememberedEmailForLink = () => window.localStorage.getItem(EMAIL_FOR_LINK_KEY);

export async function completeEmailLinkSignIn(email: string, href: string) {
  const result = await signInWithEmailLink(auth, email, href);
  window.localStorage.removeItem(EMAIL_FOR_LINK_KEY);
  return result;
}

/**
 * Google sign-in. With a real project: the Google popup. In emulator mode the popup needs
 * the network (it loads Google's scripts), so the emulator's own Google credential is used.
 */
export async function signInWithGoogle(emulatorEmail?: string) {
  // usingEmulator's own test, written here: the build folds it only within a module, so an
  // emulator build drops the popup's code (~3.5 KB gzip of Firebase's start-up chunk).
  if (!import.meta.env.VITE_FIREBASE_API_KEY) {
    const email = emulatorEmail ?? 'google.user@example.com';
    const fakeIdToken = JSON.stringify({ sub: `google-${email.replace(/\W/g, '-')}`, email, email_verified: true, name: 'Google Test User' });
    return signInWithCredential(auth, GoogleAuthProvider.credential(fakeIdToken));
  }
  return signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver);
}

/** Changes the signed-in admin's name and photo (the photo: an `/api/files/<id>` URL, kept on this device). */
export async function updateOwnProfile(profile: { displayName: string; photoURL: string | null }) {
  if (!auth.currentUser) throw new Error('Sign in first.');
  await updateProfile(auth.currentUser, profile);
  announceProfileChange();
}

/** Signs out; optionally first removes this account's shop data (and form drafts) from the device. */
export async function signOutOfApp(removeLocalData: boolean) {
  if (removeLocalData) {
    const uid = currentUser()?.uid;
    await api.delete<{ removed: boolean }>('/api/session/data', {});
    // Loaded only here: the drafts store (and Dexie) stays out of start-up.
    if (uid) await import('@/lib/drafts/draft-store').then(({ deleteAccountDrafts }) => deleteAccountDrafts(uid));
  }
  await endSessionHere();
}
