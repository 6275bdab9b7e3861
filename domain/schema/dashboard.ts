export const dashboardPeriods = ['week', 'month', 'year'] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];
/** A rolling window ending now: week = last 7 days, month = last 30 days, year = last 12 months (365 days). */
export interface PeriodRange { from: string; to: string } // ISO instants, from inclusive, to exclusive
/** A figure with its comparison against the previous window of equal length. */
export interface Stat { value: number; previous: number; /** (value − previous) / previous × 100, 1 decimal; null when previous is 0 */ changePercent: number | null }
/** One bucket of a time series: week → 7 daily, month → 30 daily, year → 12 monthly buckets (UTC). */
export interface SeriesPoint { key: string /* YYYY-MM-DD or YYYY-MM */; label: string /* "Mon 16", "Nov 2026" */; value: number }
export interface Slice { key: string; label: string; value: number }
export interface DashboardBase { period: DashboardPeriod; range: PeriodRange; previousRange: PeriodRange }

export interface SalesDashboard extends DashboardBase {
  revenue: Stat; repeatPurchaseRate: Stat /* % of the period's customers with 2+ orders in it */; averageOrderValue: Stat; newCustomers: Stat /* customers whose first order is in the period */;
  earnings: SeriesPoint[] /* revenue per bucket */; statusMix: Slice[] /* orders of the period by status, all 5 statuses */;
  topProducts: Array<{ id: number; name: string; image: string; quantity: number; revenue: number }> /* from order items, top 5 */;
  recentOrders: Array<{ id: number; invoiceId: string; customer: string; createAt: string; totalAmount: number; status: string }> /* newest 5 */;
}
export interface AnalyticsDashboard extends DashboardBase {
  customers: Stat /* distinct customers ordering in the period */; orders: Stat; revenue: Stat; returningCustomerRate: Stat /* % of the period's customers who also ordered before the period */;
  revenueSeries: SeriesPoint[]; byPaymentMethod: Slice[]; byStatus: Slice[];
  latestOrders: SalesDashboard['recentOrders'];
  customersByCountry: Array<{ country: string; customers: number }> /* users by country (from the user's address/country), top 10 */;
}
export interface SaasDashboard extends DashboardBase {
  monthlyRecurringRevenue: Stat /* invoices issued in the period, normalised to 30 days */; outstanding: Stat /* pending invoices' total, not yet due */; overdue: Stat /* pending and past due */; newClients: Stat /* customers whose first invoice is in the period */;
  spentPerBucket: SeriesPoint[] /* invoice totals per bucket */;
  recentInvoices: Array<{ id: string; customer: string; image: string; issueDate: string; dueDate: string; totalAmount: number; status: 'pending' | 'complete' | 'overdue' }>;
  topCustomers: Array<{ id: number; name: string; image: string; invoices: number; spent: number }>;
}
export interface LearningDashboard extends DashboardBase {
  learner: { name: string; overallProgress: number /* 0–100 */ };
  courseCounts: { total: number; inProgress: number; completed: number; notStarted: number };
  courses: Array<{ id: number; title: string; category: string; progress: number; score: number | null /* result 0–100 when finished */ }>;
  studyMinutes: SeriesPoint[] /* minutes per day over the period's buckets */; studyTime: Stat /* minutes */;
  upcomingTasks: Array<{ id: number; title: string; courseTitle: string | null; dueAt: string; done: boolean }>;
}
export interface JobDashboard extends DashboardBase {
  applications: Stat; shortlisted: Stat; /* radial: shortlisted / applications */
  recentApplications: SeriesPoint[] /* applications per bucket (bars) */;
  byStage: Slice[] /* Application, Shortlisted, Certified, On hold, Rejected, Hired — all six, in this order */;
  jobPosts: Array<{ id: number; title: string; department: string; location: string; status: 'open' | 'closed'; applications: number; postedAt: string }>;
  byGender: Slice[] /* candidates by gender */;
  applicationsOverTime: SeriesPoint[] /* cumulative or per bucket (area) */;
}
