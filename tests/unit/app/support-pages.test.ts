import { describe, expect, it } from 'vitest';
import { accordionFocusTarget } from '../../../src/components/accordion-keys';
import { faqsSearchSchema, supportOverviewSearchSchema, ticketsSearchSchema } from '../../../src/features/support/data/schema';
import { createTicketCategoryOptions, groupFaqsByTopic, splitFullName, voteAfterClick, withVote } from '../../../src/lib/support-format';
import {
  contactFieldOfIssue,
  contactFormSchema,
  newContactFormValues,
  newTicketFormValues,
  ticketFormSchema,
} from '../../../src/features/support/ticket-form-values';

describe('splitting a full name into a ticket\'s first and last name', () => {
  it('takes the last word as the last name and the rest as the first', () => {
    expect(splitFullName('Amelia Hart')).toEqual({ firstName: 'Amelia', lastName: 'Hart' });
    expect(splitFullName('  Mary   Ann  Smith ')).toEqual({ firstName: 'Mary Ann', lastName: 'Smith' });
  });
  it('cannot split one word or nothing', () => {
    expect(splitFullName('Cher')).toBeNull();
    expect(splitFullName('   ')).toBeNull();
  });
});

describe('FAQ topics', () => {
  it('groups by topic in order of first appearance, keeping each topic\'s order', () => {
    const faqs = [
      { id: 1, topic: 'Orders' },
      { id: 2, topic: 'Billing' },
      { id: 3, topic: 'Orders' },
      { id: 4, topic: 'Account' },
    ];
    expect(groupFaqsByTopic(faqs)).toEqual([
      { topic: 'Orders', faqs: [faqs[0], faqs[2]] },
      { topic: 'Billing', faqs: [faqs[1]] },
      { topic: 'Account', faqs: [faqs[3]] },
    ]);
    expect(groupFaqsByTopic([])).toEqual([]);
  });
});

describe('FAQ votes', () => {
  it('pressing the current vote takes it back; the other answer replaces it', () => {
    expect(voteAfterClick(null, true)).toBe(true);
    expect(voteAfterClick(true, true)).toBeNull();
    expect(voteAfterClick(true, false)).toBe(false);
    expect(voteAfterClick(false, false)).toBeNull();
  });
  it('moves the counts with the vote', () => {
    const faq = { helpfulCount: 4, notHelpfulCount: 2, myVote: null };
    expect(withVote(faq, true)).toEqual({ helpfulCount: 5, notHelpfulCount: 2, myVote: true });
    expect(withVote({ ...faq, myVote: true, helpfulCount: 5 }, false)).toEqual({ helpfulCount: 4, notHelpfulCount: 3, myVote: false });
    expect(withVote({ ...faq, myVote: false, notHelpfulCount: 3 }, null)).toEqual({ helpfulCount: 4, notHelpfulCount: 2, myVote: null });
  });
});

describe('accordion keys (Radix behaviour)', () => {
  it('Down and Up move to the next and previous header, wrapping around', () => {
    expect(accordionFocusTarget('ArrowDown', 0, 3)).toBe(1);
    expect(accordionFocusTarget('ArrowDown', 2, 3)).toBe(0);
    expect(accordionFocusTarget('ArrowUp', 0, 3)).toBe(2);
    expect(accordionFocusTarget('ArrowUp', 2, 3)).toBe(1);
  });
  it('Home and End go to the first and last; other keys are not the root\'s', () => {
    expect(accordionFocusTarget('Home', 2, 3)).toBe(0);
    expect(accordionFocusTarget('End', 0, 3)).toBe(2);
    expect(accordionFocusTarget('Enter', 1, 3)).toBeNull();
    expect(accordionFocusTarget(' ', 1, 3)).toBeNull();
    expect(accordionFocusTarget('ArrowDown', 0, 0)).toBeNull();
  });
});

describe('the create-ticket form', () => {
  const account = { displayName: 'Demo Admin', email: 'demo@shop-admin.test' };

  it('starts with the signed-in account\'s name and email', () => {
    expect(newTicketFormValues(account)).toMatchObject({ firstName: 'Demo', lastName: 'Admin', email: 'demo@shop-admin.test', productId: null, attachmentFileId: null });
    expect(newTicketFormValues({ displayName: null, email: null })).toMatchObject({ firstName: '', lastName: '', email: '' });
  });

  it('sends the API\'s body: the picked product\'s id, not its shown title', () => {
    const values = { ...newTicketFormValues(account), productId: 3, productTitle: 'Oak Bedside Table', subject: ' Broken leg ', message: 'It wobbles.' };
    expect(ticketFormSchema.parse(values)).toEqual({
      firstName: 'Demo',
      lastName: 'Admin',
      email: 'demo@shop-admin.test',
      productId: 3,
      category: 'orders',
      subject: 'Broken leg',
      message: 'It wobbles.',
      attachmentFileId: null,
    });
  });

  it('refuses what the API refuses, under the field', () => {
    const result = ticketFormSchema.safeParse({ ...newTicketFormValues(account), email: 'nope', subject: '', attachmentFileId: 'not-a-file' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['attachmentFileId', 'email', 'message', 'subject']);
  });

  it('offers every category but the contact form\'s', () => {
    expect(createTicketCategoryOptions.map((option) => option.value)).toEqual(['orders', 'products', 'billing', 'account', 'technical']);
  });
});

describe('the contact form', () => {
  const values = { ...newContactFormValues({ displayName: 'Demo Admin', email: 'demo@shop-admin.test' }), subject: 'Hello', message: 'A question.' };

  it('becomes a ticket of category contact, the name split', () => {
    expect(contactFormSchema.parse({ ...values, name: 'Mary Ann Smith' })).toEqual({
      firstName: 'Mary Ann',
      lastName: 'Smith',
      email: 'demo@shop-admin.test',
      subject: 'Hello',
      message: 'A question.',
      category: 'contact',
      productId: null,
      attachmentFileId: null,
    });
  });

  it('asks for a first and last name under the name field', () => {
    const result = contactFormSchema.safeParse({ ...values, name: 'Cher' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['name'], message: 'Enter your first and last name' })]);
    const tooLong = contactFormSchema.safeParse({ ...values, name: `${'a'.repeat(61)} Smith` });
    expect(tooLong.error?.issues[0]?.path).toEqual(['name']);
  });

  it('shows the API\'s name issues under the one name field', () => {
    expect(contactFieldOfIssue('firstName')).toBe('name');
    expect(contactFieldOfIssue('lastName')).toBe('name');
    expect(contactFieldOfIssue('email')).toBe('email');
    expect(contactFieldOfIssue('category')).toBeUndefined();
  });
});

describe('the support pages\' URL state', () => {
  it('tickets: the list\'s parameters with the category filter and the ticket to open; bad values fall back', () => {
    expect(ticketsSearchSchema.parse({ page: '2', category: 'billing', ticket: '5', status: 'bogus', sort: 'updatedAt' })).toEqual({
      page: 2,
      pageSize: 10,
      search: '',
      category: 'billing',
      status: undefined,
      sort: 'updatedAt',
      order: undefined,
      ticket: 5,
    });
    expect(ticketsSearchSchema.parse({ category: 'nope', ticket: '-1' })).toMatchObject({ category: undefined, ticket: undefined });
  });

  it('overview and FAQs keep their search text (trimmed), the FAQs the one to open', () => {
    expect(supportOverviewSearchSchema.parse({ q: '  refund ' })).toEqual({ q: 'refund' });
    expect(supportOverviewSearchSchema.parse({})).toEqual({ q: '' });
    expect(faqsSearchSchema.parse({ search: 'ship', faq: '3' })).toEqual({ search: 'ship', faq: 3 });
    expect(faqsSearchSchema.parse({ faq: 'x' })).toEqual({ search: '', faq: undefined });
  });
});
