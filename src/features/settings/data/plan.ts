import { plans, type PlanId } from '@schema/values';
import { formatMoney } from '@/i18n/format';

export type Plan = (typeof plans)[number];

export const planById = (id: PlanId): Plan => plans.find((plan) => plan.id === id) ?? plans[0];

/** "$10" in the current language (the plans' prices are whole dollars, in the shop's currency). */
export const formatUsd = (dollars: number) => formatMoney(dollars, { minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** What a change of plan does to the monthly price: how much, and whether it is more, less or the same. */
export function priceDifference(from: PlanId, to: PlanId): { perMonth: number; change: 'more' | 'less' | 'same'; amount: string } {
  const perMonth = planById(to).monthlyUsd - planById(from).monthlyUsd;
  return { perMonth, change: perMonth === 0 ? 'same' : perMonth > 0 ? 'more' : 'less', amount: formatUsd(Math.abs(perMonth)) };
}
