import type { ReactNode } from 'react';
import type { AccountSettings } from '@schema/settings';
import { ErrorState } from '@/components/data-table/list-states';
import { useListQuery } from '@/components/data-table/use-list-query';
import { PageLoading } from '@/components/page-loading';
import { getSettings } from '../api';

/**
 * The account's settings, read again whenever they change (this tab or another). A form
 * takes them as its starting values once; what only shows them follows every change.
 */
export function SettingsLoader({ children }: { children: (settings: AccountSettings) => ReactNode }) {
  const { data, error, retry } = useListQuery('settings', 'account', getSettings);
  if (data) return children(data);
  if (error) return <ErrorState message={error.message} onRetry={retry} />;
  return <PageLoading />;
}
