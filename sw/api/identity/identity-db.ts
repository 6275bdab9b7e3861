import Dexie, { type Table } from 'dexie';
import { hashPassword } from './password-hash';

export const IDENTITY_DB_NAME = 'shop-admin-identity';

/** A federated sign-in linked to an account (e.g. the emulator's Google credential). */
export interface LinkedProvider {
  providerId: string;
  rawId: string;
  email?: string;
  displayName?: string;
  photoUrl?: string;
}

/** A text-message second step (as the Auth emulator keeps it: the full number, shown masked). */
export interface PhoneEnrollment {
  mfaEnrollmentId: string;
  phoneNumber: string;
  displayName?: string;
  enrolledAt: string;
}

/**
 * An account of the in-browser identity emulator. Never the password: `passwordHash` is
 * PBKDF2-SHA256 with a random salt (see password-hash.ts). Times are milliseconds, except
 * `validSince` (seconds, like a token's `iat`): tokens issued before it are refused.
 */
export interface IdentityAccount {
  uid: string;
  /** Lower-cased; unique (no two accounts share an email). */
  email?: string;
  passwordHash?: string;
  displayName?: string;
  photoUrl?: string;
  emailVerified: boolean;
  /** Signed in with an emailed link at least once (a password-less email account). */
  emailLinkSignin?: boolean;
  createdAt: number;
  lastLoginAt: number;
  passwordUpdatedAt?: number;
  validSince: number;
  disabled: boolean;
  providers: LinkedProvider[];
  /** `providerId:rawId` of each linked provider (indexed, to find an account by its federated id). */
  federatedIds: string[];
  mfaInfo: PhoneEnrollment[];
}

export type OobRequestType = 'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'EMAIL_SIGNIN' | 'VERIFY_AND_CHANGE_EMAIL';

/** An emailed action code: shown in the app ("In this demo, emails are shown here") instead of mailed. */
export interface OobCodeRecord {
  code: string;
  email: string;
  newEmail?: string;
  requestType: OobRequestType;
  /** The link the email would hold (the emulator's shape: its action page with mode, oobCode, apiKey, continueUrl). */
  link: string;
  createdAt: number;
  expiresAt: number;
  used: boolean;
}

/** An opaque refresh token and what its ID tokens say. */
export interface RefreshTokenRecord {
  token: string;
  uid: string;
  signInProvider: string;
  secondFactor?: { identifier: string; provider: string };
  /** Seconds; a token issued before the account's `validSince` (password change or reset) is refused. */
  issuedAt: number;
}

/** A texted code (second step), shown in the app instead of sent. */
export interface VerificationCodeRecord {
  sessionInfo: string;
  phoneNumber: string;
  code: string;
  createdAt: number;
  expiresAt: number;
}

/**
 * The in-browser identity emulator's own database (not an account database): accounts,
 * emailed codes, refresh tokens, texted codes.
 */
export class IdentityDb extends Dexie {
  accounts!: Table<IdentityAccount, string>;
  oobCodes!: Table<OobCodeRecord, string>;
  refreshTokens!: Table<RefreshTokenRecord, string>;
  verificationCodes!: Table<VerificationCodeRecord, string>;
  meta!: Table<{ key: string; value: unknown }, string>;

  constructor(name: string = IDENTITY_DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores({
      accounts: 'uid, &email, *federatedIds',
      oobCodes: 'code, email, createdAt',
      refreshTokens: 'token, uid',
      verificationCodes: 'sessionInfo, createdAt',
      meta: 'key',
    });
  }
}

/** The demo account (like emulator/demo-data: same uid, email, name and password, email verified). */
export const DEMO_IDENTITY = {
  uid: 'demo-admin-0000000000000000',
  email: 'demo@shop-admin.test',
  password: 'demo-admin-123',
  displayName: 'Demo Admin',
} as const;

const seeded = new WeakMap<IdentityDb, Promise<void>>();

/**
 * Adds the demo account once, when the database is new. Not in Dexie's `populate`: hashing
 * the password is asynchronous work outside IndexedDB, which would end the transaction.
 * A demo account the visitor later deletes stays deleted.
 */
export function ensureSeeded(db: IdentityDb, now: number = Date.now()): Promise<void> {
  let done = seeded.get(db);
  if (!done) {
    done = seed(db, now);
    seeded.set(db, done);
    done.catch(() => seeded.delete(db));
  }
  return done;
}

async function seed(db: IdentityDb, now: number): Promise<void> {
  if (await db.meta.get('seeded')) return;
  const passwordHash = await hashPassword(DEMO_IDENTITY.password);
  await db.transaction('rw', db.accounts, db.meta, async () => {
    if (await db.meta.get('seeded')) return;
    const taken = (await db.accounts.get(DEMO_IDENTITY.uid)) ?? (await db.accounts.where('email').equals(DEMO_IDENTITY.email).first());
    if (!taken) {
      await db.accounts.add({
        uid: DEMO_IDENTITY.uid,
        email: DEMO_IDENTITY.email,
        passwordHash,
        displayName: DEMO_IDENTITY.displayName,
        emailVerified: true,
        createdAt: now,
        lastLoginAt: now,
        passwordUpdatedAt: now,
        validSince: Math.floor(now / 1000),
        disabled: false,
        providers: [],
        federatedIds: [],
        mfaInfo: [],
      });
    }
    await db.meta.put({ key: 'seeded', value: now });
  });
}

/**
 * Adds a "sent" code (an email's or a text message's) stamped `createdAt` = now, or just after
 * the newest one when that is as new: the emulator's lists sort by `createdAt`, so two codes
 * sent in the same millisecond still list in the order they were sent. Codes older than
 * `keepMs` are dropped first. One transaction, so concurrent sends get distinct stamps.
 */
export async function addSentCode<R extends { createdAt: number }>(table: Table<R, string>, record: Omit<R, 'createdAt'>, now: number, keepMs: number): Promise<void> {
  await table.db.transaction('rw', table, async () => {
    await table.where('createdAt').below(now - keepMs).delete();
    const newest = await table.orderBy('createdAt').last();
    await table.add({ ...record, createdAt: newest !== undefined && newest.createdAt >= now ? newest.createdAt + 1 : now } as R);
  });
}
