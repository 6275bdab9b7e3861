import { addSentCode, type OobCodeRecord, type OobRequestType } from './identity-db';
import { check } from './identity-error';
import {
  PASSWORD_MIN_LENGTH,
  WEAK_PASSWORD,
  accountByEmail,
  accountFromIdToken,
  canonicalEmail,
  isValidEmail,
  seconds,
  text,
  type Body,
  type IdentityContext,
} from './identity-context';
import { hashPassword, randomToken } from './password-hash';

/**
 * Emailed action codes (verification, password reset, sign-in link, email change). Nothing is
 * mailed: the app lists them from GET /emulator/v1/projects/<id>/oobCodes ("In this demo,
 * emails are shown here"). A code works once and for an hour.
 */
export const OOB_CODE_MS = 60 * 60_000;
/** Codes are forgotten a day after they were made. */
const KEEP_MS = 24 * 60 * 60_000;

const MODES: Record<OobRequestType, string> = {
  VERIFY_EMAIL: 'verifyEmail',
  PASSWORD_RESET: 'resetPassword',
  EMAIL_SIGNIN: 'signIn',
  VERIFY_AND_CHANGE_EMAIL: 'verifyAndChangeEmail',
};
/** (Not URL.canParse: Safari before 17 lacks it.) */
function isAbsoluteUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

const isRequestType = (value: unknown): value is OobRequestType => typeof value === 'string' && value in MODES;

/** The link the email would hold: the emulator's query (mode, lang, oobCode, apiKey, continueUrl) on the action page. */
function actionLink(ctx: IdentityContext, mode: string, code: string, continueUrl: string | undefined): string {
  const url = new URL(ctx.actionPage);
  url.searchParams.set('mode', mode);
  url.searchParams.set('lang', 'en');
  url.searchParams.set('oobCode', code);
  url.searchParams.set('apiKey', 'fake-api-key');
  if (continueUrl) url.searchParams.set('continueUrl', continueUrl);
  return url.toString();
}

export async function sendOobCode(ctx: IdentityContext, body: Body) {
  const requestType = body.requestType;
  check(requestType !== undefined && requestType !== 'OOB_REQ_TYPE_UNSPECIFIED', 'MISSING_REQ_TYPE');
  check(isRequestType(requestType), 'INVALID_REQ_TYPE');
  const continueUrl = text(body, 'continueUrl');
  if (continueUrl !== undefined) check(isAbsoluteUrl(continueUrl), 'INVALID_CONTINUE_URI : ((expected an absolute URI with valid scheme and host))');

  let email: string;
  let newEmail: string | undefined;
  switch (requestType) {
    case 'EMAIL_SIGNIN': {
      const given = text(body, 'email');
      check(given, 'MISSING_EMAIL');
      check(isValidEmail(given), 'INVALID_EMAIL');
      email = canonicalEmail(given);
      break;
    }
    case 'PASSWORD_RESET': {
      const given = text(body, 'email');
      check(given, 'MISSING_EMAIL');
      email = canonicalEmail(given);
      // Email enumeration protection: an unknown email answers the same, and nothing is "sent".
      if (!(await accountByEmail(ctx, email))) return { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email };
      break;
    }
    case 'VERIFY_EMAIL': {
      const { account } = await accountFromIdToken(ctx, body.idToken);
      check(account.email, 'MISSING_EMAIL');
      email = account.email;
      break;
    }
    case 'VERIFY_AND_CHANGE_EMAIL': {
      const given = text(body, 'newEmail');
      check(given, 'MISSING_NEW_EMAIL');
      check(isValidEmail(given), 'INVALID_NEW_EMAIL');
      newEmail = canonicalEmail(given);
      const { account } = await accountFromIdToken(ctx, body.idToken);
      check(account.email, 'MISSING_EMAIL');
      email = account.email;
      check(!(await accountByEmail(ctx, newEmail)), 'EMAIL_EXISTS');
      break;
    }
  }

  const now = ctx.now();
  const code = randomToken(40);
  const record: Omit<OobCodeRecord, 'createdAt'> = {
    code,
    email,
    requestType,
    link: actionLink(ctx, MODES[requestType], code, continueUrl),
    expiresAt: now + OOB_CODE_MS,
    used: false,
    ...(newEmail ? { newEmail } : {}),
  };
  await addSentCode(ctx.db.oobCodes, record, now, KEEP_MS);
  return { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email };
}

/**
 * An unspent, unexpired code of one of `types` (INVALID_OOB_CODE: unknown, used or another
 * kind; EXPIRED_OOB_CODE: older than an hour). Reading does not spend it (checkActionCode).
 */
export async function readOobCode(ctx: IdentityContext, code: unknown, types: readonly OobRequestType[]): Promise<OobCodeRecord> {
  check(typeof code === 'string' && code !== '', 'MISSING_OOB_CODE');
  const record = await ctx.db.oobCodes.get(code);
  check(record && !record.used, 'INVALID_OOB_CODE');
  check(record.expiresAt > ctx.now(), 'EXPIRED_OOB_CODE');
  check(types.includes(record.requestType), 'INVALID_OOB_CODE');
  return record;
}

/** readOobCode, then `validate` (may throw), then the code is spent — atomically, so it works once. */
export async function useOobCode(
  ctx: IdentityContext,
  code: unknown,
  types: readonly OobRequestType[],
  validate?: (record: OobCodeRecord) => void,
): Promise<OobCodeRecord> {
  return ctx.db.transaction('rw', ctx.db.oobCodes, async () => {
    const record = await readOobCode(ctx, code, types);
    validate?.(record);
    await ctx.db.oobCodes.update(record.code, { used: true });
    return record;
  });
}

/** accounts:resetPassword — without newPassword it only says what a code is for (checkActionCode); with it, sets the password. */
export async function resetPassword(ctx: IdentityContext, body: Body) {
  const newPassword = text(body, 'newPassword');
  let record: OobCodeRecord;
  if (newPassword) {
    await readOobCode(ctx, body.oobCode, ['PASSWORD_RESET']);
    check(newPassword.length >= PASSWORD_MIN_LENGTH, WEAK_PASSWORD);
    const passwordHash = await hashPassword(newPassword);
    record = await useOobCode(ctx, body.oobCode, ['PASSWORD_RESET']);
    const account = await accountByEmail(ctx, record.email);
    check(account, 'INVALID_OOB_CODE');
    const now = ctx.now();
    // The emailed code proves the address; every earlier session ends.
    await ctx.db.accounts.put({ ...account, passwordHash, passwordUpdatedAt: now, emailVerified: true, validSince: seconds(now) });
  } else {
    record = await readOobCode(ctx, body.oobCode, Object.keys(MODES) as OobRequestType[]);
  }
  return {
    kind: 'identitytoolkit#ResetPasswordResponse',
    requestType: record.requestType,
    email: record.requestType === 'EMAIL_SIGNIN' ? undefined : record.email,
    newEmail: record.newEmail,
  };
}

/** The emulator's list of "sent" emails: here only the unspent codes of the last hour, oldest first. */
export async function listOobCodes(ctx: IdentityContext) {
  const now = ctx.now();
  const codes = await ctx.db.oobCodes.where('createdAt').above(now - OOB_CODE_MS).sortBy('createdAt');
  return {
    oobCodes: codes
      .filter((c) => !c.used && c.expiresAt > now)
      .map((c) => ({ email: c.email, ...(c.newEmail ? { newEmail: c.newEmail } : {}), requestType: c.requestType, oobCode: c.code, oobLink: c.link })),
  };
}
