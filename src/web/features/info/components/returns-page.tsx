import { Link } from 'react-router';
import { PAYMENT_METHODS, RETURN_WINDOW_DAYS } from '#shared/store-info.ts';
import { paths } from '#web/config/paths.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { telHref } from '../utils/tel-href.ts';
import InfoPage, { InfoCallout } from './info-page.tsx';

type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Refund timelines after a return passes inspection; typed so that every payment method is covered. */
const REFUND_TIMELINES: Record<PaymentMethod, { timeline: string; howItWorks: string }> = {
  UPI: {
    timeline: '1–3 business days',
    howItWorks: 'Credited to the UPI ID or bank account you paid from.',
  },
  'Credit/Debit Cards': {
    timeline: '5–7 business days',
    howItWorks:
      'Reversed to the same card. A credit card refund appears as a credit on your statement; a debit card refund goes back to the linked account.',
  },
  'Net Banking': {
    timeline: '3–5 business days',
    howItWorks: 'Credited to the bank account you paid from.',
  },
  EMI: {
    timeline: 'As per your bank',
    howItWorks:
      'We refund the full amount to your card and your bank cancels the EMI plan. Any interest or processing fee already charged is refunded as per your bank’s policy.',
  },
  'Cash on Delivery': {
    timeline: '1–3 business days',
    howItWorks:
      'Sent to the UPI ID or bank account you give us when you ask for the return. An order cancelled before delivery needs no refund: no cash was collected.',
  },
};

export default function ReturnsPage() {
  const store = useStoreInfo();

  return (
    <InfoPage
      title="Returns & Refunds"
      storeName={store.name}
      path={paths.returns()}
      description={`How to return a product bought on ${store.name}, the return window, and when and how refunds reach you.`}
      lastUpdated="2026-12-03"
      lead={
        <p>
          If something is wrong with your order, you can request a return within {RETURN_WINDOW_DAYS} days of delivery. The seller arranges
          the pickup, checks the product and you are refunded to your original payment method.
        </p>
      }
    >
      <InfoCallout>
        <p>
          <strong>In short:</strong> request a return from <Link to={paths.orders()}>My Orders</Link> within {RETURN_WINDOW_DAYS} days of
          delivery. The seller has it picked up and, once it is back, refunds you or sends a replacement. A product you no longer need is
          taken back only unopened, with its seal intact.
        </p>
      </InfoCallout>

      <h2>Return window</h2>
      <p>
        You can request a return up to {RETURN_WINDOW_DAYS} days after the date your order was delivered, as shown in your order&rsquo;s
        tracking details. Returns are handled by {store.name} together with the seller, so the same policy applies whichever seller you
        bought from.
      </p>
      <p>
        Please unbox your order soon after delivery, check it carefully and keep the original packaging, accessories, manuals, free gifts
        and invoice until the return window has passed.
      </p>

      <h2>What you can return</h2>
      <ul>
        <li>
          <strong>Dead on arrival:</strong> the product does not power on or has a hardware fault when first used.
        </li>
        <li>
          <strong>Damaged in transit:</strong> the product arrives broken, cracked, dented or scratched.
        </li>
        <li>
          <strong>Wrong item:</strong> you received a different model, configuration or colour from the one you ordered.
        </li>
        <li>
          <strong>Missing accessories:</strong> the charger, cables, stand or other items listed in the box contents are missing.
        </li>
        <li>
          <strong>Change of mind:</strong> if you no longer want the product, you can return it as long as it is unopened, with its original
          seal intact.
        </li>
      </ul>

      <h2>What you cannot return</h2>
      <ul>
        <li>Products with physical damage or liquid damage caused after delivery.</li>
        <li>Products whose warranty seals, serial number stickers or tamper-evident labels are broken or removed.</li>
        <li>Software, operating system licences and licence keys once they have been activated or redeemed.</li>
        <li>Opened products returned only because of a change of mind.</li>
      </ul>
      <p>
        Faults that appear after the return window are covered by the manufacturer&rsquo;s warranty: please contact the brand&rsquo;s
        authorised service centre with your GST invoice.
      </p>

      <h2>How to request a return</h2>
      <ol>
        <li>
          Go to <Link to={paths.orders()}>My Orders</Link> and open the order.
        </li>
        <li>
          Choose <strong>Return or replace</strong> under the product, and how many if you bought more than one.
        </li>
        <li>
          Select the reason and add a short description. For damaged, faulty or incomplete products, attach clear photos of the product, the
          packaging and the shipping label. If you no longer need the product, you are asked whether it is unopened, with its seal intact:
          an opened product is not taken back for a change of mind.
        </li>
        <li>
          Choose whether you would like a refund or a replacement (a replacement is for a faulty, damaged or wrong product). If you paid in
          cash on delivery, give the UPI ID or bank account your refund should go to.
        </li>
      </ol>
      <p>
        You will receive a confirmation by e-mail, and the return shows on your order with each step as it happens: pickup scheduled, picked
        up, received by the seller, then refunded or the replacement shipped. You can cancel a return until the seller has acted on it.
      </p>

      <h2>Pickup and inspection</h2>
      <p>
        The seller schedules a pickup from your address with a courier, and your order shows the courier and the date. Please pack the
        product in its original box with all accessories. If you have saved personal files on a laptop or desktop, back them up and remove
        them, and sign out of any accounts before handing it over.
      </p>
      <p>
        When the product reaches the seller, the seller checks it and marks it received: your refund starts then, or the replacement is
        dispatched. A seller may decline a request before the pickup; you are told why, on your order and by e-mail.
      </p>

      <h2>Refund timelines</h2>
      <p>
        Refunds go back to your original payment method. Timelines start when the seller has the product back; after that it depends on your
        bank.
      </p>
      <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full border-collapse text-left text-sm leading-6">
          <caption className="sr-only">Refund timelines by payment method</caption>
          <thead className="bg-slate-50 text-slate-900">
            <tr>
              <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                Payment method
              </th>
              <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                Refund time
              </th>
              <th scope="col" className="hidden px-4 py-3 font-semibold sm:table-cell">
                Where the money goes
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {PAYMENT_METHODS.map((method) => (
              <tr key={method}>
                <th scope="row" className="w-[38%] px-3 py-3 align-top font-medium text-slate-900 sm:w-auto sm:px-4 sm:whitespace-nowrap">
                  {method}
                </th>
                <td className="px-3 py-3 align-top sm:px-4">
                  <span className="font-medium text-slate-900 sm:font-normal sm:whitespace-nowrap sm:text-slate-700">
                    {REFUND_TIMELINES[method].timeline}
                  </span>
                  {/* On narrow screens the explanation sits under the timeline instead of in its own column. */}
                  <span className="mt-1 block text-slate-600 sm:hidden">{REFUND_TIMELINES[method].howItWorks}</span>
                </td>
                <td className="hidden px-4 py-3 align-top sm:table-cell">{REFUND_TIMELINES[method].howItWorks}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>Cancellations</h2>
      <p>
        You can cancel an order from <Link to={paths.orders()}>My Orders</Link> at any time before it is shipped, and you will receive a
        full refund, including any delivery charge. Once an order has shipped it can no longer be cancelled, but you can refuse the delivery
        or request a return after it arrives.
      </p>
      <p>If a seller cancels your order, for example because the product went out of stock, you are refunded in full automatically.</p>

      <h2>Replacements</h2>
      <p>
        For products that are defective, damaged in transit or not the one you ordered, you can choose a replacement instead of a refund (a
        product with missing parts is refunded). The seller dispatches the replacement once it has your unit back. If the seller cannot send
        a replacement, contact us and we refund you in full instead.
      </p>

      <h2>Questions and disputes</h2>
      <p>
        If you disagree with the outcome of an inspection, or your refund has not arrived within the timelines above, please contact us with
        your order number. Our support team is available {store.supportHours} on <a href={telHref(store.phone)}>{store.phone}</a>, by e-mail
        at <a href={`mailto:${store.supportEmail}`}>{store.supportEmail}</a>, or through our <Link to={paths.contact()}>contact form</Link>.
      </p>
      <p>
        If you are still not satisfied, you can write to our Grievance Officer at {store.legalName}, {store.address}. We acknowledge every
        complaint within 48 hours and resolve it within one month.
      </p>
    </InfoPage>
  );
}
