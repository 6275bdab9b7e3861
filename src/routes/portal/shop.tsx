import { createFileRoute } from '@tanstack/react-router';
import { ShopPage, type ShopSearch } from '@/features/portal-shop/components/shop-page';
import { t } from '@/i18n/i18n';

/** `?search=` and `?category=`: text (at most 200 characters used) and a category's value; left out when empty. */
const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : undefined);

export const Route = createFileRoute('/portal/shop')({
  validateSearch: (search: Record<string, unknown>): { search?: string; category?: string } => {
    const text = textOf(search.search);
    const category = textOf(search.category);
    return { ...(text ? { search: text } : {}), ...(category && /^[a-z-]{1,40}$/.test(category) ? { category } : {}) };
  },
  head: () => ({ meta: [{ title: t('common.title.portalShop') }] }),
  component: ShopRoute,
});

function ShopRoute() {
  const navigate = Route.useNavigate();
  const { search = '', category = '' } = Route.useSearch();
  const change = (next: ShopSearch) => void navigate({ search: { ...(next.search ? { search: next.search } : {}), ...(next.category ? { category: next.category } : {}) }, replace: true });
  return <ShopPage search={{ search, category }} onSearchChange={change} />;
}
