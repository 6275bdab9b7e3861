import { useState } from 'react';
import type { Invoice } from '@schema/invoice';
import { Button } from '@/components/button';
import { downloadBlob } from '@/lib/download';
import { notify } from '@/lib/notify';
import { t } from '@/i18n/i18n';

/** jsPDF and the PDF layout: a chunk of their own, fetched on the first Download PDF (or when the pointer nears it). */
const loadPdfBuilder = () => import('./invoice-pdf');

/** US Letter where it is the usual paper (the United States and Canada), A4 elsewhere. */
const paperFormat = (locale: string) => (/-(US|CA)\b/i.test(locale) ? 'letter' : 'a4');

/** "Download PDF": the invoice as a PDF made in the page (the team's invoice page and the customer's). */
export function DownloadPdfButton({ invoice, now }: { invoice: Invoice; now: Date }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { buildInvoicePdf, invoicePdfFileName, pdfNeedsUnicodeFont } = await loadPdfBuilder();
      // The font with Arabic letters (~1.4 MB) only for a PDF that needs it.
      const fonts = pdfNeedsUnicodeFont(invoice) ? await (await import('./pdf-fonts')).loadPdfFonts() : undefined;
      const bytes = buildInvoicePdf(invoice, { now, format: paperFormat(navigator.language), fonts });
      downloadBlob(new Blob([bytes], { type: 'application/pdf' }), invoicePdfFileName(invoice.id));
    } catch (error) {
      notify.error(t('common.invoice.pdfFailed', { reason: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      // aria-disabled rather than disabled: a disabled button would drop keyboard focus.
      aria-disabled={busy}
      aria-busy={busy}
      onPointerEnter={() => void loadPdfBuilder()}
      onFocus={() => void loadPdfBuilder()}
      onClick={() => void download()}
      variant="primary"
      className="aria-disabled:cursor-wait"
    >
      {busy && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none" />}
      {t('common.invoice.downloadPdf')}
    </Button>
  );
}
