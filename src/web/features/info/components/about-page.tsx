import { Link } from 'react-router';
import { PAYMENT_METHODS, RETURN_WINDOW_DAYS } from '#shared/store-info.ts';
import { paths } from '#web/config/paths.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { telHref } from '../utils/tel-href.ts';
import InfoPage, { InfoCallout } from './info-page.tsx';

const paymentMethodList = new Intl.ListFormat('en-IN', { style: 'long', type: 'conjunction' }).format(PAYMENT_METHODS);

export default function AboutPage() {
  const store = useStoreInfo();

  return (
    <InfoPage
      title="About us"
      storeName={store.name}
      path={paths.about()}
      description={`${store.name} is an Indian marketplace for laptops, desktops and monitors from verified sellers, trading since ${store.tradingSince}.`}
      lead={
        <p>
          {store.name} is an Indian online marketplace for laptops, desktops and monitors. Since {store.tradingSince} we
          have connected shoppers across the country with verified sellers of genuine computer hardware.
        </p>
      }
    >
      <h2>Who we are</h2>
      <p>
        We started {store.name} in {store.tradingSince} in Bengaluru with a simple idea: buying a computer online in India
        should be as safe as buying it from a trusted shop down the road. Students, professionals, gamers, small offices and
        large businesses use {store.name} to compare prices from many sellers, read clear specifications and order with
        confidence.
      </p>
      <p>
        Our team looks after the marketplace itself: checking sellers before they can list, keeping product information
        accurate, handling payments securely and helping customers whenever an order does not go to plan.
      </p>

      <h2>How the marketplace works</h2>
      <p>
        {store.name} is a marketplace, not a single shop. Authorised distributors, brand stores and established
        electronics retailers sell through us, and every one of them is verified before their first listing goes live: we
        check their GST registration, business address and bank account, and we keep monitoring their ratings, delivery
        times and return rates.
      </p>
      <ol>
        <li>
          <strong>Sellers list and ship their own products.</strong> Each seller sets its prices, keeps its own stock and
          packs and dispatches your order through our delivery partners.
        </li>
        <li>
          <strong>You pay {store.name}, not the seller.</strong> Your payment is processed securely by our payment partner
          and held by us while the order is on its way.
        </li>
        <li>
          <strong>We release payment only after delivery.</strong> The seller is paid once your order has been delivered and
          the return window has passed without a problem. If something goes wrong, we step in and resolve it with the
          seller on your behalf.
        </li>
      </ol>

      <h2>Why buy from {store.name}</h2>
      <ul>
        <li>
          <strong>Genuine products with GST invoices.</strong> Every order comes with a proper GST invoice from the seller,
          so you can claim input tax credit for business purchases and use it for warranty service.
        </li>
        <li>
          <strong>Manufacturer warranty.</strong> Products are new and carry the full manufacturer warranty, serviced at the
          brand&rsquo;s authorised service centres across India.
        </li>
        <li>
          <strong>{RETURN_WINDOW_DAYS}-day returns.</strong> If your product arrives damaged, defective or not as
          described, you can return it within {RETURN_WINDOW_DAYS} days of delivery. Read our{' '}
          <Link to={paths.returns()}>returns and refunds policy</Link> for the details.
        </li>
        <li>
          <strong>Secure payments.</strong> Pay by {paymentMethodList}. Card details are handled by our PCI DSS-compliant
          payment partner and never stored by us or by sellers.
        </li>
        <li>
          <strong>Delivery across India.</strong> We deliver to more than 19,000 PIN codes, from metro cities to small
          towns, with tracking from dispatch to your doorstep.
        </li>
      </ul>

      <h2>Talk to us</h2>
      <p>
        Questions about a product, an order or selling on {store.name}? Our support team is available{' '}
        {store.supportHours}. Visit our <Link to={paths.contact()}>contact page</Link>, call us on{' '}
        <a href={telHref(store.phone)}>{store.phone}</a> or write to{' '}
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
