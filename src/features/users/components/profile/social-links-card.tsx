import { Link } from '@tanstack/react-router';
import type { AccountSettings } from '@schema/settings';
import { socialNetworks } from '@schema/values';
import { useListQuery } from '@/components/data-table/use-list-query';
import { api } from '@/lib/api-client';
import { useT } from '@/i18n/i18n';

const getSocialLinks = async (signal: AbortSignal) => (await api.get<{ settings: AccountSettings }>('/api/settings', undefined, signal)).settings.social;

/** The account's social links (kept in Settings → Social media links, GET /api/settings). */
export function SocialLinksCard() {
  const { data, error } = useListQuery('settings', 'social-links', getSocialLinks);
  const t = useT('users');
  const links = data ? socialNetworks.filter((network) => data[network.id] !== '') : [];
  return (
    <section aria-labelledby="social-links-title" className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="social-links-title" className="text-lg font-semibold">
        {t('users.social.title')}
      </h2>
      {!data && !error && (
        <p role="status" className="text-sm text-slate-500">
          {t('users.loading')}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error.message}
        </p>
      )}
      {data && links.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">{t('users.social.empty')}</p>}
      {links.length > 0 && (
        <ul className="space-y-1 text-sm">
          {links.map((network) => (
            <li key={network.id} className="flex flex-wrap gap-x-2">
              <span translate="no" className="w-20 font-medium">
                {network.name}
              </span>
              <a
                translate="no"
                href={data?.[network.id]}
                rel="noopener noreferrer me"
                target="_blank"
                className="break-all text-indigo-600 underline hover:no-underline dark:text-indigo-400"
              >
                {data?.[network.id]}
                <span className="sr-only" translate="yes">
                  {' '}
                  {t('users.social.newTab')}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <Link to="/settings/social-media-links" className="inline-block text-sm text-indigo-600 underline hover:no-underline dark:text-indigo-400">
        {t('users.social.edit')}
      </Link>
    </section>
  );
}
