import { jsPDF } from 'jspdf';
import type { Invoice } from '@schema/invoice';
import { formatNumber } from '@/i18n/format';
import { currentLocale, t } from '@/i18n/i18n';
import { LOCALE_DIRECTIONS, type Locale } from '@/i18n/locales';
import { invoiceDocumentModel, type DocumentParty, type InvoiceDocumentModel, type LabelledValue } from './invoice-document-model';
import { SHOP_LETTERHEAD } from './shop-letterhead';

/*
 * The invoice as a PDF, built in the page with jsPDF (no network): real text, the same content as
 * the details page (both read `invoiceDocumentModel`), in the current language. Latin text is set
 * in the built-in Helvetica; Arabic (and any text beyond Latin-1) in an embedded DejaVu Sans
 * (`PdfFonts`, fetched only for such a PDF: ./pdf-fonts.ts), shaped by jsPDF's Arabic plugin and
 * ordered by its bidi engine, with the page laid out right to left. Loaded only by Download PDF
 * (a dynamic import), so jsPDF never weighs on other screens.
 */

export type PdfPageFormat = 'a4' | 'letter';

/** A TrueType font with Arabic glyphs (regular and bold), as base64: DejaVu Sans (./pdf-fonts.ts). */
export interface PdfFonts {
  regular: string;
  bold: string;
}

const UNICODE_FONT = 'DejaVuSans';

/** Letters written right to left (Hebrew, Arabic and its presentation forms) and the marks that say so. */
const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u200F\u061C]/u;

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

/**
 * Draws on the pages. The layout is written left to right; a right-to-left document mirrors it
 * (each x measured from the other edge, left and right alignment swapped).
 */
class PdfWriter {
  readonly pageWidth: number;
  readonly pageHeight: number;
  readonly right: number;
  y = MARGIN;

  constructor(
    readonly doc: jsPDF,
    /** The embedded Unicode font's family, or none: the built-in Helvetica (Latin-1 only). */
    private readonly unicodeFont: string | null,
    private readonly rtl: boolean,
  ) {
    this.pageWidth = doc.internal.pageSize.getWidth();
    this.pageHeight = doc.internal.pageSize.getHeight();
    this.right = this.pageWidth - MARGIN;
  }

  font(size: number, style: 'normal' | 'bold' = 'normal', color = INK) {
    this.doc.setFont(this.unicodeFont ?? 'helvetica', style);
    this.doc.setFontSize(size);
    this.doc.setTextColor(...color);
  }

  /** What the font can print: everything with the Unicode font, Latin-1 with the built-in one. */
  private printable(text: string) {
    // Bidi marks (Intl puts them in Arabic amounts) have no glyph: the bidi engine orders the text.
    return this.unicodeFont ? text.replace(/[\n\t]/g, ' ').replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '') : pdfSafeText(text);
  }

  /** Writes `text` with its top at `top`; returns the height used. */
  text(text: string | string[], x: number, top: number, size: number, options: { align?: 'left' | 'right' } = {}) {
    const lines = Array.isArray(text) ? text : [text];
    const align = options.align ?? 'left';
    const at = this.rtl ? this.pageWidth - x : x;
    const placed = { baseline: 'top', align: this.rtl ? (align === 'left' ? 'right' : 'left') : align, lineHeightFactor: 1.3 } as const;
    if (!this.unicodeFont) {
      this.doc.text(lines.map(pdfSafeText), at, top, placed);
    } else {
      // Each line in logical order (as typed) is put in visual order, left to right, by jsPDF's
      // bidi engine, in the direction of its first letter (as HTML's dir="auto"): an Arabic line
      // reads from the right with its brackets mirrored, numbers and Latin names inside it keep
      // theirs, and a Latin line (an address) stays left to right.
      lines.forEach((line, index) => {
        const options = { ...placed, isInputVisual: false, isOutputVisual: true, isInputRtl: this.rightToLeft(line), isOutputRtl: false, isSymmetricSwapping: true };
        this.doc.text(this.printable(line), at, top + index * lineHeight(size), options);
      });
    }
    return lines.length * lineHeight(size);
  }

  /** The direction of a line: its first strong character's (a bidi mark counts), else the document's. */
  private rightToLeft(line: string): boolean {
    const first = /[\p{L}\u200E\u200F\u061C]/u.exec(line)?.[0];
    return first === undefined ? this.rtl : RIGHT_TO_LEFT.test(first);
  }

  wrap(text: string, width: number): string[] {
    return this.doc.splitTextToSize(this.printable(text), width) as string[];
  }

  rule(y: number, from = MARGIN, to = this.right, color = RULE) {
    this.doc.setDrawColor(...color);
    this.doc.setLineWidth(0.2);
    this.doc.line(this.rtl ? this.pageWidth - from : from, y, this.rtl ? this.pageWidth - to : to, y);
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
  let right = top + pdf.text(t('common.invoice.heading'), pdf.right, top, 20, { align: 'right' }) + 1;
  pdf.font(12, 'bold');
  right += pdf.text(model.id, pdf.right, right, 12, { align: 'right' });

  pdf.y = Math.max(left, right) + 4;
  pdf.rule(pdf.y);
  pdf.y += 5;
}

function drawFacts(pdf: PdfWriter, facts: readonly LabelledValue[], locale: Locale) {
  const width = (pdf.right - MARGIN) / facts.length;
  facts.forEach((fact, index) => {
    const x = MARGIN + index * width;
    pdf.font(8, 'normal', MUTED);
    const labelHeight = pdf.text(fact.label.toLocaleUpperCase(locale), x, pdf.y, 8);
    pdf.font(10, 'bold');
    pdf.text(fact.value, x, pdf.y + labelHeight + 0.5, 10);
  });
  pdf.y += lineHeight(8) + lineHeight(10) + 6;
}

function drawParty(pdf: PdfWriter, party: DocumentParty, x: number, width: number, locale: Locale): number {
  let y = pdf.y;
  pdf.font(8, 'normal', MUTED);
  y += pdf.text(party.heading.toLocaleUpperCase(locale), x, y, 8) + 0.5;
  pdf.font(11, 'bold');
  y += pdf.text(pdf.wrap(party.name, width), x, y, 11);
  pdf.font(9.5, 'normal');
  const lines = [...party.addressLines, party.email, party.phone].flatMap((line) => pdf.wrap(line, width));
  y += pdf.text(lines, x, y, 9.5);
  return y;
}

function drawParties(pdf: PdfWriter, from: DocumentParty, to: DocumentParty, locale: Locale) {
  const gap = 10;
  const width = (pdf.right - MARGIN - gap) / 2;
  const bottom = Math.max(drawParty(pdf, from, MARGIN, width, locale), drawParty(pdf, to, MARGIN + width + gap, width, locale));
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
  pdf.text(t('common.invoice.item'), columns.item.x, top, 8.5);
  pdf.text(t('common.invoice.quantity'), columns.quantity, top, 8.5, { align: 'right' });
  pdf.text(t('common.invoice.price'), columns.price, top, 8.5, { align: 'right' });
  pdf.text(t('common.invoice.discount'), columns.discount, top, 8.5, { align: 'right' });
  pdf.text(t('common.invoice.lineTotal'), columns.total, top, 8.5, { align: 'right' });
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
function drawSummary(pdf: PdfWriter, model: InvoiceDocumentModel, locale: Locale) {
  const rowHeight = lineHeight(10) + 1.5;
  const totalsHeight = (model.totals.length + 1) * rowHeight + 4;
  const paymentHeight = lineHeight(8) + 1 + model.payment.length * rowHeight;
  pdf.ensureRoom(Math.max(totalsHeight, paymentHeight) + 2);
  const top = pdf.y;

  let y = top;
  pdf.font(8, 'normal', MUTED);
  y += pdf.text(t('common.invoice.payment').toLocaleUpperCase(locale), MARGIN, y, 8) + 1;
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
    pdf.text(t('common.invoice.page', { page: formatPageNumber(page), pages: formatPageNumber(pages) }), pdf.right, pdf.pageHeight - FOOTER_SPACE + 6, 8, { align: 'right' });
  }
}

const formatPageNumber = (value: number) => formatNumber(value);

/** Letters the built-in fonts lack and the embedded one has: Arabic (and its presentation forms). */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/u;

/** Whether the PDF of `invoice` in `locale` needs the embedded Unicode font (`PdfFonts`): an Arabic document, or Arabic in the invoice's own text. */
export const pdfNeedsUnicodeFont = (invoice: Invoice, locale: Locale = currentLocale()) => locale === 'ar' || ARABIC.test(JSON.stringify(invoice));

/**
 * The invoice as the bytes of a PDF file, in `locale` (the current language unless told; the
 * texts are the loaded catalogue's). Uncompressed (jsPDF's default, kept explicit), so the
 * invoice's text, its id among it, can be found in the file as written. `fonts` is needed when
 * `pdfNeedsUnicodeFont` says so (without it, Arabic letters would print as "?").
 */
export function buildInvoicePdf(
  invoice: Invoice,
  { now = new Date(), format = 'a4', locale = currentLocale(), fonts }: { now?: Date; format?: PdfPageFormat; locale?: Locale; fonts?: PdfFonts } = {},
): ArrayBuffer {
  const model = invoiceDocumentModel(invoice, now);
  const doc = new jsPDF({ unit: 'mm', format, compress: false });
  if (fonts) {
    doc.addFileToVFS(`${UNICODE_FONT}.ttf`, fonts.regular);
    doc.addFileToVFS(`${UNICODE_FONT}-Bold.ttf`, fonts.bold);
    doc.addFont(`${UNICODE_FONT}.ttf`, UNICODE_FONT, 'normal');
    doc.addFont(`${UNICODE_FONT}-Bold.ttf`, UNICODE_FONT, 'bold');
  }
  const rtl = LOCALE_DIRECTIONS[locale] === 'rtl';
  const printable = fonts ? (text: string) => text : pdfSafeText;
  doc.setLanguage(locale);
  doc.setProperties({
    title: printable(model.title),
    subject: printable(t('common.invoice.subject', { title: model.title, customer: model.to.name })),
    author: SHOP_LETTERHEAD.name,
    creator: SHOP_LETTERHEAD.name,
  });
  const pdf = new PdfWriter(doc, fonts ? UNICODE_FONT : null, rtl);
  drawLetterhead(pdf, model);
  drawFacts(pdf, [...model.dates, { label: t('common.invoice.status'), value: model.statusLabel }], locale);
  drawParties(pdf, model.from, model.to, locale);
  drawLines(pdf, model);
  drawSummary(pdf, model, locale);
  drawFooters(pdf, model);
  return doc.output('arraybuffer');
}

/** The file name a downloaded invoice is saved under. */
export const invoicePdfFileName = (invoiceId: string) => `${invoiceId}.pdf`;
