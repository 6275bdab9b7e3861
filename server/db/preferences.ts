import type { AccountPreferencesAnswer, AccountPreferencesBody } from '../../domain/contract/sync-protocol/preferences';
import type { Preferences } from '../../domain/schema/settings';
import type { Pool, PoolClient } from './pool';

type Db = Pool | PoolClient;

interface Row {
  preferences: Preferences;
  changed_at: Date;
}

const answerOf = (row: Row | undefined): AccountPreferencesAnswer =>
  row ? { preferences: row.preferences, changedAt: row.changed_at.toISOString() } : { preferences: null, changedAt: null };

/** The account's preferences as the server keeps them (both null until a device sent some). */
export async function readPreferences(db: Db, uid: string): Promise<AccountPreferencesAnswer> {
  const { rows } = await db.query<Row>({ name: 'read-preferences', text: 'SELECT preferences, changed_at FROM account_preferences WHERE uid = $1', values: [uid] });
  return answerOf(rows[0]);
}

/**
 * Keeps `sent` when it was chosen after what the server has (the latest choice wins), and answers
 * what the server then has, in one statement. A time ahead of the server's clock counts as now: a
 * device whose clock runs fast cannot make its choice outlast every later one. Times are kept to
 * the millisecond, as devices write them.
 */
export async function keepPreferences(db: Db, uid: string, sent: AccountPreferencesBody): Promise<AccountPreferencesAnswer> {
  const { rows } = await db.query<Row>({
    name: 'keep-preferences',
    text: `WITH kept AS (
       INSERT INTO account_preferences AS p (uid, preferences, changed_at)
       VALUES ($1, $2, LEAST($3::timestamptz, date_trunc('milliseconds', now())))
       ON CONFLICT (uid) DO UPDATE SET preferences = EXCLUDED.preferences, changed_at = EXCLUDED.changed_at, updated_at = now()
       WHERE p.changed_at < EXCLUDED.changed_at
       RETURNING preferences, changed_at)
     SELECT preferences, changed_at FROM kept
     UNION ALL
     SELECT preferences, changed_at FROM account_preferences WHERE uid = $1 AND NOT EXISTS (SELECT 1 FROM kept)`,
    values: [uid, JSON.stringify(sent.preferences), sent.changedAt],
  });
  return answerOf(rows[0]);
}
