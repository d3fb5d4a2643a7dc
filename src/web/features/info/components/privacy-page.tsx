import { Link } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { telHref } from '../utils/tel-href.ts';
import InfoPage, { InfoCallout } from './info-page.tsx';

export default function PrivacyPage() {
  const store = useStoreInfo();

  return (
    <InfoPage
      title="Privacy Policy"
      storeName={store.name}
      path={paths.privacy()}
      description={`What ${store.name} collects about you, why, who it is shared with and how to exercise your rights under India's data protection law.`}
      lastUpdated="2026-12-03"
      lead={
        <p>
          This policy explains what personal data {store.name} collects, why we collect it, who we share it with and the rights you have
          under India&rsquo;s Digital Personal Data Protection Act, 2023.
        </p>
      }
    >
      <InfoCallout>
        <p>
          <strong>In short:</strong> we collect only what we need to run your orders and your account. A seller receives what it needs to
          deliver your order and handle your return. We never store your full card number or CVV, we use two strictly necessary cookies and
          no advertising trackers, and we never sell your data.
        </p>
      </InfoCallout>

      <h2>Who we are</h2>
      <p>
        {store.name} is operated by {store.legalName}, {store.address}. For the personal data described in this policy, we are the
        &ldquo;Data Fiduciary&rdquo; under the Digital Personal Data Protection Act, 2023 (the &ldquo;DPDP Act&rdquo;), and you are the
        &ldquo;Data Principal&rdquo;.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your name, e-mail address and password (which we store only in a securely hashed form).
        </li>
        <li>
          <strong>Delivery details:</strong> the addresses, PIN codes and phone numbers you save or use at checkout, and a business&rsquo;s
          GSTIN if you claim one for a GST invoice.
        </li>
        <li>
          <strong>Order details:</strong> the products you buy, prices paid, invoices, delivery status, returns and refunds.
        </li>
        <li>
          <strong>Payment details:</strong> the payment method used, the transaction reference and its status. Card numbers are handled by
          our payment processor, not by us.
        </li>
        <li>
          <strong>Messages:</strong> what you write to us through the contact form, by e-mail or by phone, including any photos you attach
          to a return request.
        </li>
        <li>
          <strong>Technical data:</strong> your IP address and the pages you request, recorded in our server logs, and the IP address and
          browser of each signed-in session, kept with the session to keep your account secure.
        </li>
      </ul>
      <p>{store.name} is meant for adults. We do not knowingly collect personal data from anyone under 18 years of age.</p>

      <h2>Why we use it</h2>
      <p>We process your personal data with your consent, or for legitimate uses permitted by the DPDP Act, to:</p>
      <ul>
        <li>create and manage your account and keep you signed in;</li>
        <li>process your orders, payments, deliveries, cancellations, returns and refunds;</li>
        <li>send you order and return updates by e-mail and answer your questions;</li>
        <li>prevent fraud, abuse and security incidents;</li>
        <li>meet our legal obligations, such as issuing GST invoices and keeping accounting records.</li>
      </ul>
      <p>
        We do not send promotional e-mails. If you ask to be told when a product is back in stock, we send you that one e-mail, and you can
        withdraw the request at any time.
      </p>

      <h2>Who we share it with</h2>
      <ul>
        <li>
          <strong>Sellers:</strong> the seller fulfilling your order receives your name, phone number and delivery address (and a
          business&rsquo;s GSTIN for its invoice), and, when you return something to it, your e-mail address, your reasons and photos. It
          may use them only to pack, ship, deliver and service that order.
        </li>
        <li>
          <strong>Couriers:</strong> the courier receives your name, phone number and address, printed on the shipping label, to deliver
          your order or collect a return.
        </li>
        <li>
          <strong>Payment processors:</strong> payments are handled by RBI-authorised payment aggregators and your bank. Your card details
          go directly to them. We never see or store your full card number or CVV, and we do not save cards.
        </li>
        <li>
          <strong>Service providers:</strong> companies that host our servers or send our e-mails on our behalf, under contracts that
          require them to protect your data and use it only on our instructions.
        </li>
        <li>
          <strong>Authorities:</strong> government agencies, courts or law enforcement, when the law requires us to.
        </li>
      </ul>
      <p>We do not sell your personal data and we do not share it with advertisers.</p>

      <h2>Cookies</h2>
      <p>
        We use two cookies, both strictly necessary: a session cookie that keeps you signed in, deleted when you sign out or it expires, and
        a device cookie holding a random number, sent only with sign-in and registration, that limits repeated attempts from one browser.
        Your cart and the products you compare are kept in your browser&rsquo;s own storage, not in a cookie. We do not use advertising
        cookies, third-party trackers or cross-site analytics.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>
          <strong>Account details:</strong> for as long as your account is open. When you delete your account (a customer can do so from the
          account page), we erase them at once, with your saved addresses, and sign you out everywhere.
        </li>
        <li>
          <strong>Orders and invoices:</strong> for as long as GST and company law require, even after you delete your account; they then no
          longer carry your name or e-mail address, only the delivery address as invoiced.
        </li>
        <li>
          <strong>Messages to support and server logs:</strong> only as long as we need them to answer you and to keep the service secure.
        </li>
      </ul>

      <h2>How we protect it</h2>
      <p>
        Your data is accessible only to staff who need it for their work, and each seller sees only its own orders. Passwords are stored as
        salted hashes, and you can sign out of all your devices at once from your account. If a personal data breach ever affects you, we
        will inform you and the Data Protection Board of India as the DPDP Act requires.
      </p>

      <h2>Your rights</h2>
      <p>Under the DPDP Act, you have the right to:</p>
      <ul>
        <li>
          <strong>Access:</strong> get a summary of the personal data we hold about you, how we use it and who we have shared it with. You
          can download a copy of it yourself from your account.
        </li>
        <li>
          <strong>Correction:</strong> correct inaccurate or incomplete data, and update your details. You can edit most of them yourself in
          your account.
        </li>
        <li>
          <strong>Erasure:</strong> delete your account yourself from your account page, or ask us to erase your data, except what the law
          requires us to keep (for example, invoices).
        </li>
        <li>
          <strong>Withdraw consent:</strong> withdraw consent you have given at any time, as easily as you gave it. This does not affect
          processing that took place before.
        </li>
        <li>
          <strong>Grievance redressal:</strong> complain to our Grievance Officer about how we handle your data, and, if you are not
          satisfied with our response, to the Data Protection Board of India.
        </li>
        <li>
          <strong>Nominate:</strong> nominate another person to exercise these rights on your behalf in the event of your death or
          incapacity.
        </li>
      </ul>
      <p>
        To exercise any of these rights, write to our Grievance Officer using the details below or use our{' '}
        <Link to={paths.contact()}>contact form</Link>. We may ask you to confirm your identity before acting on a request.
      </p>

      <h2 id="grievance-officer">Grievance Officer</h2>
      <p>
        If you have a question or complaint about your personal data, please contact our Grievance Officer. We respond to every request
        within 30 days.
      </p>
      <div className="mt-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <dl className="grid gap-x-6 sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-3">
          <dt className="font-semibold text-slate-900">Name</dt>
          <dd>Grievance Officer, {store.legalName}</dd>
          <dt className="mt-3 font-semibold text-slate-900 sm:mt-0">E-mail</dt>
          <dd>
            <a href={`mailto:${store.supportEmail}?subject=${encodeURIComponent('Privacy request')}`}>{store.supportEmail}</a>
          </dd>
          <dt className="mt-3 font-semibold text-slate-900 sm:mt-0">Phone</dt>
          <dd>
            <a href={telHref(store.phone)}>{store.phone}</a> ({store.supportHours})
          </dd>
          <dt className="mt-3 font-semibold text-slate-900 sm:mt-0">Address</dt>
          <dd>
            <address>{store.address}</address>
          </dd>
        </dl>
      </div>

      <h2>Changes to this policy</h2>
      <p>We may update this policy when our services or the law change. The date at the top of this page shows when it was last updated.</p>
    </InfoPage>
  );
}
