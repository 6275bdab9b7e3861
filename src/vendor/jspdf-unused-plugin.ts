/**
 * Stands in for jspdf's optional renderers (html2canvas, dompurify, canvg), which it imports
 * only for `doc.html()` and SVG images: the invoice PDF draws text and lines, so the ~380 kB
 * they weigh never needs to be built or precached (vite.config.ts aliases them here).
 */
export default undefined;
