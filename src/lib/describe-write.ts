/*
 * A write of the /api contract in words a person reads: the audit trail names each mutation
 * (`PATCH /api/orders`) and each member change (`invite ann@example.com as staff`).
 */
import { parseMutationName } from '@domain/contract/sync-protocol/mutation-name';

const singular: Record<string, string> = {
  users: 'a user',
  products: 'a product',
  reviews: 'a review',
  orders: 'an order',
  invoices: 'an invoice',
  tickets: 'a ticket',
  files: 'a file',
};

/** What the mutation did to its resource, by the rest of its path (`''`, `/restore`, `/:id/timeline`…). */
const actions: Record<string, (one: string, kind: string) => string> = {
  'POST ': (one) => `Created ${one}`,
  'PUT ': (one) => `Edited ${one}`,
  'PATCH ': (one) => `Updated ${one}`,
  'DELETE ': (one) => `Deleted ${one}`,
  'POST /restore': (one) => `Restored ${one}`,
  'POST /bulk': (_one, kind) => `Imported ${kind}`,
  'POST /bulk-delete': (_one, kind) => `Deleted several ${kind}`,
  'POST /bulk-status': (_one, kind) => `Changed the status of several ${kind}`,
  'POST /:id/timeline': (one) => `Recorded a delivery step of ${one}`,
  'POST /:id/replies': (one) => `Replied to ${one}`,
  'DELETE /:id': (one) => `Deleted ${one}`,
};

/** Member changes as the server words them (server/routes/members.ts, invitations.ts), in the past tense. */
const memberActions: Array<[RegExp, string]> = [
  [/^invite /, 'Invited '],
  [/^set role of /, 'Changed the role of '],
  [/^remove member /, 'Removed member '],
  [/^leave the shop$/, 'Left the shop'],
  [/^accept invitation as /, 'Accepted an invitation as '],
  [/^withdraw invitation /, 'Withdrew invitation '],
];

/** "Updated an order" for `PATCH /api/orders`, "Uploaded a file" for `POST /api/files`, "Invited a@b.c as staff" for a member change. */
export function describeWrite(name: string): string {
  const { method, kind, rest } = parseMutationName(name);
  // A member change has no /api path, so no resource.
  if (kind) {
    if (kind === 'files' && method === 'POST' && !rest) return 'Uploaded a file';
    const one = singular[kind];
    const action = actions[`${method} ${rest}`];
    if (one && action) return action(one, kind);
    return name;
  }
  for (const [pattern, words] of memberActions) if (pattern.test(name)) return name.replace(pattern, words);
  return name;
}
