import { useCallback, useSyncExternalStore } from 'react';

const KEY = 'cb.coupon';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null; // storage blocked: nothing remembered
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps `code` for the visit, or forgets the one kept (null). */
export function rememberCoupon(code: string | null): void {
  try {
    if (code) sessionStorage.setItem(KEY, code);
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage blocked: the code holds until the page is left, in the component's own state
  }
  for (const listener of listeners) listener();
}

/**
 * The coupon code the shopper applied in the cart, kept for the visit (the tab's session storage)
 * and carried into checkout, which sends it with the order. Loaded with the cart and checkout
 * pages only: the shop's first load does not carry it.
 */
export function useRememberedCoupon(): [string | null, (code: string | null) => void] {
  const code = useSyncExternalStore(subscribe, read, () => null);
  const remember = useCallback((next: string | null) => rememberCoupon(next), []);
  return [code, remember];
}
