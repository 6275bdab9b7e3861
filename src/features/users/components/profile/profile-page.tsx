import { Link } from '@tanstack/react-router';
import { useAuth } from '@/auth/auth-state';
import { Avatar } from '@/components/layout/profile-menu';
import { ProfileForm } from './profile-form';
import { RecentActivity } from './recent-activity';
import { SocialLinksCard } from './social-links-card';
import { useT } from '@/i18n/i18n';

/** /users/profile: the signed-in admin's Firebase profile, its edit, and this account's recent writes here. */
export function ProfilePage() {
  const { user } = useAuth();
  const t = useT('users');
  if (!user) return null;
  return (
    <section className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">{t('users.profile.title')}</h1>
      <div className="flex flex-col items-center gap-4 rounded-lg border border-slate-200 p-4 text-center sm:flex-row sm:text-start dark:border-slate-700">
        <Avatar user={user} className="size-20 text-2xl" />
        <dl className="space-y-1 text-sm">
          <div>
            <dt className="sr-only">{t('users.list.name')}</dt>
            <dd className="text-lg font-semibold">{user.displayName ? <span translate="no">{user.displayName}</span> : t('users.profile.noName')}</dd>
          </div>
          <div>
            <dt className="sr-only">{t('users.list.email')}</dt>
            <dd className="break-all">{user.email ? <span translate="no">{user.email}</span> : t('users.profile.noEmail')}</dd>
          </div>
          <div>
            <dt className="sr-only">{t('users.profile.verification')}</dt>
            <dd>
              {user.emailVerified ? (
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200">
                  {t('users.profile.verified')}
                </span>
              ) : (
                <>
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-500/15 dark:text-amber-100">
                    {t('users.profile.notVerified')}
                  </span>{' '}
                  <Link to="/verification" className="text-indigo-600 underline hover:no-underline dark:text-indigo-400">
                    {t('users.profile.verify')}
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
