import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';
import { DeviceStorage } from '@/features/settings/components/device-storage';

export const Route = createFileRoute('/_authenticated/settings/')({
  head: () => ({ meta: [{ title: 'Profile information · Shop Admin' }] }),
  component: () => (
    <div className="space-y-6">
      <PlaceholderPage title="Profile information" level={2} />
      <DeviceStorage />
    </div>
  ),
});
