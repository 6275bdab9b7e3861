import { ticketCategories, ticketStatuses } from '@schema/values';
import { listSearchSchema } from '@/components/data-table/list-search';
import { recordIdParam, searchValidator, text } from '@/lib/search-params';

/** The API's sort fields for tickets (its default: createdAt, newest first). */
export const ticketSortFields = ['createdAt', 'updatedAt', 'subject', 'status'] as const;

const ticketsListSearchSchema = listSearchSchema(ticketStatuses, ticketSortFields, { category: ticketCategories });
type TicketsListSearch = ReturnType<typeof ticketsListSearchSchema.parse>;

/**
 * The tickets list's URL state: the kit's (search, status, category, sort, paging) plus
 * `ticket`, the ticket shown open on arrival (links from the overview and the contact form;
 * anything but a ticket id is dropped).
 */
export const ticketsSearchSchema = searchValidator(
  (search): TicketsListSearch & { ticket?: number | undefined } => ({ ...ticketsListSearchSchema.parse(search), ticket: recordIdParam(search.ticket) }),
);

/** A search box's text in the URL: trimmed, at most 200 characters, else empty. */
const textParam = (value: unknown): string => text(value, 200, { trim: true }) ?? '';

/** /support: the "How can we help you?" search (`?q=`). */
export const supportOverviewSearchSchema = searchValidator((search): { q: string } => ({ q: textParam(search.q) }));

/** /support/faqs: the FAQ search (`?search=`) and a FAQ shown open on arrival (`?faq=3`). */
export const faqsSearchSchema = searchValidator((search): { search: string; faq?: number | undefined } => ({ search: textParam(search.search), faq: recordIdParam(search.faq) }));
