import { formatPrice } from '#shared/money.ts';
import { formatPickupDate, type ReturnAction } from '#shared/returns.ts';
import type { ManagedReturn } from '#shared/schemas/returns.ts';

/** What each step's button says. */
export const ACTION_LABELS: Record<ReturnAction, string> = {
  approve: 'Approve and schedule pickup',
  reject: 'Reject',
  'picked-up': 'Mark picked up',
  receive: 'Mark received',
  'ship-replacement': 'Ship replacement',
};

/** What the live region says once a step went through, from the return as it is after it. */
export function doneMessage(action: ReturnAction, ret: ManagedReturn, after: ManagedReturn): string {
  const what = `${ret.quantity} × ${ret.product.name}`;
  const done: Record<ReturnAction, string> = {
    approve: `Return of ${what} (${ret.orderNumber}) approved; pickup by ${after.pickup?.carrier} on ${after.pickup ? formatPickupDate(after.pickup.date) : ''}.`,
    reject: `Return of ${what} (${ret.orderNumber}) rejected; the customer has been told why.`,
    'picked-up': `Return of ${what} (${ret.orderNumber}) marked picked up.`,
    receive:
      after.status === 'refunded'
        ? `Return of ${what} (${ret.orderNumber}) received${after.restocked ? ' and back in stock' : ''}; ${formatPrice(after.amount)} refunded${after.creditNote ? ` with credit note ${after.creditNote.number}` : ''}.`
        : `Return of ${what} (${ret.orderNumber}) received${after.restocked ? ' and back in stock' : ''}; ship the replacement next.`,
    'ship-replacement': `Replacement of ${what} (${ret.orderNumber}) shipped with ${after.replacement?.carrier}.`,
  };
  return done[action];
}

/** A step's form read: the body to send, or why it cannot be sent yet. */
export type StepRequest = { body: unknown } | { error: string };

/** The step's form as typed, checked as the server checks it; null for a step that has no form. */
export function readStepForm(open: ReturnAction, form: FormData): StepRequest | null {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  if (open === 'approve') {
    if (text('carrier').length < 2 || !text('pickupDate')) return { error: 'Please enter the pickup carrier and date.' };
    return { body: { carrier: text('carrier'), pickupDate: text('pickupDate') } };
  }
  if (open === 'reject') {
    if (text('reason').length < 10) return { error: 'Please give the reason in at least 10 characters.' };
    return { body: { reason: text('reason') } };
  }
  if (open === 'receive') {
    const restock = form.get('restock');
    if (restock === null) return { error: 'Please say whether the item goes back to stock.' };
    return { body: { restock: restock === 'yes' } };
  }
  if (open === 'ship-replacement') {
    if (text('carrier').length < 2 || !/^[A-Za-z0-9-]{4,40}$/.test(text('trackingNumber')))
      return { error: 'Please enter the carrier and a tracking number of 4–40 letters, digits or -.' };
    return { body: { carrier: text('carrier'), trackingNumber: text('trackingNumber') } };
  }
  return null;
}
