import { z } from 'zod';

/**
 * A frequently asked question (seeded, read-only) with this account's vote on it: the
 * counts are the votes kept on this device for this account (one vote per FAQ, changeable).
 */
export interface Faq {
  id: number;
  question: string;
  answer: string;
  topic: string;
  helpfulCount: number;
  notHelpfulCount: number;
  /** This account's vote: true "helpful", false "not helpful", null none. */
  myVote: boolean | null;
}

/** POST /api/faqs/:id/vote: `{ helpful: true | false }`, or `null` to take the vote back. */
export const faqVoteInputSchema = z.strictObject({ helpful: z.boolean().nullable() });
export type FaqVoteInput = z.infer<typeof faqVoteInputSchema>;

/** A stored vote (table `faqVotes`, keyed by the FAQ's id). */
export interface FaqVote {
  faqId: number;
  helpful: boolean;
  at: string;
}
