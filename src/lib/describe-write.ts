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

/**
 * A member change as the server names it (server/routes/members.ts, invitations.ts): its message,
 * its values (a role, worded by the message's select) and its data (an email, an account or
 * invitation id: the shop's, shown as written).
 */
interface MemberChange {
  id: string;
  values: Record<string, string>;
  data: Record<string, string>;
}

const memberChanges: Array<[RegExp, (match: RegExpExecArray) => MemberChange]> = [
  [/^invite (.+) as customer \(user (.+)\)$/, (m) => ({ id: 'common.write.invitedCustomer', values: { user: m[2]! }, data: { email: m[1]! } })],
  [/^invite (.+) as (\w+)$/, (m) => ({ id: 'common.write.invited', values: { role: m[2]! }, data: { email: m[1]! } })],
  [/^set role of (.+) to (\w+)$/, (m) => ({ id: 'common.write.setRole', values: { role: m[2]! }, data: { member: m[1]! } })],
  [/^remove member (.+)$/, (m) => ({ id: 'common.write.removedMember', values: {}, data: { member: m[1]! } })],
  [/^leave the shop$/, () => ({ id: 'common.write.left', values: {}, data: {} })],
  [/^accept invitation as (\w+)$/, (m) => ({ id: 'common.write.accepted', values: { role: m[1]! }, data: {} })],
  [/^withdraw invitation (.+)$/, (m) => ({ id: 'common.write.withdrew', values: {}, data: { invitation: m[1]! } })],
];

function memberChange(name: string): MemberChange | undefined {
  for (const [pattern, read] of memberChanges) {
    const match = pattern.exec(name);
    if (match) return read(match);
  }
  return undefined;
}

/** The shop's data a member change names (an email, an id), for `withData` to mark; undefined for a write that names none. */
export function writeData(name: string): Record<string, string> | undefined {
  const data = memberChange(name)?.data;
  return data && Object.keys(data).length > 0 ? data : undefined;
}

/**
 * "Updated an order" for `PATCH /api/orders`, "Uploaded a file" for `POST /api/files`, "Invited
 * a@b.c as staff" for a member change; `data` stands in for the change's data (withData's placeholders).
 */
export function describeWrite(name: string, data?: Record<string, string>): string {
  const { method, kind, rest } = parseMutationName(name);
  // A member change has no /api path, so no resource.
  if (kind) {
    if (kind === 'files' && method === 'POST' && !rest) return t('common.write.uploadedFile');
    const action = actions[`${method} ${rest}`];
    if (KINDS.has(kind) && action) return t(action, { kind });
    return name;
  }
  const change = memberChange(name);
  return change ? t(change.id, { ...change.values, ...change.data, ...data }) : name;
}
