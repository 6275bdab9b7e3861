import { plans, type PlanId } from '@schema/values';

export type Plan = (typeof plans)[number];

export const planById = (id: PlanId): Plan => plans.find((plan) => plan.id === id) ?? plans[0];

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
/** "$10" (the plans' prices are whole dollars). */
export const formatUsd = (dollars: number) => usd.format(dollars);

/** What a change of plan does to the monthly price: "$10 more per month", "$20 less per month", "the same price". */
export function priceDifference(from: PlanId, to: PlanId): { perMonth: number; text: string } {
  const perMonth = planById(to).monthlyUsd - planById(from).monthlyUsd;
  if (perMonth === 0) return { perMonth, text: 'the same price per month' };
  return { perMonth, text: `${formatUsd(Math.abs(perMonth))} ${perMonth > 0 ? 'more' : 'less'} per month` };
}
