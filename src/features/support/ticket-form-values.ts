import { z } from 'zod';
import { ticketSchema, type TicketInput } from '@schema/ticket';
import { splitFullName } from '@/lib/support-format';

const field = ticketSchema.shape;

/** Who is signed in, as far as the support forms prefill from it. */
export interface SignedInAccount {
  displayName: string | null;
  email: string | null;
}

// The forms hold some values in another shape than the API (the picked product's title for
// the picker, one name box on the contact form); each field keeps the entity's own rule and
// message, and the form's values are turned into the API's create body on submit.

const ticketFormFieldsSchema = z.object({
  firstName: field.firstName,
  lastName: field.lastName,
  email: field.email,
  productId: field.productId,
  /** The picked product's name, shown in the picker (and kept with the draft); not sent. */
  productTitle: z.string(),
  category: field.category,
  subject: field.subject,
  message: field.message,
  attachmentFileId: field.attachmentFileId,
});

export type TicketFormValues = z.input<typeof ticketFormFieldsSchema>;

/** The create-ticket form's values → the POST /api/tickets body. */
export const ticketFormSchema = ticketFormFieldsSchema.transform(({ productTitle: _shownOnly, ...input }): TicketInput => input);

/** A new ticket: the signed-in account's name and email, nothing else chosen yet. */
export function newTicketFormValues(account: SignedInAccount): TicketFormValues {
  const name = account.displayName?.trim() ?? '';
  const split = splitFullName(name);
  return {
    firstName: split?.firstName ?? name,
    lastName: split?.lastName ?? '',
    email: account.email ?? '',
    productId: null,
    productTitle: '',
    category: 'orders',
    subject: '',
    message: '',
    attachmentFileId: null,
  };
}

const contactFieldsSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(121, 'Name is too long'),
  email: field.email,
  subject: field.subject,
  message: field.message,
});

export type ContactFormValues = z.input<typeof contactFieldsSchema>;

/**
 * The contact form's values → a ticket of category 'contact': the name is split into first
 * and last name (splitFullName), each checked with the ticket's own rule, under `name`.
 */
export const contactFormSchema = contactFieldsSchema.transform(({ name, ...rest }, context): TicketInput => {
  const split = splitFullName(name);
  const problem = !split
    ? 'Enter your first and last name'
    : (field.firstName.safeParse(split.firstName).error ?? field.lastName.safeParse(split.lastName).error)?.issues[0]?.message;
  if (!split || problem) {
    context.addIssue({ code: 'custom', path: ['name'], message: problem ?? 'Enter your first and last name' });
    return z.NEVER;
  }
  return { ...split, ...rest, category: 'contact', productId: null, attachmentFileId: null };
});

export const newContactFormValues = (account: SignedInAccount): ContactFormValues => ({
  name: account.displayName?.trim() ?? '',
  email: account.email ?? '',
  subject: '',
  message: '',
});

/** Which contact form field shows an API issue: the ticket's two names are the form's one. */
export const contactFieldOfIssue = (path: string): string | undefined => {
  const top = path.split('.')[0] ?? '';
  if (top === 'firstName' || top === 'lastName') return 'name';
  return ['email', 'subject', 'message'].includes(top) ? top : undefined;
};
