import type { ShopDb } from '../api/storage/db';
import type { Method } from '../api/context';
import type { SyncConflict, SyncShopRow } from '../api/storage/sync-tables';
import type { AnswerFrom } from '../api/session';
import { ApiError, errorResponse, json, methodNotAllowed, readJsonObject } from '../api/http';
import { routeFinder } from '../api/route-match';
import { isRole, roles } from '../../domain/contract/sync-protocol';
import { answerFromCopy, writingCustomer } from './outbox';
import { conflictIdsOf, conflictPage, conflictQueryOf, dismissConflicts, markConflictsSeen, putBackConflicts, putBackRequest } from './conflict-list';
import { dismissRemoval } from './removal';
import { serverIdOf } from './server-ids';
import { discardStuck, stuckToActOn } from './stuck';
import { accountStatus } from './sync-status';
import type { ConflictsBulkAnswer, StuckDiscardAnswer, StuckRetryAnswer } from '../../domain/contract/sync';
import type { SyncLoop } from './sync-loop';
import { queueUpload, uploadOffer } from './upload';

/*
 * The worker's `/api/sync/…` endpoints (docs/sync.md, "The client"), as a route table like the
 * rest of /api (sw/api/router.ts): the header's status, the shop chosen, a retry, the removal
 * notice, the upload of this device's data, pending records followed, the Sync page's
 * conflicts (paged, put back or dismissed one or many at once, seen), and a stuck change's retry and discard (stuck.ts). HTTP only: the hub (sync-hub.ts) keeps the loops and the
 * choice of shop, and each behaviour lives in its own module.
 */

/** What the routes ask of the hub. */
export interface SyncHubForRoutes {
  /** The account's own database (its choice of shop, the removal notice). */
  account(uid: string): ShopDb;
  /** The account's copy of a shop, without starting its loop. */
  copyOf(uid: string, shop: SyncShopRow): ShopDb;
  /** The sync loop of the account's copy of the shop (started on first use). */
  loopFor(uid: string, shop: SyncShopRow): SyncLoop;
  /** The account's /api calls are answered from this shop's copy from now on. */
  chooseShop(uid: string, row: SyncShopRow): Promise<void>;
  /** The account's /api calls are answered from its own store again. */
  leaveShop(uid: string, shop: SyncShopRow | null): Promise<void>;
}

/** One call to a sync route. */
export interface SyncCall {
  request: Request;
  /** The path, without a trailing slash. */
  path: string;
  /** The path's `:name` segments, as sent. */
  params: Readonly<Record<string, string>>;
  uid: string;
  /** The account's chosen shop, or null (its own store). */
  shop: SyncShopRow | null;
  hub: SyncHubForRoutes;
  /** Answers an /api request from a store, as the account's call (its router). */
  answerFrom: AnswerFrom;
}

type SyncRoute = Partial<Record<Method, (call: SyncCall) => Promise<Response>>>;

const shopIdPattern = /^[A-Za-z0-9_-]{1,100}$/;

/** `PUT /api/sync/shop { shopId, serverUrl?, shopName?, role?, customerId? }`: the row that chooses it, or a 400. */
function shopChoice(body: Record<string, unknown>): SyncShopRow {
  const { shopId, serverUrl, shopName, role, customerId } = body;
  if (typeof shopId !== 'string' || !shopIdPattern.test(shopId)) throw new ApiError(400, 'Invalid request: shopId must be a shop id', [{ path: 'shopId', message: 'A shop id' }]);
  if (serverUrl !== undefined && (typeof serverUrl !== 'string' || !/^https?:\/\/[^/]+\/?$/.test(serverUrl))) {
    throw new ApiError(400, 'Invalid request: serverUrl must be an http(s) origin', [{ path: 'serverUrl', message: 'An http(s) origin' }]);
  }
  if (shopName !== undefined && (typeof shopName !== 'string' || shopName.trim().length === 0 || shopName.length > 100)) {
    throw new ApiError(400, 'Invalid request: shopName must be the shop’s name (1–100 characters)', [{ path: 'shopName', message: '1–100 characters' }]);
  }
  if (role !== undefined && !isRole(role)) throw new ApiError(400, `Invalid request: role must be one of ${roles.join(', ')}`, [{ path: 'role', message: `One of ${roles.join(', ')}` }]);
  // A customer is tied to their user record (its id as text, as the server's members.customer_id); a team member to none.
  if (role === 'customer' ? typeof customerId !== 'string' || !/^\d{1,15}$/.test(customerId) : customerId !== undefined) {
    throw new ApiError(400, 'Invalid request: customerId must be the customer’s user record id, sent with role customer only', [{ path: 'customerId', message: 'A user record id, with role customer' }]);
  }
  return {
    key: 'shop',
    shopId,
    ...(serverUrl ? { serverUrl } : {}),
    ...(typeof shopName === 'string' ? { shopName: shopName.trim() } : {}),
    ...(role === undefined ? {} : { role }),
    ...(typeof customerId === 'string' ? { customerId } : {}),
  };
}

/** The chosen shop's copy, and how it answers an /api request (a write through its outbox, kicking its loop). */
interface ConflictsCopy {
  db: ShopDb;
  answer: (request: Request) => Promise<Response>;
}

/** The chosen shop's copy (its loop started); undefined with no shop chosen. */
function conflictsCopy({ uid, shop, hub, answerFrom }: SyncCall): ConflictsCopy | undefined {
  if (!shop) return undefined;
  const loop = hub.loopFor(uid, shop);
  return { db: loop.db, answer: answerFromCopy(loop, answerFrom, writingCustomer(shop, uid)) };
}

function conflictId(raw: string): number {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new ApiError(400, `Invalid request: "${raw.slice(0, 40)}" is not a sync conflict id`);
  return id;
}

/** The conflict the path names, in the chosen shop's copy: 400 for a malformed id, 404 for none. */
async function namedConflict(call: SyncCall): Promise<{ id: number; conflict: SyncConflict; copy: ConflictsCopy }> {
  const copy = conflictsCopy(call);
  const id = conflictId(call.params.id ?? '');
  if (!copy) throw new ApiError(404, 'No shop is chosen: there are no sync conflicts');
  const conflict = await copy.db.syncConflicts.get(id);
  if (!conflict) throw new ApiError(404, `Sync conflict ${id} not found: it may have been dismissed or put back already`);
  return { id, conflict, copy };
}

/** `?mutationId=` of a stuck change's retry or discard: the one the person saw (optional), or a 400. */
function expectedMutationId(request: Request): number | undefined {
  const raw = new URL(request.url).searchParams.get('mutationId');
  if (raw === null) return undefined;
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new ApiError(400, `Invalid request: "${raw.slice(0, 40)}" is not a mutation id`, [{ path: 'mutationId', message: 'A positive integer' }]);
  return id;
}

/** The chosen shop's loop for a stuck change's action: 404 with no shop chosen (nothing can be stuck). */
function stuckLoop({ uid, shop, hub }: SyncCall): SyncLoop {
  if (!shop) throw new ApiError(404, 'No shop is chosen: no change is stuck');
  return hub.loopFor(uid, shop);
}

const routes: Record<string, SyncRoute> = {
  /** The header's badge. */
  '/api/sync/status': {
    GET: async ({ uid, shop, hub }) => json(await accountStatus(hub.account(uid), shop ? () => hub.loopFor(uid, shop).status() : undefined)),
  },

  /**
   * `GET`: the account's own records by kind and whether they can start the chosen shop; `POST`:
   * queues them in the chosen shop's copy, which must be empty after a first sync (upload.ts), and
   * pushes them (202).
   */
  '/api/sync/upload': {
    GET: async ({ uid, shop, hub }) => json(await uploadOffer(hub.account(uid), shop ? hub.copyOf(uid, shop) : undefined)),
    async POST({ uid, shop, hub }) {
      if (!shop) throw new ApiError(409, 'No shop is chosen: choose the new shop on this device first, then upload');
      const loop = hub.loopFor(uid, shop);
      // A first sync tells an empty shop from one not read yet.
      loop.kick();
      await loop.settled();
      // The sync found the account removed from the shop: its copy is gone.
      if (loop.isStopped) throw new ApiError(409, 'You are not a member of this shop any more: nothing was uploaded');
      const queued = await queueUpload(hub.account(uid), loop.db);
      loop.kick();
      return json(queued, 202);
    },
  },

  /** The person read the removal notice. */
  '/api/sync/removed': {
    async DELETE({ uid, hub }) {
      await dismissRemoval(hub.account(uid));
      return json({ removed: null });
    },
  },

  /** The badge's Retry: a sync now, backoff forgotten. */
  '/api/sync/retry': {
    async POST({ uid, shop, hub }) {
      if (!shop) throw new ApiError(409, 'No shop is chosen: there is nothing to sync');
      const loop = hub.loopFor(uid, shop);
      loop.retry();
      return json(await loop.status());
    },
  },

  /**
   * Discard the stuck change (the Sync page's Discard, confirmed): dropped from this device, listed
   * as refused (discarded by you), the copy reloaded by a full pull; the changes after it are
   * sent. 404 nothing stuck; 409 no longer the oldest waiting change (or not `?mutationId=`), or
   * the server took it after all; 503 the server cannot be asked whether it took it.
   */
  '/api/sync/stuck': {
    async DELETE(call) {
      const loop = stuckLoop(call);
      const expected = expectedMutationId(call.request);
      // No push runs while the outbox is renumbered.
      const discarded = await loop.whileIdle(() => discardStuck(loop.db, loop.link, expected));
      loop.retry();
      return json({ discarded, status: await loop.status() } satisfies StuckDiscardAnswer);
    },
  },

  /** Retry the stuck change now (it goes alone first): answers the status after the attempt (`stuck` gone when it was sent). 404/409 as the discard. */
  '/api/sync/stuck/retry': {
    async POST(call) {
      const loop = stuckLoop(call);
      await stuckToActOn(loop.db, expectedMutationId(call.request));
      loop.retry();
      await loop.settled();
      return json((await loop.status()) satisfies StuckRetryAnswer);
    },
  },

  /**
   * The Sync page's list: without a query, every entry in the order they came back; with any of
   * `page`, `pageSize` (50), `kind`, `type`, a page of the matching ones newest first (ConflictPage).
   */
  '/api/sync/conflicts': {
    async GET(call) {
      const copy = conflictsCopy(call);
      const query = conflictQueryOf(new URL(call.request.url));
      const all = copy ? await copy.db.syncConflicts.toArray() : [];
      return json(query ? conflictPage(all, query) : { conflicts: all });
    },
  },

  /** The Sync page was opened: the header's count of entries not seen yet goes (conflict-list.ts). */
  '/api/sync/conflicts/seen': {
    async POST(call) {
      const copy = conflictsCopy(call);
      if (copy) await markConflictsSeen(copy.db);
      return json({ unseenConflicts: 0 });
    },
  },

  /** Dismiss many `{ ids }` at once (one transaction under the store's lock): ConflictsBulkAnswer. */
  '/api/sync/conflicts/dismiss': {
    async POST(call) {
      const ids = conflictIdsOf(await readJsonObject(call.request));
      const copy = conflictsCopy(call);
      if (!copy) throw new ApiError(404, 'No shop is chosen: there are no sync conflicts');
      return json((await dismissConflicts(copy.db, ids)) satisfies ConflictsBulkAnswer);
    },
  },

  /** Put back many `{ ids }`, each as its own put-back (a new write, then the entry leaves): ConflictsBulkAnswer. */
  '/api/sync/conflicts/put-back': {
    async POST(call) {
      const ids = conflictIdsOf(await readJsonObject(call.request));
      const copy = conflictsCopy(call);
      if (!copy) throw new ApiError(404, 'No shop is chosen: there are no sync conflicts');
      return json((await putBackConflicts(copy.db, call.request, ids, copy.answer)) satisfies ConflictsBulkAnswer);
    },
  },

  /** Dismiss. */
  '/api/sync/conflicts/:id': {
    async DELETE(call) {
      const { id, conflict, copy } = await namedConflict(call);
      await copy.db.syncConflicts.delete(id);
      return json({ conflict });
    },
  },

  /** Put this device's value back as a new write through the usual /api path (answered locally, a new outbox entry); then the conflict leaves. */
  '/api/sync/conflicts/:id/put-back': {
    async POST(call) {
      const { id, conflict, copy } = await namedConflict(call);
      const answer = await copy.answer(await putBackRequest(call.request, conflict, copy.answer));
      if (!answer.ok) return answer;
      await copy.db.syncConflicts.delete(id);
      return json({ conflict, status: answer.status });
    },
  },

  /** `?kind=users&id=<pending id>` → `{ id }`, the record's server id (server-ids.ts); 404 while it has none. */
  '/api/sync/moved': {
    async GET({ request, uid, shop, hub }) {
      const url = new URL(request.url);
      const kind = url.searchParams.get('kind');
      const id = url.searchParams.get('id');
      if (!kind || !id) throw new ApiError(400, 'Invalid request: kind and id are required', [{ path: kind ? 'id' : 'kind', message: 'Required' }]);
      const moved = shop ? await serverIdOf(hub.copyOf(uid, shop), kind, id) : undefined;
      if (moved === undefined) throw new ApiError(404, `No ${kind} record created on this device as ${id} has a server id yet`);
      return json({ id: moved });
    },
  },

  /** The shop this device works on for the account. */
  '/api/sync/shop': {
    GET: async ({ shop }) => json({ shop }),
    async PUT({ request, uid, hub }) {
      const chosen = shopChoice(await readJsonObject(request));
      await hub.chooseShop(uid, chosen);
      return json({ shop: chosen });
    },
    async DELETE({ uid, shop, hub }) {
      await hub.leaveShop(uid, shop);
      return json({ shop: null });
    },
  },
};

const findRoute = routeFinder(routes);

/** Answers a `/api/sync/…` call: 404 for an unknown path, 405 (with Allow) for a method the path does not answer, a refusal as its JSON. */
export async function answerSyncCall(call: Omit<SyncCall, 'params'>): Promise<Response> {
  try {
    const found = findRoute(call.path);
    if (!found) throw new ApiError(404, `No API endpoint at ${call.path}`);
    const method = call.request.method.toUpperCase();
    const handler = Object.hasOwn(found.route, method) ? found.route[method as Method] : undefined;
    if (!handler) return methodNotAllowed(method, call.path, Object.keys(found.route));
    return await handler({ ...call, params: found.params });
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    throw error;
  }
}
