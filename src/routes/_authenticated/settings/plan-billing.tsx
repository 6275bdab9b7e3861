import { createFileRoute } from '@tanstack/react-router';
import { PlanBillingPage } from '@/features/settings/components/plan-billing-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/settings/plan-billing')({
  head: () => ({ meta: [{ title: t('common.title.planBilling') }] }),
  component: PlanBillingPage,
});
