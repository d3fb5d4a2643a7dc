import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paidBankOffer } from '#shared/bank-offers.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { OrderReceipt } from '#web/components/ui/order-totals.tsx';
import { paths } from '#web/config/paths.ts';
import { useExpectedDelivery } from '../api/checkout.ts';

/** A guest's paid order: its number, where the mails went, how to track it or keep it in an account, and the order itself as a member's confirmation shows it. */
export function GuestOrderConfirmation({ order, email }: { order: Order; email: string | null }) {
  // Paying left the focus on a button that is gone: it goes to what the shopper needs to hear.
  const heading = useRef<HTMLParagraphElement>(null);
  const expected = useExpectedDelivery(order);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="max-w-2xl">
      <div role="status" className="space-y-3 rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-950">
        <p ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          Order {order.number} is {order.status === 'confirmed' ? 'confirmed' : order.displayStatus.toLowerCase()}.
        </p>
        <p className="break-words">
          We have mailed the details to {email ?? 'the e-mail you gave'}. Keep the order number: with it and your e-mail you can track the
          order at any time.
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to={`${paths.track()}?number=${order.number}`} className={buttonClass('primary')}>
            Track this order
          </Link>
          <Link to={paths.register()} className={buttonClass('secondary')}>
            Create an account
          </Link>
        </div>
        <p className="text-sm">Create an account with {email ?? 'that e-mail'} and verify it: this order joins it.</p>
      </div>
      <OrderReceipt order={order} bankOffer={paidBankOffer(order.payments)} expectedBy={expected.data} />
    </div>
  );
}
