import { RecordNotFound } from '@/components/record-not-found';

/** /products/$id for an id this account has no product with. */
export const ProductNotFound = ({ id }: { id: string }) => <RecordNotFound noun="product" id={id} listTo="/products" listName="products" />;
