import fc from 'fast-check';
import { bodyEndpoints, type BodyEndpoint, type FieldSpec, type ObjectSpec, type SeedIds } from './body-specs';

/*
 * Generators of requests the API must refuse (docs/api.md: a 4xx JSON `{ message }`, nothing
 * changed). Each says what it breaks and which answer it must get.
 */

export interface BadRequest {
  /** What was broken, for the failure report and the per-kind counts. */
  kind: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** The statuses the answer must have (any 4xx when absent). */
  status?: readonly number[];
  /** Words of which the message must contain at least one (the field or parameter it is about). */
  names?: readonly string[];
}

type Path = ReadonlyArray<string | number>;
type Mutation = { path: Path; value?: unknown; remove?: true };

const JSON_TYPE = { 'content-type': 'application/json' };

/** Keys that must never reach an object's prototype, and names of Object.prototype's own members. */
export const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'] as const;

/** A value nested `depth` arrays or objects deep (built without recursion). */
function deeplyNested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { nested: value };
  return value;
}

/** A string of at least `length` visible characters, counted as zod counts them (code points; never all whitespace: schemas trim). */
const longText = (length: number) => fc.constantFrom('x', 'é', '字', '😀', '<b>').map((unit) => unit.repeat(Math.max(1, Math.ceil(length / [...unit].length))));

/** Values of the wrong JSON type for a field that wants `want`. */
function wrongType(want: 'string' | 'number' | 'boolean' | 'object' | 'array', nullable: boolean | undefined): fc.Arbitrary<unknown> {
  const all: Array<[string, fc.Arbitrary<unknown>]> = [
    ['string', fc.constantFrom('5', 'true', '', '{}', 'null')],
    ['number', fc.oneof(fc.integer(), fc.constantFrom(0, -1, 1e308, -1e308, 0.5))],
    ['boolean', fc.boolean()],
    ['object', fc.constantFrom({}, { value: 1 }, { length: 1 })],
    ['array', fc.constantFrom([], ['x'], [1, 2])],
    ['deep', fc.integer({ min: 100, max: 1_000 }).chain((depth) => fc.constantFrom(deeplyNested(depth, 'array'), deeplyNested(depth, 'object')))],
  ];
  const options = all.filter(([type]) => type !== want).map(([, arb]) => arb);
  if (!nullable) options.push(fc.constant(null));
  return fc.oneof(...options);
}

const BAD_DATES = ['yesterday', '2026-13-01T00:00:00Z', '2026-02-30T00:00:00Z', '2026-11-01', '2026-11-01T25:00:00Z', '2026-11-01T00:00:00', '2026-11-01T00:00:00+99:99', '2026-11-01T23:59:60Z', '', ' 2026-11-01T00:00:00Z x'];
const BAD_IMAGES = ['javascript:alert(1)', 'data:image/png;base64,iVBORw0KGgo=', 'blob:https://example.com/1', '/images/../../etc/passwd', 'http://insecure.example.com/a.png', 'images/a.png', '/api/files/not-a-uuid', '<img src=x onerror=alert(1)>', ''];
const BAD_EMAILS = ['not-an-email', 'a@', '@example.com', 'a b@example.com', 'a@b', ''];

/** Values certainly invalid for a field (its own checks: type, bounds, format, length). */
function badLeaf(spec: FieldSpec): fc.Arbitrary<unknown> {
  switch (spec.kind) {
    case 'string': {
      const options: Array<fc.Arbitrary<unknown>> = [wrongType('string', spec.nullable)];
      if (Number.isFinite(spec.max)) options.push(fc.integer({ min: spec.max + 1, max: spec.max + 5_000 }).chain(longText));
      if (spec.min > 0) options.push(fc.constant('x'.repeat(spec.min - 1)));
      return fc.oneof(...options);
    }
    case 'int':
    case 'number': {
      const options: Array<fc.Arbitrary<unknown>> = [
        wrongType('number', spec.nullable),
        fc.constantFrom(spec.min - 1, spec.min - 1e6, -1e308).filter((n) => n < spec.min),
        fc.constantFrom(spec.max + 1, spec.max * 2 + 1, 1e308),
      ];
      if (spec.kind === 'int') options.push(fc.constantFrom(spec.min + 0.5, spec.max - 0.5, 2.5).filter((n) => !Number.isInteger(n) && n > spec.min && n < spec.max));
      return fc.oneof(...options);
    }
    case 'enum':
      return fc.oneof(
        wrongType('string', spec.nullable),
        fc.constantFrom(...spec.values).map((value) => value.toUpperCase()).filter((value) => !spec.values.includes(value)),
        fc.constantFrom(...spec.values).map((value) => `${value} `),
        fc.constantFrom('bogus', 'all', '', '__proto__', 'constructor'),
      );
    case 'boolean':
      return fc.oneof(fc.constantFrom('true', 'false', 1, 0, 'yes', [], {}), spec.nullable ? fc.constant('null') : fc.constant(null));
    case 'date':
      // An instant is stored in UTC: a date that is a year 10000 or -1 there cannot be stored as an ISO date.
      return fc.oneof(wrongType('string', spec.nullable), fc.constantFrom(...BAD_DATES, ...(spec.instant ? ['9999-12-31T23:59:59-23:59', '0000-01-01T00:00:00+00:01'] : [])));
    case 'email':
      return fc.oneof(
        wrongType('string', false),
        fc.constantFrom(...BAD_EMAILS),
        ...(Number.isFinite(spec.max) ? [fc.constant(`${'a'.repeat(spec.max)}@example.com`)] : []),
      );
    case 'image':
      return fc.oneof(wrongType('string', spec.nullable), fc.constantFrom(...BAD_IMAGES), fc.constant(`https://example.com/${'a'.repeat(2_001)}.png`));
    case 'array': {
      const options: Array<fc.Arbitrary<unknown>> = [wrongType('array', false)];
      if (spec.min > 0) options.push(fc.constant([]));
      options.push(fc.constant(null).map(() => Array.from({ length: spec.max + 1 }, () => sampleOf(spec.of))));
      return fc.oneof(...options);
    }
    case 'object':
      return wrongType('object', spec.nullable);
  }
}

/** A valid value for a spec: bulk-size arrays are filled with it. */
function sampleOf(spec: FieldSpec): unknown {
  switch (spec.kind) {
    case 'string': return 'x'.repeat(Math.max(spec.min, 1));
    case 'int': case 'number': return spec.min;
    case 'enum': return spec.values[0];
    case 'boolean': return true;
    case 'date': return '2026-11-01T00:00:00.000Z';
    case 'email': return 'a@example.com';
    case 'image': return '/images/products/product-03.svg';
    case 'array': return Array.from({ length: spec.min }, () => sampleOf(spec.of));
    case 'object': return Object.fromEntries(Object.entries(spec.fields).filter(([, f]) => !f.optional).map(([name, f]) => [name, sampleOf(f)]));
  }
}

/** Mutations that certainly make a field invalid, at `path`: a bad value, or its removal when it is required, or inside it. */
function fieldMutation(spec: FieldSpec, path: Path): fc.Arbitrary<Mutation> {
  const options: Array<fc.Arbitrary<Mutation>> = [badLeaf(spec).map((value) => ({ path, value }))];
  if (!spec.optional) options.push(fc.constant({ path, remove: true as const }));
  if (spec.kind === 'object') options.push(objectMutation(spec.fields, spec.strict, path));
  if (spec.kind === 'array') options.push(fieldMutation({ ...spec.of, optional: false }, [...path, 0]).map((m) => (m.remove ? { path: [...path, 0], value: undefined } : m)));
  return fc.oneof(...options);
}

/** A mutation inside an object: one of its fields broken, or an unknown field when it is strict. */
function objectMutation(fields: ObjectSpec, strict: boolean, path: Path): fc.Arbitrary<Mutation> {
  const names = Object.keys(fields);
  const options: Array<fc.Arbitrary<Mutation>> = [];
  if (names.length > 0) options.push(fc.constantFrom(...names).chain((name) => fieldMutation(fields[name]!, [...path, name])));
  if (strict) options.push(fc.constantFrom('unknownField', 'id', 'createdAt', 'cardCVC', ...HOSTILE_KEYS).map((key) => ({ path: [...path, key], value: { polluted: 'yes' } })));
  return fc.oneof(...options);
}

/**
 * Sets (as an own property, even `__proto__`) or removes the value at `path`. A container on the
 * way that the sample lacks (a PATCH body names few fields) is added, holding just the bad value.
 */
function applyMutation(body: Record<string, unknown>, { path, value, remove }: Mutation): void {
  let target: Record<string | number, unknown> = body;
  path.slice(0, -1).forEach((step, i) => {
    if (typeof target[step] !== 'object' || target[step] === null) target[step] = typeof path[i + 1] === 'number' ? [] : {};
    target = target[step] as Record<string | number, unknown>;
  });
  const last = path[path.length - 1]!;
  if (remove) delete target[last];
  else Object.defineProperty(target, last, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Own keys that no schema knows (`__proto__`, `constructor`…), added to a body already broken:
 * they can only be refused or dropped, never fix it, and must never reach a prototype.
 */
const hostileExtras = fc.uniqueArray(fc.constantFrom(...HOSTILE_KEYS, 'isAdmin', 'id'), { maxLength: 3 }).map((keys) =>
  keys.map((key) => ({ key, value: key === 'id' ? 1 : { polluted: 'yes', prototype: { polluted: 'yes' } } })),
);

/** A valid body of the endpoint broken in 1–3 fields (distinct top-level fields), perhaps with hostile extra keys. */
function brokenBody(endpoint: BodyEndpoint): fc.Arbitrary<BadRequest> {
  const { fields, strict } = endpoint.body;
  const top = objectMutation(fields, strict, []);
  return fc
    .tuple(fc.uniqueArray(top, { minLength: 1, maxLength: 3, selector: (m) => String(m.path[0]) }), hostileExtras, fc.boolean())
    .map(([mutations, extras, prettyPrinted]) => {
      const body = endpoint.body.sample();
      for (const mutation of mutations) applyMutation(body, mutation);
      for (const { key, value } of extras) if (!Object.hasOwn(body, key)) applyMutation(body, { path: [key], value });
      const names = [...mutations.map((m) => String(m.path[0])), ...extras.map(({ key }) => key)];
      const compact = JSON.stringify(body);
      return {
        kind: `body field (${endpoint.method} ${endpoint.path.split('?')[0]})`,
        method: endpoint.method,
        path: endpoint.path,
        headers: JSON_TYPE,
        // Pretty-printed too (whitespace a parser must take), unless deep nesting would make megabytes of indentation.
        body: prettyPrinted && compact.length < 1_000 ? JSON.stringify(body, null, 2) : compact,
        status: [400],
        names,
      };
    });
}

const MALFORMED_JSON = ['{', '{"name":', '{"a":1,}', "{'a':1}", '{"a":1}{"b":2}', '{"a":undefined}', '{"a":NaN}', '[1,2', '\u0000', '{"a":"\\x41"}', 'nul', '{"a":1} trailing'];
const NOT_OBJECTS = ['[]', '[{}]', '1', '"text"', 'null', 'true', '', '   ', '\n'];

/** A body that is not a JSON object: malformed JSON, another JSON value, nothing; or deep nesting past what a parser takes. */
function malformedBody(endpoint: BodyEndpoint): fc.Arbitrary<BadRequest> {
  const texts = fc.oneof(
    fc.constantFrom(...MALFORMED_JSON, ...NOT_OBJECTS),
    fc.string({ maxLength: 50 }).filter((text) => { try { const v: unknown = JSON.parse(text); return typeof v !== 'object' || v === null || Array.isArray(v); } catch { return true; } }),
    fc.integer({ min: 5_000, max: 20_000 }).map((depth) => `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`),
    fc.constant(null).map(() => JSON.stringify(endpoint.body.sample()).slice(0, -1)),
  );
  return texts.map((body) => ({ kind: 'malformed body', method: endpoint.method, path: endpoint.path, headers: JSON_TYPE, body, status: [400] }));
}

/** A valid body sent as another type (a form, an image, XML, HTML): not JSON as far as the API knows (text/plain is read as JSON: fetch's label for a string). */
function wrongContentType(endpoint: BodyEndpoint): fc.Arbitrary<BadRequest> {
  return fc
    .constantFrom('application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'image/png', 'application/xml', 'application/octet-stream', 'text/html', 'application/jsonp')
    .map((type) => ({ kind: 'wrong content type', method: endpoint.method, path: endpoint.path, headers: { 'content-type': type }, body: JSON.stringify(endpoint.body.sample()), status: [415], names: ['JSON'] }));
}

/** A valid body padded past the size limit (1 MB; 16 MB for bulk inserts). */
function oversizedBody(endpoint: BodyEndpoint): fc.Arbitrary<BadRequest> {
  const limit = endpoint.path.endsWith('/bulk') ? 16_000_000 : 1_000_000;
  return fc.integer({ min: 1, max: 1_000 }).map((over) => {
    const body = JSON.stringify({ ...endpoint.body.sample(), padding: '' });
    const padded = `${body.slice(0, -3)}"${'x'.repeat(limit - body.length + over + 3)}"}`;
    return { kind: 'body over the limit', method: endpoint.method, path: endpoint.path, headers: JSON_TYPE, body: padded, status: [413] };
  });
}

/** Ids that name no record: not numbers, not positive, not whole, too big; or numbers no record has. */
const badNumericIds = fc.constantFrom('', ' ', 'abc', '-1', '0', '1.5', '1e400', '99999999999999999999', 'Infinity', 'NaN', 'null', 'undefined', '[1]', '%00', '1;DROP TABLE users', '１');
const unknownNumericIds = fc.integer({ min: 100_000, max: 2 ** 31 }).map(String);

/** An id as a path segment (an empty one would be another path: a space stands for it). */
const segment = (id: string) => encodeURIComponent(id === '' ? ' ' : id);

/** Where an id goes in a path: the `?id=` of a record's URL, or a `:id` segment. */
const idTargets = (ids: SeedIds): Array<{ method: string; at: (id: string) => string; body?: () => Record<string, unknown>; numeric: boolean }> => {
  const record = (path: string, methods: string[], body?: () => Record<string, unknown>) =>
    methods.map((method) => ({ method, at: (id: string) => `${path}?id=${encodeURIComponent(id)}`, numeric: path !== '/api/invoices', ...(method === 'DELETE' || method === 'GET' || !body ? {} : { body }) }));
  const specs = Object.fromEntries(bodyEndpoints(ids).map((e) => [`${e.method} ${e.path.split('?')[0]}`, e.body.sample]));
  return [
    ...record('/api/users', ['GET', 'PUT', 'DELETE'], specs['PUT /api/users']),
    ...record('/api/products', ['PUT', 'DELETE'], specs['PUT /api/products']),
    ...record('/api/reviews', ['PATCH', 'DELETE'], () => ({ vote: 'like' })),
    ...record('/api/orders', ['PATCH', 'DELETE'], () => ({ status: 'shipping' })),
    ...record('/api/invoices', ['GET', 'PUT', 'DELETE'], specs['PUT /api/invoices']),
    ...['courses', 'study-sessions', 'tasks', 'job-posts', 'candidates', 'applications'].flatMap((name) => record(`/api/${name}`, ['GET', 'PUT', 'PATCH', 'DELETE'], specs[`PUT /api/${name}`])),
    ...record('/api/tickets', ['GET', 'PATCH', 'DELETE'], () => ({ status: 'closed' })),
    ...['GET', 'PATCH', 'DELETE'].map((method) => ({ method, at: (id: string) => `/api/tickets/${segment(id)}`, numeric: true, ...(method === 'PATCH' ? { body: () => ({ status: 'closed' }) } : {}) })),
    { method: 'POST', at: (id) => `/api/tickets/${segment(id)}/replies`, numeric: true, body: () => ({ message: 'Hello' }) },
    { method: 'POST', at: (id) => `/api/orders/${segment(id)}/timeline`, numeric: true, body: () => ({ step: 'out-for-delivery' }) },
    { method: 'POST', at: (id) => `/api/faqs/${segment(id)}/vote`, numeric: true, body: () => ({ helpful: true }) },
  ];
};

/** A record URL whose id is malformed (400), names no record (404), or is given twice (400). */
function badIdRequest(ids: SeedIds): fc.Arbitrary<BadRequest> {
  const targets = idTargets(ids);
  const realId = (numeric: boolean) => (numeric ? String(ids.user) : ids.invoice);
  return fc.tuple(fc.constantFrom(...targets), fc.oneof(badNumericIds.map((id) => ({ id, why: 'malformed' })), unknownNumericIds.map((id) => ({ id, why: 'unknown' })), fc.constant({ id: '', why: 'repeated' }))).map(([target, { id, why }]) => {
    let path = target.at(why === 'repeated' ? realId(target.numeric) : target.numeric ? id : `INV-${id}`);
    // A repeated `?id=`: which record was meant is unknown (the segment ids cannot repeat: they get a malformed one).
    if (why === 'repeated') path = path.includes('?id=') ? `${path}&id=${target.numeric ? ids.product : 'INV-002'}` : target.at('1,2');
    const body = target.body?.();
    return {
      kind: `${why} id`,
      method: target.method,
      path,
      ...(body ? { headers: JSON_TYPE, body: JSON.stringify(body) } : {}),
      status: why === 'unknown' ? [404] : [400, 404],
    };
  });
}

/** Uploads that are not an image of an accepted type, empty, or over 3 MB; files asked for by an id that is not theirs. */
function badFileRequest(): fc.Arbitrary<BadRequest> {
  const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const bytes = (values: number[]) => new Uint8Array(values) as Uint8Array<ArrayBuffer>;
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.constantFrom('text/plain', 'image/svg+xml', 'application/json', 'image/bmp', 'image/pngx', '', 'text/html'), fc.uint8Array({ minLength: 1, maxLength: 64 })).map(([type, body]): BadRequest => ({ kind: 'upload of another type', method: 'POST', path: '/api/files', headers: type ? { 'content-type': type } : {}, body: new Uint8Array(body) as Uint8Array<ArrayBuffer>, status: [415] })) },
    { weight: 6, arbitrary: fc.tuple(fc.constantFrom('image/png', 'image/jpeg', 'image/gif', 'image/webp'), fc.uint8Array({ minLength: 1, maxLength: 64 }).filter((b) => b[0] !== 0x89 && b[0] !== 0xff && b[0] !== 0x47 && b[0] !== 0x52)).map(([type, body]): BadRequest => ({ kind: 'upload not matching its type', method: 'POST', path: '/api/files', headers: { 'content-type': type }, body: new Uint8Array(body) as Uint8Array<ArrayBuffer>, status: [415] })) },
    { weight: 2, arbitrary: fc.constant<BadRequest>({ kind: 'empty upload', method: 'POST', path: '/api/files', headers: { 'content-type': 'image/png' }, body: bytes([]), status: [400] }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 4096 }).map((over): BadRequest => { const body = new Uint8Array(3 * 1024 * 1024 + over) as Uint8Array<ArrayBuffer>; body.set(PNG); return { kind: 'upload over 3 MB', method: 'POST', path: '/api/files', headers: { 'content-type': 'image/png' }, body, status: [413] }; }) },
    { weight: 6, arbitrary: fc.tuple(fc.constantFrom('GET', 'DELETE'), fc.oneof(fc.uuid(), fc.constantFrom('abc', '..', '%2e%2e', '00000000-0000-0000-0000-00000000000g', `${'a'.repeat(36)}`, '1'))).map(([method, id]): BadRequest => ({ kind: 'file id of no file', method, path: `/api/files/${id}`, status: [404] })) },
  );
}

/** Query parameters a list never refuses (odd values fall back to defaults), mixed into bad list queries. */
export const lenientParams = fc.uniqueArray(
  fc.oneof(
    fc.tuple(fc.constantFrom('page', 'pageSize'), fc.constantFrom('-1', '0', 'abc', '1e9', '1.5', '', '2', '999999999', ' 3 ', '0x10')),
    fc.tuple(fc.constant('search'), fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('%', '_', '\\', "' OR 1=1 --", '<script>', '\u202e', '\u0000', '😀'.repeat(300)))),
    fc.tuple(fc.constantFrom(...HOSTILE_KEYS, 'unknown', 'limit', ''), fc.constantFrom('1', 'x', '', '{}')),
  ),
  { maxLength: 4, selector: ([name]) => name },
);

interface ListSpec {
  path: string;
  /** Parameters whose bad values are refused, with such values. */
  strict: Record<string, fc.Arbitrary<string>>;
}

const notIn = (values: readonly string[]) => fc.oneof(fc.constantFrom('bogus', 'ALL ', 'null', '__proto__', '1', '%', 'x'.repeat(500)), fc.string({ minLength: 1, maxLength: 12 })).filter((v) => v.trim() !== '' && v.trim().toLowerCase() !== 'all' && !values.includes(v.trim().toLowerCase()));
const notInExact = (values: readonly string[]) => notIn(values).filter((v) => !values.includes(v.trim()));
const sortOf = (fields: readonly string[]) => ({ sort: notInExact(fields), order: notIn(['asc', 'desc']) });
const badDay = fc.constantFrom('2026-13-01', '2026-02-30', '26-01-01', 'today', '2026/01/01', '2026-1-1', '2026-01-01T00:00:00Z x');
const badIdFilter = fc.constantFrom('abc', '-1', '0', '1.5', 'Infinity', '1e400x');

/** Every list query, with its parameters that refuse an unknown value. */
const LISTS: ListSpec[] = [
  ...['/api/users', '/api/users/ids'].map((path) => ({ path, strict: { status: notIn(['hidden', 'rejected', 'verified', 'waiting']), ...sortOf(['createAt', 'name', 'email', 'role', 'address', 'phone', 'status']) } })),
  ...['/api/products', '/api/products/ids'].map((path) => ({ path, strict: { status: notIn(['published', 'draft']), category: notIn(['fashion', 'electronics', 'furniture', 'home-kitchen', 'accessories', 'office', 'sports-outdoors', 'kitchen-dining', 'stationery']), ...sortOf(['createdAt', 'title', 'code', 'category', 'price', 'stock', 'rating', 'status']) } })),
  ...['/api/orders', '/api/orders/ids'].map((path) => ({ path, strict: { status: notIn(['delivered', 'shipping', 'new', 'pending', 'return']), payment: notInExact(['Credit Card', 'Paypal', 'Visa Card', 'Master Card']), from: badDay, to: badDay, ...sortOf(['createAt', 'invoiceId', 'customer', 'totalAmount', 'status', 'payment', 'deliveredAt']) } })),
  ...['/api/invoices', '/api/invoices/ids'].map((path) => ({ path, strict: { status: notIn(['pending', 'complete']), ...sortOf(['issueDate', 'id', 'customer', 'dueDate', 'totalAmount', 'status']) } })),
  ...['/api/tickets', '/api/tickets/ids'].map((path) => ({ path, strict: { status: notIn(['open', 'pending', 'closed']), category: notIn(['orders', 'products', 'billing', 'account', 'technical', 'contact']), ...sortOf(['createdAt', 'updatedAt', 'subject', 'status']) } })),
  { path: '/api/courses', strict: { state: notIn(['not-started', 'in-progress', 'completed']), category: longText(61) } },
  { path: '/api/study-sessions', strict: { courseId: badIdFilter, from: badDay, to: badDay } },
  { path: '/api/tasks', strict: { courseId: badIdFilter, done: notIn(['true', 'false']), dueFrom: badDay } },
  { path: '/api/job-posts', strict: { status: notIn(['open', 'closed']), department: longText(81) } },
  { path: '/api/candidates', strict: { gender: notIn(['female', 'male', 'non-binary', 'undisclosed']), search: longText(201) } },
  { path: '/api/applications', strict: { jobPostId: badIdFilter, candidateId: badIdFilter, stage: notIn(['application', 'shortlisted', 'certified', 'on-hold', 'rejected', 'hired']) } },
  { path: '/api/reviews', strict: { productId: badIdFilter } },
  { path: '/api/notifications', strict: { limit: fc.constantFrom('0', '-1', 'abc', '1.5', '1000000') } },
  ...['sales', 'analytics', 'saas', 'learning', 'job'].map((name) => ({ path: `/api/dashboards/${name}`, strict: { period: notIn(['week', 'month', 'year']) } })),
  // Lists that refuse no value (odd ones fall back to defaults): only a repeated parameter is bad there.
  ...['/api/activity', '/api/faqs', '/api/orders/histories', '/api/orders/analytics', '/api/settings'].map((path) => ({ path, strict: {} })),
];

const encode = (params: ReadonlyArray<readonly [string, string]>) => params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

/** A list query with at least one refused parameter value (or a parameter given twice), among lenient odd ones. */
function badListQuery(): fc.Arbitrary<BadRequest> {
  return fc.constantFrom(...LISTS).chain((list) => {
    const names = Object.keys(list.strict);
    const bad = names.length > 0 ? fc.constantFrom(...names).chain((name) => list.strict[name]!.map((value) => [name, value] as const)) : fc.constant(['page', '1'] as const);
    return fc.tuple(fc.uniqueArray(bad, { minLength: 1, maxLength: 3, selector: ([name]) => name }), lenientParams, names.length > 0 ? fc.boolean() : fc.constant(true)).map(([badParams, odd, repeated]): BadRequest => {
      const lenient = odd.filter(([name]) => !names.includes(name));
      // A parameter given twice (even with good values) is refused too: which one was meant is unknown.
      const params = repeated ? [...lenient, ['page', '1'] as const, ['page', '2'] as const] : [...lenient, ...badParams];
      return { kind: repeated ? 'repeated query parameter' : 'bad list parameter', method: 'GET', path: `${list.path}?${encode(params)}`, status: [400], names: repeated ? ['page'] : badParams.map(([name]) => name) };
    });
  });
}

/** Paths no endpoint answers, and methods a path does not take. */
function badRoute(): fc.Arbitrary<BadRequest> {
  return fc.oneof(
    fc.constantFrom('/api/nothing', '/api/users/1', '/api/__proto__', '/api/constructor', '/api/users/ids/extra', '/api/dashboards/unknown', '/api/dashboards/__proto__', '/api/dashboards/toString', '/api/orders/1/timeline/x').map((path): BadRequest => ({ kind: 'unknown path', method: 'GET', path, status: [404] })),
    fc.constantFrom<[string, string]>(['DELETE', '/api/settings'], ['PUT', '/api/tickets'], ['PUT', '/api/orders'], ['PUT', '/api/reviews/bulk'], ['PATCH', '/api/users'], ['POST', '/api/users/ids'], ['DELETE', '/api/dashboards/sales'], ['POST', '/api/notifications'], ['GET', '/api/users/bulk']).map(([method, path]): BadRequest => ({ kind: 'method not allowed', method, path, headers: JSON_TYPE, body: method === 'GET' || method === 'DELETE' ? undefined : '{}', status: [405] })),
  );
}

/** A backup file (dexie-export-import JSON) as `GET /api/backup` wrote it, parsed. */
type BackupFile = { formatName: unknown; formatVersion: unknown; data: { databaseName: unknown; databaseVersion: unknown; tables: Array<Record<string, unknown>>; data: Array<{ tableName: string; inbound: unknown; rows: unknown[] }> } };

/** Ways to break a backup file, each certainly refused: another format, app, account or version; tables or rows that do not add up or fail their checks. */
const backupBreaks: ReadonlyArray<[string, (file: BackupFile, pick: number) => void]> = [
  ['another format', (file, pick) => (file.formatName = ['csv', '', null, 1][pick % 4])],
  ['another format version', (file, pick) => (file.formatVersion = [2, 0, '1', null][pick % 4])],
  ['another app\'s database', (file, pick) => (file.data.databaseName = ['other-app', '', null, 'shop-adminx'][pick % 4])],
  ['another account', (file) => (file.data.databaseName = 'shop-admin-someone-else')],
  ['another data version', (file, pick) => (file.data.databaseVersion = [0, 9_999, '1', null][pick % 4])],
  ['a table missing', (file, pick) => file.data.tables.splice(pick % file.data.tables.length, 1)],
  ['an unknown table', (file) => file.data.tables.push({ name: '__proto__', schema: 'id', rowCount: 0 })],
  ['a table laid out differently', (file, pick) => (file.data.tables[pick % file.data.tables.length]!.schema = '++id,unknownIndex')],
  ['a row count off', (file, pick) => (file.data.tables[pick % file.data.tables.length]!.rowCount = -1)],
  ['rows not inbound', (file, pick) => (file.data.data[pick % file.data.data.length]!.inbound = false)],
  ['rows of a table twice', (file, pick) => file.data.data.push(file.data.data[pick % file.data.data.length]!)],
  ['a row that is not a record', (file, pick) => {
    const part = file.data.data.find((each) => each.rows.length > 0)!;
    part.rows[pick % part.rows.length] = [null, 'row', 5, []][pick % 4];
  }],
  ['a row repeated', (file, pick) => {
    const parts = file.data.data.filter((each) => each.rows.length > 0);
    const part = parts[pick % parts.length]!;
    part.rows.push(part.rows[0]);
    const table = file.data.tables.find((each) => each.name === part.tableName)!;
    table.rowCount = part.rows.length;
  }],
  ['an id counter behind', (file) => {
    const counters = file.data.data.find((each) => each.tableName === 'counters')!;
    counters.rows = counters.rows.map((row) => ({ ...(row as object), nextId: 1 }));
  }],
  // $types names the values to revive; a path through __proto__ or constructor must never reach a prototype.
  ['a row reviving what it does not hold', (file, pick) => {
    const part = file.data.data.find((each) => each.rows.length > 0)!;
    const path = ['__proto__.toString', '__proto__.polluted', 'constructor.prototype.toString', '__proto__', 'missing.bytes', 'id'][pick % 6]!;
    const type = ['undef', 'arraybuffer', 'date', 'arrayNonindexKeys'][Math.floor(pick / 6) % 4]!;
    part.rows[0] = { ...(part.rows[0] as object), $types: { [path]: type } };
  }],
];

/** POST /api/backup (a restore) or /api/backup/check with a file that is damaged, cut short, not JSON or not a valid backup of this account. */
function badBackupRequest(backup: string): fc.Arbitrary<BadRequest> {
  const path = fc.constantFrom('/api/backup', '/api/backup/check');
  const broken = fc.tuple(fc.constantFrom(...backupBreaks), fc.nat(), hostileExtras).map(([[why, breakIt], pick, extras]) => {
    const file = JSON.parse(backup) as BackupFile;
    breakIt(file, pick);
    // Hostile keys beside a break: they can only be refused or dropped, never fix the file.
    for (const { key, value } of extras) applyMutation(file as unknown as Record<string, unknown>, { path: [key], value });
    return { why, body: JSON.stringify(file) };
  });
  const unreadable = fc.oneof(
    fc.constantFrom(...MALFORMED_JSON, ...NOT_OBJECTS).map((body) => ({ why: 'not a backup', body })),
    fc.integer({ min: 1, max: backup.length - 1 }).map((end) => ({ why: 'cut short', body: backup.slice(0, end) })),
  );
  return fc.tuple(path, fc.oneof({ weight: 3, arbitrary: broken }, { weight: 1, arbitrary: unreadable })).map(([at, { why, body }]) => ({
    kind: `backup file (${why})`,
    method: 'POST',
    path: at,
    headers: JSON_TYPE,
    body,
    status: [400, 403],
  }));
}

/**
 * Every kind of bad request, weighted so that a run covers each endpoint many times while the
 * expensive ones (bodies of megabytes) stay few.
 */
export function badRequest(ids: SeedIds, backup: string): fc.Arbitrary<BadRequest> {
  const endpoints = bodyEndpoints(ids);
  const endpoint = fc.constantFrom(...endpoints);
  return fc.oneof(
    { weight: 50, arbitrary: endpoint.chain(brokenBody).map(printable) },
    { weight: 8, arbitrary: endpoint.chain(malformedBody).map(printable) },
    { weight: 6, arbitrary: endpoint.chain(wrongContentType).map(printable) },
    { weight: 1, arbitrary: endpoint.filter((e) => !e.path.endsWith('/bulk')).chain(oversizedBody).map(printable) },
    { weight: 10, arbitrary: badIdRequest(ids).map(printable) },
    { weight: 4, arbitrary: badFileRequest().map(printable) },
    { weight: 18, arbitrary: badListQuery().map(printable) },
    { weight: 3, arbitrary: badRoute().map(printable) },
    { weight: 3, arbitrary: badBackupRequest(backup).map(printable) },
  );
}

/** A bulk body over 16 MB (a few per run: each is 16 MB of text). */
export const oversizedBulk = (ids: SeedIds): fc.Arbitrary<BadRequest> => fc.constantFrom(...bodyEndpoints(ids).filter((e) => e.path.endsWith('/bulk'))).chain(oversizedBody).map(printable);

/** A list query with only lenient odd parameters: never refused, never a 5xx. */
export function oddListQuery(): fc.Arbitrary<{ path: string }> {
  return fc.tuple(fc.constantFrom(...LISTS.filter((list) => Object.keys(list.strict).length > 0)), lenientParams).map(([list, odd]) => ({ path: `${list.path}?${encode(odd.filter(([name]) => !(name in list.strict) && name !== 'limit'))}` }));
}

export type { Mutation };
export { applyMutation };

/** How a bad request shows in a failure report: short (bodies run to megabytes). */
export function describeRequest(req: BadRequest): string {
  const body = typeof req.body === 'string' ? req.body.replace(/\s+/g, ' ').slice(0, 300) : req.body ? `<${req.body.byteLength} bytes>` : '';
  return `${req.kind}: ${req.method} ${req.path.slice(0, 300)} ${JSON.stringify(req.headers ?? {})} ${body}`;
}

/** The request, printed by fast-check (a counterexample) as describeRequest has it. */
export const printable = (req: BadRequest): BadRequest => Object.assign(req, { [fc.toStringMethod]: () => describeRequest(req) });
