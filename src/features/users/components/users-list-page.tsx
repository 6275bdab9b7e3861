import { useMemo } from 'react';
import { ResourceList, type ResourceListProps } from '@/components/data-table/resource-list';
import type { User } from '@schema/user';
import { currentLocale, useT } from '@/i18n/i18n';
import { usersListConfig } from './users-list-config';

/** /users: the list kit over the users API, in the current language. */
export function UsersListPage(props: Omit<ResourceListProps<User>, 'config'>) {
  const t = useT('users');
  const locale = currentLocale();
  // Made again only when the language changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const config = useMemo(() => usersListConfig(t), [locale]);
  return <ResourceList config={config} {...props} />;
}
