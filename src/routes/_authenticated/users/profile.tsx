import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '@/features/users/components/profile/profile-page';

export const Route = createFileRoute('/_authenticated/users/profile')({
  head: () => ({ meta: [{ title: 'User profile · Shop Admin' }] }),
  component: ProfilePage,
});
