import { useNavigate } from '@tanstack/react-router';
import type { Invoice } from '@schema/invoice';
import { FormPage } from '@/components/form/form-page';
import { useT } from '@/i18n/i18n';
import { InvoiceForm } from './invoice-form';

/** /invoices/create (no `invoice`, the next id given) and /invoices/$id: the form, then the saved invoice's details page. */
export function InvoiceFormPage({ invoice, nextId }: { invoice: Invoice; nextId?: never } | { invoice?: never; nextId: string | null }) {
  const navigate = useNavigate();
  const invoiceId = invoice ? invoice.id : nextId;
  const t = useT('invoices');
  return (
    <FormPage
      listTo="/invoices"
      listLabel={t('invoices.list.title')}
      current={invoice ? invoice.id : t('invoices.form.createCrumb')}
      currentIsData={!!invoice}
      heading={invoice ? t('invoices.form.editHeading', { id: invoice.id }) : t('invoices.form.createHeading')}
    >
      {/* Keyed: another invoice's page starts a fresh form (and draft). */}
      <InvoiceForm
        key={invoice?.id ?? 'create'}
        invoice={invoice}
        invoiceId={invoiceId}
        onSaved={(saved) => void navigate({ to: '/invoices/$id/details', params: { id: saved.id } })}
      />
    </FormPage>
  );
}
