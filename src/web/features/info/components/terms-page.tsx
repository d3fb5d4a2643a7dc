import { Link } from 'react-router';
import { PAYMENT_METHODS, RETURN_WINDOW_DAYS } from '#shared/store-info.ts';
import { paths } from '#web/config/paths.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { telHref } from '../utils/tel-href.ts';
import InfoPage from './info-page.tsx';

/** Every method but Cash on Delivery, which each seller offers or not. */
const prepaidMethodList = new Intl.ListFormat('en-IN', { style: 'long', type: 'conjunction' }).format(
  PAYMENT_METHODS.filter((method) => method !== 'Cash on Delivery'),
);

export default function TermsPage() {
  const store = useStoreInfo();

  return (
    <InfoPage
      title="Terms & Conditions"
      storeName={store.name}
      path={paths.terms()}
      description={`The terms of buying and selling on ${store.name}: orders, prices and GST, payments, delivery, returns and sellers' duties.`}
      lastUpdated="2026-12-03"
      lead={
        <p>
          These terms apply to your use of {store.name} and to every order you place through it. Please read them carefully. By using the
          website or placing an order, you agree to them.
        </p>
      }
    >
      <h2>1. About these terms</h2>
      <p>
        {store.name} is operated by {store.legalName} (&ldquo;we&rdquo;, &ldquo;us&rdquo;), GSTIN {store.gstin}, with its registered office
        at {store.address}. &ldquo;You&rdquo; means the person using the website or buying through it. Our{' '}
        <Link to={paths.privacy()}>Privacy Policy</Link> and <Link to={paths.returns()}>Returns &amp; Refunds policy</Link> form part of
        these terms.
      </p>

      <h2>2. Eligibility</h2>
      <p>
        You must be at least 18 years old and able to enter into a binding contract under the Indian Contract Act, 1872 to create an account
        or place an order. If you buy on behalf of a business, you confirm that you are authorised to do so.
      </p>

      <h2>3. Your account</h2>
      <ul>
        <li>Give accurate details when you register and keep them up to date.</li>
        <li>
          Keep your password confidential. You are responsible for activity on your account; tell us immediately if you think someone else
          has used it.
        </li>
        <li>We may suspend or close accounts used for fraud, abuse, reselling in breach of these terms, or in violation of the law.</li>
      </ul>

      <h2>4. Our role as a marketplace</h2>
      <p>
        {store.name} is an online marketplace. Products are listed and sold by independent, verified sellers, and the contract of sale for
        each product is between you and its seller. We provide the platform, process payments on the seller&rsquo;s behalf and handle
        customer support.
      </p>
      <p>
        Sellers are responsible for their listings, including product descriptions, specifications, images, prices, stock, invoices and
        compliance with the law. We act as an intermediary under the Information Technology Act, 2000 and follow the Consumer Protection
        (E-Commerce) Rules, 2020. We check sellers before they can list and we remove listings that we find to be misleading or unlawful. If
        you spot one, please <Link to={paths.contact()}>tell us</Link>.
      </p>

      <h2>5. Prices</h2>
      <p>
        All prices are in Indian Rupees (INR) and include GST. Delivery charges, if any, are shown separately before you pay. Prices and
        offers are set by sellers and may change at any time, but the price you pay is the one shown at checkout when you place your order.
        If a product is listed at an obviously wrong price because of an error, the seller may cancel the order and you will be refunded in
        full.
      </p>

      <h2>6. Orders, acceptance and cancellation</h2>
      <p>
        Placing an order is an offer to buy. You will receive an order confirmation by e-mail, but the contract is formed only when the
        seller accepts the order by dispatching it. A seller may decline or cancel an order, for example when a product is out of stock,
        cannot be delivered to your PIN code, or when we suspect fraud. In that case any amount paid is refunded in full.
      </p>
      <p>
        You can cancel an order from <Link to={paths.orders()}>My Orders</Link> at any time before it is shipped, free of charge. We may
        limit the quantity of a product that can be bought in one order.
      </p>

      <h2>7. Payments</h2>
      <p>
        You can pay by {prepaidMethodList}, or by Cash on Delivery where the seller offers it and the order is within the limit shown at
        checkout. Payments are processed by RBI-authorised payment aggregators; we never store your full card number or CVV. EMI options,
        interest and processing fees are offered by your bank on its own terms. We collect your payment on the seller&rsquo;s behalf, and
        refunds are made by us.
      </p>

      <h2>8. Delivery</h2>
      <p>
        Sellers ship orders with couriers to the PIN codes they deliver to. The delivery date a product page shows for your PIN code is an
        estimate, not a guarantee; we e-mail you when your order is packed, shipped (with the courier&rsquo;s tracking number) and
        delivered. Please check the package when it arrives and do not accept it if it is visibly tampered with or damaged. Risk in the
        product passes to you on delivery.
      </p>

      <h2>9. Returns and refunds</h2>
      <p>
        You can request a return within {RETURN_WINDOW_DAYS} days of delivery for eligible products. What can be returned, how to request a
        return and how long refunds take are explained in our <Link to={paths.returns()}>Returns &amp; Refunds policy</Link>.
      </p>

      <h2>10. Warranty</h2>
      <p>
        Products carry the manufacturer&rsquo;s warranty stated on the product page. Warranty service is provided by the manufacturer or its
        authorised service centres, on the manufacturer&rsquo;s terms; keep your GST invoice as proof of purchase. Neither {store.name} nor
        the seller gives any additional warranty unless the product page says so.
      </p>

      <h2>11. Acceptable use</h2>
      <p>
        Do not misuse the website: no fraudulent orders, fake reviews, attempts to break or overload our systems, scraping at scale, or
        content that is unlawful, abusive or infringes anyone&rsquo;s rights.
      </p>

      <h2>12. Limitation of liability</h2>
      <p>
        To the extent permitted by law, our total liability to you for any order is limited to the amount you paid for that order, and we
        are not liable for indirect or consequential losses such as loss of data, profits or business. Please back up your data before
        sending any device for return or repair. Nothing in these terms limits your rights as a consumer under the Consumer Protection Act,
        2019 or any liability that cannot be limited by law.
      </p>

      <h2>13. Changes to these terms</h2>
      <p>
        We may update these terms from time to time. The version published when you place an order applies to that order. The date at the
        top of this page shows when they were last updated.
      </p>

      <h2>14. Governing law</h2>
      <p>
        These terms are governed by the laws of India. Subject to your rights to approach a consumer commission, the courts of Bengaluru,
        Karnataka have exclusive jurisdiction over any dispute arising from them.
      </p>

      <h2>15. Contact</h2>
      <p>
        Questions about these terms? Contact us {store.supportHours} on <a href={telHref(store.phone)}>{store.phone}</a>, by e-mail at{' '}
        <a href={`mailto:${store.supportEmail}`}>{store.supportEmail}</a>, through our <Link to={paths.contact()}>contact form</Link>, or by
        post at {store.legalName}, {store.address}.
      </p>
    </InfoPage>
  );
}
