import { createFileRoute } from '@tanstack/react-router';
import { MyProfilePage } from '@/features/portal/my-profile-page';

export const Route = createFileRoute('/portal/profile')({
  head: () => ({ meta: [{ title: 'Profile · Your shop' }] }),
  component: MyProfilePage,
});
