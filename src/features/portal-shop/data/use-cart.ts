import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useAuth } from '@/auth/auth-state';
import { chosenShopOf } from '@/lib/customer-device';
import { cartStorageKey, parseCart, type CartLine } from './cart';

/** Told to this tab's readers when it writes a cart (`storage` events come from the other tabs only). */
const CART_CHANGED = 'shop-admin-cart-changed';

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(CART_CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CART_CHANGED, onChange);
  };
}

const readText = (key: string | null): string | null => {
  if (!key) return null;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

export interface Cart {
  /** Null until the account and the chosen shop are known. */
  key: string | null;
  lines: CartLine[];
  save: (lines: CartLine[]) => void;
}

/** The signed-in customer's cart for the shop this device works on, shared by the screens and tabs that show it. */
export function useCart(): Cart {
  const { user } = useAuth();
  const uid = user?.uid;
  // The shop the route guard already asked the worker for (kept until the shop changes): no call of its own.
  const [shop, setShop] = useState<{ uid: string; shopId: string | null } | null>(null);
  useEffect(() => {
    if (!uid) return;
    let live = true;
    void chosenShopOf(uid).then((chosen) => {
      if (live) setShop({ uid, shopId: chosen?.shopId ?? null });
    });
    return () => {
      live = false;
    };
  }, [uid]);
  const key = uid && shop?.uid === uid && shop.shopId ? cartStorageKey(uid, shop.shopId) : null;
  const text = useSyncExternalStore(subscribe, () => readText(key), () => null);
  const save = useCallback(
    (lines: CartLine[]) => {
      if (!key) return;
      try {
        if (lines.length === 0) window.localStorage.removeItem(key);
        else window.localStorage.setItem(key, JSON.stringify(lines));
      } catch {
        // Storage full or refused: the cart stays as it was.
      }
      window.dispatchEvent(new Event(CART_CHANGED));
    },
    [key],
  );
  return { key, lines: parseCart(text), save };
}
