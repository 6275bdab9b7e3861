import { isOverwritten, type SyncConflict } from '@domain/contract/sync';
import { Button } from '@/components/button';
import { runAction } from '@/lib/run-action';
import { dismissSyncConflict, getSyncConflicts } from '@/lib/shop-sync';
import { useLiveLoad } from '@/lib/use-live-load';
import { addToCart, refusalAdvice, type CartLine } from '../data/cart';
import { formatDate } from '@/i18n/format';
import { useT } from '@/i18n/i18n';
import { useCart } from '../data/use-cart';
import { translatedMessage } from '@/lib/translated-message';

type RefusedOrder = Extract<SyncConflict, { code: number }> & { id: number };

/** The orders this device placed (offline, or before a change reached it) that the shop refused when they arrived. */
function refusedOrders(conflicts: readonly SyncConflict[]): RefusedOrder[] {
  return conflicts.filter((conflict): conflict is RefusedOrder => !isOverwritten(conflict) && conflict.name === 'POST /api/orders' && conflict.id !== undefined);
}

/** The lines of a refused order's body, as the cart keeps them (anything else in it is ignored). */
function linesOf(body: unknown): CartLine[] {
  const items = (body as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item) => {
    const { productId, quantity } = (item ?? {}) as { productId?: unknown; quantity?: unknown };
    return typeof productId === 'number' && typeof quantity === 'number' ? [{ productId, quantity }] : [];
  });
}

/**
 * An order placed while offline that the shop refused once it arrived (a product unpublished or
 * sold out meanwhile): the shop's reason, what to do, its items back in the cart, or dismissed.
 */
export function RefusedOrders() {
  const t = useT('portal');
  const conflicts = useLiveLoad('sync-conflicts', getSyncConflicts);
  const cart = useCart();
  const refused = refusedOrders(conflicts.data ?? []);
  if (refused.length === 0) return null;
  return (
    <section aria-labelledby="refused-orders-heading" className="space-y-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
      <h2 id="refused-orders-heading" className="text-base font-semibold">
        {t('portal.refused.title', { count: refused.length })}
      </h2>
      <ul className="space-y-3">
        {refused.map((order) => (
          <li key={order.id} className="space-y-1">
            <p>
              {t('portal.refused.text', { day: formatDate(order.at), reason: translatedMessage(order.message).replace(/[.\s]+$/, '') })}
            </p>
            <p>{refusalAdvice(order.message) ?? t('portal.refused.advice')}</p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                disabled={!cart.key}
                onClick={() =>
                  void runAction(
                    async () => {
                      cart.save(linesOf(order.body).reduce((lines, line) => addToCart(lines, line.productId, line.quantity), cart.lines));
                      await dismissSyncConflict(order.id);
                    },
                    t('portal.refused.backInCart'),
                    conflicts.reload,
                  )
                }
              >
                {t('portal.refused.putBack')}
              </Button>
              <Button variant="secondary" onClick={() => void runAction(() => dismissSyncConflict(order.id), t('portal.refused.dismissed'), conflicts.reload)}>
                {t('portal.refused.dismiss')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
