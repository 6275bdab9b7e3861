import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@schema/invoice';
import { buildInvoicePdf, pdfNeedsUnicodeFont, type PdfFonts } from '@/components/invoice-document/invoice-pdf';
import { activateLocale, t } from '@/i18n/i18n';
import type { Locale } from '@/i18n/locales';

/** The invoice PDF made in Spanish, German and Arabic (issue #34): its text as a reader gets it from the file. */

const invoice: Invoice = {
  id: 'INV-042',
  issueDate: '2026-03-01T09:00:00.000Z',
  dueDate: '2026-03-31T09:00:00.000Z',
  status: 'pending',
  billingAddress: { email: 'layla@example.com', phone: '+971 4 555 0100', address: 'شارع الشيخ زايد، دبي' },
  payment: { paymentMethod: 'Master Card', cardHolder: 'ليلى حسن', cardNo: '**** 4242' },
  customer: { id: 4, name: 'ليلى حسن', image: '/images/users/4.svg' },
  products: [
    { id: 7, title: 'Müslischale aus Keramik', quantity: 2, price: 19.99, discount: 10, total: 35.98 },
    { id: 9, title: 'Standing desk (oak)', quantity: 1, price: 1250, discount: 0, total: 1250 },
  ],
  shippingCharge: 15,
  taxPercent: 8.25,
  subTotal: 1285.98,
  tax: 106.09,
  totalAmount: 1407.07,
};
const latinInvoice: Invoice = { ...invoice, customer: { ...invoice.customer, name: 'Jürgen Peña' }, payment: { ...invoice.payment, cardHolder: 'Jürgen Peña' }, billingAddress: { ...invoice.billingAddress, address: 'Calle Mayor 1, Madrid' } };
const now = new Date('2026-03-15T12:00:00.000Z');

const fontFile = (name: string) => readFileSync(new URL(`../../../node_modules/dejavu-fonts-ttf/ttf/${name}`, import.meta.url)).toString('base64');
const fonts: PdfFonts = { regular: fontFile('DejaVuSans.ttf'), bold: fontFile('DejaVuSans-Bold.ttf') };

/** The file's bytes as the characters a PDF reader parses (one byte, one character). */
const pdfBytes = (bytes: ArrayBuffer) => new TextDecoder('latin1').decode(bytes);

/** The built-in font's strings: `(text) Tj` literals, escapes undone (no-break spaces as spaces). */
const literalStrings = (pdf: string) => [...pdf.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map(([, text]) => text!.replace(/\\(.)/g, '$1').replace(/\u00A0/g, ' '));

/**
 * The embedded font's strings: `<glyph ids> Tj`, each glyph read back to its character through the
 * ToUnicode map of the font in use (`/F<n> size Tf`): how a reader copies the text out of the file.
 */
function embeddedStrings(pdf: string): string[] {
  const objects = new Map([...pdf.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)].map(([, number, body]) => [number, body]));
  const fontObjects = new Map([.../\/Font <<([\s\S]*?)>>/.exec(pdf)![1]!.matchAll(/\/(F\d+) (\d+) 0 R/g)].map(([, name, number]) => [name, number]));
  const toUnicode = (font: string) => {
    const map = new Map<string, string>();
    const reference = /\/ToUnicode (\d+) 0 R/.exec(objects.get(fontObjects.get(font) ?? '') ?? '')?.[1];
    for (const [, block] of (objects.get(reference ?? '') ?? '').matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
      for (const [, glyph, code] of block!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi)) map.set(glyph!.toLowerCase().padStart(4, '0'), String.fromCodePoint(parseInt(code!, 16)));
    return map;
  };
  const strings: string[] = [];
  let font = new Map<string, string>();
  for (const [, name, hex] of pdf.matchAll(/\/(F\d+) [\d.]+ Tf|<([0-9a-f]+)> Tj/gi)) {
    if (name) font = toUnicode(name);
    else strings.push((hex!.toLowerCase().match(/.{4}/g) ?? []).map((glyph) => font.get(glyph) ?? '\uFFFD').join(''));
  }
  return strings;
}

/** Shaped Arabic (presentation forms) back to its letters, in reading order (the file holds a line in visual order, left to right). */
const readArabic = (visual: string) => [...visual.normalize('NFKC')].reverse().join('');

async function pdfIn(locale: Locale, of: Invoice = invoice) {
  await activateLocale(locale);
  const withFonts = pdfNeedsUnicodeFont(of, locale);
  return { pdf: pdfBytes(buildInvoicePdf(of, { now, locale, fonts: withFonts ? fonts : undefined })), withFonts };
}

afterAll(() => activateLocale('en'));

describe('the invoice PDF in each language', () => {
  it('Spanish: amounts, dates and percentages written the Spanish way, accents in the built-in font', async () => {
    const { pdf, withFonts } = await pdfIn('es', latinInvoice);
    expect(withFonts).toBe(false);
    const text = literalStrings(pdf);
    expect(text).toContain('1407,07 US$');
    expect(text).toContain('1 mar 2026');
    expect(text).toContain('Jürgen Peña');
    expect(text).toContain('Müslischale aus Keramik');
    expect(text).toContain(t('common.invoice.tax', { percent: '8,25 %' }));
    expect(text).toContain(t('common.invoice.heading'));
    expect(text).toContain(t('common.invoice.page', { page: '1', pages: '1' }));
    expect(pdf).toContain('/Lang (es)');
  });

  it('German: amounts and dates written the German way', async () => {
    const { pdf } = await pdfIn('de', latinInvoice);
    const text = literalStrings(pdf);
    expect(text).toContain('1.407,07 $');
    expect(text).toContain('1.285,98 $');
    expect(text).toContain('1. März 2026');
    expect(text.some((line) => line.includes(t('common.invoice.title', { id: 'INV-042' })))).toBe(true);
    expect(pdf).toContain('/Lang (de)');
  });

  it('Arabic: an embedded font with Arabic glyphs, letters shaped and set right to left', async () => {
    const { pdf, withFonts } = await pdfIn('ar');
    expect(withFonts).toBe(true);
    expect(pdf).toMatch(/\/BaseFont \/DejaVuSans\b/);
    expect(pdf).toContain('/Lang (ar)');
    const strings = embeddedStrings(pdf);
    // Every glyph has a character (nothing printed as a blank box), shaped into Arabic's joined forms.
    expect(strings.join('')).not.toContain('\uFFFD');
    expect(strings.some((line) => /[\uFE70-\uFEFF]/.test(line))).toBe(true);
    // The customer's name reads back as written, right to left.
    expect(strings.map(readArabic)).toContain('ليلى حسن');
    expect(strings.map(readArabic)).toContain('شارع الشيخ زايد، دبي');
    // Latin text and numbers inside keep their own order; a Latin line stays left to right.
    expect(strings).toContain('4242 ****'); // no letter in it: laid out in the document's direction, as a browser would
    expect(strings).toContain('200 Harbour Street, Suite 4');
    expect(strings.some((line) => line.includes('1,407.07'))).toBe(true);
    // The document's heading in the loaded catalogue's Arabic (read back right to left), English while it has none.
    const heading = t('common.invoice.heading');
    expect(strings.some((line) => readArabic(line) === heading || line === heading)).toBe(true);
  });

  it('Arabic layout is mirrored: the document heading sits at the left margin, the shop at the right', async () => {
    const { pdf: ar } = await pdfIn('ar');
    const { pdf: en } = await pdfIn('en', latinInvoice);
    // jsPDF writes each line as "x y Td": the first line (the shop's name) starts at the left margin in English, ends at the right one in Arabic.
    const firstX = (pdf: string) => Number(/BT\s+\/F\d+ [\d.]+ Tf\s+[\d.]+ TL\s+[^\n]+\n([\d.]+) [\d.]+ Td/.exec(pdf)?.[1]);
    expect(firstX(en)).toBeLessThan(100);
    expect(firstX(ar)).toBeGreaterThan(300);
  });

  it('an English invoice with an Arabic name gets the embedded font too', () => {
    expect(pdfNeedsUnicodeFont(invoice, 'en')).toBe(true);
    expect(pdfNeedsUnicodeFont(latinInvoice, 'en')).toBe(false);
    expect(pdfNeedsUnicodeFont(latinInvoice, 'ar')).toBe(true);
  });
});
