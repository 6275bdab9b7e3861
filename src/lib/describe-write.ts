import { t } from '@/i18n/i18n';

/*
 * A write of the /api contract in words a person reads: the audit trail names each mutation
 * (`PATCH /api/orders`) and each member change (`invite ann@example.com as staff`).
 */
import { parseMutationName } from '@domain/contract/sync-protocol/mutation-name';

/** The resources a write names (its words choose by the kind: common.json's `common.write.*`). */
const KINDS = new Set(['users', 'products', 'reviews', 'orders', 'invoices', 'tickets', 'files']);

/** What the mutation did to its resource, by the rest of its path (`''`, `/restore`, `/:id/timeline`…): its message. */
const actions: Record<string, string> = {
  'POST ': 'common.write.created',
  'PUT ': 'common.write.edited',
  'PATCH ': 'common.write.updated',
  'DELETE ': 'common.write.deleted',
  'POST /restore': 'common.write.restored',
  'POST /bulk': 'common.write.imported',
  'POST /bulk-delete': 'common.write.deletedSeveral',
  'POST /bulk-status': 'common.write.statusSeveral',
  'POST /:id/timeline': 'common.write.timeline',
  'POST /:id/replies': 'common.write.replied',
  'DELETE /:id': 'common.write.deleted',
};

/** Member changes as the server words them (server/routes/members.ts, invitations.ts), in the past tense: what follows the verb stays the server's (an email, a role). */
const memberActions: Array<[RegExp, string]> = [
  [/^invite /, 'common.write.invited'],
  [/^set role of /, 'common.write.setRole'],
  [/^remove member /, 'common.write.removedMember'],
  [/^leave the shop$/, 'common.write.left'],
  [/^accept invitation as /, 'common.write.accepted'],
  [/^withdraw invitation /, 'common.write.withdrew'],
];

/** "Updated an order" for `PATCH /api/orders`, "Uploaded a file" for `POST /api/files`, "Invited a@b.c as staff" for a member change. */
export function describeWrite(name: string): string {
  const { method, kind, rest } = parseMutationName(name);
  // A member change has no /api path, so no resource.
  if (kind) {
    if (kind === 'files' && method === 'POST' && !rest) return t('common.write.uploadedFile');
    const action = actions[`${method} ${rest}`];
    if (KINDS.has(kind) && action) return t(action, { kind });
    return name;
  }
  for (const [pattern, id] of memberActions) if (pattern.test(name)) return t(id, { rest: name.replace(pattern, '') });
  return name;
}
