import { Outlet, createFileRoute } from '@tanstack/react-router';
import { SectionWithNav } from '@/components/section-nav';
import { settingsLinks } from '@/features/settings/data/settings-links';

export const Route = createFileRoute('/_authenticated/settings')({
  component: () => (
    <SectionWithNav title="Settings" links={settingsLinks}>
      <Outlet />
    </SectionWithNav>
  ),
});
