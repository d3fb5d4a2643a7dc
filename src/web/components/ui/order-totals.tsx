import type { ReactNode } from 'react';
import type { AppliedBankOffer } from '#shared/bank-offers.ts';
import { formatDeliveryDate } from '#shared/delivery.ts';
import { formatPrice } from '#shared/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { ProductImage } from './product-image.tsx';

/** A coupon's discount as a line of an order's totals: "Coupon DIWALI10 −₹1,500". */
export function CouponLine({ code, discount }: { code: string | null | undefined; discount: number }) {
  return (
    <div className="flex justify-between gap-3 text-emerald-800">
      <dt className="min-w-0 break-all">
        Coupon <span className="font-mono font-semibold">{code}</span>
      </dt>
      <dd className="font-medium whitespace-nowrap tabular-nums">−{formatPrice(discount)}</dd>
    </div>
  );
}

/** A bank's instant discount on the card as a line of an order's totals, with the offer's title under it. */
export function BankOfferLine({ offer }: { offer: Pick<AppliedBankOffer, 'title' | 'discount'> }) {
  return (
    <div className="flex justify-between gap-3 text-emerald-800">
      <dt className="min-w-0">
        Bank offer
        <span className="block text-xs text-emerald-700">{offer.title}</span>
      </dt>
      <dd className="font-medium whitespace-nowrap tabular-nums">−{formatPrice(offer.discount)}</dd>
    </div>
  );
}

interface OrderTotalsProps {
  /** "Subtotal", or "Subtotal (3 items)" */
  subtotalLabel: ReactNode;
  subtotal: number;
  /** the coupon applied and what it takes off: a "Coupon DIWALI10 −₹1,500" line */
  coupon?: { code: string; discount: number } | null;
  shipping: number;
  /** a bank's instant discount on the card: a "Bank offer −₹1,500" line, and the total is what the card pays */
  bankOffer?: AppliedBankOffer | null;
  /** "Total", or "Total paid" */
  totalLabel?: ReactNode;
  /** the order's total before any bank offer */
  total: number;
  gst: number;
  /** test ids of the subtotal and total figures */
  subtotalTestId?: string;
  totalTestId?: string;
  busy?: boolean;
  /** notes under the totals, such as what delivery costs below a threshold */
  children?: ReactNode;
}

/**
 * An order's subtotal, coupon discount, delivery, bank offer and total as a description list (the
 * lines add up to the total shown, what is paid), and the GST
 * they include (and any notes) after it: a `<dl>` holds only its terms and their values.
 */
export function OrderTotals({
  subtotalLabel,
  subtotal,
  coupon,
  shipping,
  bankOffer,
  totalLabel = 'Total',
  total,
  gst,
  subtotalTestId,
  totalTestId,
  busy,
  children,
}: OrderTotalsProps) {
  return (
    <div className="mt-3 space-y-2 text-sm" aria-busy={busy}>
      <dl className="space-y-2">
        <div className="flex justify-between">
          <dt className="text-slate-600">{subtotalLabel}</dt>
          <dd className="font-medium tabular-nums" data-testid={subtotalTestId}>
            {formatPrice(subtotal)}
          </dd>
        </div>
        {coupon && coupon.discount > 0 && <CouponLine code={coupon.code} discount={coupon.discount} />}
        <div className="flex justify-between">
          <dt className="text-slate-600">Delivery</dt>
          <dd className="font-medium tabular-nums">{shipping === 0 ? 'Free' : formatPrice(shipping)}</dd>
        </div>
        {bankOffer && bankOffer.discount > 0 && <BankOfferLine offer={bankOffer} />}
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base">
          <dt className="font-semibold">{totalLabel}</dt>
          <dd className="font-bold tabular-nums" data-testid={totalTestId}>
            {formatPrice(total - (bankOffer?.discount ?? 0))}
          </dd>
        </div>
      </dl>
      <p className="text-xs text-slate-500">Includes GST of {formatPrice(gst)}</p>
      {children}
    </div>
  );
}

/**
 * What an order confirmation shows of the order, a member's and a guest's alike: its items, the
 * lines of its total (coupon, delivery, the bank's offer on the card: paidBankOffer) adding up to
 * what is paid, and where it is delivered. Beside OrderTotals, so the two pages share one chunk.
 */
export function OrderReceipt({
  order,
  bankOffer,
  expectedBy,
}: {
  order: Order;
  bankOffer: AppliedBankOffer | undefined;
  expectedBy?: string | null;
}) {
  const a = order.address;
  // Cash is still to come on delivery; a bank's instant discount came off what the card paid.
  const cash = order.payments.some((p) => p.method === 'cod' && p.status === 'authorized');
  const paid = order.payments.some((p) => p.status === 'captured');
  const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <>
      <section aria-labelledby="items-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="items-heading" className="text-lg font-semibold">
          Items
        </h2>
        <ul className="mt-2 divide-y divide-slate-100">
          {order.items.map((item) => (
            <li key={item.id} className="flex gap-3 py-2 text-sm">
              <ProductImage
                src={item.image}
                alt=""
                width={64}
                height={48}
                className="aspect-[4/3] w-16 shrink-0 rounded border border-slate-200 object-cover"
              />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">{item.name}</p>
                <p className="text-slate-600">
                  {item.quantity} × {formatPrice(item.unitPrice)} · Sold by {item.vendor.name}
                </p>
              </div>
              <p className="font-semibold whitespace-nowrap tabular-nums">{formatPrice(item.lineTotal)}</p>
            </li>
          ))}
        </ul>
        <div className="border-t border-slate-200">
          <OrderTotals
            subtotalLabel={`Subtotal (${count} ${count === 1 ? 'item' : 'items'})`}
            subtotal={order.subtotal}
            coupon={order.coupon && { code: order.coupon.code, discount: order.discount }}
            shipping={order.shipping}
            bankOffer={bankOffer}
            totalLabel={cash ? 'To pay on delivery' : paid ? 'Total paid' : 'Total'}
            total={order.total}
            gst={order.gst}
            totalTestId="order-total"
          />
        </div>
      </section>
      <section aria-labelledby="address-heading" className="mt-4 rounded-xl border border-slate-200 bg-white p-5 text-sm">
        <h2 id="address-heading" className="text-lg font-semibold">
          Delivering to
        </h2>
        <address className="mt-2 break-words text-slate-700 not-italic">
          {a.name}, {a.phone}
          <br />
          {a.line1}
          {a.line2 ? `, ${a.line2}` : ''}
          <br />
          {a.city}, {a.state} {a.pincode}
        </address>
        {expectedBy && <p className="mt-2 font-semibold text-emerald-800">Expected by {formatDeliveryDate(expectedBy)}</p>}
      </section>
    </>
  );
}
