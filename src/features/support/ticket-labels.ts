import type { TicketCategory, TicketStatus } from '@schema/ticket';
import { ticketCategories, ticketStatuses } from '@schema/values';
import { t, useT } from '@/i18n/i18n';

const statusIds: Record<TicketStatus, string> = { open: 'support.status.open', pending: 'support.status.pending', closed: 'support.status.closed' };

const categoryIds: Record<TicketCategory, string> = {
  orders: 'support.category.orders',
  products: 'support.category.products',
  billing: 'support.category.billing',
  account: 'support.category.account',
  technical: 'support.category.technical',
  contact: 'support.category.contact',
};

/** A ticket's status in words, in the current language (the `support` area must be loaded). */
export const ticketStatusLabel = (status: TicketStatus) => t(statusIds[status]);
/** A ticket's category in words, in the current language (the `support` area must be loaded). */
export const ticketCategoryLabel = (category: TicketCategory) => t(categoryIds[category]);

export const ticketStatusOptions = () => ticketStatuses.map((value) => ({ value, label: ticketStatusLabel(value) }));
export const ticketCategoryOptions = () => ticketCategories.map((value) => ({ value, label: ticketCategoryLabel(value) }));

/** The labels for a component: loads the `support` area and re-renders on a change of language. */
export function useTicketLabels() {
  useT('support');
  return { statusLabel: ticketStatusLabel, categoryLabel: ticketCategoryLabel, statusOptions: ticketStatusOptions(), categoryOptions: ticketCategoryOptions() };
}
