import type { TicketCategory } from '@schema/ticket';
import { ticketCategories } from '@schema/values';
import { t } from '@/i18n/i18n';

const categoryIds: Record<TicketCategory, string> = {
  orders: 'portal.ticketCategory.orders',
  products: 'portal.ticketCategory.products',
  billing: 'portal.ticketCategory.billing',
  account: 'portal.ticketCategory.account',
  technical: 'portal.ticketCategory.technical',
  contact: 'portal.ticketCategory.contact',
};

/** A ticket's category in words, in the current language (the `portal` area must be loaded: the screens ask for it). */
export const ticketCategoryLabel = (category: TicketCategory) => t(categoryIds[category]);

export const ticketCategoryOptions = () => ticketCategories.map((value) => ({ value, label: ticketCategoryLabel(value) }));
