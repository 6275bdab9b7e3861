import Dexie, { type Table } from 'dexie';
import type { User } from './schema/user';
import type { Product } from './schema/product';
import type { Review } from './schema/review';
import type { Order } from './schema/order';
import type { Invoice } from './schema/invoice';
import { seedUsers } from '../../seed/users';
import { seedProducts } from '../../seed/products';
import { seedReviews } from '../../seed/reviews';
import { seedOrders } from '../../seed/orders';
import { seedInvoices } from '../../seed/invoices';

export const DEFAULT_DB_NAME = 'shop-admin';

/**
 * The shop's tables. Indexes serve the list queries: newest-first by date, a status
 * filter in date order ([status+date] compound), lookups by primary key.
 * Schema changes are new versions with upgrade functions, never a wipe.
 */
export class ShopDb extends Dexie {
  users!: Table<User, User['id']>;
  products!: Table<Product, Product['id']>;
  reviews!: Table<Review, Review['id']>;
  orders!: Table<Order, Order['id']>;
  invoices!: Table<Invoice, Invoice['id']>;

  constructor(name: string = DEFAULT_DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores({
      users: '++id, createAt, status, [status+createAt]',
      products: '++id, createdAt, status, [status+createdAt]',
      reviews: '++id, productId, createdAt',
      orders: '++id, createAt, status, [status+createAt]',
      invoices: 'id, issueDate, status, [status+issueDate]',
    });
    // A new database starts with the sample shop.
    this.on('populate', (tx) => {
      void tx.table('users').bulkAdd(seedUsers);
      void tx.table('products').bulkAdd(seedProducts);
      void tx.table('reviews').bulkAdd(seedReviews);
      void tx.table('orders').bulkAdd(seedOrders);
      void tx.table('invoices').bulkAdd(seedInvoices);
    });
  }
}
