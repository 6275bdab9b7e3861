import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Review } from '../../../domain/schema/review';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../../../src/i18n/i18n';
import { MyReview } from '../../../src/features/portal-shop/components/my-review';

const text = (html: string) => html.replace(/<!-- -->/g, '');
const mine: Review = { id: 7, productId: 3, rating: 4, review: 'Warm and well made.', createdAt: '2026-11-01T10:00:00.000Z', user: { id: 'kim-uid', name: 'Kim', image: '/images/avatars/default.svg' }, likes: 0, dislikes: 0 };
const render = (props: { mine: Review | undefined; mayReview: boolean }) => text(renderToStaticMarkup(createElement(I18nProvider, { i18n }, createElement(MyReview, { productId: 3, onChanged: () => {}, ...props }))));

// The form itself (with a delivered order) needs the signed-in session: tests/e2e/team-customer-shop.spec.ts writes a review through it.
describe('the customer’s own review on a product page', () => {
  it('without a delivered order of the product: no form, and when one will come', () => {
    const html = render({ mine: undefined, mayReview: false });
    expect(html).toContain('once an order of yours with it has been delivered');
    expect(html).not.toContain('<form');
  });

  it('once written: their review with Edit and Delete, whatever the orders say now', () => {
    for (const mayReview of [true, false]) {
      const html = render({ mine, mayReview });
      expect(html).toContain('Your review');
      expect(html).toContain('Warm and well made.');
      expect(html).toContain('Edit my review');
      expect(html).toContain('Delete my review');
      expect(html).not.toContain('<form');
    }
  });
});
