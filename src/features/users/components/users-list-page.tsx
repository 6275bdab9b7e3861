import { ResourceList, type ResourceListProps } from '@/components/data-table/resource-list';
import type { User } from '@schema/user';
import { usersListConfig } from './users-list-config';

/** /users: the list kit over the users API. */
export function UsersListPage(props: Omit<ResourceListProps<User>, 'config'>) {
  return <ResourceList config={usersListConfig} {...props} />;
}
