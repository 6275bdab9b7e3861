import type { Member } from '@domain/contract/sync-protocol';
import { formatPortalDate } from '@/lib/customer-portal';

/** How the page names a member: by email, or by account id for an account without one (the activity page's rule). */
export const memberName = (member: Pick<Member, 'uid' | 'email'>): string => member.email ?? member.uid;

/** A joining or invitation date in the current language: `3 Mar 2026` (English day first, as the portal writes it). */
export const formatDate = formatPortalDate;
