import type { DashboardPeriod } from '@schema/dashboard';

/** What a dashboard route gives its screen: the URL's period and the way to change it. */
export interface DashboardScreenProps {
  period: DashboardPeriod;
  onPeriodChange: (period: DashboardPeriod) => void;
}
