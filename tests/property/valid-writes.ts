import fc from 'fast-check';
import type { z } from 'zod';
import { userSchema } from '../../domain/schema/user';
import { productSchema } from '../../domain/schema/product';
import { invoiceSchema } from '../../domain/schema/invoice';
import { orderSchema } from '../../domain/schema/order';
import { courseSchema, studySessionSchema, taskSchema } from '../../domain/schema/learning';
import { applicationSchema, candidateSchema, jobPostSchema } from '../../domain/schema/jobs';
import { ticketSchema } from '../../domain/schema/ticket';
import { reviewSchema } from '../../domain/schema/review';
import { accountSettingsSchema } from '../../domain/schema/settings';
import type { SeedIds } from './body-specs';

/*
 * Generators of valid writes (docs/api.md): bodies within every documented limit, with
 * text in any script, boundary numbers and dates with offsets. Each write says where its record
 * is read back and which entity schema the stored record must satisfy.
 */

/** Text of `min`–`max` characters (code points, as the schemas count), any script, without edge whitespace (schemas trim). */
export const text = (min: number, max: number) =>
  fc
    .string({ unit: fc.oneof(fc.constantFrom('a', 'Z', '7', ' ', '-', 'é', 'ß', '字', 'ق', '😀', '<', '>', '&', '"', "'", '\\'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), minLength: min, maxLength: Math.min(max, 30) })
    .map((s) => s.trim())
    .filter((s) => [...s].length >= min && [...s].length <= max);

const words = fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/);
let unique = 0;
/** A unique email (the candidates' is unique per account). */
const email = words.map((local) => `${local}.${++unique}@example.com`);
const phone = fc.stringMatching(/^\+?\d{3}[\d ()-]{0,20}\d$/);
const localImage = fc.integer({ min: 1, max: 20 }).map((n) => `/images/products/product-${String(n).padStart(2, '0')}.svg`);
const image = fc.oneof(localImage, fc.constant('https://example.com/a.png'), fc.constant('/images/avatars/default.svg'));
/** Usually `common`, one time in five `extreme` (the documented maximum). */
const rarely = <T>(common: fc.Arbitrary<T>, extreme: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: common }, { weight: 1, arbitrary: extreme });
/** Cents up to `max` units, as a 2-decimal amount. */
const amount = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((cents) => cents / 100);
const percent = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100);
const instantMs = fc.integer({ min: Date.parse('2000-01-01T00:00:00Z'), max: Date.parse('2099-12-31T00:00:00Z') });
/** An ISO date-time, in UTC or with an offset (both are valid input). */
const isoDateTime = fc.tuple(instantMs, fc.constantFrom('Z', '+02:00', '-05:30', '+14:00')).map(([ms, offset]) => {
  if (offset === 'Z') return new Date(ms).toISOString();
  const sign = offset[0] === '+' ? 1 : -1;
  const [h, m] = offset.slice(1).split(':').map(Number) as [number, number];
  return `${new Date(ms + sign * (h * 60 + m) * 60_000).toISOString().slice(0, -1)}${offset}`;
});

const userBody = fc.record(
  { name: text(1, 100), email, role: text(1, 100), status: fc.constantFrom('hidden', 'rejected', 'verified', 'waiting'), address: text(1, 200), phone, image },
  { requiredKeys: ['name', 'email', 'role', 'status', 'address', 'phone'] },
);

let codes = 0;
const productBody = fc
  .tuple(fc.uniqueArray(localImage, { minLength: 2, maxLength: 10 }), fc.nat())
  .chain(([images, pick]) =>
    fc.record({
      title: text(1, 200),
      category: fc.constantFrom('fashion', 'electronics', 'furniture', 'home-kitchen', 'accessories', 'office', 'sports-outdoors', 'kitchen-dining', 'stationery'),
      code: fc.constant(null).map(() => `FZ-${++codes}`),
      colors: fc.uniqueArray(fc.constantFrom('blue', 'red', 'orange', 'green', 'purple', 'pink'), { minLength: 1 }),
      sizes: fc.uniqueArray(fc.constantFrom('xs', 's', 'm', 'l', 'xl', 'xxl'), { minLength: 1 }),
      description: text(0, 5000),
      discount: percent,
      featureImage: fc.constant(images[pick % images.length]!),
      features: fc.array(fc.record({ name: text(1, 100), value: text(1, 200) }), { maxLength: 3 }),
      images: fc.constant(images),
      offers: fc.array(text(1, 200), { maxLength: 3 }),
      price: amount(1_000_000_000),
      status: fc.constantFrom('published', 'draft'),
      stock: fc.integer({ min: 0, max: 10_000_000 }),
    }),
  );

/** An invoice: amounts up to the documented maximums (so their sums may pass what a total may be). */
const invoiceBody = fc.tuple(isoDateTime, fc.integer({ min: 0, max: 365 })).chain(([issueDate, days]) =>
  fc.record({
    issueDate: fc.constant(issueDate),
    dueDate: fc.constant(new Date(Date.parse(issueDate) + days * 86_400_000).toISOString()),
    status: fc.constantFrom('pending', 'complete'),
    billingAddress: fc.record({ email, phone, address: text(1, 500) }),
    payment: fc.record({ paymentMethod: fc.constantFrom('Credit Card', 'Paypal', 'Visa Card', 'Master Card'), cardHolder: text(1, 100), cardNo: fc.constantFrom('', '**** 4242', '4242', 'xxxx-xxxx-xxxx-0005') }),
    customer: fc.record({ id: fc.integer({ min: 1, max: 1_000 }), name: text(1, 100), image }),
    products: fc.array(
      fc.record({ id: fc.option(fc.integer({ min: 1, max: 1_000 }), { nil: null }), title: text(1, 200), quantity: rarely(fc.integer({ min: 1, max: 20 }), fc.constant(100_000)), price: rarely(amount(500), amount(1_000_000_000)), discount: percent }),
      { minLength: 1, maxLength: 4 },
    ),
    shippingCharge: rarely(amount(50), amount(1_000_000_000)),
    taxPercent: percent,
  }),
);

const courseBody = fc.integer({ min: 1, max: 1_000 }).chain((lessonsTotal) =>
  fc.integer({ min: 0, max: lessonsTotal }).chain((lessonsDone) =>
    fc.record(
      {
        title: text(1, 120),
        category: text(1, 60),
        lessonsTotal: fc.constant(lessonsTotal),
        lessonsDone: fc.constant(lessonsDone),
        score: lessonsDone === lessonsTotal ? fc.option(fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100), { nil: null }) : fc.constant(null),
      },
      { requiredKeys: ['title', 'category', 'lessonsTotal', 'lessonsDone'] },
    ),
  ),
);

const settingsBody = fc.record(
  {
    profile: fc.record({ name: text(1, 100), username: fc.stringMatching(/^[a-z0-9_.-]{3,40}$/), phone: fc.oneof(fc.constant(''), phone), company: text(0, 100), designation: text(0, 100), country: text(0, 100), language: text(0, 60), about: text(0, 1000), photoURL: fc.option(fc.constant('https://example.com/me.png'), { nil: null }) }),
    plan: fc.record({ plan: fc.constantFrom('basic', 'premium', 'enterprise') }),
    card: fc.option(fc.record({ brand: fc.constantFrom('visa', 'mastercard', 'amex', 'discover', 'other'), last4: fc.stringMatching(/^\d{4}$/), expMonth: fc.integer({ min: 1, max: 12 }), expYear: fc.integer({ min: 2000, max: 2100 }) }), { nil: null }),
    notifications: fc.record(Object.fromEntries(['orders', 'stock', 'reviews', 'security', 'newsletters', 'meetups'].map((g) => [g, fc.boolean()]))),
    social: fc.record({ facebook: fc.constantFrom('', 'https://facebook.com/ada'), x: fc.constantFrom('', 'https://x.com/ada', 'https://twitter.com/ada'), instagram: fc.constant(''), linkedin: fc.constantFrom('', 'https://www.linkedin.com/in/ada'), dribbble: fc.constant('') }),
  },
  { requiredKeys: [] },
).filter((patch) => Object.keys(patch).length > 0);

const orderItem = fc.record({ id: fc.integer({ min: 1, max: 1_000 }), name: text(1, 200), image: localImage, price: amount(10_000), quantity: fc.integer({ min: 1, max: 50 }) });
const orderPatch = fc
  .record(
    {
      status: fc.constantFrom('delivered', 'shipping', 'new', 'pending', 'return'),
      billing: text(1, 500),
      shipping: text(1, 500),
      items: fc.array(orderItem, { minLength: 1, maxLength: 4 }),
      taxAmount: amount(100),
      shippingChargeAmount: amount(100),
      discountAmount: amount(100),
    },
    { requiredKeys: [] },
  )
  .filter((patch) => Object.keys(patch).length > 0);

/** Rows of an order import: amounts up to the documented maximums (a price times a quantity may pass what a total may be). */
const orderImportRow = fc.record({
  invoiceId: fc.integer({ min: 1, max: 999_999 }).map((n) => `#IN${String(n).padStart(4, '0')}`),
  createAt: isoDateTime,
  deliveredAt: fc.option(isoDateTime, { nil: null }),
  customer: fc.record({ id: fc.integer({ min: 1, max: 1_000 }), name: text(1, 100), email, phone }),
  billing: text(1, 500),
  shipping: text(1, 500),
  status: fc.constantFrom('delivered', 'shipping', 'new', 'pending', 'return'),
  payment: fc.record({ id: fc.integer({ min: 1, max: 1_000 }), paymentMethod: fc.constantFrom('Credit Card', 'Paypal', 'Visa Card', 'Master Card'), cardNumber: fc.constantFrom('', '**** 4242', '4242') }),
  items: fc.array(fc.record({ id: fc.integer({ min: 1, max: 1_000 }), name: text(1, 200), image: localImage, price: rarely(amount(500), amount(1_000_000_000)), quantity: rarely(fc.integer({ min: 1, max: 9 }), fc.constant(100_000)) }), { minLength: 1, maxLength: 3 }),
  taxAmount: amount(100),
  discountAmount: amount(100),
  shippingChargeAmount: amount(100),
});

/** A write to make and where its record is then read: `read` answers the record as GET has it. */
export interface ValidWrite {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH';
  /** The path, given the id of a record the step made before (for a replace). */
  path: string;
  body: Record<string, unknown>;
  /** The answer's record field. */
  field: string;
  /** GET path answering the record, given its id; and the answer's field holding it. */
  readPath: (id: number | string) => string;
  readField: string;
  schema: z.ZodType;
  /** Writes to make first (a fresh candidate for an application). */
  before?: ValidWrite[];
  /** A bulk insert: the body's `field` rows become records `firstId`…`lastId`, each read back. */
  bulk?: string;
  /** A server rule the generator does not mirror may refuse it (an invoice whose sums pass their maximum). */
  mayBeRefused?: boolean;
  /** What of the stored record the body stands for (default: the record itself; a reply: the thread's last message). */
  sent?: (record: Record<string, unknown>) => unknown;
}

const write = (name: string, method: ValidWrite['method'], path: string, field: string, base: string, schema: z.ZodType, readField = field) => (body: Record<string, unknown>): ValidWrite => ({
  // Printed short in a counterexample.
  ...{ [fc.toStringMethod]: () => `${name}: ${method} ${path} ${JSON.stringify(body).slice(0, 300)}` },
  name,
  method,
  path,
  body,
  field,
  readPath: (id) => `${base}?id=${encodeURIComponent(String(id))}`,
  readField,
  schema,
});

/** Every kind of valid write, aimed at seeded records where a write needs one. */
export function validWrite(ids: SeedIds): fc.Arbitrary<ValidWrite> {
  const candidate = write('create a candidate', 'POST', '/api/candidates', 'candidate', '/api/candidates', candidateSchema);
  return fc.oneof(
    userBody.map(write('create a user', 'POST', '/api/users', 'user', '/api/users', userSchema)),
    userBody.map(write('replace a user', 'PUT', `/api/users?id=${ids.user}`, 'user', '/api/users', userSchema)),
    productBody.map(write('create a product', 'POST', '/api/products', 'product', '/api/products', productSchema)),
    productBody.map(write('replace a product', 'PUT', `/api/products?id=${ids.product}`, 'product', '/api/products', productSchema)),
    invoiceBody.map((body) => ({ ...write('create an invoice', 'POST', '/api/invoices', 'invoice', '/api/invoices', invoiceSchema)(body), mayBeRefused: true })),
    invoiceBody.map((body) => ({ ...write('replace an invoice', 'PUT', `/api/invoices?id=${ids.invoice}`, 'invoice', '/api/invoices', invoiceSchema)(body), mayBeRefused: true })),
    // A status the order's current one cannot become is refused (409, domain/orders/transitions.ts).
    orderPatch.map((patch) => ({ ...write('change an order', 'PATCH', `/api/orders?id=${ids.order}`, 'order', '/api/orders', orderSchema)(patch), mayBeRefused: 'status' in patch })),
    fc.array(orderImportRow, { minLength: 1, maxLength: 3 }).map((orders) => ({ ...write('import orders', 'POST', '/api/orders/bulk', 'orders', '/api/orders', orderSchema, 'order')({ orders }), bulk: 'orders', mayBeRefused: true })),
    fc.array(userBody, { minLength: 1, maxLength: 3 }).map((users) => ({ ...write('import users', 'POST', '/api/users/bulk', 'users', '/api/users', userSchema, 'user')({ users }), bulk: 'users' })),
    fc.array(productBody, { minLength: 1, maxLength: 3 }).map((products) => ({ ...write('import products', 'POST', '/api/products/bulk', 'products', '/api/products', productSchema, 'product')({ products }), bulk: 'products' })),
    courseBody.map(write('create a course', 'POST', '/api/courses', 'course', '/api/courses', courseSchema)),
    courseBody.map(write('replace a course', 'PUT', `/api/courses?id=${ids.course}`, 'course', '/api/courses', courseSchema)),
    fc.record({ courseId: fc.constant(ids.course), startedAt: isoDateTime, minutes: fc.integer({ min: 1, max: 1_440 }) }).map(write('log a study session', 'POST', '/api/study-sessions', 'studySession', '/api/study-sessions', studySessionSchema)),
    fc.record({ title: text(1, 200), courseId: fc.constantFrom(null, ids.course), dueAt: isoDateTime, done: fc.boolean() }).map(write('create a task', 'POST', '/api/tasks', 'task', '/api/tasks', taskSchema)),
    fc.record({ done: fc.boolean(), title: text(1, 200) }, { requiredKeys: [] }).map(write('change a task', 'PATCH', `/api/tasks?id=${ids.task}`, 'task', '/api/tasks', taskSchema)),
    fc.record({ title: text(1, 120), department: text(1, 80), location: text(1, 120), status: fc.constantFrom('open', 'closed'), postedAt: isoDateTime }, { requiredKeys: ['title', 'department', 'location', 'status'] }).map(write('create a job post', 'POST', '/api/job-posts', 'jobPost', '/api/job-posts', jobPostSchema)),
    fc.record({ name: text(1, 100), gender: fc.constantFrom('female', 'male', 'non-binary', 'undisclosed'), email }).map(candidate),
    fc
      .tuple(fc.record({ name: text(1, 100), gender: fc.constantFrom('female', 'male', 'non-binary', 'undisclosed'), email }), fc.constantFrom('application', 'shortlisted', 'certified', 'on-hold', 'rejected', 'hired'))
      // The candidate is new (made first): a candidate applies once per post.
      .map(([person, stage]) => ({ ...write('create an application', 'POST', '/api/applications', 'application', '/api/applications', applicationSchema)({ jobPostId: ids.jobPost, candidateId: 0, stage }), before: [candidate(person)] })),
    fc.record({ firstName: text(1, 60), lastName: text(1, 60), email, productId: fc.constantFrom(null, ids.product), category: fc.constantFrom('orders', 'products', 'billing', 'account', 'technical', 'contact'), subject: text(1, 200), message: text(1, 5000) }).map(write('open a ticket', 'POST', '/api/tickets', 'ticket', '/api/tickets', ticketSchema)),
    fc.record({ message: text(1, 5000) }).map((body) => ({
      ...write('reply to a ticket', 'POST', `/api/tickets/${ids.ticket}/replies`, 'ticket', '/api/tickets', ticketSchema)(body),
      sent: (ticket: Record<string, unknown>) => ({ message: (ticket.replies as Array<{ message: string }>).at(-1)?.message }),
    })),
    fc.record({ productId: fc.constant(ids.product), rating: fc.integer({ min: 1, max: 5 }), review: text(1, 2000) }).map((body) => ({ ...write('review a product', 'POST', '/api/reviews', 'review', '/api/reviews', reviewSchema)(body), readPath: () => `/api/reviews?productId=${ids.product}&pageSize=100`, readField: 'reviews' })),
    settingsBody.map((body) => ({ ...write('change the settings', 'PATCH', '/api/settings', 'settings', '/api/settings', accountSettingsSchema)(body), readPath: () => '/api/settings' })),
  );
}
