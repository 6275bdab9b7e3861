import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { sampleActivitySteps, type SampleActivityProgress } from '../../../domain/contract/sample-activity';
import { SampleActivityProgressBar } from '@/components/sample-activity-progress';
import { activateLocale, i18n } from '@/i18n/i18n';

// A fill's progress comes from the worker as a step code and a figure (no English words): the
// app words it in the reader's language, the figures written as that language writes them.

const progress = (step: SampleActivityProgress['step'], count = 0): SampleActivityProgress => ({ size: 20_000, done: 2, total: 10, step, count });
const stepText = (value: SampleActivityProgress) =>
  /<p role="status"[^>]*>([^<]*)<\/p>/.exec(renderToStaticMarkup(createElement(I18nProvider, { i18n }, createElement(SampleActivityProgressBar, { progress: value }))))![1];

describe('a sample fill’s progress', () => {
  it('words each step the worker reports', () => {
    expect(stepText(progress('customers', 300))).toBe('Adding 300 customers…');
    expect(stepText(progress('orders', 4000))).toBe('Adding orders: 4,000 of 20,000…');
    expect(stepText(progress('learning'))).toBe('Adding courses, study sessions and tasks…');
    expect(stepText(progress('done'))).toBe('Done');
    const texts = sampleActivitySteps.map((step) => stepText(progress(step, 5)));
    expect(new Set(texts).size).toBe(sampleActivitySteps.length);
  });

  it('in Spanish, German and Arabic, with their own numbers', async () => {
    try {
      await activateLocale('es');
      expect(stepText(progress('orders', 4000))).toBe('Añadiendo pedidos: 4000 de 20.000…');
      await activateLocale('de');
      expect(stepText(progress('customers', 300))).toBe('300 Kunden werden hinzugefügt…');
      await activateLocale('ar');
      expect(stepText(progress('tickets'))).toBe('جارٍ إضافة تذاكر الدعم…');
    } finally {
      await activateLocale('en');
    }
  });
});
