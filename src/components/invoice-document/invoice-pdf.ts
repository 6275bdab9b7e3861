import { jsPDF } from 'jspdf';
import type { Invoice } from '@schema/invoice';
import { invoiceDocumentModel, type DocumentParty, type InvoiceDocumentModel, type LabelledValue } from './invoice-document-model';
import { SHOP_LETTERHEAD } from './shop-letterhead';

/*
 * The invoice as a PDF, built in the page with jsPDF (no network): real text in the built-in
 * Helvetica, the same content as the details page (both read `invoiceDocumentModel`). Loaded only
 * by the details page's Download PDF (a dynamic import), so jsPDF never weighs on other screens.
 */

export type PdfPageFormat = 'a4' | 'letter';

// Layout in millimetres.
const MARGIN = 15;
const FOOTER_SPACE = 16;
const PT = 0.3528; // one typographic point in mm
const lineHeight = (fontSize: number) => fontSize * PT * 1.3;

const INK: [number, number, number] = [0, 0, 0];
const MUTED: [number, number, number] = [85, 85, 85];
const RULE: [number, number, number] = [170, 170, 170];

/** Typographic characters outside the built-in fonts' Latin-1 set, with what to print instead. */
const PLAIN_EQUIVALENTS: Record<string, string> = {
  '\u2013': '-', '\u2014': '-', '\u2212': '-', '\u2018': "'", '\u2019': "'", '\u201C': '"', '\u201D': '"',
  '\u2022': '·', '\u2026': '...', '\u20AC': 'EUR', '\u00A0': ' ', '\u202F': ' ',
  // Letters without a decomposition to a Latin-1 base.
  '\u0141': 'L', '\u0142': 'l', '\u0110': 'D', '\u0111': 'd', '\u0131': 'i', '\u0152': 'OE', '\u0153': 'oe',
};

/**
 * The built-in PDF fonts cover Latin-1 only (what jsPDF writes for other characters is garbage):
 * keep Latin-1, swap common punctuation for its plain form, drop accents Latin-1 lacks (ő → o),
 * and show anything else as "?".
 */
export function pdfSafeText(text: string): string {
  let safe = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x20 && code <= 0xff && !(code >= 0x7f && code < 0xa0)) safe += char;
    else if (PLAIN_EQUIVALENTS[char] !== undefined) safe += PLAIN_EQUIVALENTS[char];
    else if (char === '\n' || char === '\t') safe += ' ';
    else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      safe += base && [...base].every((c) => (c.codePointAt(0) ?? 0) <= 0xff) ? base : '?';
    }
  }
  return safe;
}

interface Columns {
  /** Left edge of the item column and its width. */
  item: { x: number; width: number };
  /** Right edges of the number columns. */
  quantity: number;
  price: number;
  discount: number;
  total: number;
}

class PdfWriter {
  readonly pageWidth: number;
  readonly pageHeight: number;
  readonly right: number;
  y = MARGIN;

  constructor(readonly doc: jsPDF) {
    this.pageWidth = doc.internal.pageSize.getWidth();
    this.pageHeight = doc.internal.pageSize.getHeight();
    this.right = this.pageWidth - MARGIN;
  }

  font(size: number, style: 'normal' | 'bold' = 'normal', color = INK) {
    this.doc.setFont('helvetica', style);
    this.doc.setFontSize(size);
    this.doc.setTextColor(...color);
  }

  /** Writes `text` with its top at `top`; returns the height used. */
  text(text: string | string[], x: number, top: number, size: number, options: { align?: 'left' | 'right' } = {}) {
    const lines = Array.isArray(text) ? text : [text];
    this.doc.text(lines.map(pdfSafeText), x, top, { baseline: 'top', align: options.align ?? 'left', lineHeightFactor: 1.3 });
    return lines.length * lineHeight(size);
  }

  wrap(text: string, width: number): string[] {
    return this.doc.splitTextToSize(pdfSafeText(text), width) as string[];
  }

  rule(y: number, from = MARGIN, to = this.right, color = RULE) {
    this.doc.setDrawColor(...color);
    this.doc.setLineWidth(0.2);
    this.doc.line(from, y, to, y);
  }

  /** Starts a new page when `height` more would run into the footer. */
  ensureRoom(height: number): boolean {
    if (this.y + height <= this.pageHeight - FOOTER_SPACE) return false;
    this.doc.addPage();
    this.y = MARGIN;
    return true;
  }
}

function drawLetterhead(pdf: PdfWriter, model: InvoiceDocumentModel) {
  const top = pdf.y;
  pdf.font(18, 'bold');
  let left = top + pdf.text(SHOP_LETTERHEAD.name, MARGIN, top, 18) + 1;
  pdf.font(9, 'normal', MUTED);
  left += pdf.text([...SHOP_LETTERHEAD.addressLines, SHOP_LETTERHEAD.email, SHOP_LETTERHEAD.phone], MARGIN, left, 9);

  pdf.font(20, 'bold');
  let right = top + pdf.text('INVOICE', pdf.right, top, 20, { align: 'right' }) + 1;
  pdf.font(12, 'bold');
  right += pdf.text(model.id, pdf.right, right, 12, { align: 'right' });

  pdf.y = Math.max(left, right) + 4;
  pdf.rule(pdf.y);
  pdf.y += 5;
}

function drawFacts(pdf: PdfWriter, facts: readonly LabelledValue[]) {
  const width = (pdf.right - MARGIN) / facts.length;
  facts.forEach((fact, index) => {
    const x = MARGIN + index * width;
    pdf.font(8, 'normal', MUTED);
    const labelHeight = pdf.text(fact.label.toUpperCase(), x, pdf.y, 8);
    pdf.font(10, 'bold');
    pdf.text(fact.value, x, pdf.y + labelHeight + 0.5, 10);
  });
  pdf.y += lineHeight(8) + lineHeight(10) + 6;
}

function drawParty(pdf: PdfWriter, party: DocumentParty, x: number, width: number): number {
  let y = pdf.y;
  pdf.font(8, 'normal', MUTED);
  y += pdf.text(party.heading.toUpperCase(), x, y, 8) + 0.5;
  pdf.font(11, 'bold');
  y += pdf.text(pdf.wrap(party.name, width), x, y, 11);
  pdf.font(9.5, 'normal');
  const lines = [...party.addressLines, party.email, party.phone].flatMap((line) => pdf.wrap(line, width));
  y += pdf.text(lines, x, y, 9.5);
  return y;
}

function drawParties(pdf: PdfWriter, from: DocumentParty, to: DocumentParty) {
  const gap = 10;
  const width = (pdf.right - MARGIN - gap) / 2;
  const bottom = Math.max(drawParty(pdf, from, MARGIN, width), drawParty(pdf, to, MARGIN + width + gap, width));
  pdf.y = bottom + 8;
}

function tableColumns(pdf: PdfWriter): Columns {
  const total = pdf.right;
  const discount = total - 30;
  const price = discount - 22;
  const quantity = price - 28;
  return { item: { x: MARGIN, width: quantity - 14 - MARGIN }, quantity, price, discount, total };
}

function drawTableHeader(pdf: PdfWriter, columns: Columns) {
  pdf.font(8.5, 'bold');
  const top = pdf.y;
  pdf.text('Item', columns.item.x, top, 8.5);
  pdf.text('Qty', columns.quantity, top, 8.5, { align: 'right' });
  pdf.text('Price', columns.price, top, 8.5, { align: 'right' });
  pdf.text('Discount', columns.discount, top, 8.5, { align: 'right' });
  pdf.text('Line total', columns.total, top, 8.5, { align: 'right' });
  pdf.y = top + lineHeight(8.5) + 1.5;
  pdf.rule(pdf.y, MARGIN, pdf.right, INK);
  pdf.y += 2.5;
}

function drawLines(pdf: PdfWriter, model: InvoiceDocumentModel) {
  const columns = tableColumns(pdf);
  pdf.ensureRoom(lineHeight(8.5) + 12);
  drawTableHeader(pdf, columns);
  for (const line of model.lines) {
    pdf.font(9.5, 'normal');
    const title = pdf.wrap(line.title, columns.item.width);
    const height = title.length * lineHeight(9.5) + 4;
    // A line never splits across pages; a new page repeats the column headings.
    if (pdf.ensureRoom(height)) drawTableHeader(pdf, columns);
    pdf.font(9.5, 'normal');
    const top = pdf.y;
    pdf.text(title, columns.item.x, top, 9.5);
    pdf.text(line.quantity, columns.quantity, top, 9.5, { align: 'right' });
    pdf.text(line.price, columns.price, top, 9.5, { align: 'right' });
    pdf.text(line.discount, columns.discount, top, 9.5, { align: 'right' });
    pdf.text(line.total, columns.total, top, 9.5, { align: 'right' });
    pdf.y = top + height - 1.5;
    pdf.rule(pdf.y);
    pdf.y += 2.5;
  }
  pdf.y += 5;
}

/** Payment on the left, the totals on the right, kept together on one page. */
function drawSummary(pdf: PdfWriter, model: InvoiceDocumentModel) {
  const rowHeight = lineHeight(10) + 1.5;
  const totalsHeight = (model.totals.length + 1) * rowHeight + 4;
  const paymentHeight = lineHeight(8) + 1 + model.payment.length * rowHeight;
  pdf.ensureRoom(Math.max(totalsHeight, paymentHeight) + 2);
  const top = pdf.y;

  let y = top;
  pdf.font(8, 'normal', MUTED);
  y += pdf.text('PAYMENT', MARGIN, y, 8) + 1;
  for (const entry of model.payment) {
    pdf.font(9.5, 'normal', MUTED);
    pdf.text(entry.label, MARGIN, y, 9.5);
    pdf.font(9.5, 'normal');
    pdf.text(entry.value, MARGIN + 26, y, 9.5);
    y += rowHeight;
  }
  const paymentBottom = y;

  const labelX = pdf.right - 75;
  y = top;
  pdf.font(10, 'normal');
  for (const entry of model.totals) {
    pdf.text(entry.label, labelX, y, 10);
    pdf.text(entry.value, pdf.right, y, 10, { align: 'right' });
    y += rowHeight;
  }
  y += 0.5;
  pdf.rule(y, labelX, pdf.right, INK);
  y += 2;
  pdf.font(12, 'bold');
  pdf.text(model.total.label, labelX, y, 12);
  pdf.text(model.total.value, pdf.right, y, 12, { align: 'right' });
  y += lineHeight(12);

  pdf.y = Math.max(paymentBottom, y) + 6;
}

function drawFooters(pdf: PdfWriter, model: InvoiceDocumentModel) {
  const pages = pdf.doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    pdf.doc.setPage(page);
    pdf.rule(pdf.pageHeight - FOOTER_SPACE + 4);
    pdf.font(8, 'normal', MUTED);
    pdf.text(`${SHOP_LETTERHEAD.name} · ${model.title}`, MARGIN, pdf.pageHeight - FOOTER_SPACE + 6, 8);
    pdf.text(`Page ${page} of ${pages}`, pdf.right, pdf.pageHeight - FOOTER_SPACE + 6, 8, { align: 'right' });
  }
}

/**
 * The invoice as the bytes of a PDF file. Uncompressed (jsPDF's default, kept explicit), so the
 * invoice's text, its id among it, can be found in the file as written.
 */
export function buildInvoicePdf(invoice: Invoice, { now = new Date(), format = 'a4' }: { now?: Date; format?: PdfPageFormat } = {}): ArrayBuffer {
  const model = invoiceDocumentModel(invoice, now);
  const doc = new jsPDF({ unit: 'mm', format, compress: false });
  doc.setProperties({
    title: pdfSafeText(model.title),
    subject: pdfSafeText(`${model.title} for ${model.to.name}`),
    author: SHOP_LETTERHEAD.name,
    creator: SHOP_LETTERHEAD.name,
  });
  const pdf = new PdfWriter(doc);
  drawLetterhead(pdf, model);
  drawFacts(pdf, [...model.dates, { label: 'Status', value: model.statusLabel }]);
  drawParties(pdf, model.from, model.to);
  drawLines(pdf, model);
  drawSummary(pdf, model);
  drawFooters(pdf, model);
  return doc.output('arraybuffer');
}

/** The file name a downloaded invoice is saved under. */
export const invoicePdfFileName = (invoiceId: string) => `${invoiceId}.pdf`;
