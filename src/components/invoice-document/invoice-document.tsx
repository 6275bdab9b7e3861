import type { DocumentParty, DocumentStatus, InvoiceDocumentModel, LabelledValue } from './invoice-document-model';

const STATUS_BADGE: Record<DocumentStatus, string> = {
  pending: 'border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200',
  complete: 'border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-500/40 dark:bg-emerald-500/10 dark:text-emerald-200',
  overdue: 'border-rose-300 bg-rose-50 text-rose-800 dark:border-rose-500/40 dark:bg-rose-500/10 dark:text-rose-200',
};

const sectionLabel = 'text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400';

function StatusBadge({ status, label }: { status: DocumentStatus; label: string }) {
  return <span className={`inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold ${STATUS_BADGE[status]}`}>{label}</span>;
}

function Party({ party }: { party: DocumentParty }) {
  return (
    <section aria-label={party.heading} className="invoice-keep-together min-w-0 space-y-1">
      <h3 className={sectionLabel}>{party.heading}</h3>
      <p className="font-semibold text-slate-900 dark:text-white" translate="no">
        {party.name}
      </p>
      <address className="text-sm break-words text-slate-700 not-italic dark:text-slate-300" translate="no">
        {party.addressLines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
        <span className="block">{party.email}</span>
        <span className="block">{party.phone}</span>
      </address>
    </section>
  );
}

function ValueRows({ rows, className = '' }: { rows: readonly LabelledValue[]; className?: string }) {
  return rows.map((row) => (
    <div key={row.label} className={`flex justify-between gap-4 ${className}`}>
      <dt className="text-slate-600 dark:text-slate-400">{row.label}</dt>
      <dd className="text-end break-words tabular-nums">{row.value}</dd>
    </div>
  ));
}

const numberCell = 'px-1.5 py-2 text-end whitespace-nowrap tabular-nums sm:px-3';

/**
 * The invoice as a document: letterhead, dates and status, the two parties, the lines, the
 * totals and the payment (the parties' names and addresses and the lines' titles are the
 * records' own words: translate="no"). The print stylesheet prints this element alone; the PDF has the same
 * content (both read `invoiceDocumentModel`).
 */
export function InvoiceDocument({ model }: { model: InvoiceDocumentModel }) {
  const headingId = `invoice-${model.id}-heading`;
  return (
    <article
      aria-labelledby={headingId}
      className="invoice-document space-y-6 rounded-xl border border-slate-200 bg-white p-4 text-slate-800 shadow-sm sm:space-y-8 sm:p-8 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-6 dark:border-slate-700">
        <div className="min-w-0 space-y-1">
          <p className="text-xl font-bold text-slate-900 dark:text-white" translate="no">
            {model.from.name}
          </p>
          <address className="text-sm text-slate-600 not-italic dark:text-slate-400" translate="no">
            {model.from.addressLines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            <span className="block">{model.from.email}</span>
            <span className="block">{model.from.phone}</span>
          </address>
        </div>
        <h2 id={headingId} className="text-end">
          <span className="block text-2xl font-bold tracking-wide text-slate-900 uppercase dark:text-white">{model.labels.document}</span>{' '}
          <span className="block text-lg font-semibold tabular-nums">{model.id}</span>
        </h2>
      </header>

      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {model.dates.map((date) => (
          <div key={date.label} className="space-y-1">
            <dt className={sectionLabel}>{date.label}</dt>
            <dd className="font-medium">{date.value}</dd>
          </div>
        ))}
        <div className="space-y-1">
          <dt className={sectionLabel}>{model.labels.status}</dt>
          <dd>
            <StatusBadge status={model.status} label={model.statusLabel} />
          </dd>
        </div>
      </dl>

      <div className="grid gap-6 sm:grid-cols-2">
        <Party party={model.from} />
        <Party party={model.to} />
      </div>

      {/* On a narrow phone the table scrolls in its own box; the page never scrolls sideways. */}
      {/* Focusable, so a keyboard can scroll it (a scrollable region must be reachable). */}
      <div className="invoice-lines -mx-1 overflow-x-auto sm:mx-0" tabIndex={0} role="region" aria-label={model.labels.lines}>
        <table className="w-full border-collapse text-xs sm:text-sm">
          <caption className="sr-only">{model.labels.lines}</caption>
          <thead>
            <tr className="border-b-2 border-slate-300 text-slate-600 dark:border-slate-600 dark:text-slate-400">
              <th scope="col" className="py-2 ps-1 pe-1.5 text-start font-semibold sm:ps-0 sm:pe-3">
                {model.labels.item}
              </th>
              <th scope="col" className={`${numberCell} font-semibold`}>
                <abbr title={model.labels.quantity} className="no-underline">
                  {model.labels.quantityShort}
                </abbr>
              </th>
              <th scope="col" className={`${numberCell} font-semibold`}>
                {model.labels.price}
              </th>
              <th scope="col" className={`${numberCell} font-semibold`}>
                {model.labels.discount}
              </th>
              <th scope="col" className={`${numberCell} font-semibold sm:pe-0`}>
                {model.labels.lineTotal}
              </th>
            </tr>
          </thead>
          <tbody>
            {model.lines.map((line) => (
              <tr key={line.key} className="border-b border-slate-200 align-top dark:border-slate-700">
                <th scope="row" className="py-2 ps-1 pe-1.5 text-start font-normal [overflow-wrap:anywhere] sm:ps-0 sm:pe-3" translate="no">
                  {line.title}
                </th>
                <td className={numberCell}>{line.quantity}</td>
                <td className={numberCell}>{line.price}</td>
                <td className={numberCell}>{line.discount}</td>
                <td className={`${numberCell} sm:pe-0`}>{line.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="invoice-keep-together grid gap-6 sm:grid-cols-2 sm:gap-10">
        <section aria-label={model.labels.payment} className="order-2 space-y-2 sm:order-1">
          <h3 className={sectionLabel}>{model.labels.payment}</h3>
          <dl className="space-y-1 text-sm">
            <ValueRows rows={model.payment} />
          </dl>
        </section>
        <section aria-label={model.labels.totals} className="order-1 sm:order-2">
          <dl className="space-y-1 text-sm">
            <ValueRows rows={model.totals} />
            <ValueRows
              rows={[model.total]}
              className="mt-2 border-t-2 border-slate-300 pt-2 text-base font-bold text-slate-900 dark:border-slate-600 dark:text-white"
            />
          </dl>
        </section>
      </div>
    </article>
  );
}
