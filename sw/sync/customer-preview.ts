import type { AccountDatabases, AnswerFrom } from '../api/session';
import type { ShopDb } from '../api/storage/db';
import type { PreviewRow } from '../api/storage/sync-tables';
import { ApiError, errorResponse, json, methodNotAllowed, readJsonObject, validate } from '../api/http';
import { allOrders } from '../api/orders/store/order-list-query';
import { CUSTOMER_PREVIEW_SHOP_ID, customerPreviewBodySchema, type CustomerPreview } from '../../domain/contract/customer-preview';
import type { Change, ShopRecord, SyncedKind } from '../../domain/contract/sync-protocol';
import { maySee, scopeLeaderOf, viewFor, type ScopeMember } from '../../domain/sync/scope';
import { applyChanges } from './apply-changes';
import { answerSyncedWrite } from './outbox';

/*
 * The static demo's customer preview (docs/sync.md, "A customer preview without a server"): in a
 * demo build (no shop server; sw.ts makes it there only), an account may see the customer portal
 * as one of its own customers. `PUT /api/preview/customer { customerId }` makes a copy of the account's records
 * holding exactly what that customer's device would hold (domain/sync/scope.ts: `maySee`, each
 * record as `viewFor` shows it), in a database of its own (`shop-admin-<uid>-customer-preview`,
 * a shop copy: no sample data). While it is on, every /api call of the account is answered from
 * that copy as a customer device's is (sw/sync/outbox.ts): the same screens work, a write is
 * decided by the customer rule first, and what it changes stays in the preview (nothing is sent:
 * there is no server). `GET /api/sync/shop` names the preview as a customer's shop, so the app
 * shows the portal. `DELETE /api/preview/customer` ends it and deletes the copy.
 */

export const PREVIEW_PATH = '/api/preview/customer';

const TABLE_KINDS = ['users', 'products', 'reviews', 'invoices', 'tickets'] as const satisfies readonly SyncedKind[];

const previewOf = ({ customerId, name, email }: PreviewRow): CustomerPreview => ({ customerId, name, email });

export class CustomerPreviews {
  /** Each account's preview as last read (null: none), so a call needs no read of its own. */
  private readonly known = new Map<string, PreviewRow | null>();

  constructor(private readonly databases: AccountDatabases) {}

  private copyOf(uid: string): ShopDb {
    return this.databases.shopCopy(uid, CUSTOMER_PREVIEW_SHOP_ID);
  }

  private async current(uid: string): Promise<PreviewRow | null> {
    if (!this.known.has(uid)) {
      const row = await this.databases.get(uid).syncState.get('preview');
      this.known.set(uid, row?.key === 'preview' ? row : null);
    }
    return this.known.get(uid) ?? null;
  }

  /** The answer when the call is the preview's (its own path, or any call while a preview is on); undefined otherwise. */
  async answer(request: Request, uid: string, answerFrom: AnswerFrom): Promise<Response | undefined> {
    const path = new URL(request.url).pathname.replace(/\/+$/, '');
    const method = request.method.toUpperCase();
    try {
      if (path === PREVIEW_PATH) return await this.previewCall(request, method, uid);
      const preview = await this.current(uid);
      // No preview: the account works on its own data (no shop chosen: there is no server).
      if (!preview) return path === '/api/sync/shop' && method === 'GET' ? json({ shop: null }) : undefined;
      if (path === '/api/sync/shop') {
        if (method !== 'GET') return errorResponse(new ApiError(409, 'End the customer preview first'));
        return json({ shop: { shopId: CUSTOMER_PREVIEW_SHOP_ID, shopName: `Preview: ${preview.name}`, role: 'customer', customerId: String(preview.customerId) } });
      }
      // The rest of the sync's calls are a build without a server's (the caller answers them).
      if (path.startsWith('/api/sync/')) return undefined;
      const copy = this.copyOf(uid);
      return await answerSyncedWrite(copy, request, (forwarded) => answerFrom(copy, forwarded), () => {}, { uid, customerId: String(preview.customerId) });
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error);
      throw error;
    }
  }

  private async previewCall(request: Request, method: string, uid: string): Promise<Response> {
    if (method === 'GET') {
      const preview = await this.current(uid);
      return json({ preview: preview ? previewOf(preview) : null });
    }
    if (method === 'PUT') {
      const { customerId } = validate(customerPreviewBodySchema, await readJsonObject(request));
      return json({ preview: await this.start(uid, customerId) });
    }
    if (method === 'DELETE') {
      await this.end(uid);
      return json({ preview: null });
    }
    return methodNotAllowed(method, PREVIEW_PATH, ['GET', 'PUT', 'DELETE']);
  }

  /** A new preview as the customer of the account's user record `customerId` (404 when it has none). */
  private async start(uid: string, customerId: number): Promise<CustomerPreview> {
    const own = this.databases.get(uid);
    const user = (await own.users.get(customerId)) as ShopRecord | undefined;
    if (!user) throw new ApiError(404, 'User not found');
    await this.end(uid);
    const member: ScopeMember = { role: 'customer', customerId: String(customerId), customerEmail: typeof user.email === 'string' ? user.email : null };
    await applyChanges(this.copyOf(uid), await customerSlice(own, member));
    const row: PreviewRow = { key: 'preview', customerId, name: String(user.name), email: String(user.email) };
    await own.syncState.put(row);
    this.known.set(uid, row);
    return previewOf(row);
  }

  private async end(uid: string): Promise<void> {
    await this.databases.get(uid).syncState.delete('preview');
    this.known.set(uid, null);
    await this.databases.removeShopCopy(uid, CUSTOMER_PREVIEW_SHOP_ID);
  }
}

/** The account's live records the member may see, as the member is shown them: what their device's first sync would bring (at no version: nothing pulls here). */
async function customerSlice(db: ShopDb, member: ScopeMember): Promise<Change[]> {
  const byKind = new Map<SyncedKind, ShopRecord[]>();
  for (const kind of TABLE_KINDS) byKind.set(kind, (await db.table(kind).toArray()) as ShopRecord[]);
  const orders: ShopRecord[] = [];
  await allOrders(db)((_id, order) => orders.push(order as unknown as ShopRecord));
  byKind.set('orders', orders);
  const products = new Map((byKind.get('products') ?? []).map((product) => [product.id, product]));
  const changes: Change[] = [];
  for (const [kind, records] of byKind) {
    for (const record of records) {
      const leaderId = scopeLeaderOf(kind, record)?.id;
      if (maySee(member, kind, record, leaderId === undefined ? undefined : products.get(leaderId))) changes.push({ kind, id: record.id, version: 0, record: viewFor(member, kind, record) });
    }
  }
  return changes;
}
