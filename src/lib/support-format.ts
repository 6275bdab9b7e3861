import { ticketCategories, ticketStatuses } from '@schema/values';
import type { Faq } from '@schema/faq';
import type { TicketCategory, TicketStatus } from '@schema/ticket';
import { formatDate, formatDateTime } from '@/i18n/format';
import { translatedLabels, translatedOptions } from './translated-labels';

export const ticketStatusLabels: Record<TicketStatus, string> = translatedLabels({ open: 'common.ticketStatus.open', pending: 'common.ticketStatus.pending', closed: 'common.ticketStatus.closed' });

export const ticketCategoryLabels: Record<TicketCategory, string> = translatedLabels({
  orders: 'common.ticketCategory.orders',
  products: 'common.ticketCategory.products',
  billing: 'common.ticketCategory.billing',
  account: 'common.ticketCategory.account',
  technical: 'common.ticketCategory.technical',
  contact: 'common.ticketCategory.contact',
});

export const ticketStatusOptions = translatedOptions(ticketStatuses, ticketStatusLabels);
export const ticketCategoryOptions = translatedOptions(ticketCategories, ticketCategoryLabels);
/** What a ticket can be filed under from the create form: 'contact' is the contact form's own. */
export const createTicketCategoryOptions = ticketCategoryOptions.filter((option) => option.value !== 'contact');

/** How a ticket is named to people: "#12". */
export const ticketNumber = (id: number) => `#${id}`;

/**
 * A full name as a ticket keeps it: the last word is the last name, the rest the first
 * ("Mary Ann Smith" → Mary Ann / Smith). Null when there are not two words to split.
 */
export function splitFullName(name: string): { firstName: string; lastName: string } | null {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const lastName = words.pop();
  if (lastName === undefined || words.length === 0) return null;
  return { firstName: words.join(' '), lastName };
}

/** A FAQ topic as a heading shows it ("payments" → "Payments"). */
export const faqTopicLabel = (topic: string) => topic.charAt(0).toUpperCase() + topic.slice(1);

/** FAQs grouped by topic, topics in the order they first appear, each topic's FAQs in the API's order. */
export function groupFaqsByTopic<F extends Pick<Faq, 'topic'>>(faqs: readonly F[]): Array<{ topic: string; faqs: F[] }> {
  const groups = new Map<string, F[]>();
  for (const faq of faqs) {
    const group = groups.get(faq.topic);
    if (group) group.push(faq);
    else groups.set(faq.topic, [faq]);
  }
  return [...groups].map(([topic, members]) => ({ topic, faqs: members }));
}

/** The vote to send when "Yes" (`clicked` true) or "No" is pressed: pressing the current vote takes it back. */
export const voteAfterClick = (current: boolean | null, clicked: boolean): boolean | null => (current === clicked ? null : clicked);

/**
 * A FAQ as it will be once `vote` replaces its current vote (shown at once, before the API
 * answers): the counts lose the old vote and gain the new one.
 */
export function withVote<F extends Pick<Faq, 'helpfulCount' | 'notHelpfulCount' | 'myVote'>>(faq: F, vote: boolean | null): F {
  const count = (value: boolean) => (faq.myVote === value ? -1 : 0) + (vote === value ? 1 : 0);
  return { ...faq, helpfulCount: faq.helpfulCount + count(true), notHelpfulCount: faq.notHelpfulCount + count(false), myVote: vote };
}

/** "May 20, 2026, 9:41 AM" (in the current language): when a message of a thread was written. */
export const formatTicketTime = (iso: string) => formatDateTime(iso);
/** "May 20, 2026": a list's date column. */
export const formatTicketDay = (iso: string) => formatDate(iso);
