import { AppError } from '#shared/errors.ts';
import { addDays, indiaClock, indiaDate, startOfIndiaDay } from '#shared/india-time.ts';
import type { ReconciliationDifference, ReconciliationReport } from '#shared/schemas/reconciliation.ts';
import type { Db } from '#server/db/database.ts';
import type { GatewayAttempt, GatewayPaymentsService } from '#server/modules/payments/gateway-payments.service.ts';
import type { GatewayPayment } from '#server/modules/payments/providers/payment-provider.ts';
import * as reports from '#server/modules/payments/reconciliation.repository.ts';
import type { Applied, HostedCheckoutService } from './hosted-checkout.service.ts';

/** The daily run reconciles yesterday once India's clock has passed this hour (the gateway's day is closed by then). */
const DAILY_AFTER_INDIA_HOUR = 6;

const took = (status: GatewayAttempt['status']) => status === 'captured' || status === 'partially_refunded' || status === 'refunded';
const resolutionOf = (applied: Applied): ReconciliationDifference['resolution'] =>
  applied === 'confirmed' ? 'confirmed' : applied === 'refunded' ? 'refunded' : null;

/**
 * The day's reconciliation with a hosted gateway: its payments and settlements for an India day
 * against our ledger. Every difference is listed; what the store can decide alone is settled on
 * the way (a capture there for an order still awaiting payment confirms it; for an order cancelled
 * or expired, or paid already, it is refunded), through the same applyGatewayPayment every other
 * road uses, so running it twice, or beside a webhook, settles nothing twice. The last report of
 * each day is kept for the admin. Runs daily (every process looks each minute; the first to find
 * yesterday unreconciled runs it, and a second run the same minute only writes the same report).
 */
export function createReconciliationService({
  db,
  gateway,
  hostedCheckout,
  now = () => new Date(),
}: {
  db: Db;
  gateway: GatewayPaymentsService;
  hostedCheckout: Pick<HostedCheckoutService, 'applyGatewayPayment'>;
  now?: () => Date;
}) {
  const hosted = () => {
    if (!gateway.hosted) throw new AppError('CONFLICT', 'Reconciliation is for a payment gateway; this store uses the built-in sandbox');
    return gateway.hosted;
  };

  async function compare(theirs: GatewayPayment[], ours: GatewayAttempt[]): Promise<ReconciliationDifference[]> {
    const differences: ReconciliationDifference[] = [];
    const matched = new Set<number>();
    for (const payment of theirs) {
      if (payment.status !== 'captured' && payment.status !== 'refunded') continue;
      const byReference = await gateway.findByReference(payment.id);
      const attempt = byReference ?? (payment.orderId ? await gateway.findByGatewayOrder(payment.orderId) : undefined);
      if (!attempt || !took(attempt.status) || attempt.reference !== payment.id) {
        // Captured there and not here: settle it if it is ours (confirm, or refund).
        const applied = attempt ? await hostedCheckout.applyGatewayPayment(payment) : 'unknown';
        differences.push({
          kind: applied === 'amount_mismatch' ? 'amount_mismatch' : 'missing_here',
          paymentId: attempt?.id ?? null,
          gatewayPaymentId: payment.id,
          ours: attempt && applied === 'amount_mismatch' ? attempt.amount : null,
          theirs: payment.amount,
          resolution: resolutionOf(applied),
        });
        if (attempt) matched.add(attempt.id);
        continue;
      }
      matched.add(attempt.id);
      if (attempt.amount !== payment.amount) {
        differences.push({
          kind: 'amount_mismatch',
          paymentId: attempt.id,
          gatewayPaymentId: payment.id,
          ours: attempt.amount,
          theirs: payment.amount,
          resolution: null,
        });
        continue;
      }
      const refundedHere = await gateway.refundedAtGateway(attempt.id);
      if (refundedHere !== payment.amountRefunded)
        differences.push({
          kind: 'status_mismatch',
          paymentId: attempt.id,
          gatewayPaymentId: payment.id,
          ours: refundedHere,
          theirs: payment.amountRefunded,
          resolution: null,
        });
    }
    for (const attempt of ours) {
      if (matched.has(attempt.id)) continue;
      // Not in the gateway's list for the day: asked directly (its clock may have put it on another day).
      const there = await hosted()
        .fetchPayment(attempt.reference)
        .catch(() => undefined);
      if (!there || (there.status !== 'captured' && there.status !== 'refunded'))
        differences.push({
          kind: 'missing_there',
          paymentId: attempt.id,
          gatewayPaymentId: there?.id ?? null,
          ours: attempt.amount,
          theirs: null,
          resolution: null,
        });
      else if (there.amount !== attempt.amount)
        differences.push({
          kind: 'amount_mismatch',
          paymentId: attempt.id,
          gatewayPaymentId: there.id,
          ours: attempt.amount,
          theirs: there.amount,
          resolution: null,
        });
    }
    return differences;
  }

  async function reconcile(date: string): Promise<ReconciliationReport> {
    if (date > indiaDate(now())) throw new AppError('VALIDATION_FAILED', 'That day has not begun yet in India', { field: 'date' });
    const from = startOfIndiaDay(date);
    const to = startOfIndiaDay(addDays(date, 1));
    const [theirs, settlements] = await Promise.all([hosted().paymentsBetween(from, to), hosted().settlementsBetween(from, to)]);
    const ours = await gateway.capturedBetween(from, to);
    const report: ReconciliationReport = {
      date,
      ranAt: now().toISOString(),
      differences: await compare(theirs, ours),
      settlements,
    };
    await reports.saveReport(db, gateway.provider, report);
    return report;
  }

  return {
    reconcile,
    report: async (date: string) => {
      hosted();
      const found = await reports.findReport(db, gateway.provider, date);
      if (!found) throw new AppError('NOT_FOUND', `${date} has not been reconciled yet`);
      return found;
    },

    /** The daily run: yesterday (India), once, after the gateway's day has closed. Nothing without a gateway. */
    async runDaily(): Promise<ReconciliationReport | undefined> {
      if (!gateway.hosted) return undefined;
      const at = now();
      if (indiaClock(at).getUTCHours() < DAILY_AFTER_INDIA_HOUR) return undefined;
      const yesterday = addDays(indiaDate(at), -1);
      if (await reports.findReport(db, gateway.provider, yesterday)) return undefined;
      return reconcile(yesterday);
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
