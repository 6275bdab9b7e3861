/**
 * The shop server's answer (403) to a request of someone who is not a member of the shop, or to
 * a shop that does not exist (the same answer: nothing is revealed). The worker reads it as
 * "removed from the shop" and drops its copy (docs/sync.md "The client"), so the words are shared.
 */
export const NOT_A_MEMBER = 'You are not a member of this shop';
