import { RecordNotFound } from '@/components/record-not-found';

/** /invoices/$id for an id this account has no invoice with. */
export const InvoiceNotFound = ({ id }: { id: string }) => <RecordNotFound noun="invoice" id={id} listTo="/invoices" listName="invoices" />;
