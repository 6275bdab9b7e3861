import { createFileRoute } from '@tanstack/react-router';
import { PlanBillingPage } from '@/features/settings/components/plan-billing-page';

export const Route = createFileRoute('/_authenticated/settings/plan-billing')({
  head: () => ({ meta: [{ title: 'Plan & billing · Shop Admin' }] }),
  component: PlanBillingPage,
});
