import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { t } from '@/i18n/i18n';
import { useCallback } from 'react';
import { faqsSearchSchema } from '@/features/support/data/schema';
import { FaqsPage } from '@/features/support/components/faqs-page';

export const Route = createFileRoute('/_authenticated/support/faqs')({
  validateSearch: faqsSearchSchema,
  search: { middlewares: [stripSearchParams({ search: '' })] },
  head: () => ({ meta: [{ title: t('support.head.faqs') }] }),
  component: FaqsRoute,
});

function FaqsRoute() {
  const navigate = Route.useNavigate();
  const { search, faq } = Route.useSearch();
  // Typing replaces the history entry; the FAQ opened by a link stays open.
  const onSearchChange = useCallback((text: string) => void navigate({ search: (previous) => ({ ...previous, search: text }), replace: true }), [navigate]);
  return <FaqsPage search={search} openFaq={faq} onSearchChange={onSearchChange} />;
}
