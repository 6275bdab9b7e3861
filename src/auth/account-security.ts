import {
  EmailAuthProvider,
  PhoneAuthProvider,
  PhoneMultiFactorGenerator,
  deleteUser,
  multiFactor,
  reauthenticateWithCredential,
  updatePassword,
  type User,
} from 'firebase/auth';
import { api } from '@/lib/api-client';
import { auth } from './firebase';
import { keepSession } from './auth-actions';
import { announceProfileChange, expectSignOut } from './auth-session';
import { connectionNeeded, needsSecondStep } from './auth-errors';
import { announceSignOutOtherTabs, thisTab } from './other-tabs';
import { recordSessionPersistence, sessionPersistence, type SessionPersistence } from './session-persistence';
import { secondStepSignIn } from './multi-factor-sign-in';
import type { EnrolledSecondStep, SessionFactsSource, TextedCodeFlow } from './account-types';

export type { EnrolledSecondStep, SessionFactsSource } from './account-types';
import { withPhoneVerifier } from './phone-verifier';

/**
 * Changes to the signed-in account that only Firebase keeps (Settings → Security, Two-factor
 * authentication, Account deactivation). Loaded with those screens, not at start-up.
 */

function signedInUser(): User {
  const user = auth.currentUser;
  if (!user) throw Object.assign(new Error('Sign in first.'), { code: 'auth/user-token-expired' });
  return user;
}

/** Account changes need Firebase: offline, they stop before changing anything. */
function requireConnection() {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw connectionNeeded();
}

/** Whether the account has a password (an email-and-password account, not only Google). */
export const hasPassword = (user: User) => user.providerData.some((provider) => provider.providerId === 'password');

/** The outcome of confirming the password: done, or the account's second step (a texted code) still to pass. */
export type IdentityCheck = { done: true } | { done: false; secondStep: TextedCodeFlow };

/**
 * Signs in again with the current password (Firebase asks for a recent sign-in before changing
 * a password, a second step or deleting the account). An account with a second step answers
 * with it: the caller asks for the texted code, and the check is done when it is passed.
 * Accounts without a password (Google) are not asked: Firebase says when they must sign in again.
 */
export async function confirmIdentity(password: string): Promise<IdentityCheck> {
  requireConnection();
  const user = signedInUser();
  if (!hasPassword(user)) return { done: true };
  try {
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', password));
    return { done: true };
  } catch (error) {
    if (needsSecondStep(error)) return { done: false, secondStep: secondStepSignIn(error) };
    throw error;
  }
}

/** Sets the new password (after confirmIdentity). */
export async function changePassword(newPassword: string): Promise<void> {
  requireConnection();
  await updatePassword(signedInUser(), newPassword);
}

/** Reads the account again from Firebase (e.g. the email was verified in another tab or on another device). */
export async function reloadAccount(): Promise<void> {
  requireConnection();
  await signedInUser().reload();
  announceProfileChange();
}

export async function sessionFacts(user: User): Promise<SessionFactsSource> {
  // From the token this session holds (no network unless it has expired, then best effort).
  const token = await user.getIdTokenResult().catch(() => null);
  return {
    email: user.email,
    emailVerified: user.emailVerified,
    signedInAt: token?.authTime ?? null,
    lastSignInTime: user.metadata.lastSignInTime ?? null,
    creationTime: user.metadata.creationTime ?? null,
    signInProvider: token?.signInProvider ?? null,
    secondFactor: token?.signInSecondFactor ?? null,
    providers: user.providerData.map((provider) => provider.providerId),
    persistence: sessionPersistence(),
  };
}

/**
 * Signs out every other tab of this browser that is signed in to this account; this tab stays
 * signed in. A remembered session lives in storage all tabs share, so it moves into this tab
 * first (see other-tabs.ts): this tab then stays signed in until it is closed, and a new tab or
 * the next visit asks to sign in again. Answers the persistence the session had before.
 */
export async function signOutOtherTabs(): Promise<SessionPersistence> {
  const user = signedInUser();
  const before = sessionPersistence();
  if (before === 'remembered') {
    await keepSession('tab');
    recordSessionPersistence('tab');
  }
  announceSignOutOtherTabs({ type: 'sign-out-other-tabs', uid: user.uid, senderPersistence: before, from: thisTab });
  return before;
}

export function enrolledSecondSteps(user: User): EnrolledSecondStep[] {
  return multiFactor(user).enrolledFactors.map((factor) => ({
    uid: factor.uid,
    displayName: factor.displayName ?? null,
    phoneNumber: 'phoneNumber' in factor ? String(factor.phoneNumber) : null,
    enrolledAt: factor.enrollmentTime,
  }));
}

/** Texts a code to `phoneNumber` (E.164) to add it as a second step (after confirmIdentity); answers the id to check the code against. */
export async function sendEnrolmentCode(phoneNumber: string): Promise<string> {
  requireConnection();
  const session = await multiFactor(signedInUser()).getSession();
  return withPhoneVerifier((verifier) => new PhoneAuthProvider(auth).verifyPhoneNumber({ phoneNumber, session }, verifier));
}

/** Adds the phone as a second step once its texted code is right. */
export async function finishEnrolment(verificationId: string, code: string, displayName: string): Promise<void> {
  requireConnection();
  const assertion = PhoneMultiFactorGenerator.assertion(PhoneAuthProvider.credential(verificationId, code));
  await multiFactor(signedInUser()).enroll(assertion, displayName || null);
  announceProfileChange();
}

/**
 * Removes a second step (after confirmIdentity). Firebase may end the session when it was signed
 * in with that step: answers whether this tab is still signed in.
 */
export async function removeSecondStep(factorUid: string): Promise<{ stillSignedIn: boolean }> {
  requireConnection();
  const user = signedInUser();
  const cancel = expectSignOut();
  try {
    await multiFactor(user).unenroll(factorUid);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'auth/user-token-expired') {
      cancel();
      throw error;
    }
  }
  const stillSignedIn = auth.currentUser !== null;
  if (stillSignedIn) {
    cancel();
    announceProfileChange();
  }
  return { stillSignedIn };
}

/**
 * Deletes the Firebase account (after confirmIdentity), then this account's data on this device:
 * its shop database (through the worker) and its form drafts. Offline it stops before changing
 * anything. Answers whether the local data could be removed too (the account is gone either way).
 */
export async function deleteAccount(): Promise<{ localDataRemoved: boolean }> {
  requireConnection();
  const user = signedInUser();
  const uid = user.uid;
  // The worker names the database by the caller's token, which the account's deletion ends.
  const token = await user.getIdToken();
  const cancel = expectSignOut();
  try {
    await deleteUser(user);
  } catch (error) {
    cancel();
    throw error;
  }
  await keepSession('remembered').catch(() => {});
  try {
    await api.delete<{ removed: boolean }>('/api/session/data', {}, { token });
    const { deleteAccountDrafts } = await import('@/lib/drafts/draft-store');
    await deleteAccountDrafts(uid);
    return { localDataRemoved: true };
  } catch {
    return { localDataRemoved: false };
  }
}
