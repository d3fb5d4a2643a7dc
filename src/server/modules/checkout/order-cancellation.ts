import { AppError } from '#shared/errors.ts';
import { canCustomerCancel } from '#shared/order-states.ts';
import type { StoreInfo } from '#shared/store-info.ts';
import type { Db, DbOrTx } from '#server/db/database.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { CouponsService } from '#server/modules/coupons/coupons.service.ts';
import { PAYMENT_WINDOW_MS, type OrdersService } from '#server/modules/orders/orders.service.ts';
import type { OutboxService } from '#server/modules/outbox/outbox.service.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import { cancelledMail, signed } from './checkout-mails.ts';

type CancellableStatus = 'pending_payment' | 'confirmed';

/** What a cancellation came to: done, refused because a shipment has left, or the order was not in a status it may leave. */
export type CancelOutcome = 'cancelled' | 'shipped' | 'moved';

interface Deps {
  db: Db;
  catalog: CatalogService;
  coupons: CouponsService;
  orders: OrdersService;
  payments: PaymentsService;
  outbox: OutboxService;
  store: StoreInfo;
  now: () => Date;
}

/**
 * Cancelling an order: the customer's, an unpaid order's expiry, and a full refund's (the refunds
 * service's). Each is one transaction: status, fulfilments, stock back to the offers, waiting
 * payments given up, a Cash on Delivery payment cancelled, the coupon's use released, the refund of
 * every captured payment queued and the mail (when there is one) queued; a crash leaves all of it or
 * none. The outbox does the refunds and the mail once it has committed, and retries them.
 */
export function createOrderCancellation(deps: Deps) {
  const { db, catalog, coupons, orders, payments, outbox, store, now } = deps;

  /**
   * Cancels the order in the caller's transaction. The order's row is taken first (as payments
   * take it) and whether a shipment has left is checked before anything is written, so a refusal
   * leaves the caller's transaction as it was. Returns the outcome and the outbox jobs to run once
   * the transaction has committed. A payment refunded in full earlier in the same transaction has
   * nothing left, so no second refund of it is queued.
   */
  async function cancelIn(
    tx: DbOrTx,
    orderId: number,
    reason: string,
    from: readonly CancellableStatus[],
    mailTo?: (refunded: number) => { to: string; subject: string; text: string },
  ): Promise<{ outcome: CancelOutcome; jobs: number[] }> {
    const status = await orders.hold(tx, orderId);
    if (!status || !(from as readonly string[]).includes(status)) return { outcome: 'moved', jobs: [] };
    if (!canCustomerCancel('confirmed', await orders.fulfilmentStatuses(orderId, tx))) return { outcome: 'shipped', jobs: [] };
    if (!(await orders.move(tx, orderId, from, 'cancelled', { cancelled_at: now().toISOString(), cancel_reason: reason })))
      return { outcome: 'moved', jobs: [] };
    await orders.cancelOpenFulfilments(tx, orderId);
    await catalog.returnStock(await orders.itemsOf([orderId], tx), tx);
    await payments.abandonWaiting(tx, orderId, reason);
    await payments.cancelCashOnDelivery(tx, orderId, `${reason}; no cash was collected`);
    await coupons.release(tx, orderId);
    const jobs: number[] = [];
    let refunded = 0;
    for (const payment of await payments.ofOrders([orderId], tx)) {
      const job = await payments.queueFullRefund(tx, payment.id, reason);
      if (job === undefined) continue;
      jobs.push(job);
      refunded += payment.amount - payment.refundedAmount;
    }
    if (mailTo) {
      const mail = mailTo(refunded);
      jobs.push(await outbox.enqueue(tx, 'mail', { to: mail.to, subject: mail.subject, text: signed(store, mail.text) }));
    }
    return { outcome: 'cancelled', jobs };
  }

  return {
    cancelIn,

    /** The customer's cancellation: refunded in full when paid, stock returned, a mail written. */
    async cancel(caller: { id: string; email: string }, orderId: number) {
      const order = await orders.get(caller.id, orderId);
      if (!order.canCancel) throw new AppError('CONFLICT', 'This order can no longer be cancelled');
      const mailTo = (refunded: number) => ({ to: caller.email, ...cancelledMail(store, order, refunded) });
      const done = await db
        .transaction()
        .execute((tx) => cancelIn(tx, order.id, 'Cancelled by the customer', ['pending_payment', 'confirmed'], mailTo));
      if (done.outcome !== 'cancelled') throw new AppError('CONFLICT', 'This order can no longer be cancelled');
      await outbox.runNow(done.jobs);
      return orders.get(caller.id, orderId);
    },

    /** Cancels orders left unpaid past the payment window and returns their stock. */
    async expireUnpaid(): Promise<number> {
      const due = await orders.unpaidBefore(new Date(now().getTime() - PAYMENT_WINDOW_MS));
      let expired = 0;
      for (const { id } of due) {
        // Only an order still unpaid expires; one paid a moment ago is left alone.
        const done = await db
          .transaction()
          .execute((tx) => cancelIn(tx, id, 'Payment was not completed within 30 minutes', ['pending_payment']));
        if (done.outcome !== 'cancelled') continue;
        await outbox.runNow(done.jobs);
        expired++;
      }
      return expired;
    },
  };
}

export type OrderCancellation = ReturnType<typeof createOrderCancellation>;
