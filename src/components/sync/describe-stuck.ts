import { stuckMessage, type StuckChange } from '@/lib/shop-sync';
import { describeConflict } from './describe-conflict';

export { stuckMessage };

const changes = (n: number) => (n === 1 ? '1 change' : `${n.toLocaleString('en-US')} changes`);

/** "Tried 4 times since 26 Nov 2026, 19:05 (the server answered 400)". */
export function stuckAttempts(stuck: StuckChange, timeZone?: string): string {
  const since = new Date(stuck.since);
  const when = Number.isNaN(since.getTime()) ? '' : ` since ${since.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone })}`;
  return `Tried ${stuck.failures === 1 ? 'once' : `${stuck.failures.toLocaleString('en-US')} times`}${when} (the server answered ${stuck.status})`;
}

/** What the changes made after it do meanwhile: "2 changes made after it wait behind it…", or nothing when none did. */
export function waitingBehind(pending: number): string | undefined {
  const behind = pending - 1;
  if (behind < 1) return undefined;
  return `${changes(behind)} made after it ${behind === 1 ? 'waits' : 'wait'} behind it: ${behind === 1 ? 'it is' : 'they are'} sent once this one is sent or discarded.`;
}

/**
 * The Discard dialog's words, said plainly: dropped from this device, never reaching the team;
 * the shop reloaded from the server; the later changes still sent, and those that depended on it
 * perhaps refused and listed.
 */
export function discardDescription(stuck: StuckChange, pending: number): string {
  const behind = pending - 1;
  const later =
    behind > 0
      ? ` The ${behind === 1 ? 'change' : `${changes(behind)}`} made after it ${behind === 1 ? 'is' : 'are'} still sent; any that depended on it (an edit of a record it created, say) may then be refused, and ${behind === 1 ? 'is' : 'are'} listed here.`
      : '';
  return `“${describeConflict(stuck)}” is dropped from this device and never reaches the team. This device then reloads the shop’s data from the server, so its screens match the server again.${later} This cannot be undone.`;
}
