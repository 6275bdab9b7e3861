import { newProductBody } from '../contract/support/helpers';
/*
 * What each write endpoint's JSON body is, described independently of the API's zod schemas
 * (so the fuzz checks them rather than trusting them): per field its kind and limits, whether
 * it may be left out or null, and a valid sample body. The bad-request generator breaks a valid
 * body in ways these descriptions say are certainly invalid.
 */

export type FieldSpec =
  | { kind: 'string'; min: number; max: number; optional?: boolean; nullable?: boolean }
  | { kind: 'int' | 'number'; min: number; max: number; optional?: boolean; nullable?: boolean }
  | { kind: 'enum'; values: readonly string[]; optional?: boolean; nullable?: boolean }
  | { kind: 'boolean'; optional?: boolean; nullable?: boolean }
  /**
   * An ISO 8601 date-time with a time and an offset (`Z` or `+02:00`); an `instant` is stored in
   * UTC, so it must also fall in the years 0000–9999 once converted.
   */
  | { kind: 'date'; instant?: boolean; optional?: boolean; nullable?: boolean }
  | { kind: 'email'; max: number; optional?: boolean }
  | { kind: 'image'; optional?: boolean; nullable?: boolean }
  | { kind: 'array'; of: FieldSpec; min: number; max: number; optional?: boolean }
  | { kind: 'object'; fields: ObjectSpec; strict: boolean; optional?: boolean; nullable?: boolean };

export type ObjectSpec = Readonly<Record<string, FieldSpec>>;

export interface BodySpec {
  fields: ObjectSpec;
  /** Unknown top-level fields are refused (a strict schema); else they are dropped. */
  strict: boolean;
  sample: () => Record<string, unknown>;
}

const str = (min: number, max: number, extra: { optional?: boolean; nullable?: boolean } = {}): FieldSpec => ({ kind: 'string', min, max, ...extra });
const int = (min: number, max: number, extra: { optional?: boolean; nullable?: boolean } = {}): FieldSpec => ({ kind: 'int', min, max, ...extra });
const num = (min: number, max: number, extra: { optional?: boolean; nullable?: boolean } = {}): FieldSpec => ({ kind: 'number', min, max, ...extra });
const oneOf = (values: readonly string[], extra: { optional?: boolean; nullable?: boolean } = {}): FieldSpec => ({ kind: 'enum', values, ...extra });
const date = (extra: { optional?: boolean; nullable?: boolean } = {}): FieldSpec => ({ kind: 'date', ...extra });
const instant = (extra: { optional?: boolean; nullable?: boolean } = {}): FieldSpec => ({ kind: 'date', instant: true, ...extra });
const ID_MAX = Number.MAX_SAFE_INTEGER;
const MONEY_MAX = 1_000_000_000;

/** Every field of a spec made optional (a PATCH body). */
export function partial(fields: ObjectSpec): ObjectSpec {
  return Object.fromEntries(Object.entries(fields).map(([name, spec]) => [name, { ...spec, optional: true }]));
}

const userFields: ObjectSpec = {
  name: str(1, 100),
  email: { kind: 'email', max: 200 },
  role: str(1, 100),
  status: oneOf(['hidden', 'rejected', 'verified', 'waiting']),
  address: str(1, 200),
  phone: str(3, 40),
  image: { kind: 'image', optional: true },
};
export const userSample = () => ({ name: 'Ada Fuzz', email: 'ada.fuzz@example.com', role: 'Editor', status: 'waiting', address: '1 Test Street, Springfield, US', phone: '+1 555 0100' });

const productFields: ObjectSpec = {
  title: str(1, 200),
  category: oneOf(['fashion', 'electronics', 'furniture', 'home-kitchen', 'accessories', 'office', 'sports-outdoors', 'kitchen-dining', 'stationery']),
  code: str(1, 40),
  colors: { kind: 'array', of: oneOf(['blue', 'red', 'orange', 'green', 'purple', 'pink']), min: 1, max: 6 },
  sizes: { kind: 'array', of: oneOf(['xs', 's', 'm', 'l', 'xl', 'xxl']), min: 1, max: 6 },
  description: str(0, 5000),
  discount: num(0, 100),
  featureImage: { kind: 'image' },
  features: { kind: 'array', of: { kind: 'object', strict: false, fields: { name: str(1, 100), value: str(1, 200) } }, min: 0, max: 50 },
  images: { kind: 'array', of: { kind: 'image' }, min: 2, max: 10 },
  offers: { kind: 'array', of: str(1, 200), min: 0, max: 20 },
  price: num(0, MONEY_MAX),
  status: oneOf(['published', 'draft']),
  stock: int(0, 10_000_000),
};
let productCodes = 0;
export const productSample = () =>
  newProductBody({ title: 'Fuzz Lamp', code: `FUZZ-${++productCodes}`, colors: ['orange'], description: 'A lamp.' });

const orderItem: FieldSpec = {
  kind: 'object',
  strict: false,
  fields: { id: int(1, ID_MAX), name: str(1, 200), image: str(1, 2000), price: num(0, MONEY_MAX), quantity: int(1, 100_000) },
};
const orderPatchFields: ObjectSpec = partial({
  deliveredAt: date({ nullable: true }),
  customer: { kind: 'object', strict: false, fields: { id: int(1, ID_MAX), name: str(1, 100), email: { kind: 'email', max: Infinity }, phone: str(3, 40) } },
  billing: str(1, 500),
  shipping: str(1, 500),
  status: oneOf(['delivered', 'shipping', 'new', 'pending', 'return']),
  payment: { kind: 'object', strict: false, fields: { id: int(1, ID_MAX), paymentMethod: oneOf(['Credit Card', 'Paypal', 'Visa Card', 'Master Card']), cardNumber: str(0, Infinity) } },
  items: { kind: 'array', of: orderItem, min: 1, max: 500 },
  taxAmount: num(0, MONEY_MAX),
  discountAmount: num(0, MONEY_MAX),
  shippingChargeAmount: num(0, MONEY_MAX),
});

/** A row of `POST /api/orders/bulk`: an order as stored, without its id (the sums may be left out). */
const orderImportFields: ObjectSpec = {
  ...Object.fromEntries(Object.entries(orderPatchFields).map(([name, spec]) => [name, { ...spec, optional: false }])),
  invoiceId: str(7, Infinity),
  createAt: date(),
  deliveredAt: date({ nullable: true }),
  subTotalAmount: num(0, MONEY_MAX, { optional: true }),
  totalAmount: num(0, MONEY_MAX, { optional: true }),
};

export const orderImportSample = () => ({
  invoiceId: '#IN9001',
  createAt: '2026-11-01T10:00:00.000Z',
  deliveredAt: null,
  customer: { id: 1, name: 'Ada Fuzz', email: 'ada@example.com', phone: '+1 555 0100' },
  billing: '1 Test Street',
  shipping: '1 Test Street',
  status: 'new',
  payment: { id: 1, paymentMethod: 'Paypal', cardNumber: '**** 4242' },
  items: [{ id: 1, name: 'Lamp', image: '/images/products/product-01.svg', price: 10, quantity: 2 }],
  taxAmount: 1,
  discountAmount: 0,
  shippingChargeAmount: 5,
});

const invoiceFields: ObjectSpec = {
  issueDate: date(),
  dueDate: date(),
  status: oneOf(['pending', 'complete']),
  billingAddress: { kind: 'object', strict: true, fields: { email: { kind: 'email', max: 200 }, phone: str(3, 40), address: str(1, 500) } },
  payment: { kind: 'object', strict: true, fields: { paymentMethod: oneOf(['Credit Card', 'Paypal', 'Visa Card', 'Master Card']), cardHolder: str(1, 100), cardNo: str(0, 40) } },
  customer: { kind: 'object', strict: true, fields: { id: int(1, ID_MAX), name: str(1, 100), image: { kind: 'image' } } },
  products: {
    kind: 'array',
    min: 1,
    max: 500,
    of: { kind: 'object', strict: true, fields: { id: int(1, ID_MAX, { nullable: true }), title: str(1, 200), quantity: int(1, 100_000), price: num(0, MONEY_MAX), discount: num(0, 100) } },
  },
  shippingCharge: num(0, MONEY_MAX),
  taxPercent: num(0, 100),
};
export const invoiceSample = () => ({
  issueDate: '2026-11-01T00:00:00.000Z',
  dueDate: '2026-11-15T00:00:00.000Z',
  status: 'pending',
  billingAddress: { email: 'billing@example.com', phone: '+1 555 0101', address: '2 Invoice Road' },
  payment: { paymentMethod: 'Visa Card', cardHolder: 'Ada Fuzz', cardNo: '**** 4242' },
  customer: { id: 1, name: 'Ada Fuzz', image: '/images/users/user-01.svg' },
  products: [{ id: null, title: 'Consulting', quantity: 2, price: 120.5, discount: 10 }],
  shippingCharge: 5,
  taxPercent: 8.25,
});

const courseFields: ObjectSpec = {
  title: str(1, 120),
  category: str(1, 60),
  lessonsTotal: int(1, 1000),
  lessonsDone: int(0, 1000, { optional: true }),
  score: num(0, 100, { optional: true, nullable: true }),
  startedAt: instant({ optional: true, nullable: true }),
  completedAt: instant({ optional: true, nullable: true }),
};
export const courseSample = () => ({ title: 'Fuzzing 101', category: 'Testing', lessonsTotal: 10, lessonsDone: 3 });

const studySessionFields: ObjectSpec = { courseId: int(1, ID_MAX), startedAt: instant(), minutes: int(1, 1440) };
const taskFields: ObjectSpec = { title: str(1, 200), courseId: int(1, ID_MAX, { optional: true, nullable: true }), dueAt: instant(), done: { kind: 'boolean', optional: true } };
const jobPostFields: ObjectSpec = { title: str(1, 120), department: str(1, 80), location: str(1, 120), status: oneOf(['open', 'closed']), postedAt: instant({ optional: true }) };
export const jobPostSample = () => ({ title: 'Fuzz Engineer', department: 'Quality', location: 'Remote', status: 'open' });
const candidateFields: ObjectSpec = { name: str(1, 100), gender: oneOf(['female', 'male', 'non-binary', 'undisclosed']), email: { kind: 'email', max: 200 } };
let candidateEmails = 0;
export const candidateSample = () => ({ name: 'Grace Fuzz', gender: 'female', email: `grace.fuzz.${++candidateEmails}@example.com` });
const applicationFields: ObjectSpec = {
  jobPostId: int(1, ID_MAX),
  candidateId: int(1, ID_MAX),
  stage: oneOf(['application', 'shortlisted', 'certified', 'on-hold', 'rejected', 'hired'], { optional: true }),
  appliedAt: instant({ optional: true }),
};

const ticketFields: ObjectSpec = {
  firstName: str(1, 60),
  lastName: str(1, 60),
  email: { kind: 'email', max: 200 },
  productId: int(1, ID_MAX, { optional: true, nullable: true }),
  category: oneOf(['orders', 'products', 'billing', 'account', 'technical', 'contact']),
  subject: str(1, 200),
  message: str(1, 5000),
  attachmentFileId: str(36, 36, { optional: true, nullable: true }),
};
export const ticketSample = () => ({ firstName: 'Ada', lastName: 'Fuzz', email: 'ada@example.com', category: 'billing', subject: 'A question', message: 'Where is my invoice?' });

const settingsFields: ObjectSpec = {
  profile: {
    kind: 'object',
    strict: true,
    optional: true,
    fields: {
      name: str(1, 100),
      username: str(0, 40),
      phone: str(0, 40),
      company: str(0, 100),
      designation: str(0, 100),
      country: str(0, 100),
      language: str(0, 60),
      about: str(0, 1000),
      photoURL: { kind: 'image', nullable: true },
    },
  },
  plan: { kind: 'object', strict: true, optional: true, fields: { plan: oneOf(['basic', 'premium', 'enterprise']) } },
  card: { kind: 'object', strict: true, optional: true, nullable: true, fields: { brand: oneOf(['visa', 'mastercard', 'amex', 'discover', 'other']), last4: str(4, 4), expMonth: int(1, 12), expYear: int(2000, 2100) } },
  notifications: {
    kind: 'object',
    strict: true,
    optional: true,
    fields: Object.fromEntries(['orders', 'stock', 'reviews', 'security', 'newsletters', 'meetups'].map((group) => [group, { kind: 'boolean' } as FieldSpec])),
  },
  social: { kind: 'object', strict: true, optional: true, fields: Object.fromEntries(['facebook', 'x', 'instagram', 'linkedin', 'dribbble'].map((n) => [n, str(0, 300)])) },
};
export const settingsSample = () => ({
  profile: { name: 'Ada Fuzz', username: 'ada.fuzz', phone: '+1 555 0102', company: 'Fuzz Ltd', designation: 'Admin', country: 'US', language: 'English', about: 'Breaks things.', photoURL: null },
  plan: { plan: 'premium' },
  card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
  notifications: { orders: true, stock: false, reviews: true, security: true, newsletters: false, meetups: false },
  social: { facebook: '', x: 'https://x.com/ada', instagram: '', linkedin: '', dribbble: '' },
});

/** Ids of seeded records the bodies and paths point at (read from the database at start-up). */
export interface SeedIds {
  user: number;
  product: number;
  review: number;
  order: number;
  invoice: string;
  course: number;
  studySession: number;
  task: number;
  jobPost: number;
  candidate: number;
  application: number;
  ticket: number;
  faq: number;
}

/** One write endpoint with a JSON object body: where it is, what its body is. */
export interface BodyEndpoint {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  body: BodySpec;
}

const spec = (fields: ObjectSpec, strict: boolean, sample: () => Record<string, unknown>): BodySpec => ({ fields, strict, sample });

/** A bulk body `{ <field>: [rows] }` (strict), whose rows are the resource's create bodies. */
function bulk(field: string, row: BodySpec, extra: ObjectSpec = {}): BodySpec {
  return {
    strict: true,
    fields: { [field]: { kind: 'array', min: 1, max: 5000, of: { kind: 'object', strict: row.strict, fields: row.fields } }, ...extra },
    sample: () => ({ [field]: [row.sample(), row.sample()] }),
  };
}

/** `{ ids }` (and a status) of the restore, bulk-delete and bulk-status calls. */
const idsBody = (id: FieldSpec, sampleId: unknown, status?: readonly string[]): BodySpec => ({
  strict: true,
  fields: { ids: { kind: 'array', of: id, min: 1, max: 10_000 }, ...(status ? { status: oneOf(status) } : {}) },
  sample: () => ({ ids: [sampleId], ...(status ? { status: status[0] } : {}) }),
});

/**
 * Every write endpoint with a JSON object body (users, products, reviews, orders, invoices,
 * tickets and replies, settings, FAQ votes, learning and hiring records, the bulk and undo
 * calls), aimed at seeded records where an id is needed. Uploads (`/api/files`) have bytes for a
 * body and are fuzzed on their own.
 */
export function bodyEndpoints(ids: SeedIds): BodyEndpoint[] {
  const users = spec(userFields, false, userSample);
  const products = spec(productFields, false, productSample);
  const invoices = spec(invoiceFields, true, invoiceSample);
  const courses = spec(courseFields, true, courseSample);
  const sessions = spec(studySessionFields, true, () => ({ courseId: ids.course, startedAt: '2026-11-20T09:00:00.000Z', minutes: 45 }));
  const tasks = spec(taskFields, true, () => ({ title: 'Read chapter 2', courseId: ids.course, dueAt: '2026-12-01T00:00:00.000Z', done: false }));
  const jobPosts = spec(jobPostFields, true, jobPostSample);
  const candidates = spec(candidateFields, true, candidateSample);
  const applications = spec(applicationFields, true, () => ({ jobPostId: ids.jobPost, candidateId: ids.candidate, stage: 'shortlisted' }));
  const tickets = spec(ticketFields, true, ticketSample);
  const positiveId = int(1, ID_MAX);
  const invoiceId = str(7, 20);

  const collection = (path: string, body: BodySpec, id: number): BodyEndpoint[] => [
    { method: 'POST', path, body },
    { method: 'PUT', path: `${path}?id=${id}`, body },
    { method: 'PATCH', path: `${path}?id=${id}`, body: spec(partial(body.fields), true, () => body.sample()) },
    { method: 'POST', path: `${path}/restore`, body: idsBody(positiveId, id) },
  ];
  const recordKind = (path: string, field: string, body: BodySpec, id: FieldSpec, sampleId: unknown, statuses: readonly string[]): BodyEndpoint[] => [
    { method: 'POST', path: `${path}/bulk`, body: bulk(field, body, field === 'orders' ? {} : { dryRun: { kind: 'boolean', optional: true } }) },
    { method: 'POST', path: `${path}/restore`, body: idsBody(id, sampleId) },
    { method: 'POST', path: `${path}/bulk-delete`, body: idsBody(id, sampleId) },
    { method: 'POST', path: `${path}/bulk-status`, body: idsBody(id, sampleId, statuses) },
  ];

  return [
    { method: 'POST', path: '/api/users', body: users },
    { method: 'PUT', path: `/api/users?id=${ids.user}`, body: users },
    ...recordKind('/api/users', 'users', users, positiveId, ids.user, ['hidden', 'rejected', 'verified', 'waiting']),
    { method: 'POST', path: '/api/products', body: products },
    { method: 'PUT', path: `/api/products?id=${ids.product}`, body: products },
    ...recordKind('/api/products', 'products', products, positiveId, ids.product, ['published', 'draft']),
    { method: 'POST', path: '/api/reviews', body: spec({ productId: positiveId, rating: int(1, 5), review: str(1, 2000) }, true, () => ({ productId: ids.product, rating: 4, review: 'Solid.' })) },
    { method: 'PATCH', path: `/api/reviews?id=${ids.review}`, body: spec({ vote: oneOf(['like', 'dislike'], { nullable: true }) }, true, () => ({ vote: 'like' })) },
    { method: 'PATCH', path: `/api/orders?id=${ids.order}`, body: spec(orderPatchFields, true, () => ({ status: 'shipping', billing: '3 Order Lane' })) },
    { method: 'POST', path: `/api/orders/${ids.order}/timeline`, body: spec({ step: oneOf(['out-for-delivery']) }, true, () => ({ step: 'out-for-delivery' })) },
    ...recordKind('/api/orders', 'orders', spec(orderImportFields, true, orderImportSample), positiveId, ids.order, ['delivered', 'shipping', 'new', 'pending', 'return']),
    { method: 'POST', path: '/api/invoices', body: invoices },
    { method: 'PUT', path: `/api/invoices?id=${ids.invoice}`, body: invoices },
    ...recordKind('/api/invoices', 'invoices', invoices, invoiceId, ids.invoice, ['pending', 'complete']),
    ...collection('/api/courses', courses, ids.course),
    ...collection('/api/study-sessions', sessions, ids.studySession),
    ...collection('/api/tasks', tasks, ids.task),
    ...collection('/api/job-posts', jobPosts, ids.jobPost),
    ...collection('/api/candidates', candidates, ids.candidate),
    ...collection('/api/applications', applications, ids.application),
    { method: 'POST', path: '/api/tickets', body: tickets },
    { method: 'PATCH', path: `/api/tickets/${ids.ticket}`, body: spec({ status: oneOf(['open', 'pending', 'closed']) }, true, () => ({ status: 'pending' })) },
    { method: 'PATCH', path: `/api/tickets?id=${ids.ticket}`, body: spec({ status: oneOf(['open', 'pending', 'closed']) }, true, () => ({ status: 'closed' })) },
    { method: 'POST', path: `/api/tickets/${ids.ticket}/replies`, body: spec({ message: str(1, 5000) }, true, () => ({ message: 'On its way.' })) },
    { method: 'POST', path: '/api/tickets/restore', body: idsBody(positiveId, ids.ticket) },
    { method: 'POST', path: '/api/tickets/bulk-delete', body: idsBody(positiveId, ids.ticket) },
    { method: 'POST', path: '/api/tickets/bulk-status', body: idsBody(positiveId, ids.ticket, ['open', 'pending', 'closed']) },
    { method: 'PATCH', path: '/api/settings', body: spec(settingsFields, true, settingsSample) },
    { method: 'POST', path: `/api/faqs/${ids.faq}/vote`, body: spec({ helpful: { kind: 'boolean', nullable: true } }, true, () => ({ helpful: true })) },
  ];
}
