import { createFileRoute, redirect } from '@tanstack/react-router';
import { actionLinkSearchSchema } from '@/features/session/data/link-search';

/**
 * The one address to set as the Firebase project's email action URL: forwards each
 * emailed link (reset, verify, sign-in) to the page that handles it in the app.
 */
export const Route = createFileRoute('/auth/action')({
  validateSearch: actionLinkSearchSchema,
  beforeLoad: ({ search }) => {
    if (search.mode === 'resetPassword') throw redirect({ to: '/forget-password', search });
    if (search.mode === 'signIn') throw redirect({ to: '/login', search });
    throw redirect({ to: '/verification', search });
  },
});
