import { Link } from '@tanstack/react-router';
import { useAuth } from '@/auth/auth-state';
import { Avatar } from '@/components/layout/profile-menu';
import { ProfileForm } from './profile-form';
import { RecentActivity } from './recent-activity';
import { SocialLinksCard } from './social-links-card';

/** /users/profile: the signed-in admin's Firebase profile, its edit, and this account's recent writes here. */
export function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <section className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">User profile</h1>
      <div className="flex flex-col items-center gap-4 rounded-lg border border-slate-200 p-4 text-center sm:flex-row sm:text-start dark:border-slate-700">
        <Avatar user={user} className="size-20 text-2xl" />
        <dl className="space-y-1 text-sm">
          <div>
            <dt className="sr-only">Name</dt>
            <dd className="text-lg font-semibold">{user.displayName || 'No name yet'}</dd>
          </div>
          <div>
            <dt className="sr-only">Email</dt>
            <dd className="break-all">{user.email ?? 'No email address'}</dd>
          </div>
          <div>
            <dt className="sr-only">Email verification</dt>
            <dd>
              {user.emailVerified ? (
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200">
                  Email verified
                </span>
              ) : (
                <>
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-500/15 dark:text-amber-100">
                    Email not verified
                  </span>{' '}
                  <Link to="/verification" className="text-indigo-600 underline hover:no-underline dark:text-indigo-400">
                    Verify it
                  </Link>
                </>
              )}
            </dd>
          </div>
        </dl>
      </div>
      <ProfileForm user={user} />
      <SocialLinksCard />
      <RecentActivity />
    </section>
  );
}
