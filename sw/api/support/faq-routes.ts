import { z } from 'zod';
import type { RouteTable } from '../context';
import type { ShopDb } from '../storage/db';
import { faqVoteInputSchema, type Faq, type FaqVote } from '../../../domain/schema/faq';
import { listQuerySchema } from '../../../domain/schema/common';
import { ApiError, json, numericId, readJsonObject, validate } from '../http';
import { validateBody } from '../records/collection-routes';
import { seedFaqs, type FaqEntry } from '../../../seed/faqs';

/*
 * The support page's FAQs: `/api/faqs`. The questions ship with the app (seed/faqs.ts); what
 * the account keeps is its vote on each (table `faqVotes`, one row per voted FAQ).
 */

const FAQ_NOT_FOUND = 'FAQ not found';
const faqsById = new Map(seedFaqs.map((faq) => [faq.id, faq]));

/** A FAQ with the account's vote: the counts are this account's votes (0 or 1 each). */
function withVote(faq: FaqEntry, vote: FaqVote | undefined): Faq {
  const myVote = vote?.helpful ?? null;
  return { ...faq, helpfulCount: myVote === true ? 1 : 0, notHelpfulCount: myVote === false ? 1 : 0, myVote };
}

/**
 * Whether a FAQ matches a search: every word of it (split on spaces, any case) appears in
 * the question or the answer, so "refund card" finds a FAQ that speaks of both anywhere.
 */
export function faqMatches(faq: FaqEntry, search: string | undefined): boolean {
  const words = search?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  const text = `${faq.question}\n${faq.answer}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

const faqQuery = z.object({ search: listQuerySchema.shape.search });

async function votesOf(db: ShopDb, ids: readonly number[]): Promise<Map<number, FaqVote>> {
  const votes = await db.faqVotes.bulkGet([...ids]);
  return new Map(votes.filter((vote): vote is FaqVote => vote !== undefined).map((vote) => [vote.faqId, vote]));
}

export const faqRoutes: RouteTable = {
  /** `?search=` → `{ faqs }`, in topic order, each with this account's vote. */
  '/api/faqs': {
    async GET({ db, url }) {
      const { search } = validate(faqQuery, Object.fromEntries(url.searchParams));
      const found = seedFaqs.filter((faq) => faqMatches(faq, search));
      const votes = await votesOf(db, found.map((faq) => faq.id));
      return json({ faqs: found.map((faq) => withVote(faq, votes.get(faq.id))) });
    },
  },

  /** `{ helpful: true | false }` sets this account's vote, `null` takes it back → `{ faq }`. */
  '/api/faqs/:id/vote': {
    async POST({ db, request, params, changed }) {
      const id = numericId(params.id ?? '');
      const faq = faqsById.get(id);
      if (!faq) throw new ApiError(404, FAQ_NOT_FOUND);
      const { helpful } = validateBody(faqVoteInputSchema, await readJsonObject(request));
      const vote: FaqVote | undefined = helpful === null ? undefined : { faqId: id, helpful, at: new Date().toISOString() };
      if (vote) await db.faqVotes.put(vote);
      else await db.faqVotes.delete(id);
      changed('faqs');
      return json({ faq: withVote(faq, vote) });
    },
  },
};
