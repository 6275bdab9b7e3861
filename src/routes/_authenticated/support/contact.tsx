import { createFileRoute } from '@tanstack/react-router';
import { t } from '@/i18n/i18n';
import { ContactPage } from '@/features/support/components/contact-page';

export const Route = createFileRoute('/_authenticated/support/contact')({
  head: () => ({ meta: [{ title: t('support.head.contact') }] }),
  component: ContactPage,
});
