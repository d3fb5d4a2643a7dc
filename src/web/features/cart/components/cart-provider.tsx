import { createContext, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
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
  setQuantity: (productId: number, quantity: number) => void;
  removeItem: (productId: number) => void;
  clear: () => void;
}

export const CartContext = createContext<CartContextValue | null>(null);

function loadCart(): CartItem[] {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch (error) {
    console.error('Could not read the saved cart', error);
    return [];
  }
  const parsed = parseSavedCart(raw);
  if (parsed.error) console.error('Ignoring the saved cart:', parsed.error);
  return parsed.items;
}

/** Keeps the cart in localStorage under `cart` and in step across browser tabs. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<CartItem[]>(loadCart);

  useEffect(() => {
    try {
      window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
    } catch (error) {
      console.error('Could not save the cart', error);
    }
  }, [items]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY) setItems(parseSavedCart(event.newValue).items);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const add = useCallback((product: CartProduct, quantity = 1) => setItems((current) => addItem(current, product, quantity)), []);
  const update = useCallback((productId: number, quantity: number) => setItems((current) => setQuantity(current, productId, quantity)), []);
  const remove = useCallback((productId: number) => setItems((current) => removeItem(current, productId)), []);
  const clear = useCallback(() => setItems([]), []);

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
