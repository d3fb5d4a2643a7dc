import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The id of the guest row a guest checkout's order belongs to: from the e-mail and the checkout's
 * idempotency key, so the same checkout submitted twice (even at once) comes to the same row and,
 * through the orders' unique (owner, idempotency key), to one order.
 */
export function guestShopperId(email: string, idempotencyKey: string): string {
  return `guest_${createHash('sha256').update(`${email.trim().toLowerCase()}\n${idempotencyKey}`).digest('hex').slice(0, 32)}`;
}

/**
 * The token that reaches a guest's order: an HMAC of its id under the server's secret
 * (SESSION_SECRET, shared by every instance). Nothing is stored, so the same checkout submitted
 * again gets the same token back; without the secret it cannot be guessed from the id.
 */
export function guestOrderToken(secret: string, orderId: number): string {
  return createHmac('sha256', secret).update(`guest-order:${orderId}`).digest('base64url');
}

export function isGuestOrderToken(secret: string, orderId: number, token: string): boolean {
  const expected = Buffer.from(guestOrderToken(secret, orderId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
