import { paidBankOffer } from '#shared/bank-offers.ts';
import { formatPrice } from '#shared/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { OrderTotals } from '#web/components/ui/order-totals.tsx';
import { ProductImage } from '#web/components/ui/product-image.tsx';

/**
 * What an order confirmation shows of the order, a member's and a guest's alike: its items, the
 * lines of its total (coupon, delivery, the bank's offer on the card) adding up to what is paid,
 * and where it is delivered.
 */
export function OrderReceipt({ order }: { order: Order }) {
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
              <ProductImage src={item.image} alt="" width={64} height={48} className="aspect-[4/3] w-16 shrink-0 rounded border border-slate-200 object-cover" />
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
            bankOffer={paidBankOffer(order.payments)}
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
      </section>
    </>
  );
}
