import { useState } from 'react';
import type { CartLineInput } from '#shared/schemas/cart.ts';

/** One key per checkout attempt, kept across reloads, so a retried submit finds the same order. */
export function useIdempotencyKey(lines: CartLineInput[], name: string): string {
  const signature = JSON.stringify(lines);
  const [key] = useState(() => {
    try {
      const saved = JSON.parse(window.sessionStorage.getItem(name) ?? 'null') as { signature: string; key: string } | null;
      if (saved?.signature === signature) return saved.key;
    } catch {
      // a corrupt saved key is simply replaced
    }
    const fresh = crypto.randomUUID();
    window.sessionStorage.setItem(name, JSON.stringify({ signature, key: fresh }));
    return fresh;
  });
  return key;
}
