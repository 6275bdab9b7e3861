import { IdentityDb, ensureSeeded } from './identity-db';
import { IdentityError, identityErrorResponse, identityJson } from './identity-error';
import type { Body, IdentityContext } from './identity-context';
import { deleteAccount, lookup, signInWithEmailLink, signInWithIdp, signInWithPassword, signUp, update } from './accounts';
import { listOobCodes, resetPassword, sendOobCode } from './action-codes';
import { grantToken } from './secure-token';
import {
  finalizeEnrollment,
  finalizeSecondStepSignIn,
  listVerificationCodes,
  startEnrollment,
  startSecondStepSignIn,
  withdrawEnrollment,
} from './second-factor';

/**
 * The in-browser identity emulator: the service worker answers the Identity Toolkit and
 * Secure Token calls the Firebase Auth SDK makes when connectAuthEmulator points at the app's
 * own origin (the SDK drops any path, so they are at the origin's root whatever the base
 * path), plus the emulator's list of emailed and texted codes. Only same-origin requests under
 * these prefixes: never a real Google origin.
 */
const PREFIXES = ['/identitytoolkit.googleapis.com/', '/securetoken.googleapis.com/', '/emulator/v1/projects/'];

export function isIdentityRequest(url: URL, origin: string): boolean {
  return url.origin === origin && PREFIXES.some((prefix) => url.pathname.startsWith(prefix));
}

type Operation = (ctx: IdentityContext, body: Body) => Promise<unknown>;

const POST_OPERATIONS: Record<string, Operation> = {
  '/identitytoolkit.googleapis.com/v1/accounts:signUp': signUp,
  '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword': signInWithPassword,
  '/identitytoolkit.googleapis.com/v1/accounts:lookup': lookup,
  '/identitytoolkit.googleapis.com/v1/accounts:update': update,
  '/identitytoolkit.googleapis.com/v1/accounts:delete': deleteAccount,
  '/identitytoolkit.googleapis.com/v1/accounts:sendOobCode': sendOobCode,
  '/identitytoolkit.googleapis.com/v1/accounts:resetPassword': resetPassword,
  '/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink': signInWithEmailLink,
  '/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp': signInWithIdp,
  '/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start': startEnrollment,
  '/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:finalize': finalizeEnrollment,
  '/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:withdraw': withdrawEnrollment,
  '/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:start': startSecondStepSignIn,
  '/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:finalize': finalizeSecondStepSignIn,
  '/securetoken.googleapis.com/v1/token': grantToken,
};

/** Firebase's default policy (6 characters, nothing else required), for auth.validatePassword(). */
const PASSWORD_POLICY = {
  customStrengthOptions: { minPasswordLength: 6 },
  allowedNonAlphanumericCharacters: [],
  enforcementState: 'OFF',
  forceUpgradeOnSignin: false,
  schemaVersion: 1,
};

const GET_OPERATIONS: Record<string, (ctx: IdentityContext) => Promise<unknown>> = {
  '/identitytoolkit.googleapis.com/v2/passwordPolicy': async () => PASSWORD_POLICY,
  // reCAPTCHA Enterprise is off: the SDK then uses its test verifier (emulator mode) for texted codes.
  '/identitytoolkit.googleapis.com/v2/recaptchaConfig': async (ctx) => ({ recaptchaKey: `projects/${ctx.projectId}/keys/in-browser-emulator`, recaptchaEnforcementState: [] }),
};

const EMULATOR_LIST = /^\/emulator\/v1\/projects\/[^/]+\/(oobCodes|verificationCodes)$/;

async function readBody(request: Request): Promise<Body> {
  const raw = await request.text();
  if (raw.trim() === '') return {};
  if ((request.headers.get('content-type') ?? '').includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new IdentityError('INVALID_ARGUMENT : The request body is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new IdentityError('INVALID_ARGUMENT : The request body must be an object.');
  return parsed as Body;
}

export interface IdentityOptions {
  db: IdentityDb;
  projectId: string;
  /** Absolute URL of the page emailed links open (the app's /auth/action); default the emulator's `<origin>/emulator/action`. */
  actionPage?: string;
  now?: () => number;
}

/** Answers one identity request (see isIdentityRequest) from the accounts in IndexedDB. */
export async function handleIdentityRequest(request: Request, options: IdentityOptions): Promise<Response> {
  const url = new URL(request.url);
  const ctx: IdentityContext = {
    db: options.db,
    projectId: options.projectId,
    actionPage: options.actionPage ?? new URL('/emulator/action', url.origin).href,
    now: options.now ?? Date.now,
  };
  try {
    await ensureSeeded(ctx.db, ctx.now());
    const method = request.method.toUpperCase();
    const post = POST_OPERATIONS[url.pathname];
    if (post && method === 'POST') return identityJson(await post(ctx, await readBody(request)));
    const get = GET_OPERATIONS[url.pathname];
    if (get && method === 'GET') return identityJson(await get(ctx));
    const list = EMULATOR_LIST.exec(url.pathname)?.[1];
    if (list && method === 'GET') return identityJson(await (list === 'oobCodes' ? listOobCodes(ctx) : listVerificationCodes(ctx)));
    throw new IdentityError(`NOT_FOUND : ${method} ${url.pathname} is not answered by the in-browser emulator`, 404);
  } catch (error) {
    if (error instanceof IdentityError) return identityErrorResponse(error);
    console.error('Identity emulator error', error);
    return identityJson({ error: { code: 500, message: 'INTERNAL_ERROR', status: 'INTERNAL' } }, 500);
  }
}
