import type { ShopDb } from '../api/storage/db';
import type { StoredFile } from '../api/files/stored-file';
import { ApiError } from '../api/http';
import { decodeBlock } from '../api/orders/store/order-blocks';
import { base64, withStoreLock } from '../api/storage/sync-write';
import { planUpload, type DeviceRecords } from '../../domain/sync/upload-plan';
import type { UploadCounts } from '../../domain/contract/upload';
import { clientState, nextMutationId } from './client-state';
import { stampedEntry } from './outbox-format';

/*
 * `POST /api/sync/upload`: a new shared shop starts with this device's own data. The account's
 * own records become the outbox entries that create them in the shop (domain/sync/upload-plan.ts),
 * pushed by the sync loop like any write; the shop's copy fills from the server's pull once they
 * are all applied (pulls wait for an empty outbox), and the badge counts them down meanwhile.
 */

/** The account's own records, as the upload plan takes them. */
export async function ownRecords(own: ShopDb): Promise<DeviceRecords> {
  const [users, products, reviews, invoices, tickets, files, blocks] = await Promise.all([
    own.users.toArray(),
    own.products.toArray(),
    own.reviews.toArray(),
    own.invoices.toArray(),
    own.tickets.toArray(),
    own.files.toArray() as Promise<StoredFile[]>,
    own.orderBlocks.toArray(),
  ]);
  const orders = blocks.flatMap(decodeBlock).sort((a, b) => a.id - b.id);
  return { users, products, reviews, invoices, tickets, orders, files: files.map(({ id, type, bytes }) => ({ id, type, data: base64(bytes) })) };
}

/** How many records of each kind the account's own store holds (the Team page's offer says it). */
export async function ownRecordCounts(own: ShopDb): Promise<UploadCounts> {
  const [users, products, reviews, invoices, tickets, files, blocks, writes] = await Promise.all([
    own.users.count(),
    own.products.count(),
    own.reviews.count(),
    own.invoices.count(),
    own.tickets.count(),
    own.files.count(),
    own.orderBlocks.toArray(),
    own.activity.count(),
  ]);
  const orders = blocks.reduce((sum, block) => sum + decodeBlock(block).length, 0);
  const records = { users, products, orders, invoices, reviews, tickets, files };
  return { records, total: Object.values(records).reduce((sum, n) => sum + n, 0), onlySampleData: writes === 0 };
}

/** Whether the copy holds anything: records pulled or written, or writes waiting. */
export async function copyHasData(copy: ShopDb): Promise<boolean> {
  const counts = await Promise.all([copy.outbox, copy.users, copy.products, copy.reviews, copy.invoices, copy.tickets, copy.files, copy.orderBlocks].map((table) => table.count()));
  return counts.some((n) => n > 0);
}

export const COPY_NOT_EMPTY = 'This shop already has data (on the server or waiting on this device): only a new, empty shop can start with this device’s data';
export const NOTHING_TO_UPLOAD = 'This device has no data of its own to upload';
export const FIRST_SYNC_NEEDED = 'The shop server cannot be reached: the upload starts after a first sync of the new shop, which needs a connection';

/** Whether the copy has pulled from the server: an empty copy is then an empty shop, not one not read yet. */
const hasSynced = async (copy: ShopDb): Promise<boolean> => (await clientState(copy)).lastSyncAt !== undefined;

/** `GET /api/sync/upload`: the account's own records by kind, and whether they can start the chosen shop's copy (none chosen: undefined). */
export async function uploadOffer(own: ShopDb, copy: ShopDb | undefined): Promise<UploadCounts & { canUpload: boolean }> {
  const counts = await ownRecordCounts(own);
  const canUpload = copy !== undefined && counts.total > 0 && (await hasSynced(copy)) && !(await copyHasData(copy));
  return { ...counts, canUpload };
}

/** Queues the account's own records in the chosen shop's copy, which must have synced and be empty. Answers what was queued. */
export async function queueUpload(own: ShopDb, copy: ShopDb): Promise<UploadCounts & { queued: number }> {
  if (!(await hasSynced(copy))) throw new ApiError(409, FIRST_SYNC_NEEDED);
  const records = await ownRecords(own);
  const counts = await ownRecordCounts(own);
  if (counts.total === 0) throw new ApiError(409, NOTHING_TO_UPLOAD);
  // Under the copy's lock: no write or pull comes between the check and the entries.
  const queued = await withStoreLock(copy, async () => {
    if (await copyHasData(copy)) throw new ApiError(409, COPY_NOT_EMPTY);
    const plan = planUpload(records, await nextMutationId(copy));
    await copy.outbox.bulkAdd(plan.map(stampedEntry));
    return plan.length;
  });
  return { ...counts, queued };
}
