import type { IdentityAccount, LinkedProvider } from './identity-db';
import { check, IdentityError } from './identity-error';
import {
  PASSWORD_MIN_LENGTH,
  WEAK_PASSWORD,
  accountByEmail,
  accountFromIdToken,
  accountInfo,
  canonicalEmail,
  isValidEmail,
  issueTokens,
  newAccount,
  providerUserInfo,
  seconds,
  text,
  type Body,
  type IdentityContext,
} from './identity-context';
import { hashPassword, verifyPassword } from './password-hash';
import { secondStepPending } from './second-factor';
import { useOobCode } from './action-codes';

/**
 * The accounts endpoints of Identity Toolkit (`/identitytoolkit.googleapis.com/v1/accounts:*`),
 * answered like the firebase-tools Auth emulator answers them, with one deliberate difference:
 * email enumeration protection is on (as in new Firebase projects), so a wrong password and an
 * unknown email both answer INVALID_LOGIN_CREDENTIALS (auth/invalid-credential).
 */

/** Adds an account; a clash on the unique email index (a race) is EMAIL_EXISTS. */
async function addAccount(ctx: IdentityContext, account: IdentityAccount): Promise<void> {
  try {
    await ctx.db.accounts.add(account);
  } catch (error) {
    if ((error as { name?: unknown }).name === 'ConstraintError') throw new IdentityError('EMAIL_EXISTS');
    throw error;
  }
}

/** Stores changes to an account (the unique email index guards a changed email). */
async function saveAccount(ctx: IdentityContext, account: IdentityAccount): Promise<void> {
  try {
    await ctx.db.accounts.put(account);
  } catch (error) {
    if ((error as { name?: unknown }).name === 'ConstraintError') throw new IdentityError('EMAIL_EXISTS');
    throw error;
  }
}

export async function signUp(ctx: IdentityContext, body: Body) {
  const email = text(body, 'email');
  const password = text(body, 'password');
  // Anonymous accounts (no email, no password) are off in this project.
  check(email !== undefined || password !== undefined || body.idToken !== undefined, 'ADMIN_ONLY_OPERATION');
  check(body.idToken === undefined, 'OPERATION_NOT_ALLOWED : Linking to an existing account is not supported here.');
  check(email, 'MISSING_EMAIL');
  check(password, 'MISSING_PASSWORD');
  check(isValidEmail(email), 'INVALID_EMAIL');
  check(!(await accountByEmail(ctx, email)), 'EMAIL_EXISTS');
  check(password.length >= PASSWORD_MIN_LENGTH, WEAK_PASSWORD);
  const now = ctx.now();
  const displayName = text(body, 'displayName');
  const account = newAccount(ctx, {
    email: canonicalEmail(email),
    passwordHash: await hashPassword(password),
    passwordUpdatedAt: now,
    ...(displayName ? { displayName } : {}),
  });
  await addAccount(ctx, account);
  return {
    kind: 'identitytoolkit#SignupNewUserResponse',
    localId: account.uid,
    displayName: account.displayName,
    email: account.email,
    ...(await issueTokens(ctx, account, 'password')),
  };
}

export async function signInWithPassword(ctx: IdentityContext, body: Body) {
  const email = text(body, 'email');
  const password = text(body, 'password');
  check(email !== undefined, 'MISSING_EMAIL');
  check(isValidEmail(email), 'INVALID_EMAIL');
  check(password, 'MISSING_PASSWORD');
  const account = await accountByEmail(ctx, email);
  check(account?.passwordHash && (await verifyPassword(password, account.passwordHash)), 'INVALID_LOGIN_CREDENTIALS');
  check(!account.disabled, 'USER_DISABLED');
  const response = { kind: 'identitytoolkit#VerifyPasswordResponse', registered: true, localId: account.uid, email: account.email };
  if (account.mfaInfo.length) return { ...response, ...(await secondStepPending(ctx, account, 'password')) };
  const signedIn = { ...account, lastLoginAt: ctx.now() };
  await saveAccount(ctx, signedIn);
  return { ...response, ...(await issueTokens(ctx, signedIn, 'password')) };
}

export async function lookup(ctx: IdentityContext, body: Body) {
  const { account } = await accountFromIdToken(ctx, body.idToken);
  return { kind: 'identitytoolkit#GetAccountInfoResponse', users: [accountInfo(account)] };
}

const DELETABLE = new Set(['DISPLAY_NAME', 'PHOTO_URL', 'PASSWORD', 'EMAIL', 'USER_ATTRIBUTE_NAME_UNSPECIFIED']);

/** accounts:update — profile, email, password, deleted attributes (with an ID token), or applying an emailed code. */
export async function update(ctx: IdentityContext, body: Body) {
  if (body.oobCode !== undefined) return applyEmailedCode(ctx, body);
  check(body.idToken !== undefined, 'INVALID_REQ_TYPE : Unsupported request parameters.');
  const { account, claims } = await accountFromIdToken(ctx, body.idToken);
  check(body.disableUser === undefined && body.customAttributes === undefined, 'INSUFFICIENT_PERMISSION');
  const deleteAttribute = Array.isArray(body.deleteAttribute) ? body.deleteAttribute : [];
  for (const attribute of deleteAttribute) check(DELETABLE.has(String(attribute)), `INVALID_ARGUMENT : Unknown attribute ${String(attribute)}`);

  const next: IdentityAccount = { ...account };
  let signInProvider: string = claims.signInProvider;
  let newEmail: string | undefined;
  let revokes = false;
  const email = text(body, 'email');
  if (email !== undefined) {
    check(isValidEmail(email), 'INVALID_EMAIL');
    newEmail = canonicalEmail(email);
    if (newEmail !== account.email) {
      check(!(await accountByEmail(ctx, newEmail)), 'EMAIL_EXISTS');
      next.email = newEmail;
      next.emailVerified = false;
      revokes = true;
    }
  }
  const password = text(body, 'password');
  if (password) {
    check(password.length >= PASSWORD_MIN_LENGTH, WEAK_PASSWORD);
    next.passwordHash = await hashPassword(password);
    next.passwordUpdatedAt = ctx.now();
    signInProvider = 'password';
    revokes = true;
  }
  // Like the emulator: a null field is left alone; deleteAttribute removes one.
  const displayName = text(body, 'displayName');
  if (displayName !== undefined) next.displayName = displayName;
  const photoUrl = text(body, 'photoUrl');
  if (photoUrl !== undefined) next.photoUrl = photoUrl;
  for (const attribute of deleteAttribute) {
    if (attribute === 'DISPLAY_NAME') delete next.displayName;
    if (attribute === 'PHOTO_URL') delete next.photoUrl;
    if (attribute === 'PASSWORD') delete next.passwordHash;
    if (attribute === 'EMAIL') {
      delete next.email;
      next.emailVerified = false;
      delete next.emailLinkSignin;
    }
  }
  const deleteProvider = Array.isArray(body.deleteProvider) ? body.deleteProvider.map(String) : [];
  if (deleteProvider.includes('password')) {
    delete next.email;
    delete next.passwordHash;
    delete next.emailLinkSignin;
    next.emailVerified = false;
  }
  next.providers = next.providers.filter((p) => !deleteProvider.includes(p.providerId));
  next.federatedIds = next.providers.map((p) => `${p.providerId}:${p.rawId}`);
  // A new password or email ends the sessions signed in before it (their tokens and refresh tokens).
  if (revokes) next.validSince = seconds(ctx.now());
  await saveAccount(ctx, next);
  return {
    kind: 'identitytoolkit#SetAccountInfoResponse',
    localId: next.uid,
    emailVerified: next.emailVerified,
    providerUserInfo: providerUserInfo(next),
    email: next.email,
    displayName: next.displayName,
    photoUrl: next.photoUrl,
    newEmail,
    passwordHash: next.passwordHash ? 'UkVEQUNURUQ=' : undefined,
    ...(revokes ? await issueTokens(ctx, next, signInProvider) : {}),
  };
}

/** accounts:update with an oobCode: verifies the email (VERIFY_EMAIL) or moves to the new one (VERIFY_AND_CHANGE_EMAIL). */
async function applyEmailedCode(ctx: IdentityContext, body: Body) {
  const code = await useOobCode(ctx, body.oobCode, ['VERIFY_EMAIL', 'VERIFY_AND_CHANGE_EMAIL']);
  const account = await accountByEmail(ctx, code.email);
  check(account, 'INVALID_OOB_CODE');
  const next: IdentityAccount = { ...account, emailVerified: true };
  if (code.requestType === 'VERIFY_AND_CHANGE_EMAIL') {
    check(code.newEmail, 'INVALID_OOB_CODE');
    check(!(await accountByEmail(ctx, code.newEmail)), 'EMAIL_EXISTS');
    next.email = code.newEmail;
  }
  await saveAccount(ctx, next);
  return {
    kind: 'identitytoolkit#SetAccountInfoResponse',
    localId: next.uid,
    emailVerified: true,
    providerUserInfo: providerUserInfo(next),
    email: next.email,
    displayName: next.displayName,
    photoUrl: next.photoUrl,
    newEmail: code.requestType === 'VERIFY_AND_CHANGE_EMAIL' ? next.email : undefined,
  };
}

/** accounts:delete — the account goes; its refresh tokens then answer USER_NOT_FOUND (the SDK signs out). */
export async function deleteAccount(ctx: IdentityContext, body: Body) {
  const { account } = await accountFromIdToken(ctx, body.idToken);
  await ctx.db.accounts.delete(account.uid);
  return { kind: 'identitytoolkit#DeleteAccountResponse' };
}

/** accounts:signInWithEmailLink — signs in (or up) the email an EMAIL_SIGNIN code was sent to. */
export async function signInWithEmailLink(ctx: IdentityContext, body: Body) {
  const email = text(body, 'email');
  check(email, 'MISSING_EMAIL');
  check(body.oobCode !== undefined, 'MISSING_OOB_CODE');
  const linkedTo = body.idToken !== undefined ? (await accountFromIdToken(ctx, body.idToken)).account : undefined;
  const code = await useOobCode(ctx, body.oobCode, ['EMAIL_SIGNIN'], (record) => {
    check(canonicalEmail(email) === record.email, 'INVALID_EMAIL : The email provided does not match the sign-in email address.');
  });
  const byEmail = await accountByEmail(ctx, code.email);
  if (linkedTo && byEmail) check(linkedTo.uid === byEmail.uid, 'EMAIL_EXISTS');
  const existing = linkedTo ?? byEmail;
  if (existing) check(!existing.disabled, 'USER_DISABLED');
  const account: IdentityAccount = existing
    ? { ...existing, email: code.email, emailVerified: true, emailLinkSignin: true }
    : newAccount(ctx, { email: code.email, emailVerified: true, emailLinkSignin: true });
  const response = { kind: 'identitytoolkit#EmailLinkSigninResponse', email: code.email, localId: account.uid, isNewUser: !existing };
  if (account.mfaInfo.length) {
    await saveAccount(ctx, account);
    return { ...response, ...(await secondStepPending(ctx, account, 'password')) };
  }
  account.lastLoginAt = ctx.now();
  if (existing) await saveAccount(ctx, account);
  else await addAccount(ctx, account);
  return { ...response, ...(await issueTokens(ctx, account, 'password')) };
}

/** The claims of the emulator's fake IdP token: strict JSON (what src/auth/auth-actions.ts sends) or an unsigned JWT. */
function idpClaims(token: string): Record<string, unknown> {
  try {
    if (token.startsWith('{')) return JSON.parse(token) as Record<string, unknown>;
    const payload = token.split('.')[1] ?? '';
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))) as Record<string, unknown>;
  } catch {
    throw new IdentityError(`INVALID_IDP_RESPONSE : Unable to parse id_token: ${token}`);
  }
}

/**
 * accounts:signInWithIdp with the emulator's fake credential (`GoogleAuthProvider.credential(
 * JSON of claims)`): no real IdP is asked. Links by provider id, then by a verified email,
 * else creates the account — like the emulator with one account per email.
 */
export async function signInWithIdp(ctx: IdentityContext, body: Body) {
  const requestUri = text(body, 'requestUri');
  check(requestUri, 'MISSING_REQUEST_URI');
  const params = new URLSearchParams(text(body, 'postBody') ?? '');
  const providerId = params.get('providerId')?.toLowerCase();
  check(providerId, 'INVALID_CREDENTIAL_OR_PROVIDER_ID : Invalid IdP response/credential');
  const idToken = params.get('id_token');
  check(idToken, 'INVALID_IDP_RESPONSE : The in-browser emulator only accepts fake id_tokens (JSON claims).');
  const claims = idpClaims(idToken);
  check(typeof claims.sub === 'string' && claims.sub !== '', 'INVALID_IDP_RESPONSE : Invalid Idp Response: id_token missing required fields.');
  const rawId = claims.sub;
  const email = typeof claims.email === 'string' ? canonicalEmail(claims.email) : undefined;
  const emailVerified = claims.email_verified === true;
  const displayName = typeof claims.name === 'string' ? claims.name : undefined;
  const photoUrl = typeof claims.picture === 'string' ? claims.picture : undefined;
  const provider: LinkedProvider = { providerId, rawId, ...(email ? { email } : {}), ...(displayName ? { displayName } : {}), ...(photoUrl ? { photoUrl } : {}) };
  const federatedId = `${providerId}:${rawId}`;
  const response = {
    kind: 'identitytoolkit#VerifyAssertionResponse',
    context: '',
    providerId,
    displayName,
    fullName: displayName,
    email,
    emailVerified,
    photoUrl,
    federatedId: providerId === 'google.com' ? `https://accounts.google.com/${rawId}` : rawId,
    rawUserInfo: JSON.stringify({ id: rawId, name: displayName, email, verified_email: emailVerified, picture: photoUrl }),
    oauthIdToken: idToken,
    oauthAccessToken: `FirebaseAuthEmulatorFakeAccessToken_${providerId}`,
  };

  const linkedTo = body.idToken !== undefined ? (await accountFromIdToken(ctx, body.idToken)).account : undefined;
  const byProvider = await ctx.db.accounts.where('federatedIds').equals(federatedId).first();
  let account: IdentityAccount;
  let isNewUser = false;
  if (linkedTo) {
    check(!byProvider, 'FEDERATED_USER_ID_ALREADY_LINKED');
    account = { ...linkedTo, providers: [...linkedTo.providers, provider] };
  } else if (byProvider) {
    account = { ...byProvider, providers: byProvider.providers.map((p) => (p.providerId === providerId ? provider : p)) };
  } else {
    const byEmail = email ? await accountByEmail(ctx, email) : undefined;
    if (byEmail && !emailVerified) {
      // The SDK answers auth/account-exists-with-different-credential.
      return { ...response, needConfirmation: true, localId: byEmail.uid, verifiedProvider: byEmail.providers.map((p) => p.providerId) };
    }
    if (byEmail) {
      // A verified IdP email takes over an unverified account's email (its password goes), as Firebase does.
      account = {
        ...byEmail,
        ...(byEmail.emailVerified ? {} : { passwordHash: undefined, validSince: seconds(ctx.now()) }),
        emailVerified: true,
        ...(displayName ? { displayName } : {}),
        ...(photoUrl ? { photoUrl } : {}),
        providers: [...byEmail.providers, provider],
      };
    } else {
      isNewUser = true;
      account = newAccount(ctx, { ...(email ? { email, emailVerified } : {}), ...(displayName ? { displayName } : {}), ...(photoUrl ? { photoUrl } : {}), providers: [provider] });
    }
  }
  account.federatedIds = account.providers.map((p) => `${p.providerId}:${p.rawId}`);
  check(!account.disabled, 'USER_DISABLED');
  const answer = { ...response, localId: account.uid, emailVerified: account.email === email ? account.emailVerified : emailVerified, ...(isNewUser ? { isNewUser } : {}) };
  if (account.mfaInfo.length) {
    await saveAccount(ctx, account);
    return { ...answer, ...(await secondStepPending(ctx, account, providerId)) };
  }
  account.lastLoginAt = ctx.now();
  if (isNewUser) await addAccount(ctx, account);
  else await saveAccount(ctx, account);
  return { ...answer, ...(await issueTokens(ctx, account, providerId)) };
}
