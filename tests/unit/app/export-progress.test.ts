import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ExportProgressBar } from '@/components/data-table/export-progress';

const render = (progress: { done: number; total: number } | null) => renderToStaticMarkup(createElement(ExportProgressBar, { kind: 'orders', progress, onCancel: () => undefined }));

describe('export progress bar', () => {
  it('says how far the export is, as text and as a progress bar, with Cancel', () => {
    const html = render({ done: 12_000, total: 100_000 });
    expect(html).toContain('Exported 12,000 of 100,000');
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuemin="0"[^>]*aria-valuemax="100000"[^>]*aria-valuenow="12000"/);
    expect(html).toContain('width:12%');
    expect(html).toMatch(/<button[^>]*>Cancel<\/button>/);
  });

  it('starts at zero before the first page answers', () => {
    const html = render(null);
    expect(html).toContain('Exporting orders…');
    expect(html).toContain('aria-valuenow="0"');
  });
});
