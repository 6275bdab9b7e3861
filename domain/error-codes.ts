/**
 * The errors people see, each with a stable code beside its English message (docs/translations.md,
 * "Errors"). The worker and the shop server answer `{ message, code, params }`: `code` and `params`
 * are read from the message by this table (`describeError`), so a message written anywhere in
 * the code gets its code as long as its text is listed here; the app shows the code's message in
 * the user's language (src/i18n/messages/<locale>/errors.json, ids `errors.<code>`) and falls back to
 * the English message for an error not listed. `{name}` in a message is a value (an id, a count, a
 * name), passed on as a param. A message followed by ": " and more (a list of ids, a field's
 * problem) keeps the rest as the `detail` param.
 */
export const ERROR_MESSAGES = {
  invalidRequest: 'Invalid request',
  requestBodyTooLarge: 'Request body too large',
  internalError: 'Internal server error',
  // Records not found.
  orderNotFound: 'Order not found',
  productNotFound: 'Product not found',
  userNotFound: 'User not found',
  invoiceNotFound: 'Invoice not found',
  ticketNotFound: 'Ticket not found',
  reviewNotFound: 'Review not found',
  faqNotFound: 'FAQ not found',
  fileNotFound: 'File not found',
  memberNotFound: 'Member not found',
  invitationNotFound: 'Invitation not found',
  recordExists: 'A record with this id already exists',
  // Files.
  notAnImage: 'Only JPEG, PNG, GIF or WebP images can be uploaded',
  imageTooLarge: 'Images must be 3 MB or smaller',
  // Products, orders, tickets, reviews.
  productCodeTaken: 'A product with code "{code}" already exists',
  notForSale: 'Product {id} is not for sale',
  notEnoughStock: 'Not enough of "{product}" in stock for {quantity}',
  onlyShippingOutForDelivery: 'Only a shipping order can be marked out for delivery',
  ticketReplyLimit: 'A ticket holds at most {most} replies',
  alreadyReviewed: 'You have already reviewed this product: edit your review instead',
  featureImageNotAnImage: 'The feature image must be one of the images',
  // This device.
  outOfSpace: 'This device is out of storage space, so nothing was saved. Free some space (delete records or files you no longer need) and try again.',
  writeInterrupted: 'The write was interrupted, so nothing was saved. Please try again.',
  signInToUseData: 'Sign in to use the shop data',
  endCustomerPreview: 'End the customer preview first',
  sampleActivityPresent: 'This shop has sample activity already: remove it first (Settings → Data)',
  sampleActivityNoProducts: 'The shop has no products for the sample orders: add a product first',
  sampleActivityRunning: 'Sample activity is being added already: wait until it has finished',
  sampleActivityAbsent: 'This shop has no sample activity to remove',
  // The team and the shop server.
  notAMember: 'You are not a member of this shop',
  notAMemberAnyMore: 'You are not a member of this shop any more: nothing was uploaded',
  alreadyAMember: 'You are already a member of this shop: your role stays as it is (an owner changes roles on the members screen)',
  emailAlreadyAMember: '{email} is already a member of this shop',
  customerHasSignIn: 'This customer already has a sign-in to the shop',
  staleInvitation: 'This invitation is out of date: the shop changed or removed this customer record since; ask the shop for a new invitation',
  lastOwner: 'A shop needs an owner: make another member owner first',
  onlyOwnersManageMembers: 'Only owners manage members',
  onlyOwnersAdminsRemoveCustomers: 'Only owners and admins remove customers',
  onlyOwnersWithdrawInvitations: 'Only owners withdraw invitations to the team',
  roleMayNot: 'Your role ({role}) may not {what}: it takes {least}',
  customerGone: 'Your customer record is no longer in this shop',
  customerMayNotSend: 'Your role (customer) may not send {name}: a customer writes only their own tickets, reviews, profile and orders',
  customerOwnOrdersOnly: 'A customer places orders only for themselves: leave customerId out',
  customerReviewsDelivered: 'A customer reviews only the products of their delivered orders',
  customerNoAttachments: 'A customer cannot attach files to a ticket',
  customerMayNotCancel: 'Order {id} is {status}: only a new or pending order can be cancelled',
  signInRequired: 'Sign-in required: send the Firebase ID token as "Authorization: Bearer <token>"',
  badToken: 'The sign-in token is invalid or expired: sign in again',
  serverBusy: 'The server is handling too much data right now; try again in a moment',
  databaseDown: 'The shop database cannot be reached right now; try again shortly',
  databaseSlow: 'The shop database took too long to answer; try again shortly',
  foreignClient: 'This client id belongs to another user: use a client id of your own',
  shopServerUnreachable: 'The shop server cannot be reached: team changes need a connection.',
  notShared: 'This change cannot be made in a shared shop (it would not reach the team): it is available in a shop of your own',
  tooLargeToShare: 'This change is too large to share with the team (over {megabytes} MB): make it in smaller parts (import fewer records at a time)',
  copyNotEmpty: 'This shop already has data (on the server or waiting on this device): only a new, empty shop can start with this device’s data',
  nothingToUpload: 'This device has no data of its own to upload',
  firstSyncNeeded: 'The shop server cannot be reached: the upload starts after a first sync of the new shop, which needs a connection',
  noShopNoConflicts: 'No shop is chosen: there are no sync conflicts',
  noShopNothingToSync: 'No shop is chosen: there is nothing to sync',
  noShopNothingStuck: 'No shop is chosen: no change is stuck',
  noShopUploadFirst: 'No shop is chosen: choose the new shop on this device first, then upload',
  conflictNotFound: 'Sync conflict {id} not found: it may have been dismissed or put back already',
  // Problems with a form's field: the messages of the entity schemas (domain/schema), shown under the field.
  fieldCourseLesson: 'A course has at least one lesson',
  fieldFileId: 'A file id is a UUID',
  fieldFullCardNumber: 'A full card number is never sent nor stored: send only the last 4 digits, masked (e.g. **** 4242)',
  fieldScoreAfterLessons: 'A score is given only once every lesson is done',
  fieldTwoImages: 'Add at least two images',
  fieldTenImages: 'Add at most ten images',
  fieldAddressRequired: 'Address is required',
  fieldInvoiceIdShape: 'An invoice id looks like INV-001',
  fieldInvoiceLine: 'An invoice needs at least one line',
  fieldOrderItem: 'An order needs at least one item',
  fieldOneMinute: 'At least 1 minute',
  fieldThousandLessons: 'At most 1,000 lessons',
  fieldDayOfMinutes: 'At most 1,440 minutes (a day)',
  fieldTwoDecimals: 'At most 2 decimals',
  field300Characters: 'At most 300 characters',
  field40Characters: 'At most 40 characters',
  field500Lines: 'At most 500 lines',
  fieldAttachmentId: 'Attachment must be an uploaded file id',
  fieldBeforeStart: 'Cannot be before startedAt',
  fieldMoreThanLessons: 'Cannot be more than the lessons in the course',
  fieldCardHolderRequired: 'Card holder is required',
  fieldCardMasked: 'Card number must be masked (e.g. **** 1234)',
  fieldCardLastFour: 'Card number must be masked: only the last 4 digits (e.g. **** 4242)',
  fieldCategoryRequired: 'Category is required',
  fieldRating: 'Choose a rating from 1 to 5 stars',
  fieldColour: 'Choose at least one colour',
  fieldSize: 'Choose at least one size',
  fieldCodeRequired: 'Code is required',
  fieldCustomerRequired: 'Customer is required',
  fieldDepartmentRequired: 'Department is required',
  fieldDiscountRange: 'Discount must be between 0 and 100',
  fieldIdMismatch: 'Does not match the id parameter',
  fieldDueDate: 'Due date must not be before the issue date',
  fieldUploadFirst: 'File not found: upload the attachment first',
  fieldEmail: 'Invalid email address',
  fieldPhone: 'Invalid phone number',
  fieldInvoiceNumberShape: 'Invoice id looks like #IN0001',
  fieldLastFour: 'Last 4 digits expected',
  fieldLocationRequired: 'Location is required',
  fieldMessageRequired: 'Message is required',
  fieldZeroOrMore: 'Must be 0 or more',
  field100OrLess: 'Must be 100 or less',
  fieldWholeMinutes: 'Must be a whole number of minutes',
  fieldWholeNumber: 'Must be a whole number',
  fieldYears: 'Must fall in the years 0000–9999 in UTC',
  fieldNameRequired: 'Name is required',
  fieldCompletedCourse: 'Only a course with every lesson done is completed',
  fieldPhoneRequired: 'Phone is required',
  fieldPriceNegative: 'Price must not be negative',
  fieldProductIdWhole: 'Product id must be a whole number',
  fieldProductIdPositive: 'Product id must be positive',
  fieldQuantityWhole: 'Quantity must be a whole number',
  fieldQuantityOne: 'Quantity must be at least 1',
  fieldRoleRequired: 'Role is required',
  fieldStockWhole: 'Stock must be a whole number',
  fieldStockNegative: 'Stock must not be negative',
  fieldSubjectRequired: 'Subject is required',
  fieldCvc: 'The CVC is never sent nor stored: leave it out',
  fieldInvoiceTotal: 'The invoice total must be at most 1,000,000,000',
  fieldLineTotal: 'The line total (price × quantity) must be at most 1,000,000,000',
  fieldOrderTotal: 'The order total must be at most 1,000,000,000',
  fieldTitleRequired: 'Title is required',
  fieldUsername: 'Use 3–40 letters, digits, dots, dashes or underscores',
  field2000Characters: 'Use at most 2,000 characters',
  fieldWriteReview: 'Write your review',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export type ErrorParams = Record<string, string>;
export interface ErrorDescription {
  code: ErrorCode;
  params?: ErrorParams;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Each message as a pattern: its `{name}`s capture their values; ": <detail>" may follow. An
 * error answer is on the server's hot path (a refused flood is answered thousands of times a
 * second), so a message is matched only against the patterns whose literal start it has, found by
 * its first word, and a message without values by one Map lookup first.
 */
const patterns = (Object.entries(ERROR_MESSAGES) as [ErrorCode, string][]).map(([code, message]) => {
  const names: string[] = [];
  const source = message
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      names.push(name);
      return '(.+?)';
    })
    .join('');
  return { code, names, prefix: message.split('{')[0]!, pattern: new RegExp(`^${source}(?:: ([\\s\\S]+))?$`) };
});

const exactCodes = new Map(patterns.filter(({ names }) => names.length === 0).map(({ code, prefix }) => [prefix, code]));
const firstWord = (text: string) => /^[^\s:]*/.exec(text)![0];
const patternsByFirstWord = new Map<string, typeof patterns>();
for (const entry of patterns) {
  const word = firstWord(entry.prefix);
  patternsByFirstWord.set(word, [...(patternsByFirstWord.get(word) ?? []), entry]);
}

/** The code (and values) of a message, or undefined for a message not in the table. */
export function describeError(message: string): ErrorDescription | undefined {
  const exact = exactCodes.get(message);
  if (exact) return { code: exact };
  // A message that starts with a value ('{email} is already a member…') is under the empty word.
  for (const { code, names, prefix, pattern } of [...(patternsByFirstWord.get(firstWord(message)) ?? []), ...(patternsByFirstWord.get('') ?? [])]) {
    if (!message.startsWith(prefix)) continue;
    const match = pattern.exec(message);
    if (!match) continue;
    const params: ErrorParams = {};
    names.forEach((name, i) => (params[name] = match[i + 1]!));
    const detail = match[names.length + 1];
    if (detail !== undefined) params.detail = detail;
    return Object.keys(params).length > 0 ? { code, params } : { code };
  }
  return undefined;
}

/** An error's answer body: its message, its code and values when it has them, and the fields it names. */
export function errorBody(message: string, issues?: ReadonlyArray<{ path: string; message: string }>) {
  return { message, ...describeError(message), ...(issues ? { issues } : {}) };
}
