import type { Order } from '../../../../domain/schema/order';

/**
 * Orders are stored several to an IndexedDB record ("block"): block n holds the orders whose
 * ids are n*ORDERS_PER_BLOCK … n*ORDERS_PER_BLOCK+ORDERS_PER_BLOCK-1, in id order, as one
 * JSON string. Measured in Chromium on the target machine (npm run bench): each IndexedDB
 * record written costs ~70 µs whatever its size, so 100,000 one-order records take ~7-10 s
 * to write, and structured-cloning 100,000 order objects costs ~2 s more than
 * JSON.stringify; 1,000 blocks of JSON take well under 1 s.
 */
export const ORDERS_PER_BLOCK = 100;

/** A block as stored. */
export interface OrderBlock {
  /** The block number: every order in it has `Math.floor(order.id / ORDERS_PER_BLOCK) === id`. */
  id: number;
  /** Its orders (Order[], in id order) as JSON. */
  json: string;
}

export const encodeBlock = (id: number, orders: readonly Order[]): OrderBlock => ({ id, json: JSON.stringify(orders) });
export const decodeBlock = (block: OrderBlock): Order[] => JSON.parse(block.json) as Order[];

/** The order ids the next new order may not go below: kept so a deleted order's id is never reused. */
export interface OrderIdCounter {
  name: 'orders';
  nextId: number;
}

export const blockOf = (orderId: number): number => Math.floor(orderId / ORDERS_PER_BLOCK);

/** Packs orders into blocks (any order in; blocks and their orders come out in id order). */
export function packOrders(orders: Iterable<Order>): OrderBlock[] {
  const blocks = new Map<number, Order[]>();
  for (const order of orders) {
    const id = blockOf(order.id);
    const list = blocks.get(id);
    if (list) list.push(order);
    else blocks.set(id, [order]);
  }
  return [...blocks.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, list]) => encodeBlock(id, list.sort((a, b) => a.id - b.id)));
}

/** Puts an order into its block's list (replacing the one with its id), keeping id order. */
export function placeOrder(list: Order[], order: Order): void {
  const at = indexOfId(list, order.id);
  if (list[at]?.id === order.id) list[at] = order;
  else list.splice(at, 0, order);
}

/** Takes the order with this id out of its block's list; returns it, or undefined. */
export function takeOrder(list: Order[], id: number): Order | undefined {
  const at = indexOfId(list, id);
  return list[at]?.id === id ? list.splice(at, 1)[0] : undefined;
}

export function findOrder(list: readonly Order[], id: number): Order | undefined {
  const found = list[indexOfId(list, id)];
  return found?.id === id ? found : undefined;
}

/** The first position whose id is not below `id` (binary search: lists are in id order). */
function indexOfId(list: readonly Order[], id: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid]!.id < id) low = mid + 1;
    else high = mid;
  }
  return low;
}
