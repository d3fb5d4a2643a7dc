import { createContext, type ReactNode, useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import {
  addItem,
  CART_STORAGE_KEY,
  type CartItem,
  type CartProduct,
  itemCount,
  parseSavedCart,
  removeItem,
  setQuantity,
  subtotal,
} from '../cart-rules.ts';

export interface CartContextValue {
  items: CartItem[];
  itemCount: number;
  subtotal: number;
  addItem: (product: CartProduct, quantity?: number) => void;
  /** by the line's key (cart-rules' lineKey: product and seller) */
  setQuantity: (key: string, quantity: number) => void;
  removeItem: (key: string) => void;
  clear: () => void;
}

export const CartContext = createContext<CartContextValue | null>(null);

const NO_ITEMS: CartItem[] = [];

/**
 * The cart as saved in this browser's localStorage: an external store React reads with
 * useSyncExternalStore. A page the server rendered is first drawn with the server's snapshot (an
 * empty cart: the server cannot see this browser's storage), then at once with the saved one.
 * When storage cannot be read or written (a private window, a full disk), the cart lives in memory.
 */
function savedCartStore() {
  let raw: string | null | undefined;
  let items: CartItem[] = NO_ITEMS;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  function read(): CartItem[] {
    let next: string | null;
    try {
      next = window.localStorage.getItem(CART_STORAGE_KEY);
    } catch (error) {
      if (raw === undefined) console.error('Could not read the saved cart', error);
      raw = null;
      return items;
    }
    // Parsed again only when another tab or this one changed it: the snapshot must be stable.
    if (next !== raw) {
      raw = next;
      const parsed = parseSavedCart(next);
      if (parsed.error) console.error('Ignoring the saved cart:', parsed.error);
      items = parsed.items;
    }
    return items;
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === CART_STORAGE_KEY) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    read,
    write(next: CartItem[]) {
      items = next;
      try {
        raw = JSON.stringify(next);
        window.localStorage.setItem(CART_STORAGE_KEY, raw);
      } catch (error) {
        console.error('Could not save the cart', error);
      }
      notify();
    },
  };
}

const serverSnapshot = () => NO_ITEMS;

/** Keeps the cart in localStorage under `cart` and in step across browser tabs. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [store] = useState(savedCartStore);
  const items = useSyncExternalStore(store.subscribe, store.read, serverSnapshot);

  const add = useCallback((product: CartProduct, quantity = 1) => store.write(addItem(store.read(), product, quantity)), [store]);
  const update = useCallback((key: string, quantity: number) => store.write(setQuantity(store.read(), key, quantity)), [store]);
  const remove = useCallback((key: string) => store.write(removeItem(store.read(), key)), [store]);
  const clear = useCallback(() => store.write([]), [store]);

  const value = useMemo<CartContextValue>(
    () => ({
      items,
      itemCount: itemCount(items),
      subtotal: subtotal(items),
      addItem: add,
      setQuantity: update,
      removeItem: remove,
      clear,
    }),
    [items, add, update, remove, clear],
  );
  return <CartContext value={value}>{children}</CartContext>;
}
