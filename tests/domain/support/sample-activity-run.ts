import type { SampleActivitySize } from '../../../domain/contract/sample-activity';
import type { Order } from '../../../domain/schema/order';
import { sampleActivity, type CatalogProduct } from '../../../seed/activity/sample-activity';

/** Gives records ids from `first` on, as a table's ++id would. */
const withIds = <T extends object>(rows: readonly T[], first: number) => rows.map((row, i) => ({ id: first + i, ...row }));

/** Every step of a fill run in order, with ids given as an empty store would give them (the worker stores each step instead). */
export function generateAll(seed: number, now: number, size: SampleActivitySize, products: readonly CatalogProduct[], batch = 5_000) {
  const activity = sampleActivity({ seed, now, size });
  const users = withIds(activity.customers(), 1);
  const orders: Order[] = withIds([...activity.orders(users, products, batch)].flat(), 1);
  const invoicer = activity.invoicer(users);
  const courses = withIds(activity.courses(), 1);
  const jobPosts = withIds(activity.jobPosts(), 1);
  const candidates = withIds(activity.candidates(), 1);
  return {
    users,
    orders,
    // Invoiced batch by batch, as the worker does.
    invoices: Array.from({ length: Math.ceil(orders.length / batch) }, (_, i) => invoicer(orders.slice(i * batch, (i + 1) * batch))).flat(),
    reviews: withIds(activity.reviews(products, users), 1),
    tickets: withIds(activity.tickets(users, products), 1),
    courses,
    ...activity.study(courses),
    jobPosts,
    candidates,
    applications: withIds(activity.applications(jobPosts, candidates), 1),
  };
}
