import { useMemo } from 'react';
import { localValue } from './local-value.ts';

/** The entries of a JSON array as saved; corrupt data, or none, reads as an empty list. */
export function savedEntries(raw: string | null): unknown[] {
  if (!raw) return [];
  try {
    const data: unknown = JSON.parse(raw);
    return Array.isArray(data) ? (data as unknown[]) : [];
  } catch {
    return [];
  }
}

/**
 * A short list kept in this browser (localStorage, followed across tabs; see localValue): read
 * through `parse`, which keeps what belongs (and the list's limit) from what was saved, written
 * as JSON, forgotten when it is empty. Empty on the server and while a page drawn there hydrates.
 */
export function storedList<T>(key: string, parse: (raw: string | null) => T[]) {
  const store = localValue(key);
  const read = () => parse(store.read());
  const write = (items: readonly T[]) => store.set(items.length > 0 ? JSON.stringify(items) : null);
  return {
    read,
    write,
    /** Writes the list `change` makes of the one kept now. */
    update: (change: (items: T[]) => T[]) => write(change(read())),
    use(): T[] {
      const raw = store.use();
      return useMemo(() => parse(raw), [raw]);
    },
  };
}
