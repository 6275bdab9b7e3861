import type { ShopDb } from '../../storage/db';
import type { RowSource } from '../../storage/search-index';
import type { SearchSpec } from '../../storage/search-entries';
import { isListOrder, type ListSort } from '../../storage/list-sort';
import { decodeBlock } from './order-blocks';
import type { Order } from '../../../../domain/schema/order';

/** What the orders list searches (invoiceId, customer name), filters on besides status (payment method) and sorts by. */
export const orderListIndex: SearchSpec<Order> = {
  name: 'orders',
  text: (o) => [o.invoiceId, o.customer?.name],
  facets: { payment: (o) => o.payment?.paymentMethod },
  sorts: {
    createAt: (o) => o.createAt,
    invoiceId: (o) => o.invoiceId,
    customer: (o) => o.customer?.name,
    totalAmount: (o) => o.totalAmount,
    status: (o) => o.status,
    payment: (o) => o.payment?.paymentMethod,
    deliveredAt: (o) => o.deliveredAt,
  },
  dateSorts: ['createAt', 'deliveredAt'],
};

export interface OrderListQuery {
  page: number;
  /** Rows per page; PAGE_SIZE when omitted. */
  pageSize?: number;
  status?: string | undefined;
  /** Case-insensitive substring of invoiceId or customer name (trimmed; empty means none). */
  search?: string | undefined;
  payment?: string | undefined;
  /** First UTC day of createAt (`YYYY-MM-DD`, inclusive); omitted: no lower bound. */
  from?: string | undefined;
  /** Last UTC day of createAt (`YYYY-MM-DD`, inclusive); omitted: no upper bound. */
  to?: string | undefined;
  /** Omitted: list order (newest first). */
  sort?: ListSort | undefined;
}

/** The query's filters and order as the search index takes them. */
export function indexQuery({ status, search, payment, from, to, sort }: Omit<OrderListQuery, 'page' | 'pageSize'>) {
  const needle = search === undefined || search === '' ? undefined : search.toLowerCase();
  return { status, needle, facets: { payment }, range: { from, to }, sort };
}


/** Blocks read per request while building the index. */
const READ_CHUNK = 50;

/** Whether the list query is the plain list (no filter, newest first): what the stored head answers. */
export const isPlainList = ({ status, search, payment, from, to, sort }: Omit<OrderListQuery, 'page' | 'pageSize'>): boolean =>
  status === undefined && (search === undefined || search === '') && payment === undefined && from === undefined && to === undefined && isListOrder(sort, 'createAt');

/** Every order, block by block in id order, in one read transaction: the index's source. */
export function allOrders(db: ShopDb): RowSource<Order> {
  return async (visit) => {
    await db.transaction('r', db.orderBlocks, async () => {
      let last = -1;
      for (;;) {
        const blocks = await db.orderBlocks.where(':id').above(last).limit(READ_CHUNK).toArray();
        for (const block of blocks) for (const order of decodeBlock(block)) visit(order.id, order);
        if (blocks.length < READ_CHUNK) break;
        last = blocks[blocks.length - 1]!.id;
      }
    });
  };
}
