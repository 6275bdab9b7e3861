import type { Faq } from '../domain/schema/faq';

/** A FAQ as shipped: the question and answer; the votes come from the account's `faqVotes`. */
export type FaqEntry = Pick<Faq, 'id' | 'question' | 'answer' | 'topic'>;

/** The topics, in the order the FAQ page shows them. */
export const faqTopics = ['orders', 'payments', 'account', 'products'] as const;

/** The questions of the support page's FAQ (read-only: served by GET /api/faqs), grouped by topic. */
export const seedFaqs: readonly FaqEntry[] = [
  {
    id: 1,
    topic: 'orders',
    question: 'How do I change the status of an order?',
    answer:
      'Open the order from the Orders list and pick a new status. Each change is added to the order timeline with its time; marking an order delivered also sets its delivery date. To change several orders at once, select them in the list and use the status action.',
  },
  {
    id: 2,
    topic: 'orders',
    question: 'Can I bring back an order I deleted by mistake?',
    answer:
      'Yes, right after the delete: choose Undo in the message that appears for ten seconds, and the order comes back exactly as it was, with the same number.',
  },
  {
    id: 3,
    topic: 'orders',
    question: 'How do I find all orders of one customer?',
    answer: 'Type the customer name in the search box of the Orders list. You can combine the search with the status, payment method and date filters, and sort by any column.',
  },
  {
    id: 4,
    topic: 'payments',
    question: 'Which payment methods can an order use?',
    answer: 'Orders record one of Credit Card, Paypal, Visa Card or Master Card. Filter the Orders list by payment method to see the orders paid each way.',
  },
  {
    id: 5,
    topic: 'payments',
    question: 'Is the full card number stored with an invoice?',
    answer:
      'No. An invoice keeps only a masked card number with its last four digits, and never the security code. A full card number is refused when an invoice is saved.',
  },
  {
    id: 6,
    topic: 'payments',
    question: 'How are invoice totals calculated?',
    answer:
      'Each line is price times quantity less its discount. The subtotal adds the lines, tax is the tax percentage of the subtotal, and the total adds tax and shipping. Amounts are rounded to the cent.',
  },
  {
    id: 7,
    topic: 'account',
    question: 'Does the app work without an internet connection?',
    answer:
      'Yes. Your shop data is kept on this device, so lists, records and dashboards open and can be edited offline. Signing in for the first time and changes to your sign-in account, such as a new password, need a connection.',
  },
  {
    id: 8,
    topic: 'account',
    question: 'Can two people use the app on the same computer?',
    answer: 'Yes. Each account has its own data on the device: after signing in you only see the records of your account, and signing out keeps them for your next visit unless you choose to remove this account data from the device.',
  },
  {
    id: 9,
    topic: 'account',
    question: 'How do I change my password?',
    answer: 'Go to Settings, then Security, enter your current password and the new one. You need a connection, and the new password must meet the sign-in provider rules.',
  },
  {
    id: 10,
    topic: 'products',
    question: 'Why can I not save a product with this code?',
    answer: 'Every product needs its own code. If another product already uses the code, in any mix of upper and lower case, choose a different one.',
  },
  {
    id: 11,
    topic: 'products',
    question: 'Which images can I upload for a product?',
    answer: 'JPEG, PNG, GIF or WebP images up to 3 MB each. A product needs between two and ten images, and one of them is its feature image.',
  },
  {
    id: 12,
    topic: 'products',
    question: 'How can I add many products at once?',
    answer:
      'Use Import on the Products list to load a CSV file. Every row is checked first and the preview lists any problems; nothing is added until all rows are valid.',
  },
];
