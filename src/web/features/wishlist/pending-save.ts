/**
 * A heart pressed while signed out: the product is remembered for the visit (this tab's session
 * storage) while the shopper signs in, and saved as soon as they are back as a customer.
 */
const KEY = 'cb.wishlist-pending';

export function rememberPendingSave(productId: number): void {
  try {
    sessionStorage.setItem(KEY, String(productId));
  } catch {
    // storage blocked: the shopper presses the heart again after signing in
  }
}

/** The product waiting to be saved, if any. */
export function pendingSave(): number | null {
  try {
    const value = Number(sessionStorage.getItem(KEY));
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Takes the waiting product (once: a second call finds none), so that only one save is made. */
export function takePendingSave(only?: number): number | null {
  const productId = pendingSave();
  if (productId === null || (only !== undefined && productId !== only)) return null;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing was kept
  }
  return productId;
}
