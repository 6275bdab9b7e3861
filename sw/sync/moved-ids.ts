import type { ShopDb } from '../api/storage/db';
import { ApiError, json } from '../api/http';
import { serverIdOf } from './server-ids';

/** `GET /api/sync/moved?kind=users&id=<pending id>` → `{ id }`, the record's server id; 404 while it has none. */
export async function answerMoved(db: ShopDb | undefined, url: URL): Promise<Response> {
  const kind = url.searchParams.get('kind');
  const id = url.searchParams.get('id');
  if (!kind || !id) throw new ApiError(400, 'Invalid request: kind and id are required', [{ path: kind ? 'id' : 'kind', message: 'Required' }]);
  const moved = db ? await serverIdOf(db, kind, id) : undefined;
  if (moved === undefined) throw new ApiError(404, `No ${kind} record created on this device as ${id} has a server id yet`);
  return json({ id: moved });
}
