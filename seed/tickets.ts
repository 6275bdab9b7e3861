import type { Ticket, TicketCategory, TicketStatus } from '../domain/schema/ticket';

/*
 * The sample support tickets of a new account (and of an account upgraded to database
 * version 8). Dates are relative to the moment the database is seeded (`now`), so the
 * list always shows recent tickets; the same `now` always gives the same tickets. Product
 * ids name seed products (seed/products.ts); none has an attachment (files are uploads).
 */

const HOUR_MS = 3_600_000;

interface ReplyDraft {
  author: string;
  message: string;
  /** Hours after the ticket was opened. */
  afterHours: number;
}

interface TicketDraft {
  firstName: string;
  lastName: string;
  email: string;
  productId: number | null;
  category: TicketCategory;
  subject: string;
  message: string;
  status: TicketStatus;
  /** Hours before `now` the ticket was opened. */
  openedHoursAgo: number;
  replies: ReplyDraft[];
}

const SUPPORT = 'Shop Support';

const drafts: TicketDraft[] = [
  {
    firstName: 'Maya',
    lastName: 'Lindqvist',
    email: 'maya.lindqvist@example.com',
    productId: 2,
    category: 'orders',
    subject: 'Headphones order still not shipped',
    message: 'I ordered the noise-cancelling headphones a week ago and the order still says pending. Can you tell me when it will ship?',
    status: 'open',
    openedHoursAgo: 5,
    replies: [],
  },
  {
    firstName: 'Tomás',
    lastName: 'Ferreira',
    email: 'tomas.ferreira@example.com',
    productId: 6,
    category: 'products',
    subject: 'Office chair armrest is loose',
    message: 'One armrest of my ergonomic mesh chair wobbles even after tightening the screws. Is there a replacement part?',
    status: 'pending',
    openedHoursAgo: 30,
    replies: [
      { author: SUPPORT, message: 'Sorry about that! Could you send a photo of the armrest bracket so we can pick the right part?', afterHours: 3 },
      { author: 'Tomás Ferreira', message: 'Photo is on its way by email. The bracket has a small crack near the screw.', afterHours: 6 },
    ],
  },
  {
    firstName: 'Aisha',
    lastName: 'Bello',
    email: 'aisha.bello@example.com',
    productId: null,
    category: 'billing',
    subject: 'Charged twice for one invoice',
    message: 'My card statement shows two identical charges for my last order. Please refund the duplicate.',
    status: 'closed',
    openedHoursAgo: 4 * 24,
    replies: [
      { author: SUPPORT, message: 'We found the duplicate charge and refunded it. It can take 3 to 5 business days to appear.', afterHours: 2 },
      { author: 'Aisha Bello', message: 'I can see the refund now, thank you!', afterHours: 50 },
    ],
  },
  {
    firstName: 'Liam',
    lastName: 'O’Connor',
    email: 'liam.oconnor@example.com',
    productId: null,
    category: 'account',
    subject: 'Cannot change my email address',
    message: 'I would like to use my new work email for the account, but I cannot find where to change it.',
    status: 'open',
    openedHoursAgo: 12,
    replies: [],
  },
  {
    firstName: 'Sofia',
    lastName: 'Marino',
    email: 'sofia.marino@example.com',
    productId: 10,
    category: 'technical',
    subject: 'Fitness watch does not sync',
    message: 'The smart fitness watch stopped syncing with my phone after the last update. Restarting both did not help.',
    status: 'pending',
    openedHoursAgo: 2 * 24 + 3,
    replies: [{ author: SUPPORT, message: 'Please try unpairing the watch in Bluetooth settings and pairing it again, then tell us if it syncs.', afterHours: 4 }],
  },
  {
    firstName: 'Kenji',
    lastName: 'Watanabe',
    email: 'kenji.watanabe@example.com',
    productId: 8,
    category: 'orders',
    subject: 'Cookware set arrived with a dented lid',
    message: 'The stainless steel cookware set arrived today but the large lid is dented. I would like a replacement lid.',
    status: 'closed',
    openedHoursAgo: 9 * 24,
    replies: [
      { author: SUPPORT, message: 'A replacement lid is on its way; no need to send the dented one back.', afterHours: 5 },
      { author: 'Kenji Watanabe', message: 'The new lid arrived and fits perfectly.', afterHours: 3 * 24 },
    ],
  },
  {
    firstName: 'Emma',
    lastName: 'Dubois',
    email: 'emma.dubois@example.com',
    productId: 11,
    category: 'products',
    subject: 'Size advice for the linen dress',
    message: 'I am usually between S and M. Does the linen summer dress run large or small?',
    status: 'closed',
    openedHoursAgo: 15 * 24,
    replies: [{ author: SUPPORT, message: 'It runs slightly large; most customers between sizes choose S.', afterHours: 1 }],
  },
  {
    firstName: 'Noah',
    lastName: 'Schmidt',
    email: 'noah.schmidt@example.com',
    productId: null,
    category: 'billing',
    subject: 'Invoice needs my company VAT number',
    message: 'Could you reissue my last invoice with our company name and VAT number on it?',
    status: 'open',
    openedHoursAgo: 26,
    replies: [],
  },
  {
    firstName: 'Priya',
    lastName: 'Raman',
    email: 'priya.raman@example.com',
    productId: null,
    category: 'technical',
    subject: 'Checkout page keeps loading',
    message: 'When I press Pay, the checkout page spins for a minute and then shows an error. I tried two browsers.',
    status: 'open',
    openedHoursAgo: 2,
    replies: [],
  },
  {
    firstName: 'Lucas',
    lastName: 'Moreau',
    email: 'lucas.moreau@example.com',
    productId: 15,
    category: 'contact',
    subject: 'Engraving on the fountain pen gift box',
    message: 'Do you offer engraving on the fountain pen gift box? It is for a colleague leaving next month.',
    status: 'pending',
    openedHoursAgo: 6 * 24,
    replies: [{ author: SUPPORT, message: 'We are checking with our supplier and will get back to you within two days.', afterHours: 20 }],
  },
  {
    firstName: 'Hannah',
    lastName: 'Kowalski',
    email: 'hannah.kowalski@example.com',
    productId: null,
    category: 'account',
    subject: 'Two-factor code never arrives',
    message: 'I enabled two-factor sign-in but the SMS code does not arrive on my phone.',
    status: 'closed',
    openedHoursAgo: 21 * 24,
    replies: [
      { author: SUPPORT, message: 'Please check that the number includes the country code, for example +48.', afterHours: 2 },
      { author: 'Hannah Kowalski', message: 'That was it, the country code was missing. Works now.', afterHours: 7 },
      { author: SUPPORT, message: 'Glad to hear it! Closing this ticket.', afterHours: 8 },
    ],
  },
  {
    firstName: 'Omar',
    lastName: 'Haddad',
    email: 'omar.haddad@example.com',
    productId: 12,
    category: 'orders',
    subject: 'Change delivery address',
    message: 'I gave the wrong street number for my water bottle order. Can the delivery address still be changed?',
    status: 'open',
    openedHoursAgo: 45,
    replies: [{ author: SUPPORT, message: 'The order has not shipped yet. Please reply with the full corrected address.', afterHours: 1 }],
  },
];

const iso = (ms: number) => new Date(ms).toISOString();

/** The sample tickets for a database seeded at `now` (ms): ids 1–12, replies in time order. */
export function seedTickets(now: number): Ticket[] {
  return drafts.map((draft, i) => {
    const opened = now - draft.openedHoursAgo * HOUR_MS;
    const replies = draft.replies.map((reply, r) => ({
      id: `seed-${i + 1}-${r + 1}`,
      author: reply.author,
      message: reply.message,
      // Never in the future, whatever the draft says.
      at: iso(Math.min(now, opened + reply.afterHours * HOUR_MS)),
    }));
    const { replies: _drafts, openedHoursAgo: _ago, ...fields } = draft;
    return {
      id: i + 1,
      ...fields,
      attachmentFileId: null,
      replies,
      createdAt: iso(opened),
      updatedAt: replies.length > 0 ? replies[replies.length - 1]!.at : iso(opened),
    };
  });
}
