import { RecordNotFound } from '@/components/record-not-found';
import { useT } from '@/i18n/i18n';

/** /users/$id for an id this account has no user with. */
export function UserNotFound({ id }: { id: string }) {
  const t = useT('users');
  return <RecordNotFound noun={t('users.noun.one')} id={id} listTo="/users" listName={t('users.noun.many')} />;
}
