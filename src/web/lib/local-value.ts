import { useSyncExternalStore } from 'react';

/**
 * A value kept in this browser (localStorage) that components read and follow, in this tab and
 * others: null on the server and while a page drawn there is hydrated (the server knows none),
 * then the one kept. Where storage is blocked it lives in memory for the page's life.
 */
export function localValue(key: string) {
  const listeners = new Set<() => void>();
  let memory: string | null = null;
  const read = (): string | null => {
    try {
      return localStorage.getItem(key);
    } catch {
      return memory;
    }
  };
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) notify();
  };
  const subscribe = (listener: () => void) => {
    if (listeners.size === 0) window.addEventListener('storage', onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  };
  /** Keeps `value`, or forgets the one kept (null). */
  const set = (value: string | null): void => {
    memory = value;
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch {
      // storage blocked or full: kept in memory only
    }
    notify();
  };
  const use = (): string | null => useSyncExternalStore(subscribe, read, () => null);
  return { read, set, use };
}
