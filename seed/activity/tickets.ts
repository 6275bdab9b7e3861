import type { Ticket, TicketCategory, TicketReply } from '../../domain/schema/ticket';
import type { User } from '../../domain/schema/user';
import { HOUR_MS } from '../../domain/units';
import type { CatalogProduct } from './orders';
import type { Random } from './random';

/*
 * Support tickets from the sample customers over the last four months: a subject and message
 * by category, replies from support and the customer taking turns, the status the thread
 * has reached (closed mostly for old ones, open for the newest).
 */

const SUPPORT = 'Shop Support';

const TOPICS: Readonly<Record<TicketCategory, ReadonlyArray<{ subject: string; message: string; product?: true }>>> = {
  orders: [
    { subject: 'Where is my order?', message: 'My order was marked as shipped a week ago but the tracking has not moved since. Can you check?' },
    { subject: 'Wrong size delivered', message: 'I ordered a medium and received a large. How do I exchange it?', product: true },
  ],
  products: [
    { subject: 'Is this compatible with my phone?', message: 'Does this work with older phones, or only the latest models?', product: true },
    { subject: 'Colour looks different from the photo', message: 'The colour is darker than on the product page. Is that expected?', product: true },
  ],
  billing: [
    { subject: 'Charged twice', message: 'I see two charges for the same order on my card statement. Please refund one.' },
    { subject: 'Invoice for my company', message: 'Could you send an invoice with my company name and VAT number?' },
  ],
  account: [
    { subject: 'Cannot change my email', message: 'The profile page gives an error when I try to change my email address.' },
    { subject: 'Delete my account', message: 'Please delete my account and the data you keep about me.' },
  ],
  technical: [
    { subject: 'Checkout page does not load', message: 'The checkout page stays blank on my tablet. It works on my laptop.' },
    { subject: 'Discount code rejected', message: 'The code from your newsletter says it is invalid at checkout.' },
  ],
  contact: [
    { subject: 'Wholesale enquiry', message: 'We run a small shop and would like to stock your products. Who can we talk to?' },
    { subject: 'Thank you!', message: 'Just wanted to say the service was great. Thanks for the quick help last time.' },
  ],
};
const CATEGORIES = Object.keys(TOPICS) as TicketCategory[];

const SUPPORT_REPLIES = [
  'Thanks for getting in touch. We are looking into it and will update you within a day.',
  'Sorry about that! I have sorted it out on our side — could you check again?',
  'We have sent you an email with the next steps.',
];
const CUSTOMER_REPLIES = ['Thanks, that worked.', 'Still the same for me, I am afraid.', 'Great, thank you for the quick answer!'];

export function sampleTickets(random: Random, now: number, count: number, customers: readonly User[], products: readonly CatalogProduct[]): Array<Omit<Ticket, 'id'>> {
  if (customers.length === 0) return [];
  return Array.from({ length: count }, (_, i) => {
    const customer = random.pick(customers);
    const [firstName, ...rest] = customer.name.split(' ');
    const category = random.pick(CATEGORIES);
    const topic = random.pick(TOPICS[category]);
    const ageHours = random.between(2, 120 * 24);
    const opened = now - ageHours * HOUR_MS;
    const replyCount = ageHours < 6 ? 0 : random.weighted([0, 1, 2, 3, 4], [10, 35, 30, 15, 10]);
    const replies: TicketReply[] = [];
    let at = opened;
    for (let r = 0; r < replyCount; r++) {
      at = Math.min(now, at + random.between(1, Math.max(1, Math.min(48, Math.floor((now - at) / HOUR_MS)))) * HOUR_MS);
      const fromSupport = r % 2 === 0;
      replies.push({
        id: `sample-${i + 1}-${r + 1}`,
        author: fromSupport ? SUPPORT : customer.name,
        message: random.pick(fromSupport ? SUPPORT_REPLIES : CUSTOMER_REPLIES),
        at: new Date(at).toISOString(),
      });
    }
    const status = replyCount === 0 ? 'open' : ageHours > 14 * 24 ? random.weighted(['closed', 'pending'] as const, [85, 15]) : random.pick(['open', 'pending', 'closed'] as const);
    return {
      firstName: firstName!,
      lastName: rest.join(' ') || firstName!,
      email: customer.email,
      productId: topic.product && products.length > 0 ? random.pick(products).id : null,
      category,
      subject: topic.subject,
      message: topic.message,
      attachmentFileId: null,
      status,
      replies,
      createdAt: new Date(opened).toISOString(),
      updatedAt: replies.length > 0 ? replies[replies.length - 1]!.at : new Date(opened).toISOString(),
    };
  });
}
