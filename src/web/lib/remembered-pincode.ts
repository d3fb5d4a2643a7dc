import { useCallback, useSyncExternalStore } from 'react';

const KEY = 'cb.pincode';
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

/**
 * The delivery PIN code the shopper last checked, remembered for the visit (the browser tab's
 * session storage): product pages check it again, and listings offer to keep to what reaches it.
 * Null while a page drawn on the server is hydrated (the server knows none), then the one kept.
 */
export function useRememberedPincode(): [string | null, (pincode: string | null) => void] {
  const pincode = useSyncExternalStore(subscribe, read, () => null);
  const remember = useCallback((next: string | null) => {
    try {
      if (next) sessionStorage.setItem(KEY, next);
      else sessionStorage.removeItem(KEY);
    } catch {
      // storage blocked: the check still answers, it is only not remembered
    }
    for (const listener of listeners) listener();
  }, []);
  return [pincode, remember];
}
