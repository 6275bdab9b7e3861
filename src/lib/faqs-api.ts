import type { Faq } from '@schema/faq';
import { api } from './api-client';

/** The FAQs whose question or answer holds every word of `search` (all of them when empty), with this account's votes. */
export const listFaqs = async (search: string, signal?: AbortSignal) => (await api.get<{ faqs: Faq[] }>('/api/faqs', { search }, signal)).faqs;
/** Records this account's vote on a FAQ (null takes it back); answers the FAQ with its new counts. */
export const voteOnFaq = async (id: number, helpful: boolean | null) => (await api.post<{ faq: Faq }>(`/api/faqs/${id}/vote`, { helpful })).faq;
