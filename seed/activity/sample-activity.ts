import type { SampleActivitySize } from '../../domain/contract/sample-activity';
import type { Candidate, JobPost } from '../../domain/schema/jobs';
import type { Course } from '../../domain/schema/learning';
import type { Order } from '../../domain/schema/order';
import type { User } from '../../domain/schema/user';
import { sampleApplications, sampleCandidates, sampleJobPosts } from './hiring';
import { sampleInvoices } from './invoices';
import { sampleCourses, sampleStudy } from './learning';
import { sampleOrderBatches, type CatalogProduct } from './orders';
import { sampleCustomers } from './people';
import { randomStream } from './random';
import { sampleReviews } from './reviews';
import { sampleTickets } from './tickets';

export type { CatalogProduct } from './orders';

/*
 * A year of sample activity, generated from a seed and dated relative to `now`: pure, so the
 * same seed, size, moment and catalogue give the same records. Records refer to each other
 * by id (an order to its customer, a review to its author), and ids are the database's, so
 * the generation goes in steps: the worker stores each step's records and passes them, with
 * their ids, to the next (sw/api/sample-activity/). Each step draws from its own stream.
 */

/** How many of each kind a size brings (about 300 customers for 2,000 orders). */
export function activityPlan(size: SampleActivitySize) {
  return {
    orders: size,
    customers: size <= 2_000 ? 300 : size <= 20_000 ? 2_000 : 6_000,
    // One order in ten is invoiced, at most ~2,000 in all: the invoiced (business) customers are
    // few whatever the shop's size, and the SaaS dashboard reads every invoice per call.
    invoiceShare: Math.min(0.1, 2_000 / size),
    reviewsPerProduct: size <= 2_000 ? 12 : size <= 20_000 ? 25 : 40,
    tickets: 40,
    candidates: 120,
  };
}

export function sampleActivity({ seed, now, size }: { seed: number; now: number; size: SampleActivitySize }) {
  const plan = activityPlan(size);
  const stream = (label: string) => randomStream(seed, label);
  return {
    plan,
    customers: () => sampleCustomers(stream('customers'), now, plan.customers),
    /** The orders, `batch` at a time (the same orders whatever the batch). */
    orders: (customers: readonly User[], products: readonly CatalogProduct[], batch: number) => sampleOrderBatches(stream('orders'), now, plan.orders, customers, products, batch),
    /** The invoicer of stored orders: call it with each batch in turn (its stream goes on from one batch to the next). */
    invoicer: (customers: readonly User[]) => {
      const random = stream('invoices');
      const byId = new Map(customers.map((c) => [c.id, c]));
      return (orders: readonly Order[]) => sampleInvoices(random, now, orders, byId, plan.invoiceShare);
    },
    reviews: (products: readonly CatalogProduct[], customers: readonly User[]) => sampleReviews(stream('reviews'), now, products, customers, plan.reviewsPerProduct),
    tickets: (customers: readonly User[], products: readonly CatalogProduct[]) => sampleTickets(stream('tickets'), now, plan.tickets, customers, products),
    courses: () => sampleCourses(stream('courses'), now),
    study: (courses: readonly Course[]) => sampleStudy(stream('study'), now, courses),
    jobPosts: () => sampleJobPosts(stream('job-posts'), now),
    candidates: () => sampleCandidates(stream('candidates'), plan.candidates),
    applications: (posts: readonly JobPost[], candidates: readonly Candidate[]) => sampleApplications(stream('applications'), now, posts, candidates),
  };
}
