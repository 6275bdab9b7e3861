import { RecordNotFound } from '@/components/record-not-found';

/** /orders/$id for an id this account has no order with (or one that cannot be an id). */
export const OrderNotFound = ({ id }: { id: string }) => <RecordNotFound noun="order" id={id} listTo="/orders" listName="orders" />;
