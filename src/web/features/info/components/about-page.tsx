import { Link } from 'react-router';
import { PAYMENT_METHODS, RETURN_WINDOW_DAYS } from '#shared/store-info.ts';
import { paths } from '#web/config/paths.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { telHref } from '../utils/tel-href.ts';
import InfoPage, { InfoCallout } from './info-page.tsx';

/** Every method but Cash on Delivery, which each seller offers or not. */
const prepaidMethodList = new Intl.ListFormat('en-IN', { style: 'long', type: 'conjunction' }).format(
  PAYMENT_METHODS.filter((method) => method !== 'Cash on Delivery'),
);

export default function AboutPage() {
  const store = useStoreInfo();

  return (
    <InfoPage
      title="About us"
      storeName={store.name}
      path={paths.about()}
      description={`${store.name} is an Indian marketplace for laptops, desktops and monitors from approved, GST-registered sellers, trading since ${store.tradingSince}.`}
      lead={
        <p>
          {store.name} is an Indian online marketplace for laptops, desktops and monitors. Since {store.tradingSince} we have connected
          shoppers across the country with approved, GST-registered sellers of computer hardware.
        </p>
      }
    >
      <h2>Who we are</h2>
      <p>
        We started {store.name} in {store.tradingSince} in Bengaluru with a simple idea: buying a computer online in India should be as safe
        as buying it from a trusted shop down the road. Students, professionals, gamers, small offices and large businesses use {store.name}{' '}
        to compare prices from many sellers, read clear specifications and order with confidence.
      </p>
      <p>
        Our team looks after the marketplace itself: approving sellers before they can sell, checking each new listing before it goes on
        sale, handling payments and refunds, and helping customers whenever an order does not go to plan.
      </p>

      <h2>How the marketplace works</h2>
      <p>
        {store.name} is a marketplace, not a single shop. Electronics businesses sell through us, and we approve each one before it can
        sell: it must give a valid GSTIN with the legal name and PAN of its GST registration, a pickup address and a bank account. Each new
        listing is checked by our team before shoppers see it, and we take down listings that mislead.
      </p>
      <ol>
        <li>
          <strong>Sellers list and ship their own products.</strong> Each seller sets its prices, keeps its own stock and packs and
          dispatches your order with a courier, and you can follow it from dispatch to your door.
        </li>
        <li>
          <strong>You pay {store.name}, not the seller.</strong> Your payment is processed by our payment partner for {store.name}; the
          seller never sees your card or bank details.
        </li>
        <li>
          <strong>Refunds come from us.</strong> When an order is cancelled or a return is refunded, the money goes back through our payment
          partner to the way you paid. If something goes wrong, our support team steps in and resolves it with the seller on your behalf.
        </li>
      </ol>

      <h2>Why buy from {store.name}</h2>
      <ul>
        <li>
          <strong>GST invoices.</strong> Every shipment comes with a GST tax invoice from its seller; give your business&rsquo;s GSTIN at
          checkout to claim input tax credit. Keep it for warranty service.
        </li>
        <li>
          <strong>Manufacturer warranty.</strong> Products carry the manufacturer&rsquo;s warranty stated on the product page, serviced at
          the brand&rsquo;s authorised service centres.
        </li>
        <li>
          <strong>{RETURN_WINDOW_DAYS}-day returns.</strong> If your product arrives damaged, defective or not as described, you can return
          it within {RETURN_WINDOW_DAYS} days of delivery. Read our <Link to={paths.returns()}>returns and refunds policy</Link> for the
          details.
        </li>
        <li>
          <strong>Secure payments.</strong> Pay by {prepaidMethodList}, or by Cash on Delivery where the seller offers it. Card details are
          handled by our payment partner and never stored by us or by sellers.
        </li>
        <li>
          <strong>Delivery across India.</strong> Check any of India Post&rsquo;s 19,000-odd PIN codes on a product page to see whether its
          seller delivers there and by when, then track your order from dispatch to your door.
        </li>
      </ul>

      <h2>Talk to us</h2>
      <p>
        Questions about a product, an order or selling on {store.name}? Our support team is available {store.supportHours}. Visit our{' '}
        <Link to={paths.contact()}>contact page</Link>, call us on <a href={telHref(store.phone)}>{store.phone}</a> or write to{' '}
        <a href={`mailto:${store.supportEmail}`}>{store.supportEmail}</a>.
      </p>

      <InfoCallout>
        <h2 className="mt-0! text-lg! sm:text-lg!">Company information</h2>
        <dl className="mt-3 grid gap-x-6 sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-3">
          <dt className="mt-3 font-semibold text-slate-900 first:mt-0 sm:mt-0">Legal entity</dt>
          <dd>{store.legalName}</dd>
          <dt className="mt-3 font-semibold text-slate-900 first:mt-0 sm:mt-0">GSTIN</dt>
          <dd className="font-mono tracking-wide">{store.gstin}</dd>
          <dt className="mt-3 font-semibold text-slate-900 first:mt-0 sm:mt-0">Registered office</dt>
          <dd>
            <address>{store.address}</address>
          </dd>
          <dt className="mt-3 font-semibold text-slate-900 first:mt-0 sm:mt-0">Trading since</dt>
          <dd>{store.tradingSince}</dd>
        </dl>
      </InfoCallout>
    </InfoPage>
  );
}
