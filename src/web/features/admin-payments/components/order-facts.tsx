import { formatPrice } from '#shared/money.ts';
import { PaymentDetailsSchema } from '#shared/schemas/orders.ts';
import { CreditNoteLink, InvoiceLink } from '#web/components/ui/invoice-link.tsx';
import { BankOfferLine } from '#web/components/ui/order-totals.tsx';
import type { AdminPaymentDetail as Detail } from '../api/admin-payments.ts';
import { Row, Section } from './payment-section.tsx';

const amountRow = 'flex items-baseline justify-between gap-3';

/**
 * The order's total and its lines, then the bank's offer on the card and what this payment took:
 * subtotal − coupon + delivery = order total (the invoices' value); order total − bank offer =
 * what the card was charged.
 */
function OrderAmounts({ order, payment }: { order: Detail['order']; payment: Detail['payment'] }) {
  const parsed = PaymentDetailsSchema.shape.offer.safeParse(payment.details.offer);
  const offer = parsed.success ? parsed.data : undefined;
  return (
    <dl className="mt-2 space-y-1 border-t border-slate-300 pt-2 text-sm text-slate-900">
      <div className={amountRow}>
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="whitespace-nowrap">{formatPrice(order.subtotal)}</dd>
      </div>
      {order.discount > 0 && (
        <div className={amountRow}>
          <dt className="min-w-0 break-all text-slate-600">Coupon {order.couponCode}</dt>
          <dd className="whitespace-nowrap">−{formatPrice(order.discount)}</dd>
        </div>
      )}
      <div className={amountRow}>
        <dt className="text-slate-600">Delivery</dt>
        <dd className="whitespace-nowrap">{order.shipping === 0 ? 'Free' : formatPrice(order.shipping)}</dd>
      </div>
      <div className={`${amountRow} text-base font-semibold`}>
        <dt>Order total</dt>
        <dd className="whitespace-nowrap">{formatPrice(order.total)}</dd>
      </div>
      {offer && (
        <>
          <BankOfferLine offer={offer} />
          <div className={`${amountRow} border-t border-slate-200 pt-1 font-semibold`}>
            <dt>Charged to the card</dt>
            <dd className="whitespace-nowrap">{formatPrice(order.total - offer.discount)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

/** The payment's order: its number, status, items and amounts, and its tax invoices with their credit notes. */
export function OrderFacts({ order, payment }: { order: Detail['order']; payment: Detail['payment'] }) {
  return (
    <Section title="Order">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-[auto_minmax(0,1fr)]">
        <Row label="Number">{order.number}</Row>
        <Row label="Status">{order.displayStatus}</Row>
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Items</h3>
      <ul className="mt-2 divide-y divide-slate-200 text-sm">
        {order.items.map((item, index) => (
          <li key={`${item.name}-${index}`} className="flex items-baseline justify-between gap-3 py-2">
            <span className="min-w-0 wrap-break-word text-slate-900">
              {item.name} <span className="whitespace-nowrap text-slate-600">× {item.quantity}</span>
            </span>
            <span className="whitespace-nowrap text-slate-900">{formatPrice(item.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <OrderAmounts order={order} payment={payment} />
      {order.invoices.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">Tax invoices</h3>
          <ul className="mt-2 space-y-1.5">
            {order.invoices.map((invoice) => (
              <li key={invoice.id} className="text-sm text-slate-700">
                <InvoiceLink invoice={invoice} /> <span className="wrap-break-word">from {invoice.seller}</span>
                {invoice.creditNotes.length > 0 && (
                  <>
                    <span className="block text-slate-600">
                      {formatPrice(invoice.creditable)} of {formatPrice(invoice.total)} left to credit
                    </span>
                    <ul className="mt-1 space-y-1 pl-5">
                      {invoice.creditNotes.map((note) => (
                        <li key={note.id}>
                          <CreditNoteLink creditNote={note} />
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}
