import { beforeEach, describe, expect, it } from 'vitest';
import { createAccountsApi, createTestApi, emulatorToken } from './support/harness';
import { expectError, expectFieldError, freezeClock, NOW, qs } from './support/helpers';
import { faqTopics, seedFaqs } from '../../seed/faqs';
import type { Faq } from '../../domain/schema/faq';

freezeClock();

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});

async function faqs(search?: string): Promise<Faq[]> {
  const res = await api.call('GET', `/api/faqs${search === undefined ? '' : qs({ search })}`);
  expect(res.status).toBe(200);
  return res.body.faqs;
}
const ids = (rows: ReadonlyArray<{ id: number }>) => rows.map((row) => row.id);
const noVote = { helpfulCount: 0, notHelpfulCount: 0, myVote: null };

describe('GET /api/faqs', () => {
  it('answers every FAQ, grouped by topic, with no votes yet', async () => {
    const all = await faqs();
    expect(all).toEqual(seedFaqs.map((faq) => ({ ...faq, ...noVote })));
    expect(all.length).toBeGreaterThanOrEqual(10);
    expect(new Set(all.map((faq) => faq.topic))).toEqual(new Set(faqTopics));
    // Grouped: each topic's questions together, in the topics' order.
    const topicRuns = all.map((faq) => faq.topic).filter((topic, i, topics) => topic !== topics[i - 1]);
    expect(topicRuns).toEqual([...faqTopics]);
    expect(new Set(ids(all)).size).toBe(all.length);
  });

  it('searches question and answer, any case: every word must appear, in any order', async () => {
    // "card" and "number" both appear in FAQ 5 only.
    expect(ids(await faqs('card number'))).toEqual([5]);
    expect(ids(await faqs('NUMBER   card'))).toEqual([5]);
    // One word in the question, the other in the answer.
    const split = seedFaqs.find((faq) => faq.id === 9)!;
    expect(split.question.toLowerCase()).toContain('password');
    expect(split.answer.toLowerCase()).toContain('settings');
    expect(ids(await faqs('password settings'))).toContain(9);
    // A word no FAQ has rules a FAQ out even if the others match.
    expect(await faqs('card zebra')).toEqual([]);
    // Any match of one word.
    const offline = ids(seedFaqs.filter((faq) => `${faq.question} ${faq.answer}`.toLowerCase().includes('offline')));
    expect(offline.length).toBeGreaterThan(0);
    expect(ids(await faqs('Offline'))).toEqual(offline);
    // Empty or blank: everything.
    expect(await faqs('')).toHaveLength(seedFaqs.length);
    expect(await faqs('   ')).toHaveLength(seedFaqs.length);
  });
});

describe('POST /api/faqs/:id/vote', () => {
  it('votes, changes the vote and takes it back; the counts and myVote follow and persist', async () => {
    const vote = (helpful: boolean | null) => api.call('POST', '/api/faqs/3/vote', { helpful });
    const faq3 = { ...seedFaqs.find((faq) => faq.id === 3)! };

    const up = await vote(true);
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ faq: { ...faq3, helpfulCount: 1, notHelpfulCount: 0, myVote: true } });
    expect(api.changes).toEqual(['faqs']);
    expect(await api.db.faqVotes.toArray()).toEqual([{ faqId: 3, helpful: true, at: NOW }]);
    expect((await faqs()).find((faq) => faq.id === 3)).toEqual(up.body.faq);
    // The same vote again keeps one vote.
    expect((await vote(true)).body.faq).toMatchObject({ helpfulCount: 1, notHelpfulCount: 0 });

    const down = await vote(false);
    expect(down.body.faq).toEqual({ ...faq3, helpfulCount: 0, notHelpfulCount: 1, myVote: false });
    expect((await faqs('')).find((faq) => faq.id === 3)).toEqual(down.body.faq);

    const none = await vote(null);
    expect(none.body.faq).toEqual({ ...faq3, ...noVote });
    expect(await api.db.faqVotes.count()).toBe(0);
    expect(await faqs()).toEqual(seedFaqs.map((faq) => ({ ...faq, ...noVote })));
    // Other FAQs are untouched throughout.
    expect((await vote(true)).status).toBe(200);
    expect((await faqs()).filter((faq) => faq.myVote !== null).map((faq) => faq.id)).toEqual([3]);
  });

  it('404 for an unknown FAQ, 400 for a malformed id', async () => {
    expectError(await api.call('POST', '/api/faqs/999/vote', { helpful: true }), 404, 'FAQ not found');
    expectError(await api.call('POST', '/api/faqs/abc/vote', { helpful: true }), 400, 'Invalid request: id must be a positive whole number');
    expect(await api.db.faqVotes.count()).toBe(0);
  });

  it('400 for a bad body, naming the field; the vote stays as it was', async () => {
    expect((await api.call('POST', '/api/faqs/2/vote', { helpful: false })).status).toBe(200);
    const before = await api.db.faqVotes.toArray();
    api.changes.length = 0;
    expectFieldError(await api.call('POST', '/api/faqs/2/vote', {}), 'helpful');
    expectFieldError(await api.call('POST', '/api/faqs/2/vote', { helpful: 'yes' }), 'helpful');
    expectFieldError(await api.call('POST', '/api/faqs/2/vote', { helpful: 1 }), 'helpful');
    const extra = await api.call('POST', '/api/faqs/2/vote', { helpful: true, comment: 'Great' });
    expect(extra.body.issues).toEqual([{ path: 'comment', message: 'Unknown field' }]);
    expectError(await api.call('POST', '/api/faqs/2/vote', '{"helpful": tru'), 400, 'Invalid request: body is not valid JSON');
    expectError(await api.call('POST', '/api/faqs/2/vote', ''), 400, 'Invalid request');
    expectError(await api.call('GET', '/api/faqs/2/vote'), 405);
    expect(await api.db.faqVotes.toArray()).toEqual(before);
    expect(api.changes).toEqual([]);
  });

  it('keeps each account’s votes apart', async () => {
    const accounts = createAccountsApi();
    const alice = emulatorToken('alice');
    const bob = emulatorToken('bob');
    expect((await accounts.call('POST', '/api/faqs/1/vote', alice, { helpful: true })).body.faq.myVote).toBe(true);
    const bobs = (await accounts.call('GET', '/api/faqs', bob)).body.faqs as Faq[];
    expect(bobs.find((faq) => faq.id === 1)).toMatchObject(noVote);
    const alices = (await accounts.call('GET', '/api/faqs', alice)).body.faqs as Faq[];
    expect(alices.find((faq) => faq.id === 1)).toMatchObject({ helpfulCount: 1, myVote: true });
  });
});
