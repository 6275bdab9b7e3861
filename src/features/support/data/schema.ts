// zod/mini: route search schemas are evaluated with the route tree, at start-up.
import * as z from 'zod/mini';
import { ticketCategories, ticketStatuses } from '@schema/values';
import { listSearchSchema } from '@/components/data-table/list-search';

/** The API's sort fields for tickets (its default: createdAt, newest first). */
export const ticketSortFields = ['createdAt', 'updatedAt', 'subject', 'status'] as const;

const ticketsListSearchSchema = listSearchSchema(ticketStatuses, ticketSortFields, { category: ticketCategories });

/** A ticket id in the URL (`?ticket=12`: that ticket's thread shown open); anything else is dropped. */
const ticketIdParam = z.catch(z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER))), undefined);

/**
 * The tickets list's URL state: the kit's (search, status, category, sort, paging) plus
 * `ticket`, the ticket shown open on arrival (links from the overview and the contact form).
 */
export const ticketsSearchSchema = z.intersection(ticketsListSearchSchema, z.object({ ticket: ticketIdParam }));

const textParam = z._default(z.catch(z.string().check(z.trim(), z.maxLength(200)), ''), '');

/** /support: the "How can we help you?" search (`?q=`). */
export const supportOverviewSearchSchema = z.object({ q: textParam });

/** /support/faqs: the FAQ search (`?search=`) and a FAQ shown open on arrival (`?faq=3`). */
export const faqsSearchSchema = z.object({ search: textParam, faq: ticketIdParam });
