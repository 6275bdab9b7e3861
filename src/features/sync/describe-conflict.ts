import type { SyncConflict } from '@/lib/shop-sync';

const verbs: Record<string, string> = { POST: 'Create', PUT: 'Replace', PATCH: 'Change', DELETE: 'Delete' };

/**
 * A refused write in words: "Change users #7" for `PATCH /api/users?id=7`,
 * "Create orders/:id/timeline #3" for `POST /api/orders/:id/timeline` with `{ id: "3" }`.
 */
export function describeConflict(conflict: Pick<SyncConflict, 'name' | 'query'>): string {
  const [method = '', path = ''] = conflict.name.split(' ');
  const what = path.replace(/^\/api\//, '');
  const id = conflict.query.id;
  return `${verbs[method] ?? method} ${what}${id ? ` #${id}` : ''}`;
}
