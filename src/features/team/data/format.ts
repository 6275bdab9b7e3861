import type { Member } from '@domain/contract/sync-protocol';

/** How the page names a member: by email, or by account id for an account without one (the activity page's rule). */
export const memberName = (member: Pick<Member, 'uid' | 'email'>): string => member.email ?? member.uid;

/** A joining or invitation date: `3 Mar 2026`. */
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' });
