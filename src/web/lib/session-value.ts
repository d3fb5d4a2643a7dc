import { useSyncExternalStore } from 'react';

/**
 * A value kept for the visit (the browser tab's session storage) that components read and follow:
 * null while a page drawn on the server is hydrated (the server knows none), then the one kept.
 * Where storage is blocked nothing is kept, and pages work without it.
 */
export function sessionValue(key: string) {
  const listeners = new Set<() => void>();
  const read = (): string | null => {
    try {
      return sessionStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  /** Keeps `value` for the visit, or forgets the one kept (null). */
  const set = (value: string | null): void => {
    try {
      if (value) sessionStorage.setItem(key, value);
      else sessionStorage.removeItem(key);
    } catch {
      // storage blocked: nothing is kept
    }
    for (const listener of listeners) listener();
  };
  const use = (): [string | null, (value: string | null) => void] => [useSyncExternalStore(subscribe, read, () => null), set];
  return { set, use };
}
