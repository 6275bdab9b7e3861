import regularUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import boldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import type { PdfFonts } from './invoice-pdf';

/*
 * DejaVu Sans (the npm package dejavu-fonts-ttf, free licence), the PDF's font for Arabic: it has
 * Latin, Arabic and Arabic's presentation forms (the shaped letters jsPDF prints). Its files are
 * build assets of their own (~0.7 MB each), fetched only when a PDF needs them (an Arabic
 * document, or Arabic in an invoice), never precached with the app.
 */

const base64Of = (bytes: ArrayBuffer) => {
  const view = new Uint8Array(bytes);
  let binary = '';
  // In slices: String.fromCharCode takes its characters as arguments, and there are limits to those.
  for (let start = 0; start < view.length; start += 0x8000) binary += String.fromCharCode(...view.subarray(start, start + 0x8000));
  return btoa(binary);
};

const fetchBase64 = async (url: string) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return base64Of(await response.arrayBuffer());
};

let loading: Promise<PdfFonts> | null = null;

/** The fonts, fetched once per page (a failed fetch is tried again next time). */
export function loadPdfFonts(): Promise<PdfFonts> {
  loading ??= Promise.all([fetchBase64(regularUrl), fetchBase64(boldUrl)]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
