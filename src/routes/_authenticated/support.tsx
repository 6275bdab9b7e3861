import { Outlet, createFileRoute } from '@tanstack/react-router';
import { SectionWithNav } from '@/components/section-nav';
import { currentLocale, loadArea, useT } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/support')({
  // The section's messages before its screens (and their page titles, `head`) are made.
  beforeLoad: () => loadArea(currentLocale(), 'support'),
  component: SupportSection,
});

function SupportSection() {
  const t = useT('support');
  const links = [
    { to: '/support', label: t('support.nav.overview') },
    { to: '/support/tickets', label: t('support.tickets.title') },
    { to: '/support/faqs', label: t('support.overview.faqsTitle') },
    { to: '/support/contact', label: t('support.contact.title') },
    { to: '/support/create-ticket', label: t('support.create.title') },
  ] as const;
  return (
    <SectionWithNav title={t('support.nav.title')} links={links}>
      <Outlet />
    </SectionWithNav>
  );
}
