import { Outlet, createFileRoute } from '@tanstack/react-router';
import { SectionWithNav } from '@/components/section-nav';

const links = [
  { to: '/support', label: 'Overview' },
  { to: '/support/tickets', label: 'Tickets' },
  { to: '/support/faqs', label: 'FAQs' },
  { to: '/support/contact', label: 'Contact' },
  { to: '/support/create-ticket', label: 'Create ticket' },
] as const;

export const Route = createFileRoute('/_authenticated/support')({
  component: () => (
    <SectionWithNav title="Support" links={links}>
      <Outlet />
    </SectionWithNav>
  ),
});
