import type { StuckChange } from '@/lib/shop-sync';
import { translatedMessage } from '@/lib/translated-message';
import { dateFormat } from '@/i18n/format';
import { t } from '@/i18n/i18n';
import { describeConflict } from './describe-conflict';

/*
 * A stuck change in words, in the current language (the `sync` area must be loaded: the Sync
 * page asks for it).
 */

/** "This change could not be sent: <the server's reason, translated by its code>." */
export const stuckMessage = (stuck: StuckChange) => t('sync.stuck.message', { reason: translatedMessage(stuck.message).replace(/[.\s]+$/, '') });

/** "Tried 4 times since Nov 26, 2026, 7:05 PM (the server answered 400)". */
export function stuckAttempts(stuck: StuckChange, timeZone?: string): string {
  const since = new Date(stuck.since);
  const known = !Number.isNaN(since.getTime());
  const when = known ? dateFormat({ dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(since) : '';
  return t('sync.stuck.attempts', { count: stuck.failures, since: known ? 'yes' : 'no', when, status: stuck.status });
}

/** What the changes made after it do meanwhile: "2 changes made after it wait behind it…", or nothing when none did. */
export function waitingBehind(pending: number): string | undefined {
  const behind = pending - 1;
  if (behind < 1) return undefined;
  return t('sync.stuck.behind', { count: behind });
}

/**
 * The Discard dialog's words, said plainly: dropped from this device, never reaching the team;
 * the shop reloaded from the server; the later changes still sent, and those that depended on it
 * perhaps refused and listed.
 */
export function discardDescription(stuck: StuckChange, pending: number): string {
  return t('sync.stuck.discardText', { change: describeConflict(stuck), count: Math.max(0, pending - 1) });
}
