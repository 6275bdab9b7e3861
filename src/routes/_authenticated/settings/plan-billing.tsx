import { currentLocale, loadArea, t } from '@/i18n/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { PlanBillingPage } from '@/features/settings/components/plan-billing-page';

export const Route = createFileRoute('/_authenticated/settings/plan-billing')({
  // The area's messages before the title is written (head runs once the loader has).
  loader: () => loadArea(currentLocale(), 'settings'),
  head: () => ({ meta: [{ title: t('settings.pageTitle', { page: t('settings.nav.planBilling') }) }] }),
  component: PlanBillingPage,
});
