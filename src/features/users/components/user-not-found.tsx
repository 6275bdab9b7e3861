import { RecordNotFound } from '@/components/record-not-found';

/** /users/$id for an id this account has no user with. */
export const UserNotFound = ({ id }: { id: string }) => <RecordNotFound noun="user" id={id} listTo="/users" listName="users" />;
