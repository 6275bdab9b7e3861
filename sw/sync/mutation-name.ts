import { mutationNames } from '../../domain/sync/apply-mutation';
import { parseMutationName } from '../../domain/contract/sync-protocol';

/*
 * Which `/api` write a request is, by the names the shop server accepts (mutationNames):
 * `POST /api/orders/12/timeline` is `POST /api/orders/:id/timeline` with query `{ id: '12' }`.
 */

const patterns = mutationNames.map((name) => {
  const { method, path } = parseMutationName(name);
  return { name, method, segments: path.split('/') };
});

/** The mutation name and query of a write request, or undefined when the server has no such mutation. */
export function mutationOf(method: string, url: URL): { name: string; query: Record<string, string> } | undefined {
  const path = url.pathname.replace(/\/+$/, '');
  const segments = path.split('/');
  for (const pattern of patterns) {
    if (pattern.method !== method.toUpperCase() || pattern.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.segments.every((expected, i) => {
      if (expected.startsWith(':')) {
        params[expected.slice(1)] = decodeURIComponent(segments[i]!);
        return segments[i] !== '';
      }
      return expected === segments[i];
    });
    if (matches) return { name: pattern.name, query: { ...Object.fromEntries(url.searchParams), ...params } };
  }
  return undefined;
}

/** Resources whose records the shop server keeps: a write to them that is no mutation cannot be shared. */
const SHARED = ['users', 'products', 'reviews', 'orders', 'invoices', 'tickets', 'files', 'backup'];

/** Whether a write that is no mutation would change shared records (a backup's restore, a reset): refused in a shared shop. */
export function changesSharedData(method: string, url: URL): boolean {
  if (method === 'GET' || method === 'HEAD') return false;
  const resource = url.pathname.split('/')[2] ?? '';
  if (resource === 'backup') return url.pathname.replace(/\/+$/, '') !== '/api/backup/check';
  return SHARED.includes(resource);
}
